/**
 * A manager's holdings in a quarter and quarter by quarter: a quarter's first 101 by value or by shares
 * from the lookup files (lookups.ts); a larger `limit` from inst_holdings, stored by quarter, manager and
 * value rank, so the default order reads the first rows of the quarter.
 */
import type { Db } from '../../db/client.ts'
import { sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset } from '../../http/pagination.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { quartersOf, topHoldings } from './lookups.ts'
import { contextOf, managerName, periodRef } from './manager-context.ts'
import { quarterLabel, quarterParam } from './quarters.ts'
import { HOLDING_COLUMNS, type HoldingRecord, toHolding } from './rows.ts'

export type Sort = 'value' | 'shares' | 'weight'
const holdingsOrder = (sort: Sort) => (sort === 'shares' ? sql`shares DESC NULLS LAST, value_rank` : sql`value_rank`)

export async function getHoldings(db: Db, cikText: string, f: { quarter?: string; sort?: string; limit: number }) {
  const c = await contextOf(db, cikText, f.quarter)
  const sort = (f.sort ?? 'value') as Sort
  // The lookup file keeps a page of the largest limit and one more; a larger limit is a query.
  const rows =
    topHoldings(db, sort === 'shares' ? 'shares' : 'value', c.cik, c.qend, f.limit + 1) ??
    (await db.all<HoldingRecord>(sql`
      SELECT ${{ text: HOLDING_COLUMNS, values: [] }} FROM inst_holdings
      WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE ORDER BY ${holdingsOrder(sort)} LIMIT ${f.limit + 1}`))
  const total = c.value ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: periodRef(c),
    totalPositionCount: c.positions ?? 0,
    totalSecurityCount: c.securities ?? 0,
    totalPortfolioValue: total,
    holdings: rows.slice(0, f.limit).map((r) => toHolding(r, total)),
    pagination: { limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend), sort, limit: f.limit },
  }
}

/** Periods of the history per page: a year's quarters. */
export const HISTORY_PERIODS = 4

export async function getHoldingsHistory(
  db: Db,
  cikText: string,
  f: { year?: number; quarter?: string; sort?: string; limit: number; page: number },
  maxOffset: number,
) {
  checkOffset(f, maxOffset)
  const cik = parseCik(cikText)
  const qend = quarterParam(f.quarter, f.year)
  const sort = (f.sort ?? 'value') as Sort
  // The manager's quarters with holdings, newest first, from its line of quarters (instQuarters).
  const matching = quartersOf(db, cik)
    .filter(
      (q) =>
        (q.positions ?? 0) > 0 &&
        (!qend || q.qend === qend) &&
        (f.year === undefined || q.qend.startsWith(`${f.year}-`)),
    )
    .reverse()
  const offset = (f.page - 1) * HISTORY_PERIODS
  const quarters = matching.slice(offset, offset + HISTORY_PERIODS + 1)
  const name = quarters.length ? quarters[0]!.name : await managerName(db, cik)
  if (!quarters.length && (qend || f.page === 1))
    throw new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for the quarters asked for.`)
  const shown = quarters.slice(0, HISTORY_PERIODS)
  const ends = shown.map((q) => q.qend)
  const holdings =
    holdingsOfQuarters(db, cik, ends, sort, f.limit) ?? (await queryHoldingsOfQuarters(db, cik, ends, sort, f.limit))
  return {
    cik: formatCik(cik),
    name,
    periods: shown.map((q) => ({
      period: {
        quarter: quarterLabel(q.qend),
        periodOfReport: q.period,
        filingDate: q.filed,
        accessionNumber: q.quarter_accession,
      },
      totalPositionCount: q.positions,
      totalSecurityCount: q.securities,
      totalPortfolioValue: q.value,
      holdings: (holdings.get(q.qend) ?? []).map((h) => toHolding(h, q.value ?? 0)),
    })),
    pagination: { page: f.page, limit: f.limit, hasMoreData: quarters.length > HISTORY_PERIODS },
    filters: {
      cik: formatCik(cik),
      year: f.year ?? null,
      quarter: qend ? quarterLabel(qend) : null,
      sort,
      limit: f.limit,
    },
  }
}

/** Each quarter's first `limit` holdings by `sort` from the lookup files; undefined when they keep fewer. */
function holdingsOfQuarters(db: Db, cik: number, ends: string[], sort: Sort, limit: number) {
  const out = new Map<string, HoldingRecord[]>()
  for (const qend of ends) {
    const rows = topHoldings(db, sort === 'shares' ? 'shares' : 'value', cik, qend, limit)
    if (!rows) return undefined
    out.set(qend, rows)
  }
  return out
}

/** The same as a query: by value (or weight) the build's rank picks each quarter's first rows; by shares each quarter is ranked here. */
async function queryHoldingsOfQuarters(db: Db, cik: number, ends: string[], sort: Sort, limit: number) {
  const out = new Map<string, HoldingRecord[]>()
  if (!ends.length) return out
  const window = sql`cik = ${cik} AND qend BETWEEN ${ends.at(-1)!}::DATE AND ${ends[0]!}::DATE`
  const columns = { text: HOLDING_COLUMNS, values: [] }
  const rows =
    sort === 'shares'
      ? await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM (
          SELECT *, row_number() OVER (PARTITION BY qend ORDER BY ${holdingsOrder(sort)}) AS pick
          FROM inst_holdings WHERE ${window}
        ) WHERE pick <= ${limit} ORDER BY qend DESC, pick`)
      : await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM inst_holdings
        WHERE ${window} AND value_rank <= ${limit} ORDER BY qend DESC, value_rank`)
  for (const r of rows) out.set(r.qend!, [...(out.get(r.qend!) ?? []), r])
  return out
}
