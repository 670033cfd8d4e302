/** The companies and persons directories, and one person. */

import type { Static } from '@sinclair/typebox'
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { defineMemo } from '../../db/memo.ts'
import { sql } from '../../db/sql.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionOfKey, formatCik } from '../../lib/ids.ts'
import { INSIDER_PERSONS } from '../../pipeline/sources/insider-transactions/contract.ts'
import { easternTime } from '../common/edgar-values.ts'
import { personPageByGram } from './person-search.ts'
import { notFound } from './queries.ts'
import { filingUrl, issuerOf } from './rows.ts'

export type CompanyRow = {
  issuer_cik: number
  ticker: string | null
  name: string | null
  filing_count: number
  transaction_count: number
  reporter_count: number
  buy_count: number
  sell_count: number
  buy_shares: number
  sell_shares: number
  buy_value: number
  sell_value: number
  net_value: number
  latest_acc: string | null
  latest_accepted: string | null
  latest_transaction_date: string | null
}

export const COMPANY_SELECT = sql`issuer_cik::DOUBLE AS issuer_cik, ticker, name, filing_count::DOUBLE AS filing_count,
  transaction_count::DOUBLE AS transaction_count, reporter_count::DOUBLE AS reporter_count, buy_count::DOUBLE AS buy_count,
  sell_count::DOUBLE AS sell_count, buy_shares, sell_shares, buy_value, sell_value, net_value, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date`

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

type Companies = { rows: readonly (CompanyRow & { search_text: string })[]; byCik: ReadonlyMap<number, CompanyRow> }

/**
 * The companies directory (13,000 issuers at full volume, a few MB), held per snapshot in its order
 * (latest filing first): a page, a `q` match and an issuer's figures then cost no query. As a query, a
 * `q` scan of every search text was over a page's target, and an issuer's row on cold blocks half of it.
 */
const INSIDER_COMPANIES = defineMemo<Companies>({
  name: 'insider-companies',
  from: ['insider_companies'],
  holds: 'the issuer directory, latest filing first, and each issuer by CIK',
  compute: async (db) => {
    const rows = await db.all<CompanyRow & { search_text: string }>(
      sql`SELECT ${COMPANY_SELECT}, search_text FROM insider_companies`,
    )
    return { rows, byCik: new Map(rows.map((r) => [r.issuer_cik, r])) }
  },
})

export const insiderCompanies = (db: Db): Promise<Companies> => db.memo(INSIDER_COMPANIES)

export async function listCompanies(db: Db, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim().toLowerCase() || null
  const off = offsetOf(f)
  const { rows: all } = await insiderCompanies(db)
  const matching = q ? all.filter((r) => r.search_text.includes(q)) : all
  const rows = matching.slice(off, off + f.limit + 1)
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toCompany(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

type PersonRow = Static<typeof INSIDER_PERSONS.fields>

const PERSON_SELECT = sql`cik::DOUBLE AS cik, name, is_director, is_officer, is_ten_percent_owner, latest_officer_title,
  latest_issuer_cik::DOUBLE AS latest_issuer_cik, latest_issuer_ticker, latest_issuer_name, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date,
  filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count, issuer_count::DOUBLE AS issuer_count`

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

export async function listPersons(db: Db, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim().toLowerCase() || null
  const off = offsetOf(f)
  const window = { offset: off, take: f.limit + 1 }
  const ciks = q ? await personPageByGram(db, q, window) : undefined
  const rows =
    ciks !== undefined
      ? personsByCik(db, ciks)
      : await db.all<PersonRow>(
          q
            ? sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE contains(name_lower, ${q}) LIMIT ${f.limit + 1} OFFSET ${off}`
            : sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE position >= ${off} AND position < ${off + f.limit + 1}`,
        )
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toPerson(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

/**
 * The persons of `ciks`, in that order: lines of the `insiderPersons` lookup file (contract INSIDER_PERSONS),
 * not a query (serving.ts insiderLookups says why).
 */
function personsByCik(db: Db, ciks: number[]): PersonRow[] {
  return ciks.flatMap((cik) => INSIDER_PERSONS.get(db, cik))
}

export async function getPersonRow(db: Db, cik: number) {
  const row = personsByCik(db, [cik])[0]
  if (!row) throw notFound(`No insider filings name the reporting owner CIK ${formatCik(cik)}.`)
  return row
}

export async function getPerson(db: Db, config: QueryConfig, cik: number) {
  return toPerson(config.archivesUrl, await getPersonRow(db, cik))
}
