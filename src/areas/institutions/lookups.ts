/**
 * The 13F lookup files (src/pipeline/sources/form-13f/contract.ts LOOKUPS): a manager's quarters with
 * their context, and each (quarter, manager)'s first holdings, buys and sells and its breakdowns. A
 * uniform draw of a manager reads a cold part of a huge table; through DuckDB that read decompresses a
 * block of every column named (two to three times a page's target for a top 100 holdings), here one or two frames.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../db/client.ts'
import {
  type FlowLine,
  INST_FILINGS,
  INST_QUARTERS,
  INST_SECTORS,
  INST_TOP_FLOWS,
  INST_TOP_HOLDINGS,
  INST_TOP_HOLDINGS_BY_SHARES,
  type QuarterLine as QuarterLineSchema,
  type SectorLine,
  TOP_ROWS,
} from '../../pipeline/sources/form-13f/contract.ts'
import type { FilingRecord, HoldingRecord } from './rows.ts'

/** A manager's quarter as `instQuarters` holds it. */
export type QuarterLine = Static<typeof QuarterLineSchema>

/** A manager's quarters, oldest first; none for a CIK that filed no 13F. */
export const quartersOf = (db: Db, cik: number): QuarterLine[] => INST_QUARTERS.get(db, cik)

/** A manager's filings, newest quarter first and within a quarter the latest filing first. */
export const filingsOf = (db: Db, cik: number): FilingRecord[] => INST_FILINGS.get(db, cik)

/**
 * The first of a manager's lines that holds `text` and, decoded, is `wanted`: an operation on one quarter
 * or one filing decodes that line, not the manager's dozens (parsing them all was most of a profile's or a
 * filing's time at full volume). The text test cannot drop the line sought: its JSON writes the value
 * the test names as that same text (dates and accession numbers need no escaping).
 */
function findLine<T>(
  lines: string[],
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

/** A manager's `instQuarters` lines, undecoded (findQuarter). */
export const quarterTexts = (db: Db, cik: number): string[] => INST_QUARTERS.lineTexts(db, cik)

/** The first of a manager's quarter lines that holds `text` and whose quarter is `wanted` (findLine). */
export const findQuarter = (lines: string[], text: string | RegExp, wanted: (q: QuarterLine) => boolean) =>
  findLine(lines, INST_QUARTERS.decode, text, wanted)

/** The first of a manager's filings whose line holds `text` and that is `wanted` (findLine). */
export const findFiling = (db: Db, cik: number, text: string, wanted: (f: FilingRecord) => boolean) =>
  findLine(INST_FILINGS.lineTexts(db, cik), INST_FILINGS.decode, text, wanted)

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
  const model = sort === 'shares' ? INST_TOP_HOLDINGS_BY_SHARES : INST_TOP_HOLDINGS
  const out: HoldingRecord[] = []
  for (const row of model.lines(db, { qend, cik })) {
    if (out.length === count) break
    out.push(row)
  }
  return out
}

export type FlowRecord = Static<typeof FlowLine>

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

export type BreakdownRecord = Static<typeof SectorLine>

/** A manager's quarter by sector or by industry, in rank order. */
export const breakdownOf = (db: Db, cik: number, qend: string, level: 'sector' | 'industry'): BreakdownRecord[] =>
  INST_SECTORS.get(db, { cik, qend }).filter((r) => r.level === level)
