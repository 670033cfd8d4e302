/** The companies and persons directories, and one person, as the API gives them. */

import type { QueryConfig } from '../../config.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionOfKey, formatCik } from '../../lib/ids.ts'
import { easternTime } from '../common/edgar-values.ts'
import { personOf } from './not-found.ts'
import { filingUrl, issuerOf } from './rows.ts'
import type { CompanyRow, InsidersStore, PersonRow } from './store/index.ts'

export const latestOf = (
  archives: string,
  cik: number,
  r: { latest_acc: string | null; latest_accepted: string | null },
) => ({
  latestAccessionNumber: r.latest_acc ? accessionOfKey(r.latest_acc) : null,
  latestFilingUrl: r.latest_acc ? filingUrl(archives, cik, r.latest_acc) : null,
  latestAccepted: easternTime(r.latest_accepted),
})
const toCompany = (archives: string, r: CompanyRow) => ({
  cik: formatCik(r.issuer_cik),
  ticker: r.ticker,
  name: r.name,
  ...latestOf(archives, r.issuer_cik, r),
  latestTransactionDate: r.latest_transaction_date,
  filingCount: r.filing_count,
  transactionCount: r.transaction_count,
  reporterCount: r.reporter_count,
})

export async function listCompanies(store: InsidersStore, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim().toLowerCase() || null
  const rows = await store.companyPage(q, offsetOf(f), f.limit + 1)
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toCompany(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

const toPerson = (archives: string, r: PersonRow) => ({
  cik: formatCik(r.cik),
  name: r.name,
  director: r.is_director,
  officer: r.is_officer,
  tenPercentOwner: r.is_ten_percent_owner,
  latestOfficerTitle: r.latest_officer_title,
  latestIssuer:
    r.latest_issuer_cik === null
      ? null
      : issuerOf({
          issuer_cik: r.latest_issuer_cik,
          issuer_ticker: r.latest_issuer_ticker,
          issuer_name: r.latest_issuer_name,
        }),
  ...latestOf(archives, r.latest_issuer_cik ?? r.cik, r),
  latestTransactionDate: r.latest_transaction_date,
  filingCount: r.filing_count,
  transactionCount: r.transaction_count,
  issuerCount: r.issuer_count,
})

export async function listPersons(store: InsidersStore, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim().toLowerCase() || null
  const rows = await store.personPage(q, offsetOf(f), f.limit + 1)
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toPerson(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

export async function getPerson(store: InsidersStore, config: QueryConfig, cik: number) {
  return toPerson(config.archivesUrl, personOf(store, cik))
}
