/**
 * The transaction feeds as the API gives them: every issuer's, one issuer's, one person's, and the
 * activity windows (a window's page from its positions, or from the stretch of the feed holding them:
 * store/windows.ts), with the filters echoed normalized.
 */

import type { QueryConfig } from '../../config.ts'
import { ApiError } from '../../http/errors.ts'
import { cursorOf, positionOf, rowMark, staleCursor } from '../../http/pagination.ts'
import { formatCik } from '../../lib/ids.ts'
import { issuerCikOf, personOf } from './not-found.ts'
import { toTransaction } from './rows.ts'
import type { TransactionFilters } from './schemas.ts'
import type { FeedFilters, FeedRow, FeedScope, InsidersStore } from './store/index.ts'

/** A feed's page size, and the cursor it starts after. */
type Page = { limit: number; cursor?: string }

/**
 * A page of a feed: the first rows that pass the filters, in stored (feed) order, after the cursor's
 * position if given, then their transactions. The person feed names the person as reporter.
 */
async function feed(store: InsidersStore, config: QueryConfig, scope: FeedScope, f: FeedFilters & Page) {
  const after = f.cursor === undefined ? f.after : cursorPosition(store, f.cursor)
  const rows = await store.feedRows(scope, { ...f, after }, f.limit + 1)
  return pageAt(store, config, rows, f.limit, scope.of === 'person' ? scope.cik : undefined)
}

/**
 * The position after which a cursor's page starts, once the row it names is checked to be still there:
 * a cursor of another snapshot's list is refused, not answered with other rows (src/http/pagination.ts).
 */
function cursorPosition(store: InsidersStore, cursor: string): number {
  const { position, mark } = positionOf(cursor)
  const [row] = store.transactions([position])
  if (!row || rowMark(row) !== mark) throw staleCursor()
  return position
}

/**
 * A page of `limit` transactions from the feed positions of its rows (one more tells whether more
 * follow), read from the lookup file; a person's feed (`personCik`) names the person as reporter. The
 * next page's cursor is the last row's position.
 */
function pageAt(store: InsidersStore, config: QueryConfig, rows: FeedRow[], limit: number, personCik?: number) {
  const page = rows.slice(0, limit)
  const lines = store.transactions(page.map((r) => r.pos))
  return {
    transactions: page.map((r, i) => {
      const t = lines[i]!
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
    pagination: {
      limit,
      hasMoreData: rows.length > limit,
      nextCursor: rows.length > limit ? cursorOf(page.at(-1)!.pos, rowMark(lines.at(-1))) : null,
    },
  }
}

const feedFilters = (f: TransactionFilters & Page) => ({
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
  store: InsidersStore,
  config: QueryConfig,
  f: TransactionFilters & Page,
  ticker?: string,
) {
  const scope: FeedScope = ticker ? { of: 'issuer', cik: await issuerCikOf(store, ticker) } : { of: 'all' }
  const page = await feed(store, config, scope, f)
  return { ...page, filters: { ...(ticker ? { ticker: ticker.toUpperCase() } : {}), ...feedFilters(f) } }
}

export async function listPersonTransactions(
  store: InsidersStore,
  config: QueryConfig,
  f: TransactionFilters & Page,
  cik: number,
) {
  const page = await feed(store, config, { of: 'person', cik }, f)
  // An empty page is a 404 when no filing names the person: asked only then, it costs no query otherwise.
  if (!page.transactions.length) personOf(store, cik)
  return { ...page, filters: { cik: formatCik(cik), ...feedFilters(f) } }
}

export async function listActivity(
  store: InsidersStore,
  config: QueryConfig,
  side: 'A' | 'D',
  f: { from?: string; end?: string } & Page,
) {
  if (f.from && f.end && f.from > f.end) throw invalidRange('end', `expected on or after from (${f.from})`)
  const after = f.cursor === undefined ? undefined : cursorPosition(store, f.cursor)
  // Without from and end, undated transactions count too: the page is the feed's top (or the rows after
  // the cursor), scanned from there.
  const window =
    f.from || f.end
      ? await store.activityWindow(side, f.limit + 1, f.from, f.end, after)
      : { stretch: { from: after === undefined ? 0 : after + 1 } }
  const page =
    window === undefined
      ? { transactions: [], pagination: { limit: f.limit, hasMoreData: false, nextCursor: null } }
      : 'positions' in window
        ? pageAt(
            store,
            config,
            window.positions.map((pos) => ({ pos })),
            f.limit,
          )
        : await feed(
            store,
            config,
            { of: 'all' },
            { limit: f.limit, from: f.from, end: f.end, acquiredDisposed: side, stretch: window.stretch },
          )
  return { ...page, filters: { acquiredDisposed: side, from: f.from ?? null, end: f.end ?? null, limit: f.limit } }
}

const invalidRange = (name: string, problem: string) =>
  new ApiError('invalid_parameter', `Invalid value for ${name}: ${problem}.`, { [name]: problem })
