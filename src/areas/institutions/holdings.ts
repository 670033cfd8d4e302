/**
 * A manager's holdings in a quarter and quarter by quarter: inst_holdings is stored by manager, quarter
 * and value rank, so the default order reads the first rows of the quarter.
 */
import type { Db } from '../../db/client.ts'
import { empty, join, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset } from '../../http/pagination.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { contextOf, managerName, periodRef } from './manager-context.ts'
import { quarterLabel, quarterParam } from './quarters.ts'
import { HOLDING_COLUMNS, type HoldingRecord, toHolding } from './rows.ts'

export type Sort = 'value' | 'shares' | 'weight'
const holdingsOrder = (sort: Sort) => (sort === 'shares' ? sql`shares DESC NULLS LAST, value_rank` : sql`value_rank`)

export async function getHoldings(db: Db, cikText: string, f: { quarter?: string; sort?: string; limit: number }) {
  const c = await contextOf(db, cikText, f.quarter)
  const sort = (f.sort ?? 'value') as Sort
  const rows = await db.all<HoldingRecord>(sql`
    SELECT ${{ text: HOLDING_COLUMNS, values: [] }} FROM inst_holdings
    WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE ORDER BY ${holdingsOrder(sort)} LIMIT ${f.limit + 1}`)
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
  const where = join([
    sql`cik = ${cik}`,
    sql`positions > 0`,
    qend ? sql`qend = ${qend}::DATE` : empty,
    f.year !== undefined ? sql`year(qend) = ${f.year}` : empty,
  ])
  const quarters = await db.all<{
    name: string | null
    qend: string
    period: string
    accession: string | null
    filed: string | null
    positions: number
    securities: number
    value: number
  }>(sql`
    SELECT name, qend::VARCHAR AS qend, period::VARCHAR AS period, accession, filed::VARCHAR AS filed,
      positions::DOUBLE AS positions, securities::DOUBLE AS securities, value::DOUBLE AS value
    FROM inst_quarters WHERE ${where}
    ORDER BY qend DESC LIMIT ${HISTORY_PERIODS + 1} OFFSET ${(f.page - 1) * HISTORY_PERIODS}`)
  const name = quarters.length ? quarters[0]!.name : await managerName(db, cik)
  if (!quarters.length && (qend || f.page === 1))
    throw new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for the quarters asked for.`)
  const shown = quarters.slice(0, HISTORY_PERIODS)
  const ends = shown.map((q) => q.qend)
  const window = sql`cik = ${cik} AND qend BETWEEN ${ends.at(-1)!}::DATE AND ${ends[0]!}::DATE`
  const columns = { text: HOLDING_COLUMNS, values: [] }
  // By value (or weight) the build's rank picks each quarter's first rows; by shares each quarter is ranked here.
  const holdings = !ends.length
    ? []
    : sort === 'shares'
      ? await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM (
          SELECT *, row_number() OVER (PARTITION BY qend ORDER BY ${holdingsOrder(sort)}) AS pick
          FROM inst_holdings WHERE ${window}
        ) WHERE pick <= ${f.limit} ORDER BY qend DESC, pick`)
      : await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM inst_holdings
        WHERE ${window} AND value_rank <= ${f.limit} ORDER BY qend DESC, value_rank`)
  return {
    cik: formatCik(cik),
    name,
    periods: shown.map((q) => ({
      period: {
        quarter: quarterLabel(q.qend),
        periodOfReport: q.period,
        filingDate: q.filed,
        accessionNumber: q.accession,
      },
      totalPositionCount: q.positions,
      totalSecurityCount: q.securities,
      totalPortfolioValue: q.value,
      holdings: holdings.filter((h) => h.qend === q.qend).map((h) => toHolding(h, q.value)),
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
