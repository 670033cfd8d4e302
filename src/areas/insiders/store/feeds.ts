/**
 * The transaction feeds' data: the feed positions of a page's rows, and the transactions at positions.
 * Lists read in stored (feed) order without ORDER BY, so the scan stops when the page is full.
 */

import type { Db } from '../../../db/client.ts'
import { empty, join, type Sql, sql } from '../../../db/sql.ts'
import { INSIDER_TRANSACTIONS } from '../../../pipeline/sources/insider-transactions/contract.ts'
import type { TransactionLine } from '../rows.ts'
import type { TransactionFilters } from '../schemas.ts'
import { type FeedRow, feedRowsFromLines } from './feed-lines.ts'

const ROLE_COLUMN = {
  director: 'is_director',
  officer: 'is_officer',
  tenPercentOwner: 'is_ten_percent_owner',
  other: 'is_other',
}

/** Whose feed: every issuer's (`insider_feed`), one issuer's or one person's (sorted by that CIK). */
export type FeedScope = { of: 'all' } | { of: 'issuer'; cik: number } | { of: 'person'; cik: number }

const TABLE = { all: 'insider_feed', issuer: 'insider_issuer_feed', person: 'insider_person_feed' } as const

/**
 * A feed's filters; an activity window may also name the stretch of the feed its page lies in
 * (windows.ts), and a page after the first the position it starts after (its cursor).
 */
export type FeedFilters = TransactionFilters & {
  from?: string
  end?: string
  stretch?: { from: number; to?: number }
  after?: number
}

function feedWhere(scope: FeedScope, f: FeedFilters): Sql {
  const role = f.insiderRole ? ROLE_COLUMN[f.insiderRole as keyof typeof ROLE_COLUMN] : undefined
  return join([
    scope.of === 'issuer' ? sql`issuer_cik = ${scope.cik}` : empty,
    scope.of === 'person' ? sql`person_cik = ${scope.cik}` : empty,
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
    f.after !== undefined ? sql`pos > ${f.after}` : empty,
    f.from ? sql`transaction_date >= ${f.from}::DATE` : empty,
    f.end ? sql`transaction_date <= ${f.end}::DATE` : empty,
  ])
}

const tableSql = (scope: FeedScope): Sql => ({ text: TABLE[scope.of], values: [] })

/**
 * The first `take` rows of a feed that pass the filters, in stored (feed) order: their positions, and for
 * a person's feed the person's own record. An issuer's or a person's come from the lines of its lookup
 * file when they can (feed-lines.ts), else from a query.
 */
export async function feedRows(db: Db, scope: FeedScope, f: FeedFilters, take: number): Promise<FeedRow[]> {
  const lines = scope.of === 'all' || f.stretch ? undefined : feedRowsFromLines(db, scope.of, scope.cik, f, take)
  return (
    lines ??
    (await db.all<FeedRow>(
      scope.of === 'person'
        ? sql`SELECT pos::DOUBLE AS pos, owner_name, officer_title, is_director, is_officer, is_ten_percent_owner
          FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${take}`
        : sql`SELECT pos::DOUBLE AS pos FROM ${tableSql(scope)} WHERE ${feedWhere(scope, f)} LIMIT ${take}`,
    ))
  )
}

/** The transactions at feed positions, in their order: lines of the `insiderTransactions` lookup file. */
export const transactionsAt = (db: Db, positions: number[]): TransactionLine[] =>
  INSIDER_TRANSACTIONS.getMany(db, positions).map(([t]) => t!)
