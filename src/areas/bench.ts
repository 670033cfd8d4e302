/**
 * The benchmark's view of an area (scripts/bench.ts): each operation a name, whether it is a lookup (one
 * key → one row; the tighter latency target) or a list, and how to make one request path from the mix's
 * draws. The draws come from the served snapshot (scripts/bench/snapshot-keys.ts), so each path names
 * only keys that exist and anything but 200 is an error; uniform and skewed mixes draw differently
 * (scripts/bench/mixes.ts).
 */

export type Random = () => number

export type BenchFiling = { cik: string; accession: string }

/** One draw of each kind of parameter a request path needs. */
export type Draws = {
  cik(): string
  /** undefined when the snapshot has no tickers (tiny scales) */
  ticker(): string | undefined
  filing(): BenchFiling
  nameQuery(): string
  entityTypePage(): { type: string; page: number }
  sicPage(): number
  formSet(): string[]
  window(): { startDate: string; endDate: string }
  /** a page of 100 rows, at most offset 100,000 (MAX_OFFSET): pages 1 to 1001 */
  deepPage(): number
}

export type BenchOperation = {
  name: string
  kind: 'lookup' | 'list'
  /** undefined when the snapshot lacks what the operation needs (no tickers at tiny scales) */
  path: (d: Draws, rnd: Random) => string | undefined
}

/** A CIK as clients send it: usually bare, sometimes zero-padded to 10 digits. */
export const cikAsSent = (cik: string, rnd: Random) => (rnd() < 0.25 ? cik.padStart(10, '0') : cik)

/** Form types joined by commas, each encoded (SC 13G → SC%2013G), the commas kept readable. */
export const formList = (list: string[]) => list.map(encodeURIComponent).join(',')

export const withTicker = (d: Draws, make: (ticker: string) => string) => {
  const ticker = d.ticker()
  return ticker === undefined ? undefined : make(ticker)
}
