/**
 * The two request mixes: where the keys in a path come from.
 *   uniform: every entity, ticker and filing equally likely, pages and windows anywhere: almost every
 *            request reads something not read before, so no cache (DuckDB's, the OS page cache's) helps.
 *   skewed:  popular keys much more often, as real traffic does: CIKs weighted by their filing count,
 *            the tickers of the few hundred most active filers, a Zipf law over a few thousand filings,
 *            common name words, first pages, recent date windows. Caches should show here.
 */
import type { Draws } from '../../src/areas/bench.ts'
import { between, type Random, uniform, weighted, zipf } from './random.ts'
import type { SnapshotKeys } from './snapshot-keys.ts'

export const MIXES = ['uniform', 'skewed'] as const
export type Mix = (typeof MIXES)[number]
export type { Draws }

/** Forms clients ask for, most asked first (the skewed mix leans on the first few). */
export const FORMS = ['10-K', '10-Q', '8-K', '4', 'SC 13G', '13F-HR', 'S-1', 'DEF 14A', '6-K', '3']
const EARLIEST = Date.UTC(1994, 0, 1)
const DAY = 86_400_000
const DEFAULT_LIMIT = 20
const MAX_OFFSET = 100_000
const lastPage = (rows: number, limit: number) => Math.max(1, Math.min(Math.ceil(rows / limit), MAX_OFFSET / limit + 1))
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const pages = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/** A substring of 3 to 8 characters of a name, without spaces at its ends (q must be non-empty). */
function nameSlice(rnd: Random, name: string): string {
  for (let attempt = 0; attempt < 10; attempt++) {
    const length = between(rnd, 3, Math.min(8, name.length))
    const start = between(rnd, 0, name.length - length)
    const text = name.slice(start, start + length).trim()
    if (text.length >= 3) return text
  }
  return name.trim()
}

function distinctForms(draw: () => string, count: number): string[] {
  const forms = new Set<string>()
  while (forms.size < count) forms.add(draw())
  return [...forms]
}

export function makeDraws(mix: Mix, keys: SnapshotKeys, rnd: Random, today = Date.now()): Draws {
  const sicPages = lastPage(keys.rows.sic_codes ?? 1, DEFAULT_LIMIT)
  const types = keys.entityTypes.length ? keys.entityTypes : [{ type: 'company', rows: 1 }]
  if (mix === 'uniform') {
    return {
      cik: () => uniform(rnd, keys.ciks),
      ticker: () => (keys.tickers.length ? uniform(rnd, keys.tickers) : undefined),
      filing: () => uniform(rnd, keys.filings),
      nameQuery: () => nameSlice(rnd, uniform(rnd, keys.names)),
      entityTypePage: () => {
        const { type, rows } = uniform(rnd, types)
        return { type, page: between(rnd, 1, lastPage(rows, DEFAULT_LIMIT)) }
      },
      sicPage: () => between(rnd, 1, sicPages),
      formSet: () => distinctForms(() => uniform(rnd, FORMS), between(rnd, 1, 3)),
      window: () => {
        const span = (today - EARLIEST) / DAY
        // One in ten is the widest window; the rest log-uniform from 30 days up to it, placed anywhere.
        const days = rnd() < 0.1 ? span : Math.round(30 * (span / 30) ** rnd())
        const start = EARLIEST + Math.floor(rnd() * (span - days + 1)) * DAY
        return { startDate: isoDay(start), endDate: isoDay(Math.min(today, start + days * DAY)) }
      },
      deepPage: () => between(rnd, 1, MAX_OFFSET / 100 + 1),
      key: (name) => {
        const list = keys.areaKeys[name]?.uniform
        return list?.length ? uniform(rnd, list) : undefined
      },
    }
  }
  const popularKeys = new Map(
    Object.entries(keys.areaKeys).map(([name, k]) => [
      name,
      k.popular.length ? zipf(k.popular) : k.uniform.length ? (r: Random) => uniform(r, k.uniform) : undefined,
    ]),
  )
  const popularTicker = keys.popularTickers.length ? zipf(keys.popularTickers) : undefined
  const popularFiling = zipf(keys.filings.slice(0, 3000))
  const word = zipf(keys.commonWords.length ? keys.commonWords : ['inc'])
  const type = weighted(
    types,
    types.map((t) => t.rows),
  )
  const typePages = new Map(types.map((t) => [t.type, zipf(pages(lastPage(t.rows, DEFAULT_LIMIT)))]))
  const sicPage = zipf(pages(sicPages))
  const form = zipf(FORMS)
  const deepPage = zipf(pages(MAX_OFFSET / 100 + 1), 0.5) // flatter than 1/r: deep pages are the point of this operation
  return {
    cik: () => uniform(rnd, keys.ciksByFilings),
    ticker: () => popularTicker?.(rnd),
    filing: () => popularFiling(rnd),
    nameQuery: () => word(rnd),
    entityTypePage: () => {
      const t = type(rnd)
      return { type: t.type, page: typePages.get(t.type)!(rnd) }
    },
    sicPage: () => sicPage(rnd),
    formSet: () => distinctForms(() => form(rnd), between(rnd, 1, 2)),
    window: () => {
      // Recent: ending in the last month, 30 days to a year long.
      const end = today - between(rnd, 0, 30) * DAY
      return { startDate: isoDay(end - between(rnd, 30, 365) * DAY), endDate: isoDay(end) }
    },
    deepPage: () => deepPage(rnd),
    key: (name) => popularKeys.get(name)?.(rnd),
  }
}
