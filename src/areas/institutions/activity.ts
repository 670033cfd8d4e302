/**
 * The market-wide activity of a quarter: every manager's changes added up per security (inst_activity),
 * as the store reads it (store/activity.ts, with the default quarter's memo).
 */
import { ApiError } from '../../http/errors.ts'
import { priorQuarterEnd, quarterLabel, quarterParam } from './quarters.ts'
import { netChangeOf } from './rows.ts'
import type { InstitutionsStore } from './store/index.ts'

/** Market-wide activity of a quarter (default: the latest complete one, whose filing deadline has passed). */
export async function getActivity(store: InstitutionsStore, f: { year?: number; quarter?: string; limit: number }) {
  const asked = quarterParam(f.quarter, f.year)
  const qend = asked ?? (await store.activityQuarter(f.year))
  if (!qend) throw new ApiError('not_found', `No 13F activity${f.year ? ` in ${f.year}` : ''}.`)
  const rows = await store.activity(qend, f.limit)
  if (!rows.length) throw new ApiError('not_found', `No 13F activity for ${quarterLabel(qend)}.`)
  const listOf = (name: string) =>
    rows
      .filter((r) => r.list === name)
      .map(({ list: _, ...r }) => ({
        ticker: r.ticker,
        cusip: r.cusip,
        issuerName: r.issuer_name,
        titleOfClass: r.title_of_class,
        putCall: r.put_call,
        filerCount: r.filer_count,
        priorFilerCount: r.prior_filer_count,
        ...netChangeOf(r),
      }))
  const prior = priorQuarterEnd(qend)
  return {
    period: {
      currentQuarter: quarterLabel(qend),
      currentPeriodEnd: qend,
      previousQuarter: quarterLabel(prior),
      previousPeriodEnd: prior,
    },
    mostBought: listOf('mostBought'),
    mostSold: listOf('mostSold'),
    newPositions: listOf('newPositions'),
    closedPositions: listOf('closedPositions'),
    pagination: { limit: f.limit },
    filters: { year: f.year ?? null, quarter: quarterLabel(qend), limit: f.limit },
  }
}
