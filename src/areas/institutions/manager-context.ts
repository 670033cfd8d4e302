/**
 * Where every operation on one manager starts: the manager and one of its quarters (the one asked for,
 * else its latest with holdings), read by the store from the manager's quarters in the `instQuarters`
 * lookup file, which carry the manager's name and each quarter's filing. The 404s of an unknown manager
 * and of a quarter it filed nothing for are here.
 */
import { ApiError } from '../../http/errors.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { priorQuarterEnd, quarterLabel, quarterParam } from './quarters.ts'
import type { QuarterLine } from './rows.ts'
import type { InstitutionsStore } from './store/index.ts'

export const unknownManager = (cik: number) =>
  new ApiError('not_found', `No 13F filer with CIK ${formatCik(cik)} (no 13F-HR or 13F-NT filing of it is known).`)

/** A manager and one of its quarters: what every per-quarter operation starts from. */
type Context = QuarterLine & { qend: string; period: string }

/**
 * The manager and the quarter `quarter` (default: its latest quarter with holdings), from the manager's
 * line of quarters in `instQuarters` (they carry its name, each quarter's filing and changes); 404 for an
 * unknown manager or a quarter it filed nothing for.
 */
export async function contextOf(
  store: InstitutionsStore,
  cikText: string,
  quarter: string | undefined,
): Promise<Context> {
  const cik = parseCik(cikText)
  const qend = quarterParam(quarter)
  const c = store.quarter(cik, qend)
  if (c.quarter) return c.quarter
  if (!c.known) throw unknownManager(cik)
  throw new ApiError('not_found', `CIK ${formatCik(cik)} filed no 13F for ${quarterLabel(qend!)}.`)
}

export const periodRef = (c: Context & { qend: string; period: string }) => ({
  quarter: quarterLabel(c.qend),
  periodOfReport: c.period,
  filingDate: c.filed,
  accessionNumber: c.accession,
})

/** The manager's name (every quarter line holds it), from its newest quarter; 404 when it filed no 13F. */
export async function managerName(store: InstitutionsStore, cik: number) {
  const first = store.quarters(cik)[0]
  if (!first) throw unknownManager(cik)
  return first.name
}

export const flowPeriod = (qend: string) => {
  const prior = priorQuarterEnd(qend)
  return {
    currentQuarter: quarterLabel(qend),
    currentPeriodEnd: qend,
    priorQuarter: quarterLabel(prior),
    priorPeriodEnd: prior,
  }
}
export const noHoldings = (cik: number, qend: string) =>
  new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for ${quarterLabel(qend)}.`)
