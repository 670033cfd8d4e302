/**
 * The store's readers of the 13F lookup files (src/pipeline/sources/form-13f/contract.ts LOOKUPS): a
 * manager's quarters with their context, its filings, and each (quarter, manager)'s first holdings, buys
 * and sells and its breakdowns. A uniform draw of a manager reads a cold part of a huge table; through
 * DuckDB that read decompresses a block of every column named (two to three times a page's target for a
 * top 100 holdings), here one or two frames.
 */
import type { Db } from '../../../db/client.ts'
import {
  INST_FILING_BY_ACCESSION,
  INST_FILINGS,
  INST_QUARTERS,
  INST_SECTORS,
  INST_TOP_FLOWS,
  INST_TOP_HOLDINGS,
  INST_TOP_HOLDINGS_BY_SHARES,
  TOP_ROWS,
} from '../../../pipeline/sources/form-13f/contract.ts'
import type { BreakdownRecord, FilingRecord, FlowRecord, HoldingRecord, QuarterLine } from '../rows.ts'

/** A manager's quarters, newest first; none for a CIK that filed no 13F. */
export const quartersOf = (db: Db, cik: number): QuarterLine[] => INST_QUARTERS.get(db, cik)

/** A manager's filings, newest quarter first and within a quarter the latest filing first. */
export const filingsOf = (db: Db, cik: number): FilingRecord[] => INST_FILINGS.get(db, cik)

/**
 * The first of a manager's lines that holds `text` and, decoded, is `wanted`: an operation on one quarter
 * decodes that line, not the manager's dozens (parsing them all was most of a profile's time at full
 * volume), and reads the key's frames only up to it (the lines come newest first, and most requests are
 * about a recent quarter). The text test cannot drop the line sought: its JSON writes the value the test
 * names as that same text (dates need no escaping).
 */
function findLine<T>(
  lines: Iterable<string>,
  decode: (line: string) => T,
  text: string | RegExp,
  wanted: (row: T) => boolean,
): T | undefined {
  for (const line of lines) {
    if (typeof text === 'string' ? !line.includes(text) : !text.test(line)) continue
    const row = decode(line)
    if (wanted(row)) return row
  }
  return undefined
}

/** The line of the quarter a request without `quarter` is about (the quarter line's `is_default`). */
const DEFAULT_QUARTER = /"is_default":\s*true/

/**
 * A manager's quarter `qend` (default: its latest quarter with holdings), decoding that quarter's line
 * only (findLine); `known` is false when the manager has no quarter at all (it filed no 13F), which only
 * a request that found no quarter asks.
 */
export function quarterOf(db: Db, cik: number, qend: string | undefined) {
  const lines = INST_QUARTERS.lineTextsOneByOne(db, cik)
  const quarter = qend
    ? findLine(lines, INST_QUARTERS.decode, `"${qend}"`, (q) => q.qend === qend)
    : findLine(lines, INST_QUARTERS.decode, DEFAULT_QUARTER, (q) => q.is_default === true)
  const known = quarter !== undefined || !INST_QUARTERS.lineTextsOneByOne(db, cik).next().done
  return { quarter, known }
}

/** A manager's filing of that accession number: the filing's line under its accession number, if `cik` filed it. */
export const filingOf = (db: Db, cik: number, accession: string): FilingRecord | undefined =>
  INST_FILING_BY_ACCESSION.get(db, accession).find((r) => r.cik === cik)

/**
 * `count` holdings of a manager's quarter by value rank (or by shares) from the `offset`th, or undefined
 * when the file keeps fewer rows than that reaches (the caller queries).
 */
export function topHoldings(
  db: Db,
  sort: 'value' | 'shares',
  cik: number,
  qend: string,
  offset: number,
  count: number,
): HoldingRecord[] | undefined {
  if (offset + count > TOP_ROWS) return undefined
  const model = sort === 'shares' ? INST_TOP_HOLDINGS_BY_SHARES : INST_TOP_HOLDINGS
  const out: HoldingRecord[] = []
  let skipped = 0
  for (const row of model.lines(db, { qend, cik })) {
    if (out.length === count) break
    if (skipped < offset) skipped++
    else out.push(row)
  }
  return out
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
  for (const r of INST_TOP_FLOWS.lines(db, { qend, cik })) {
    if (kind === 'buy' ? r.net_shares > 0 : r.net_shares < 0) side.push(r)
  }
  const wanted = only ? side.filter((r) => r.change === (kind === 'buy' ? 'new' : 'sold_out')) : side
  // Fewer than TOP_ROWS of the side kept: the file holds all of it. Else only what its first rows reach.
  const complete = side.length < TOP_ROWS
  return complete || wanted.length >= offset + count ? wanted.slice(offset, offset + count) : undefined
}

/** A manager's quarter by sector or by industry, in rank order. */
export const breakdownOf = (db: Db, cik: number, qend: string, level: 'sector' | 'industry'): BreakdownRecord[] =>
  INST_SECTORS.get(db, { cik, qend }).filter((r) => r.level === level)
