/**
 * The streaming pass: entity by entity in CIK order (cast and generated merged), build the filings listed
 * under it, write its submissions record and page files, and hand its rows to the index collector and a
 * sample of its filings to the filing-index writer. Only one entity's filings are in memory at a time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Step } from '../lib/progress.ts'
import { CAST_LISTINGS, CAST_PROFILES } from './cast.ts'
import { CAST_DOC_PREFIX, type CastEntity } from './cast-filings.ts'
import { insiderListings, ownFilings } from './entity-filings.ts'
import { filingIndexJson } from './filing-index.ts'
import { newestFirst, type Filing } from './filings.ts'
import { OWNERSHIP_FORMS } from './forms.ts'
import type { IndexCollector } from './index-files.ts'
import type { SubmissionsSink } from './output.ts'
import { traitsOf, type Population } from './population.ts'
import { nameFor, profileFor, type Profile } from './profile.ts'
import { hashText, mix32, unit } from './random.ts'
import { submissionFiles } from './submissions-json.ts'
import type { TickerRegistry } from './tickers.ts'
import { KIND } from './traits.ts'

/** At most this many folder listings; the share of generated filings sampled aims to stay under it. */
export const FILING_INDEX_CAP = 2000
const FOLDER_FORMS = new Set(['10-K', '10-Q', '8-K'])

export type Counts = { entities: number; filings: number; files: number; filingIndexFiles: number; filingIndexBytes: number }

export type WriteContext = {
  pop: Population
  cast: CastEntity[]
  asOf: number
  out: string
  sink: SubmissionsSink
  index: IndexCollector
  tickers: TickerRegistry
  step: Step
}

/** One entity on its way out: `profile` is null for a filer known only from the index files. */
type Emitted = {
  cik: number
  name: string
  profile: Profile | null
  own: Filing[]
  listed: Filing[]
  prefix: string
  folderOf: (f: Filing) => boolean
  generated: boolean
}

export async function writeEntities(ctx: WriteContext): Promise<Counts> {
  const { pop, cast } = ctx
  const counts: Counts = { entities: 0, filings: 0, files: 0, filingIndexFiles: 0, filingIndexBytes: 0 }
  // About one generated filing in 2,000, fewer at large scales so the cap does not cut the sample short.
  const sampleRate = Math.min(1 / 2000, (FILING_INDEX_CAP * 0.9) / Math.max(1, pop.size * 24))
  mkdirSync(join(ctx.out, 'filing-index'), { recursive: true })

  // The cast's listings are always written; generated ones fill the rest of the cap.
  const castFolders = cast.reduce((n, c) => n + c.own.filter((f) => f.day <= ctx.asOf && FOLDER_FORMS.has(f.form)).length, 0)
  let generatedFolders = 0
  const folder = (cik: number, f: Filing, prefix: string, generated: boolean) => {
    if (generated && generatedFolders++ >= FILING_INDEX_CAP - castFolders) return
    const json = filingIndexJson(cik, f, prefix || 'doc')
    writeFileSync(join(ctx.out, 'filing-index', `${f.accessionNumber}-index.json`), json)
    counts.filingIndexFiles++
    counts.filingIndexBytes += json.length
  }

  const emit = ({ cik, name, profile, own, listed, prefix, folderOf, generated }: Emitted) => {
    const all = listed.length ? own.concat(listed) : own
    all.sort(newestFirst)
    let first = 0
    while (first < all.length && all[first]!.day > ctx.asOf) first++
    const visible = first ? all.slice(first) : all
    if (profile && visible.length > 0) {
      for (const file of submissionFiles(profile, visible)) ctx.sink.add(file.name, file.json, new Date(file.newest.acceptedAt * 1000))
      counts.entities++
      counts.filings += visible.length
    }
    for (const f of all) if (ctx.index.covers(f.day)) ctx.index.add(cik, name, f.form, f.day, f.accessionNumber)
    for (const f of own) if (f.day <= ctx.asOf && folderOf(f)) folder(cik, f, prefix, generated)
  }

  const writeCast = (c: CastEntity) => {
    const profile = CAST_PROFILES[c.key] ?? null
    ctx.tickers.add(CAST_LISTINGS.filter(([key]) => key === c.key).map(([, ticker, exchange, value]) => ({ cik: c.cik, name: c.name, ticker, exchange, value })))
    const folderOf = (f: Filing) => FOLDER_FORMS.has(f.form)
    emit({ cik: c.cik, name: c.name, profile, own: c.own, listed: c.listed, prefix: CAST_DOC_PREFIX[c.key], folderOf, generated: false })
  }

  const writeGenerated = (i: number) => {
    const t = traitsOf(pop, i)
    const issuerName = t.issuer >= 0 ? nameFor(pop.seed, traitsOf(pop, t.issuer)) : null
    const profile = profileFor(pop.seed, t, issuerName)
    if (t.listed) {
      const set = ctx.tickers.assign(pop.seed, t, profile.name, profile.sic ? Number(profile.sic) : 0)
      profile.tickers = set.tickers
      profile.exchanges = set.exchanges
      ctx.tickers.add(set.listings)
    }
    const prefix = docPrefix(profile)
    const own = ownFilings(pop, i, t, prefix)
    const listed = insiderListings(pop, i)
    if (t.kind === KIND.individual) profile.insiderTransactionForOwnerExists = own.some((f) => f.day <= ctx.asOf && OWNERSHIP_FORMS.has(f.form)) ? 1 : 0
    if (listed.some((f) => f.day <= ctx.asOf)) profile.insiderTransactionForIssuerExists = 1
    const folderOf = (f: Filing) => unit(mix32(hashText(f.accessionNumber) ^ pop.seed)) < sampleRate
    emit({ cik: t.cik, name: profile.name, profile, own, listed, prefix, folderOf, generated: true })
  }

  // Cast entities take their place in CIK order among the generated ones.
  ctx.tickers.reserve(CAST_LISTINGS.map(([, ticker]) => ticker))
  const castOrder = [...cast].sort((a, b) => a.cik - b.cik)
  let k = 0
  for (let i = 0; i < pop.size; i++) {
    while (k < castOrder.length && castOrder[k]!.cik < pop.cik[i]!) writeCast(castOrder[k++]!)
    writeGenerated(i)
    const behind = ctx.sink.ready()
    if (behind) await behind
    if ((i & 1023) === 0) ctx.step.update({ files: ctx.sink.files, rows: counts.filings, bytes: ctx.sink.jsonBytes })
  }
  while (k < castOrder.length) writeCast(castOrder[k++]!)
  counts.files = ctx.sink.files
  return counts
}

/** The stem of document names: the ticker, or the first letters of the name ('qfd', 'harb'). */
function docPrefix(p: Profile): string {
  if (p.entityType !== 'operating' && p.ein === null) return ''
  const base = p.tickers[0] ?? p.name.replace(/[^A-Za-z]/g, '').slice(0, 4)
  return base.toLowerCase().replace(/[^a-z]/g, '')
}
