/**
 * Insiders SQL: one query per operation over the serving tables of the insider source (contract.ts),
 * each sorted on the key the operation filters by; lists read in stored order without ORDER BY, so the
 * scan stops when the page is full. Aggregates are the build's; nothing is summed here but an issuer's
 * or a person's positions (a few hundred rows at most), whose filters are the request's.
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, list, type Sql, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { cikForTicker } from '../common/identifiers.ts'
import { personPageByGram } from './person-search.ts'
import { cik10, filingUrl, issuerOf, stamp, type TransactionLine, toTransaction } from './rows.ts'
import type { TransactionFilters } from './schemas.ts'

const ROLE_COLUMN = {
  director: 'is_director',
  officer: 'is_officer',
  tenPercentOwner: 'is_ten_percent_owner',
  other: 'is_other',
}

export const notFound = (message: string) => new ApiError('not_found', message)

/** The issuer a ticker names (its primary ticker first, as SPEC 4.4 says); 404 when it names nobody. */
export async function issuerCikOf(db: Db, ticker: string): Promise<number> {
  const cik = await cikForTicker(db, ticker)
  if (cik === undefined) throw notFound(`No company has the ticker ${ticker.toUpperCase()}.`)
  return cik
}

type Scope =
  | { table: 'insider_feed' }
  | { table: 'insider_issuer_feed'; cik: number }
  | { table: 'insider_person_feed'; cik: number }

function feedWhere(scope: Scope, f: TransactionFilters & { from?: string; end?: string }): Sql {
  const role = f.insiderRole ? ROLE_COLUMN[f.insiderRole as keyof typeof ROLE_COLUMN] : undefined
  return join([
    scope.table === 'insider_issuer_feed' ? sql`issuer_cik = ${scope.cik}` : empty,
    scope.table === 'insider_person_feed' ? sql`person_cik = ${scope.cik}` : empty,
    f.acquiredDisposed ? sql`acquired_disposed = ${f.acquiredDisposed}` : empty,
    f.transactionCode ? sql`transaction_code = ${f.transactionCode.toUpperCase()}` : empty,
    f.derivative === 'false' ? sql`NOT derivative` : f.derivative === 'true' ? sql`derivative` : empty,
    role ? { text: `${role}`, values: [] } : empty,
    f.minValue !== undefined ? sql`value >= ${f.minValue}` : empty,
    f.acceptedFrom ? sql`accepted_at >= ${f.acceptedFrom}::TIMESTAMP` : empty,
    f.transactionFrom ? sql`transaction_date >= ${f.transactionFrom}::DATE` : empty,
    f.transactionTo ? sql`transaction_date <= ${f.transactionTo}::DATE` : empty,
    f.from ? sql`transaction_date >= ${f.from}::DATE` : empty,
    f.end ? sql`transaction_date <= ${f.end}::DATE` : empty,
  ])
}

const tableSql = (scope: Scope): Sql => ({ text: scope.table, values: [] })

type FeedRow = {
  pos: number
  owner_name?: string | null
  officer_title?: string | null
  is_director?: boolean
  is_officer?: boolean
  is_ten_percent_owner?: boolean
}

/**
 * A page of a feed: the positions of the first rows that pass the filters, in stored (feed) order, then
 * their transactions from the lookup file. The person feed names the person as reporter.
 */
async function feed(
  db: Db,
  config: QueryConfig,
  scope: Scope,
  f: TransactionFilters & { from?: string; end?: string; limit: number },
) {
  const person = scope.table === 'insider_person_feed'
  const rows = await db.all<FeedRow>(
    person
      ? sql`SELECT pos::DOUBLE AS pos, owner_name, officer_title, is_director, is_officer, is_ten_percent_owner
          FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${f.limit + 1}`
      : sql`SELECT pos::DOUBLE AS pos FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${f.limit + 1}`,
  )
  const page = rows.slice(0, f.limit)
  const lines = db.lookup('insiderTransactions').getMany(page.map((r) => BigInt(r.pos)))
  return {
    transactions: page.map((r, i) => {
      const t = JSON.parse(lines[i]![0]!) as TransactionLine
      const reporter = person
        ? {
            cik: cik10(scope.cik),
            name: r.owner_name ?? null,
            director: r.is_director ?? false,
            officer: r.is_officer ?? false,
            tenPercentOwner: r.is_ten_percent_owner ?? false,
            officerTitle: r.officer_title ?? null,
          }
        : t.reporter
      return toTransaction(config.archivesUrl, t, reporter)
    }),
    pagination: { limit: f.limit, hasMoreData: rows.length > f.limit },
  }
}

const feedFilters = (f: TransactionFilters & { limit: number }) => ({
  acquiredDisposed: f.acquiredDisposed ?? null,
  transactionCode: f.transactionCode?.toUpperCase() ?? null,
  derivative: f.derivative === undefined ? null : f.derivative === 'true',
  insiderRole: f.insiderRole ?? null,
  minValue: f.minValue ?? null,
  acceptedFrom: f.acceptedFrom ?? null,
  transactionFrom: f.transactionFrom ?? null,
  transactionTo: f.transactionTo ?? null,
  limit: f.limit,
})

export async function listTransactions(
  db: Db,
  config: QueryConfig,
  f: TransactionFilters & { limit: number },
  ticker?: string,
) {
  const scope: Scope = ticker
    ? { table: 'insider_issuer_feed', cik: await issuerCikOf(db, ticker) }
    : { table: 'insider_feed' }
  const page = await feed(db, config, scope, f)
  return { ...page, filters: { ...(ticker ? { ticker: ticker.toUpperCase() } : {}), ...feedFilters(f) } }
}

export async function listPersonTransactions(
  db: Db,
  config: QueryConfig,
  f: TransactionFilters & { limit: number },
  cik: number,
) {
  await getPersonRow(db, cik)
  const page = await feed(db, config, { table: 'insider_person_feed', cik }, f)
  return { ...page, filters: { cik: cik10(cik), ...feedFilters(f) } }
}

export async function listActivity(
  db: Db,
  config: QueryConfig,
  side: 'A' | 'D',
  f: { from?: string; end?: string; limit: number },
) {
  if (f.from && f.end && f.from > f.end) throw invalidRange('end', `expected on or after from (${f.from})`)
  const page = await feed(db, config, { table: 'insider_feed' }, { ...f, acquiredDisposed: side })
  return { ...page, filters: { acquiredDisposed: side, from: f.from ?? null, end: f.end ?? null, limit: f.limit } }
}

const invalidRange = (name: string, problem: string) =>
  new ApiError('invalid_parameter', `Invalid value for ${name}: ${problem}.`, { [name]: problem })

type CompanyRow = {
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
  latest_acc: string | null
  latest_accepted: string | null
  latest_transaction_date: string | null
}

const COMPANY_SELECT = sql`issuer_cik::DOUBLE AS issuer_cik, ticker, name, filing_count::DOUBLE AS filing_count,
  transaction_count::DOUBLE AS transaction_count, reporter_count::DOUBLE AS reporter_count, buy_count::DOUBLE AS buy_count,
  sell_count::DOUBLE AS sell_count, buy_shares, sell_shares, buy_value, sell_value, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date`

const latestOf = (archives: string, cik: number, r: { latest_acc: string | null; latest_accepted: string | null }) => ({
  latestAccessionNumber: r.latest_acc ? accession(r.latest_acc) : null,
  latestFilingUrl: r.latest_acc ? filingUrl(archives, cik, r.latest_acc) : null,
  latestAccepted: stamp(r.latest_accepted),
})
const accession = (acc: string) => {
  const d = acc.padStart(18, '0')
  return `${d.slice(0, 10)}-${d.slice(10, 12)}-${d.slice(12)}`
}

const toCompany = (archives: string, r: CompanyRow) => ({
  cik: cik10(r.issuer_cik),
  ticker: r.ticker,
  name: r.name,
  ...latestOf(archives, r.issuer_cik, r),
  latestTransactionDate: r.latest_transaction_date,
  filingCount: r.filing_count,
  transactionCount: r.transaction_count,
  reporterCount: r.reporter_count,
})

export async function listCompanies(db: Db, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim().toLowerCase() || null
  const off = offsetOf(f)
  const rows = await db.all<CompanyRow>(
    q
      ? sql`SELECT ${COMPANY_SELECT} FROM insider_companies WHERE contains(search_text, ${q}) ORDER BY position
            LIMIT ${f.limit + 1} OFFSET ${off}`
      : sql`SELECT ${COMPANY_SELECT} FROM insider_companies WHERE position >= ${off} AND position < ${off + f.limit + 1}`,
  )
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toCompany(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

type PersonRow = {
  cik: number
  name: string | null
  is_director: boolean
  is_officer: boolean
  is_ten_percent_owner: boolean
  latest_officer_title: string | null
  latest_issuer_cik: number | null
  latest_issuer_ticker: string | null
  latest_issuer_name: string | null
  latest_acc: string | null
  latest_accepted: string | null
  latest_transaction_date: string | null
  filing_count: number
  transaction_count: number
  issuer_count: number
}

const PERSON_SELECT = sql`cik::DOUBLE AS cik, name, is_director, is_officer, is_ten_percent_owner, latest_officer_title,
  latest_issuer_cik::DOUBLE AS latest_issuer_cik, latest_issuer_ticker, latest_issuer_name, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date,
  filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count, issuer_count::DOUBLE AS issuer_count`

const toPerson = (archives: string, r: PersonRow) => ({
  cik: cik10(r.cik),
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
      ? await personsByCik(db, ciks)
      : await db.all<PersonRow>(
          q
            ? sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE contains(name_lower, ${q}) LIMIT ${f.limit + 1} OFFSET ${off}`
            : sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE position >= ${off} AND position < ${off + f.limit + 1}`,
        )
  const page = toPage(rows, f)
  return { data: page.data.map((r) => toPerson(config.archivesUrl, r)), pagination: page.pagination, filters: { q } }
}

/** The persons of `ciks`, in that order (one query on the CIK-sorted copy). */
async function personsByCik(db: Db, ciks: number[]): Promise<PersonRow[]> {
  if (!ciks.length) return []
  const rows = await db.all<PersonRow>(
    sql`SELECT ${PERSON_SELECT} FROM insider_persons_by_cik WHERE cik IN (${list(ciks)})`,
  )
  const byCik = new Map(rows.map((r) => [r.cik, r]))
  return ciks.flatMap((c) => byCik.get(c) ?? [])
}

async function getPersonRow(db: Db, cik: number) {
  const row = await db.one<PersonRow>(sql`SELECT ${PERSON_SELECT} FROM insider_persons_by_cik WHERE cik = ${cik}`)
  if (!row) throw notFound(`No insider filings name the reporting owner CIK ${cik10(cik)}.`)
  return row
}

export async function getPerson(db: Db, config: QueryConfig, cik: number) {
  return toPerson(config.archivesUrl, await getPersonRow(db, cik))
}

export async function getStatistics(db: Db) {
  const r = await db.one<Record<string, number | string | null>>(sql`SELECT company_count::DOUBLE AS company_count,
    person_count::DOUBLE AS person_count, filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count,
    buy_count::DOUBLE AS buy_count, sell_count::DOUBLE AS sell_count, derivative_count::DOUBLE AS derivative_count,
    buy_shares, sell_shares, buy_value, sell_value, latest_transaction_date::VARCHAR AS latest_transaction_date,
    latest_accepted::VARCHAR AS latest_accepted FROM insider_statistics`)
  const n = (k: string) => Number(r?.[k] ?? 0)
  return {
    companyCount: n('company_count'),
    personCount: n('person_count'),
    filingCount: n('filing_count'),
    transactionCount: n('transaction_count'),
    buyTransactionCount: n('buy_count'),
    sellTransactionCount: n('sell_count'),
    directionalTransactionCount: n('buy_count') + n('sell_count'),
    derivativeTransactionCount: n('derivative_count'),
    buySellRatio: ratio(n('buy_count'), n('sell_count')),
    buyShares: n('buy_shares'),
    sellShares: n('sell_shares'),
    netShares: n('buy_shares') - n('sell_shares'),
    buyValue: n('buy_value'),
    sellValue: n('sell_value'),
    netValue: n('buy_value') - n('sell_value'),
    latestTransactionDate: (r?.latest_transaction_date as string | null) ?? null,
    latestAccepted: stamp((r?.latest_accepted as string | null) ?? null),
  }
}

/** buy / sell counts, null without sells (RESPONSES §4); rounded to 4 places. */
const ratio = (buy: number, sell: number) => (sell === 0 ? null : Math.round((buy / sell) * 10_000) / 10_000)

export async function dailyLeaders(db: Db, type: 'top_buyers' | 'top_sellers', f: { date?: string; limit: number }) {
  // Default: the latest transaction date that ranks anyone of this side (a day of only buys has no sellers).
  const latest =
    type === 'top_buyers'
      ? sql`SELECT latest_buy_date::VARCHAR AS d FROM insider_statistics`
      : sql`SELECT latest_sell_date::VARCHAR AS d FROM insider_statistics`
  const date = f.date ?? (await db.one<{ d: string | null }>(latest))?.d ?? null
  const day =
    date && (await db.one<{ n: number }>(sql`SELECT 1 AS n FROM insider_days WHERE activity_date = ${date}::DATE`))
  if (!date || !day) throw notFound(`No insider transactions are dated ${date ?? '(no data)'}.`)
  const rows =
    await db.all<IssuerRowFigures>(sql`SELECT rank::DOUBLE AS rank, issuer_cik::DOUBLE AS issuer_cik, issuer_ticker,
    issuer_name, buy_value, sell_value, buy_shares, sell_shares, buy_count::DOUBLE AS buy_count, sell_count::DOUBLE AS sell_count,
    transaction_count::DOUBLE AS transaction_count, filing_count::DOUBLE AS filing_count, latest_accepted::VARCHAR AS latest_accepted
    FROM insider_daily_leaders WHERE activity_date = ${date}::DATE AND activity_type = ${type} AND rank <= ${f.limit}`)
  return {
    activityDate: date,
    activityType: type,
    data: rows.map((r) => ({
      rank: r.rank,
      issuer: issuerOf(r),
      buyValue: r.buy_value,
      sellValue: r.sell_value,
      netValue: r.buy_value - r.sell_value,
      buyShares: r.buy_shares,
      sellShares: r.sell_shares,
      buyTransactionCount: r.buy_count,
      sellTransactionCount: r.sell_count,
      transactionCount: r.transaction_count,
      filingCount: r.filing_count,
      latestAccepted: stamp(r.latest_accepted),
    })),
    filters: { activityDate: date, activityType: type, limit: f.limit },
  }
}

type IssuerRowFigures = {
  rank: number
  issuer_cik: number
  issuer_ticker: string | null
  issuer_name: string | null
  buy_value: number
  sell_value: number
  buy_shares: number
  sell_shares: number
  buy_count: number
  sell_count: number
  transaction_count: number
  filing_count: number
  latest_accepted: string | null
}

/** An issuer's lifetime figures; 404 when it has no insider data. */
export async function issuerFigures(db: Db, config: QueryConfig, ticker: string) {
  const cik = await issuerCikOf(db, ticker)
  const r = await db.one<CompanyRow>(sql`SELECT ${COMPANY_SELECT} FROM insider_companies WHERE issuer_cik = ${cik}`)
  if (!r) throw notFound('Insider transaction snapshot was not found for the ticker.')
  const latest = { latestTransactionDate: r.latest_transaction_date, ...latestOf(config.archivesUrl, r.issuer_cik, r) }
  const issuer = issuerOf({ issuer_cik: r.issuer_cik, issuer_ticker: r.ticker, issuer_name: r.name })
  return { r, issuer, latest }
}

export async function buySellRatio(db: Db, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(db, config, ticker)
  return {
    issuer,
    buyTransactionCount: r.buy_count,
    sellTransactionCount: r.sell_count,
    directionalTransactionCount: r.buy_count + r.sell_count,
    transactionCount: r.transaction_count,
    buySellRatio: ratio(r.buy_count, r.sell_count),
    ...latest,
  }
}

export async function netShares(db: Db, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(db, config, ticker)
  return {
    issuer,
    buyShares: r.buy_shares,
    sellShares: r.sell_shares,
    netShares: r.buy_shares - r.sell_shares,
    transactionCount: r.transaction_count,
    ...latest,
  }
}

export async function netValue(db: Db, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(db, config, ticker)
  return {
    issuer,
    buyValue: r.buy_value,
    sellValue: r.sell_value,
    netValue: r.buy_value - r.sell_value,
    transactionCount: r.transaction_count,
    ...latest,
  }
}
