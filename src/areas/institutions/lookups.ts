/**
 * The 13F lookup files (src/pipeline/sources/form-13f/contract.ts LOOKUPS): a manager's quarters with
 * their context, and each (quarter, manager)'s first holdings, buys and sells and its breakdowns. A
 * uniform draw of a manager reads a cold part of a huge table; through DuckDB that read decompresses a
 * block of every column named (two to three times a page's target for a top 100 holdings), here one or two frames.
 */
import type { Db } from '../../db/client.ts'
import {
  FLOW_LINE_COLUMNS,
  HOLDING_LINE_COLUMNS,
  MANAGER_QUARTER_KEY,
  QUARTER_MANAGER_KEY,
  SECTOR_LINE_COLUMNS,
  TOP_ROWS,
} from '../../pipeline/sources/form-13f/contract.ts'
import type { FilingRecord, HoldingRecord, NetChangeRecord } from './rows.ts'

/** A manager's quarter as `instQuarters` holds it (QUARTER_LINE). */
export type QuarterLine = {
  cik: number
  name: string | null
  qend: string
  period: string
  /** The quarter's filing, else its latest filing. */
  accession: string | null
  /** The quarter's filing only. */
  quarter_accession: string | null
  form: string | null
  filed: string | null
  accepted_at: string | null
  filing_count: number
  holdings_filing_count: number
  notice_filing_count: number
  amendment_filing_count: number
  holdings_loaded_count: number
  notice_manager_count: number
  other_manager_count: number | null
  positions: number | null
  securities: number | null
  value: number | null
  period_status: string
  is_default: boolean | null
  /** Its inst_changes row; null when the quarter has none. */
  changes: Record<string, number> | null
}

/** A manager's quarters, oldest first; none for a CIK that filed no 13F. */
export const quartersOf = (db: Db, cik: number): QuarterLine[] =>
  quarterLines(db, cik).map((line) => JSON.parse(line) as QuarterLine)

/** A manager's filings, newest quarter first and within a quarter the latest filing first. */
export const filingsOf = (db: Db, cik: number): FilingRecord[] =>
  filingLines(db, cik).map((line) => JSON.parse(line) as FilingRecord)

/**
 * The first of a manager's lines that holds `text` and, parsed, is `wanted`: an operation on one quarter
 * or one filing parses that line, not the manager's dozens (parsing them all was most of a profile's or a
 * filing's time at full volume). The text test cannot drop the line sought: its JSON writes the value
 * the test names as that same text (dates and accession numbers need no escaping).
 */
export function findLine<T>(lines: string[], text: string | RegExp, wanted: (row: T) => boolean): T | undefined {
  for (const line of lines) {
    if (typeof text === 'string' ? !line.includes(text) : !text.test(line)) continue
    const row = JSON.parse(line) as T
    if (wanted(row)) return row
  }
  return undefined
}

/** A manager's `instQuarters` lines, unparsed (findLine). */
export const quarterLines = (db: Db, cik: number): string[] => db.lookup('instQuarters').get(BigInt(cik))

/** A manager's `instFilings` lines, unparsed (findLine). */
export const filingLines = (db: Db, cik: number): string[] => db.lookup('instFilings').get(BigInt(cik))

/** A line's JSON array as a record of `columns`. */
function record<T>(columns: readonly string[], line: string): T {
  const values = JSON.parse(line) as unknown[]
  return Object.fromEntries(columns.map((c, i) => [c, values[i]])) as T
}

/**
 * The first `count` holdings of a manager's quarter by value rank (or by shares), or undefined when the
 * file keeps fewer rows than asked for (the caller queries).
 */
export function topHoldings(
  db: Db,
  sort: 'value' | 'shares',
  cik: number,
  qend: string,
  count: number,
): HoldingRecord[] | undefined {
  if (count > TOP_ROWS) return undefined
  const file = db.lookup(sort === 'shares' ? 'instTopHoldingsByShares' : 'instTopHoldings')
  const out: HoldingRecord[] = []
  for (const line of file.lines(QUARTER_MANAGER_KEY.pack({ qend, cik }))) {
    if (out.length === count) break
    out.push(record<HoldingRecord>(HOLDING_LINE_COLUMNS, line))
  }
  return out
}

export type FlowRecord = NetChangeRecord & {
  ticker: string | null
  issuer_cik: number | null
  cusip: string
  issuer_name: string | null
  title_of_class: string | null
  put_call: string | null
  activity_value: number
  change: string
}

/**
 * Rows [offset, offset + count) of a manager's buys or sells (only new positions, or only those sold
 * out, with `only`), or undefined when the file's first TOP_ROWS of that side do not settle them.
 */
export function topFlows(
  db: Db,
  kind: 'buy' | 'sell',
  only: boolean,
  cik: number,
  qend: string,
  offset: number,
  count: number,
): FlowRecord[] | undefined {
  const side: FlowRecord[] = []
  for (const line of db.lookup('instTopFlows').lines(QUARTER_MANAGER_KEY.pack({ qend, cik }))) {
    const r = record<FlowRecord>(FLOW_LINE_COLUMNS, line)
    if (kind === 'buy' ? r.net_shares > 0 : r.net_shares < 0) side.push(r)
  }
  const wanted = only ? side.filter((r) => r.change === (kind === 'buy' ? 'new' : 'sold_out')) : side
  // Fewer than TOP_ROWS of the side kept: the file holds all of it. Else only what its first rows reach.
  const complete = side.length < TOP_ROWS
  return complete || wanted.length >= offset + count ? wanted.slice(offset, offset + count) : undefined
}

export type BreakdownRecord = {
  level: string
  rank: number
  sector: string | null
  industry: string | null
  sic: number | null
  positions: number
  securities: number
  value: number
}

/** A manager's quarter by sector or by industry, in rank order. */
export const breakdownOf = (db: Db, cik: number, qend: string, level: 'sector' | 'industry'): BreakdownRecord[] =>
  db
    .lookup('instSectors')
    .get(MANAGER_QUARTER_KEY.pack({ cik, qend }))
    .map((line) => record<BreakdownRecord>(SECTOR_LINE_COLUMNS, line))
    .filter((r) => r.level === level)
