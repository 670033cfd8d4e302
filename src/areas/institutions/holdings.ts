/**
 * A manager's holdings in a quarter and quarter by quarter, as the store reads them (store/holdings.ts:
 * a quarter's first rows from the lookup files, a larger `limit` from inst_holdings).
 */
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { contextOf, managerName, periodRef } from './manager-context.ts'
import { quarterLabel, quarterParam } from './quarters.ts'
import { type Sort, toHolding } from './rows.ts'
import type { InstitutionsStore } from './store/index.ts'

export async function getHoldings(
  store: InstitutionsStore,
  cikText: string,
  f: { quarter?: string; sort?: string; limit: number; page: number },
  maxOffset: number,
) {
  checkOffset(f, maxOffset)
  const c = await contextOf(store, cikText, f.quarter)
  const sort = (f.sort ?? 'value') as Sort
  const rows = await store.holdings(c.cik, c.qend, sort, offsetOf(f), f.limit + 1)
  const total = c.value ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: periodRef(c),
    totalPositionCount: c.positions ?? 0,
    totalSecurityCount: c.securities ?? 0,
    totalPortfolioValue: total,
    holdings: rows.slice(0, f.limit).map((r) => toHolding(r, total)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend), sort, limit: f.limit },
  }
}

/** Periods of the history per page: a year's quarters. */
export const HISTORY_PERIODS = 4

export async function getHoldingsHistory(
  store: InstitutionsStore,
  cikText: string,
  f: { year?: number; quarter?: string; sort?: string; limit: number; page: number },
  maxOffset: number,
) {
  checkOffset(f, maxOffset)
  const cik = parseCik(cikText)
  const qend = quarterParam(f.quarter, f.year)
  const sort = (f.sort ?? 'value') as Sort
  // The manager's quarters with holdings, newest first, from its line of quarters (instQuarters).
  const matching = store
    .quarters(cik)
    .filter(
      (q) =>
        (q.positions ?? 0) > 0 &&
        (!qend || q.qend === qend) &&
        (f.year === undefined || q.qend.startsWith(`${f.year}-`)),
    )
  const offset = (f.page - 1) * HISTORY_PERIODS
  const quarters = matching.slice(offset, offset + HISTORY_PERIODS + 1)
  const name = quarters.length ? quarters[0]!.name : await managerName(store, cik)
  if (!quarters.length && (qend || f.page === 1))
    throw new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for the quarters asked for.`)
  const shown = quarters.slice(0, HISTORY_PERIODS)
  const ends = shown.map((q) => q.qend)
  const holdings = await store.holdingsOfQuarters(cik, ends, sort, f.limit)
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
