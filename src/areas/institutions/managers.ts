/**
 * The managers' directory, one manager (inst_managers), and a manager's quarter at a glance (the
 * instQuarters lookup file), as the store reads them (store/managers.ts, store/lookups.ts).
 */
import type { Static } from 'elysia'
import type { QueryConfig } from '../../config.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, parseCik } from '../../lib/ids.ts'
import { filingIndexUrl, utcTime } from '../common/edgar-values.ts'
import { contextOf, unknownManager } from './manager-context.ts'
import { quarterLabel } from './quarters.ts'
import type { ManagerRow } from './rows.ts'
import type { Institution } from './schemas.ts'
import type { InstitutionsStore } from './store/index.ts'

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
export async function listInstitutions(store: InstitutionsStore, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim() || null
  const search = q
    ? /^\d{1,10}$/.test(q)
      ? { cik: parseCik(q), nameUpper: q.toUpperCase() }
      : { nameUpper: q.toUpperCase() }
    : undefined
  const rows = await store.managerPage(search, offsetOf(f), f.limit + 1)
  return {
    data: rows.slice(0, f.limit).map((r) => toInstitution(config.archivesUrl, r)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { q },
  }
}

export async function getInstitution(store: InstitutionsStore, config: QueryConfig, cikText: string) {
  const cik = parseCik(cikText)
  const row = await store.manager(cik)
  if (!row) throw unknownManager(cik)
  return toInstitution(config.archivesUrl, row)
}

export async function getProfile(store: InstitutionsStore, config: QueryConfig, cikText: string, quarter?: string) {
  const c = await contextOf(store, cikText, quarter)
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
