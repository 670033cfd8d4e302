/**
 * An issuer's or a person's feed page from lines of a lookup file (`insiderIssuerFeed`,
 * `insiderPersonFeed`: each transaction's position and the columns of the equality filters, in feed
 * order), without a query: on cold blocks the positions' query was most of a page's target. Only for
 * filters that are equalities on those columns, tested here as the SQL would (a null never matches);
 * value, date and 10b5-1 filters, and a page not found within the frame budget, take the query (feeds.ts).
 */
import type { Db } from '../../db/client.ts'
import type { TransactionFilters } from './schemas.ts'

/** Frames read before the query answers instead (~16 KB, a few hundred transactions each). */
const FRAMES = 32

const ROLE_AT = { director: 4, officer: 5, tenPercentOwner: 6, other: 7 } as const

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
  f: TransactionFilters,
  take: number,
): FeedRow[] | undefined {
  if (needsQuery(f)) return undefined
  const code = f.transactionCode?.toUpperCase()
  const derivative = f.derivative === undefined ? undefined : f.derivative === 'true'
  const role = f.insiderRole ? ROLE_AT[f.insiderRole as keyof typeof ROLE_AT] : undefined
  const budget = { frames: FRAMES, exhausted: false }
  const rows: FeedRow[] = []
  const file = db.lookup(scope === 'issuer' ? 'insiderIssuerFeed' : 'insiderPersonFeed')
  for (const line of file.lines(BigInt(cik), budget)) {
    const v = JSON.parse(line) as [number, string | null, string | null, ...(boolean | null)[]] &
      (string | number | boolean | null)[]
    if (f.acquiredDisposed && v[1] !== f.acquiredDisposed) continue
    if (code && v[2] !== code) continue
    if (derivative !== undefined && v[3] !== derivative) continue
    if (role !== undefined && v[role] !== true) continue
    rows.push(
      scope === 'issuer'
        ? { pos: v[0] }
        : {
            pos: v[0],
            is_director: v[4] as boolean,
            is_officer: v[5] as boolean,
            is_ten_percent_owner: v[6] as boolean,
            owner_name: v[8] as string | null,
            officer_title: v[9] as string | null,
          },
    )
    if (rows.length === take) return rows
  }
  return budget.exhausted ? undefined : rows
}
