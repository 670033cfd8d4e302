/**
 * Where every operation on one manager starts: the manager and one of its quarters (the one asked for,
 * else its latest with holdings), read from the quarter rows, which carry the manager's name and the
 * quarter's filing. The 404s of an unknown manager and of a quarter it filed nothing for are here.
 */
import type { Db } from '../../db/client.ts'
import { sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { priorQuarterEnd, quarterLabel, quarterParam } from './quarters.ts'

export const unknownManager = (cik: number) =>
  new ApiError('not_found', `No 13F filer with CIK ${formatCik(cik)} (no 13F-HR or 13F-NT filing of it is known).`)

/** A manager and one of its quarters: what every per-quarter operation starts from. */
type Context = {
  cik: number
  name: string | null
  qend: string | null
  period: string | null
  accession: string | null
  form: string | null
  filed: string | null
  accepted_at: string | null
  filing_count: number | null
  positions: number | null
  securities: number | null
  value: number | null
  other_manager_count: number | null
}

/**
 * The manager and the quarter `quarter` (default: its latest quarter with holdings, else its latest), in
 * one read of the quarter rows (they carry the manager's name and the quarter's filing); 404 for an
 * unknown manager or a quarter it filed nothing for.
 */
export async function contextOf(db: Db, cikText: string, quarter: string | undefined) {
  const cik = parseCik(cikText)
  const qend = quarterParam(quarter)
  const c = await db.one<Context>(sql`
    SELECT cik::DOUBLE AS cik, name, qend::VARCHAR AS qend, period::VARCHAR AS period,
      coalesce(accession, latest_accession) AS accession, form, filed::VARCHAR AS filed,
      accepted_at::VARCHAR AS accepted_at, filing_count::DOUBLE AS filing_count, positions::DOUBLE AS positions,
      securities::DOUBLE AS securities, value::DOUBLE AS value, other_manager_count::DOUBLE AS other_manager_count
    FROM inst_quarters WHERE cik = ${cik} AND ${qend ? sql`qend = ${qend}::DATE` : sql`is_default`}`)
  if (c) return c as Context & { qend: string; period: string }
  await managerName(db, cik)
  throw new ApiError('not_found', `CIK ${formatCik(cik)} filed no 13F for ${quarterLabel(qend!)}.`)
}

export const periodRef = (c: Context & { qend: string; period: string }) => ({
  quarter: quarterLabel(c.qend),
  periodOfReport: c.period,
  filingDate: c.filed,
  accessionNumber: c.accession,
})

/** The manager's name, from its first quarter row (sorted by CIK); 404 when it filed no 13F. */
export async function managerName(db: Db, cik: number) {
  const m = await db.one<{ name: string | null }>(sql`SELECT name FROM inst_quarters WHERE cik = ${cik} LIMIT 1`)
  if (!m) throw unknownManager(cik)
  return m.name
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
