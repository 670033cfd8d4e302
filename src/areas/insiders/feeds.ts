/**
 * The transaction feeds: every issuer's, one issuer's, one person's, and the activity windows. Lists read
 * in stored (feed) order without ORDER BY, so the scan stops when the page is full.
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, type Sql, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { getPersonRow } from './directories.ts'
import { issuerCikOf } from './queries.ts'
import { cik10, type TransactionLine, toTransaction } from './rows.ts'
import type { TransactionFilters } from './schemas.ts'

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

/** A feed's filters; an activity window also names the stretch of the feed its page lies in (windowStretch). */
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
async function feed(db: Db, config: QueryConfig, scope: Scope, f: FeedFilters & { limit: number }) {
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
  const page = await feed(db, config, { table: 'insider_person_feed', cik }, f)
  // An empty page is a 404 when no filing names the person: asked only then, it costs no query otherwise.
  if (!page.transactions.length) await getPersonRow(db, cik)
  return { ...page, filters: { cik: cik10(cik), ...feedFilters(f) } }
}

export async function listActivity(
  db: Db,
  config: QueryConfig,
  side: 'A' | 'D',
  f: { from?: string; end?: string; limit: number },
) {
  if (f.from && f.end && f.from > f.end) throw invalidRange('end', `expected on or after from (${f.from})`)
  // Without from and end, undated transactions count too: the page is the feed's top, scanned from there.
  const stretch = f.from || f.end ? await windowStretch(db, side, f.limit + 1, f.from, f.end) : { from: 0 }
  const page =
    stretch === undefined
      ? { transactions: [], pagination: { limit: f.limit, hasMoreData: false } }
      : await feed(db, config, { table: 'insider_feed' }, { ...f, acquiredDisposed: side, stretch })
  return { ...page, filters: { acquiredDisposed: side, from: f.from ?? null, end: f.end ?? null, limit: f.limit } }
}

type SideDays = { dates: string[]; firstPos: number[]; lastPos: number[] }

/** Each side's transaction dates, ascending, with their first and last feed positions (`insider_feed_days`), per snapshot. */
function feedDays(db: Db): Promise<ReadonlyMap<string, SideDays>> {
  return db.memo('insider-feed-days', async () => {
    const rows = await db.all<{ side: string; d: string; first: number; last: number }>(sql`
      SELECT acquired_disposed AS side, transaction_date::VARCHAR AS d, first_pos::DOUBLE AS first,
        last_pos::DOUBLE AS last FROM insider_feed_days`)
    const sides = new Map<string, SideDays>()
    for (const r of rows) {
      const s = sides.get(r.side) ?? { dates: [], firstPos: [], lastPos: [] }
      sides.set(r.side, s)
      s.dates.push(r.d)
      s.firstPos.push(r.first)
      s.lastPos.push(r.last)
    }
    return sides
  })
}

/**
 * The stretch of the feed [from, to] holding the first `take` positions of `side` transactions dated
 * within [fromDate, endDate] (either may be open), or undefined when the window has none. It starts at
 * the window's first position; it ends at its last one, or sooner: the `take` days whose first positions
 * come first already hold `take` transactions, all at or before the last of those first positions. A
 * page is then a scan of that stretch only, however far down the feed a window lies (pos is the sort key).
 */
async function windowStretch(db: Db, side: string, take: number, fromDate?: string, endDate?: string) {
  const days = (await feedDays(db)).get(side)
  if (!days) return undefined
  let lo = 0
  let hi = days.dates.length
  while (fromDate && lo < hi) {
    const mid = (lo + hi) >> 1
    if (days.dates[mid]! < fromDate) lo = mid + 1
    else hi = mid
  }
  let last = -1
  // The smallest `take` first positions seen, ascending.
  const firsts: number[] = []
  for (let i = lo; i < days.dates.length && (!endDate || days.dates[i]! <= endDate); i++) {
    last = Math.max(last, days.lastPos[i]!)
    const first = days.firstPos[i]!
    if (firsts.length === take && first >= firsts[take - 1]!) continue
    let at = firsts.length
    while (at > 0 && firsts[at - 1]! > first) at--
    firsts.splice(at, 0, first)
    if (firsts.length > take) firsts.pop()
  }
  if (!firsts.length) return undefined
  return { from: firsts[0]!, to: firsts.length === take ? Math.min(last, firsts[take - 1]!) : last }
}

const invalidRange = (name: string, problem: string) =>
  new ApiError('invalid_parameter', `Invalid value for ${name}: ${problem}.`, { [name]: problem })
