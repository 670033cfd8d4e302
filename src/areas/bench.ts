/**
 * The benchmark's view of an area (scripts/bench.ts): each operation a name, whether it is a lookup (one
 * key → one row; the tighter latency target) or a list, and how to make one request path from the mix's
 * draws. The draws come from the served snapshot (scripts/bench/snapshot-keys.ts), so each path names
 * only keys that exist and anything but 200 is an error; uniform and skewed mixes draw differently
 * (scripts/bench/mixes.ts).
 */
import { formatCik } from '../lib/ids.ts'

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
  /** one of an area's own keys (Area.benchKeys) by name; undefined when the snapshot has none */
  key(name: string): string | undefined
}

/**
 * A kind of key an area's paths need that the shared draws lack (an FSDS accession, a 13F manager):
 * `uniform` selects a column `v` from the snapshot's tables (`t('table')` is its Parquet), many rows in
 * any order; `popular`, if given, the keys real traffic asks for most, most asked first (the skewed mix
 * draws them by a Zipf law; without it the skewed mix draws uniformly too).
 */
export type BenchKeys = {
  name: string
  uniform: (t: (table: string) => string) => string
  popular?: (t: (table: string) => string) => string
}

export type BenchOperation = {
  name: string
  kind: 'lookup' | 'list'
  /** undefined when the snapshot lacks what the operation needs (no tickers at tiny scales) */
  path: (d: Draws, rnd: Random) => string | undefined
  /** The operation's own c=1 p50 target in ms, where its issue sets one (else 1 for lookups, 2 for lists). */
  p50Ms?: number
  /** The operation's own c=16 p99 target in ms, where its issue sets one (else the common one). */
  p99MsAt16?: number
}

/**
 * A request that is no GET, as one line of a paths file: `POST <path> <JSON body>` (the body has no line
 * break). paths.lua and the precheck send it as a POST of JSON.
 */
export const postLine = (path: string, body: unknown) => `POST ${path} ${JSON.stringify(body)}`

/** One MCP tool call (src/mcp): a JSON-RPC `tools/call` to /mcp, stateless, so no initialize before it. */
export const mcpToolCall = (name: string, args: Record<string, unknown>) =>
  postLine('/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })

/** A CIK as clients send it: usually bare, sometimes zero-padded to 10 digits. */
export const cikAsSent = (cik: string, rnd: Random) => (rnd() < 0.25 ? formatCik(cik) : cik)

/** Form types joined by commas, each encoded (SC 13G → SC%2013G), the commas kept readable. */
export const formList = (list: string[]) => list.map(encodeURIComponent).join(',')

export const withTicker = (d: Draws, make: (ticker: string) => string) => {
  const ticker = d.ticker()
  return ticker === undefined ? undefined : make(ticker)
}

/**
 * An area's operations with the targets its issue set for all of them (an operation's own value wins):
 * the common ones (1 ms for lookups, 2 ms for lists, 25 ms at c=16) are Filings' and Entities'.
 */
export const withTargets = (targets: Pick<BenchOperation, 'p50Ms' | 'p99MsAt16'>, ops: BenchOperation[]) =>
  ops.map((op) => ({ ...targets, ...op }))
