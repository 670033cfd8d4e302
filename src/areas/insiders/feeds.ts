/**
 * The transaction feeds: every issuer's, one issuer's, one person's, and the activity windows. Lists read
 * in stored (feed) order without ORDER BY, so the scan stops when the page is full.
 */

import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, type Sql, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { formatCik } from '../../lib/ids.ts'
import { INSIDER_TRANSACTIONS } from '../../pipeline/sources/insider-transactions/contract.ts'
import { getPersonRow } from './directories.ts'
import { type FeedRow, feedRowsFromLines } from './feed-lines.ts'
import { issuerCikOf } from './queries.ts'
import { toTransaction } from './rows.ts'
import type { TransactionFilters } from './schemas.ts'
import { activityWindow } from './windows.ts'

const ROLE_COLUMN = {
  director: 'is_director',
  officer: 'is_officer',
  tenPercentOwner: 'is_ten_percent_owner',
  other: 'is_other',
}

type Scope =
  | { table: 'insider_feed' }
  | { table: 'insider_issuer_feed'; cik: number }
  | { table: 'insider_person_feed'; cik: number }

/** A feed's filters; an activity window may also name the stretch of the feed its page lies in (windows.ts). */
type FeedFilters = TransactionFilters & { from?: string; end?: string; stretch?: { from: number; to?: number } }

function feedWhere(scope: Scope, f: FeedFilters): Sql {
  const role = f.insiderRole ? ROLE_COLUMN[f.insiderRole as keyof typeof ROLE_COLUMN] : undefined
  return join([
    scope.table === 'insider_issuer_feed' ? sql`issuer_cik = ${scope.cik}` : empty,
    scope.table === 'insider_person_feed' ? sql`person_cik = ${scope.cik}` : empty,
    f.acquiredDisposed ? sql`acquired_disposed = ${f.acquiredDisposed}` : empty,
    f.transactionCode ? sql`transaction_code = ${f.transactionCode.toUpperCase()}` : empty,
    f.derivative === 'false' ? sql`NOT derivative` : f.derivative === 'true' ? sql`derivative` : empty,
    role ? { text: `${role}`, values: [] } : empty,
    f.aff10b5One ? sql`aff10b5_one = ${f.aff10b5One === 'true'}` : empty,
    f.minValue !== undefined ? sql`value >= ${f.minValue}` : empty,
    f.acceptedFrom ? sql`accepted_at >= ${f.acceptedFrom}::TIMESTAMP` : empty,
    f.transactionFrom ? sql`transaction_date >= ${f.transactionFrom}::DATE` : empty,
    f.transactionTo ? sql`transaction_date <= ${f.transactionTo}::DATE` : empty,
    f.stretch ? sql`pos >= ${f.stretch.from}` : empty,
    f.stretch?.to !== undefined ? sql`pos <= ${f.stretch.to}` : empty,
    f.from ? sql`transaction_date >= ${f.from}::DATE` : empty,
    f.end ? sql`transaction_date <= ${f.end}::DATE` : empty,
  ])
}

const tableSql = (scope: Scope): Sql => ({ text: scope.table, values: [] })

/**
 * A page of a feed: the positions of the first rows that pass the filters, in stored (feed) order, then
 * their transactions from the lookup file. The positions of an issuer's or a person's page come from the
 * lines of its lookup file when they can (feed-lines.ts), else from a query. The person feed names the
 * person as reporter.
 */
async function feed(db: Db, config: QueryConfig, scope: Scope, f: FeedFilters & { limit: number }) {
  const person = scope.table === 'insider_person_feed'
  const lines =
    scope.table === 'insider_feed' || f.stretch
      ? undefined
      : feedRowsFromLines(db, person ? 'person' : 'issuer', scope.cik, f, f.limit + 1)
  const rows =
    lines ??
    (await db.all<FeedRow>(
      person
        ? sql`SELECT pos::DOUBLE AS pos, owner_name, officer_title, is_director, is_officer, is_ten_percent_owner
          FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${f.limit + 1}`
        : sql`SELECT pos::DOUBLE AS pos FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${f.limit + 1}`,
    ))
  return pageAt(db, config, rows, f.limit, person ? scope.cik : undefined)
}

/**
 * A page of `limit` transactions from the feed positions of its rows (one more tells whether more
 * follow), read from the lookup file; a person's feed (`personCik`) names the person as reporter.
 */
function pageAt(db: Db, config: QueryConfig, rows: FeedRow[], limit: number, personCik?: number) {
  const page = rows.slice(0, limit)
  const lines = INSIDER_TRANSACTIONS.getMany(
    db,
    page.map((r) => r.pos),
  )
  return {
    transactions: page.map((r, i) => {
      const t = lines[i]![0]!
      const reporter =
        personCik !== undefined
          ? {
              cik: formatCik(personCik),
              name: r.owner_name ?? null,
              director: r.is_director ?? false,
              officer: r.is_officer ?? false,
              tenPercentOwner: r.is_ten_percent_owner ?? false,
              officerTitle: r.officer_title ?? null,
            }
          : t.reporter
      return toTransaction(config.archivesUrl, t, reporter)
    }),
    pagination: { limit, hasMoreData: rows.length > limit },
  }
}

const feedFilters = (f: TransactionFilters & { limit: number }) => ({
  acquiredDisposed: f.acquiredDisposed ?? null,
  transactionCode: f.transactionCode?.toUpperCase() ?? null,
  derivative: f.derivative === undefined ? null : f.derivative === 'true',
  insiderRole: f.insiderRole ?? null,
  minValue: f.minValue ?? null,
  aff10b5One: f.aff10b5One === undefined ? null : f.aff10b5One === 'true',
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
  const page = await feed(db, config, { table: 'insider_person_feed', cik }, f)
  // An empty page is a 404 when no filing names the person: asked only then, it costs no query otherwise.
  if (!page.transactions.length) await getPersonRow(db, cik)
  return { ...page, filters: { cik: formatCik(cik), ...feedFilters(f) } }
}

export async function listActivity(
  db: Db,
  config: QueryConfig,
  side: 'A' | 'D',
  f: { from?: string; end?: string; limit: number },
) {
  if (f.from && f.end && f.from > f.end) throw invalidRange('end', `expected on or after from (${f.from})`)
  // Without from and end, undated transactions count too: the page is the feed's top, scanned from there.
  const window = f.from || f.end ? await activityWindow(db, side, f.limit + 1, f.from, f.end) : { stretch: { from: 0 } }
  const page =
    window === undefined
      ? { transactions: [], pagination: { limit: f.limit, hasMoreData: false } }
      : 'positions' in window
        ? pageAt(
            db,
            config,
            window.positions.map((pos) => ({ pos })),
            f.limit,
          )
        : await feed(db, config, { table: 'insider_feed' }, { ...f, acquiredDisposed: side, stretch: window.stretch })
  return { ...page, filters: { acquiredDisposed: side, from: f.from ?? null, end: f.end ?? null, limit: f.limit } }
}

const invalidRange = (name: string, problem: string) =>
  new ApiError('invalid_parameter', `Invalid value for ${name}: ${problem}.`, { [name]: problem })
