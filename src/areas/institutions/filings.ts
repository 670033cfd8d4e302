/**
 * A manager's 13F filings, one of them, and its quarters with what was filed for each: all read by the
 * store from the manager's lines in the `instFilings` and `instQuarters` lookup files (store/lookups.ts).
 */
import type { QueryConfig } from '../../config.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, normalizeAccession, parseCik } from '../../lib/ids.ts'
import { managerName } from './manager-context.ts'
import { quarterLabel, quarterParam } from './quarters.ts'
import { toFiling } from './rows.ts'
import type { InstitutionsStore } from './store/index.ts'

export async function listFilings(
  store: InstitutionsStore,
  config: QueryConfig,
  cikText: string,
  f: { quarter?: string; formType?: string } & PageQuery,
) {
  checkOffset(f, config.maxOffset)
  const cik = parseCik(cikText)
  const name = await managerName(store, cik)
  const qend = quarterParam(f.quarter)
  const form = f.formType?.toUpperCase() ?? null
  const rows = store
    .filings(cik)
    .filter((r) => (!qend || r.qend === qend) && (!form || r.form === form))
    .slice(offsetOf(f), offsetOf(f) + f.limit + 1)
  return {
    cik: formatCik(cik),
    name,
    filings: rows.slice(0, f.limit).map((r) => toFiling(config.archivesUrl, r)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { cik: formatCik(cik), quarter: qend ? quarterLabel(qend) : null, formType: form },
  }
}

export async function getFiling(store: InstitutionsStore, config: QueryConfig, cikText: string, accessionText: string) {
  const cik = parseCik(cikText)
  const accession = normalizeAccession(accessionText)
  const row = store.filing(cik, accession)
  if (!row) throw new ApiError('not_found', `No 13F filing ${accession} of CIK ${formatCik(cik)}.`)
  return toFiling(config.archivesUrl, row)
}

export async function listFilingPeriods(store: InstitutionsStore, config: QueryConfig, cikText: string, year?: number) {
  const cik = parseCik(cikText)
  const inYear = (qend: string) => year === undefined || qend.startsWith(`${year}-`)
  const quarters = store.quarters(cik).filter((q) => inYear(q.qend))
  const filings = store.filings(cik).filter((r) => inYear(r.qend))
  const name = quarters.length ? quarters[0]!.name : await managerName(store, cik)
  return {
    cik: formatCik(cik),
    name,
    periods: quarters.map((q) => ({
      quarter: quarterLabel(q.qend),
      periodOfReport: q.period,
      periodStatus: q.period_status,
      filingCount: q.filing_count,
      holdingsFilingCount: q.holdings_filing_count,
      noticeFilingCount: q.notice_filing_count,
      amendmentFilingCount: q.amendment_filing_count,
      holdingsLoadedCount: q.holdings_loaded_count,
      noticeManagerCount: q.notice_manager_count,
      otherManagerCount: q.other_manager_count ?? 0,
      filings: filings.filter((f) => f.qend === q.qend).map((f) => toFiling(config.archivesUrl, f)),
    })),
    filters: { cik: formatCik(cik), year: year ?? null },
  }
}
