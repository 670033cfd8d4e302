/**
 * An issuer's or a person's feed page from lines of a lookup file (`insiderIssuerFeed`,
 * `insiderPersonFeed`: each transaction's position and the columns of the equality filters, in feed
 * order), without a query: on cold blocks the positions' query was most of a page's target. Only for
 * filters that are equalities on those columns, tested here as the SQL would (a null never matches);
 * value, date and 10b5-1 filters, and a page not found within the frame budget, take the query (feeds.ts).
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import { INSIDER_ISSUER_FEED, INSIDER_PERSON_FEED } from '../../../pipeline/sources/insider-transactions/contract.ts'
import type { TransactionFilters } from '../schemas.ts'

type IssuerLine = Static<typeof INSIDER_ISSUER_FEED.fields>
type PersonLine = Static<typeof INSIDER_PERSON_FEED.fields>

/** Frames read before the query answers instead (~16 KB, a few hundred transactions each). */
const FRAMES = 32

const ROLE_COLUMN = {
  director: 'is_director',
  officer: 'is_officer',
  tenPercentOwner: 'is_ten_percent_owner',
  other: 'is_other',
} as const

/** A feed row as the page needs it: its position, and for a person's feed the person's own record. */
export type FeedRow = {
  pos: number
  owner_name?: string | null
  officer_title?: string | null
  is_director?: boolean
  is_officer?: boolean
  is_ten_percent_owner?: boolean
}

/** Filters the lines cannot test: the page then comes from the query. */
const needsQuery = (f: TransactionFilters) =>
  f.minValue !== undefined || f.aff10b5One || f.acceptedFrom || f.transactionFrom || f.transactionTo

/**
 * The first `take` rows of `cik`'s feed that pass `f`, or undefined when the lines cannot answer
 * (a filter they do not hold, or the page not complete within FRAMES frames).
 */
export function feedRowsFromLines(
  db: Db,
  scope: 'issuer' | 'person',
  cik: number,
  f: TransactionFilters & { after?: number },
  take: number,
): FeedRow[] | undefined {
  if (needsQuery(f)) return undefined
  const code = f.transactionCode?.toUpperCase()
  const derivative = f.derivative === undefined ? undefined : f.derivative === 'true'
  const role = f.insiderRole ? ROLE_COLUMN[f.insiderRole as keyof typeof ROLE_COLUMN] : undefined
  const budget = { frames: FRAMES, exhausted: false }
  const rows: FeedRow[] = []
  // A person's lines are an issuer's with the person's name and title after them.
  const lines: Generator<IssuerLine & Partial<PersonLine>> =
    scope === 'issuer' ? INSIDER_ISSUER_FEED.lines(db, cik, budget) : INSIDER_PERSON_FEED.lines(db, cik, budget)
  for (const v of lines) {
    // A later page's lines are read from the feed's top too: a deep cursor runs out of frames and takes the query.
    if (f.after !== undefined && v.pos <= f.after) continue
    if (f.acquiredDisposed && v.acquired_disposed !== f.acquiredDisposed) continue
    if (code && v.transaction_code !== code) continue
    if (derivative !== undefined && v.derivative !== derivative) continue
    if (role !== undefined && v[role] !== true) continue
    rows.push(
      scope === 'issuer'
        ? { pos: v.pos }
        : {
            pos: v.pos,
            is_director: v.is_director as boolean,
            is_officer: v.is_officer as boolean,
            is_ten_percent_owner: v.is_ten_percent_owner as boolean,
            owner_name: v.owner_name ?? null,
            officer_title: v.officer_title ?? null,
          },
    )
    if (rows.length === take) return rows
  }
  return budget.exhausted ? undefined : rows
}
