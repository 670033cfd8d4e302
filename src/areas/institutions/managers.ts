/**
 * The managers' directory, one manager, and a manager's quarter at a glance. Institutions SQL reads the
 * serving tables of the 13F source (src/pipeline/sources/form-13f/contract.ts), each sorted on the
 * manager's CIK and quarter; what the operations send was computed by the build.
 */
/** The managers' directory, one manager (inst_managers), and a manager's quarter at a glance (the instQuarters lookup file). */

import type { Static } from 'elysia'
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { defineMemo } from '../../db/memo.ts'
import { sql } from '../../db/sql.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { filingIndexUrl, utcTime } from '../common/edgar-values.ts'
import { contextOf, unknownManager } from './manager-context.ts'
import { quarterLabel } from './quarters.ts'

import type { Institution } from './schemas.ts'

type ManagerRow = {
  cik: number
  name: string | null
  latest_form: string
  latest_accession: string
  latest_filed: string
  latest_period: string
  latest_accepted: string | null
  filing_count: number
  latest_positions: number
  latest_securities: number
  latest_value: number
}
const MANAGER_COLUMNS = sql`cik::DOUBLE AS cik, name, latest_form, latest_accession, latest_filed::VARCHAR AS latest_filed,
  latest_period::VARCHAR AS latest_period, latest_accepted::VARCHAR AS latest_accepted, filing_count::DOUBLE AS filing_count,
  latest_positions::DOUBLE AS latest_positions, latest_securities::DOUBLE AS latest_securities,
  latest_value::DOUBLE AS latest_value`

const toInstitution = (archives: string, r: ManagerRow): Static<typeof Institution> => ({
  cik: formatCik(r.cik),
  name: r.name,
  latestFormType: r.latest_form,
  latestAccessionNumber: r.latest_accession,
  latestFilingDate: r.latest_filed,
  latestPeriodOfReport: r.latest_period,
  latestReceivedDate: utcTime(r.latest_accepted),
  latestSourceUrl: filingIndexUrl(archives, r.cik, r.latest_accession),
  filingCount: r.filing_count,
  latestPositionCount: r.latest_positions,
  latestSecurityCount: r.latest_securities,
  latestPortfolioValue: r.latest_value,
})

/** Managers, largest latest portfolio first; `q` a case-insensitive substring of the name, or the CIK. */
export async function listInstitutions(db: Db, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim() || null
  const where = q
    ? /^\d{1,10}$/.test(q)
      ? sql`(cik = ${parseCik(q)} OR contains(name_upper, ${q.toUpperCase()}))`
      : sql`contains(name_upper, ${q.toUpperCase()})`
    : sql`TRUE`
  const rows = await db.all<ManagerRow>(
    sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers WHERE ${where} LIMIT ${f.limit + 1} OFFSET ${offsetOf(f)}`,
  )
  return {
    data: rows.slice(0, f.limit).map((r) => toInstitution(config.archivesUrl, r)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { q },
  }
}

/**
 * Every manager by CIK, read once per snapshot: a point query on `inst_managers` (stored in directory
 * order, by portfolio value) reached only a small share of the DuckDB floor's throughput at 16
 * connections (docs/benchmarks.md); the table is a row per manager (6,978 at full volume, some 20,000
 * ever in EDGAR's data sets), a few megabytes held.
 */
const MANAGERS_BY_CIK = defineMemo({
  name: 'inst-managers-by-cik',
  from: ['inst_managers'],
  holds: "every 13F manager's row by CIK",
  compute: async (db) => {
    const rows = await db.all<ManagerRow>(sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers`)
    return new Map(rows.map((r) => [r.cik, r]))
  },
})

const managersByCik = (db: Db) => db.memo(MANAGERS_BY_CIK)

export async function getInstitution(db: Db, config: QueryConfig, cikText: string) {
  const cik = parseCik(cikText)
  const row = (await managersByCik(db)).get(cik)
  if (!row) throw unknownManager(cik)
  return toInstitution(config.archivesUrl, row)
}

export async function getProfile(db: Db, config: QueryConfig, cikText: string, quarter?: string) {
  const c = await contextOf(db, cikText, quarter)
  const positions = c.positions ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    formType: c.form,
    accessionNumber: c.accession,
    filingDate: c.filed,
    periodOfReport: c.period,
    receivedDate: utcTime(c.accepted_at),
    sourceUrl: c.accession ? filingIndexUrl(config.archivesUrl, c.cik, c.accession) : null,
    filingCount: c.filing_count ?? 0,
    positionCount: positions,
    securityCount: c.securities ?? 0,
    portfolioValue: c.value ?? 0,
    averagePositionValue: positions > 0 ? Math.round((c.value ?? 0) / positions) : null,
    otherManagerCount: c.other_manager_count ?? 0,
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend) },
  }
}
