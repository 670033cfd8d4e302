/**
 * The fictional EDGAR world every source's sample part writes from, and the one streaming pass over it:
 * entity by entity in CIK order (cast and generated merged), build the filings listed under it and hand
 * the entity to every source's writer (its submissions record, its index rows, its folder listings, and
 * next its financial statements, insider and 13F filings). Only one entity's filings are in memory at a
 * time. Tickers are assigned here, because the submissions records and the exchange file must agree.
 */
import type { Step } from '../lib/progress.ts'
import { CAST_LISTINGS, CAST_PROFILES } from './cast.ts'
import { CAST_DOC_PREFIX, type CastEntity } from './cast-filings.ts'
import { insiderListings, ownFilings } from './entity-filings.ts'
import { type Filing, newestFirst } from './filings.ts'
import { OWNERSHIP_FORMS } from './forms.ts'
import { type Population, traitsOf } from './population.ts'
import { nameFor, type Profile, profileFor } from './profile.ts'
import type { TickerRegistry } from './tickers.ts'
import { KIND } from './traits.ts'

export type SampleWorld = {
  /** The mirror folder being written. */
  out: string
  scale: number
  seed: number
  /** The day the submissions snapshot is taken (days since the epoch). */
  asOf: number
  /** The last day any file covers: the business day after `asOf` (its filings are only in that day's index). */
  lastDay: number
  /**
   * The first day of the first quarter the quarterly data sets cover (financial statements, insider
   * transactions, Form 13F; companyfacts holds the facts of the same filings), or 0 for every quarter
   * since each set began: a mirror of the latest quarters, as `--download` with few quarters makes one.
   */
  periodsFrom: number
  pop: Population
  cast: CastEntity[]
  tickers: TickerRegistry
  /** Write submissions/ instead of submissions.zip. */
  unzipped: boolean
}

/** One entity on its way out: `profile` is null for a filer known only from the index files. */
export type SampleEntity = {
  cik: number
  name: string
  profile: Profile | null
  /** Filings it made itself. */
  own: Filing[]
  /** Filings listed under it that others made (insiders' Forms 4 about it as issuer). */
  listed: Filing[]
  /** Own and listed, newest first, including those after `asOf`. */
  all: Filing[]
  /** `all` up to `asOf`: what its submissions record lists. */
  visible: Filing[]
  /** The stem of its document names ('qfd', 'harb'). */
  prefix: string
  /** Whether it comes from the generated population (false: the fixed cast). */
  generated: boolean
}

export type PassWriter = { entity?(e: SampleEntity): void | Promise<void> }

/** Runs the pass; `progress` is called now and then with the entities and filings so far. */
export async function runPass(world: SampleWorld, writers: PassWriter[], step: Step) {
  const { pop, cast, asOf } = world
  const hooks = writers.flatMap((w) => (w.entity ? [w.entity.bind(w)] : []))
  let entities = 0
  let filings = 0

  const emit = async (e: Omit<SampleEntity, 'all' | 'visible'>) => {
    const all = e.listed.length ? e.own.concat(e.listed) : e.own
    all.sort(newestFirst)
    let first = 0
    while (first < all.length && all[first]!.day > asOf) first++
    const visible = first ? all.slice(first) : all
    if (e.profile && visible.length > 0) {
      entities++
      filings += visible.length
    }
    for (const hook of hooks) {
      const waiting = hook({ ...e, all, visible })
      if (waiting) await waiting
    }
  }

  const writeCast = (c: CastEntity) => {
    const profile = CAST_PROFILES[c.key] ?? null
    world.tickers.add(
      CAST_LISTINGS.filter(([key]) => key === c.key).map(([, ticker, exchange, value]) => ({
        cik: c.cik,
        name: c.name,
        ticker,
        exchange,
        value,
      })),
    )
    return emit({
      cik: c.cik,
      name: c.name,
      profile,
      own: c.own,
      listed: c.listed,
      prefix: CAST_DOC_PREFIX[c.key],
      generated: false,
    })
  }

  const writeGenerated = (i: number) => {
    const t = traitsOf(pop, i)
    const issuerName = t.issuer >= 0 ? nameFor(pop.seed, traitsOf(pop, t.issuer)) : null
    const profile = profileFor(pop.seed, t, issuerName)
    if (t.listed) {
      const set = world.tickers.assign(pop.seed, t, profile.name, profile.sic ? Number(profile.sic) : 0)
      profile.tickers = set.tickers
      profile.exchanges = set.exchanges
      world.tickers.add(set.listings)
    }
    const prefix = docPrefix(profile)
    const own = ownFilings(pop, i, t, prefix)
    const listed = insiderListings(pop, i)
    if (t.kind === KIND.individual)
      profile.insiderTransactionForOwnerExists = own.some((f) => f.day <= asOf && OWNERSHIP_FORMS.has(f.form)) ? 1 : 0
    if (listed.some((f) => f.day <= asOf)) profile.insiderTransactionForIssuerExists = 1
    return emit({ cik: t.cik, name: profile.name, profile, own, listed, prefix, generated: true })
  }

  // Cast entities take their place in CIK order among the generated ones.
  world.tickers.reserve(CAST_LISTINGS.map(([, ticker]) => ticker))
  const castOrder = [...cast].sort((a, b) => a.cik - b.cik)
  let k = 0
  for (let i = 0; i < pop.size; i++) {
    while (k < castOrder.length && castOrder[k]!.cik < pop.cik[i]!) await writeCast(castOrder[k++]!)
    await writeGenerated(i)
    if ((i & 1023) === 0) step.update({ rows: filings, note: `${entities.toLocaleString('en-US')} entities` })
  }
  while (k < castOrder.length) await writeCast(castOrder[k++]!)
  return { entities, filings }
}

/** The stem of document names: the ticker, or the first letters of the name ('qfd', 'harb'). */
function docPrefix(p: Profile): string {
  if (p.entityType !== 'operating' && p.ein === null) return ''
  const base = p.tickers[0] ?? p.name.replace(/[^A-Za-z]/g, '').slice(0, 4)
  return base.toLowerCase().replace(/[^a-z]/g, '')
}
