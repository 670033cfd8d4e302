/**
 * The build's aggregates as the API gives them: statistics, the daily leaders, and an issuer's lifetime
 * counts, shares and values, from the rows the store reads (store/figures.ts, store/directories.ts). Every
 * dollar figure, nets included, is the build's (in cents, from non-derivative rows only: the source's
 * money.ts); nothing here adds money up.
 */

import type { QueryConfig } from '../../config.ts'
import { easternTime } from '../common/edgar-values.ts'
import { latestOf } from './directories.ts'
import { issuerCikOf, notFound } from './not-found.ts'
import { issuerOf } from './rows.ts'
import type { InsidersStore, LeaderType } from './store/index.ts'

export async function getStatistics(store: InsidersStore) {
  const r = await store.statistics()
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
    ...shares(n('buy_shares'), n('sell_shares')),
    ...dollars(n('buy_value'), n('sell_value'), n('net_value')),
    latestTransactionDate: (r?.latest_transaction_date as string | null) ?? null,
    latestAccepted: easternTime((r?.latest_accepted as string | null) ?? null),
  }
}

/** The shares insiders bought and sold, and the net, buy − sell. */
const shares = (buy: number, sell: number) => ({ buyShares: buy, sellShares: sell, netShares: buy - sell })

/** The dollars insiders bought and sold, and the net: all three the build's, in cents. */
const dollars = (buy: number, sell: number, net: number) => ({ buyValue: buy, sellValue: sell, netValue: net })

/** buy / sell counts, null without sells (docs/api/insiders.md, Lifetime figures); rounded to 4 places. */
const ratio = (buy: number, sell: number) => (sell === 0 ? null : Math.round((buy / sell) * 10_000) / 10_000)

/** A day's leaders of one type and scope, in rank order (store/figures.ts reads them). */
export async function dailyLeaders(
  store: InsidersStore,
  type: LeaderType,
  f: { date?: string; limit: number; openMarketOnly?: string },
) {
  const openMarketOnly = f.openMarketOnly !== 'false'
  // Default: the latest transaction date that ranks anyone of this side and scope (a day of only buys has no
  // sellers); when none does (no open-market purchase at all), the latest transaction date, ranking no one.
  const days = await store.activityDays()
  const date = f.date ?? days.latest[openMarketOnly ? 'open' : 'all'][type] ?? days.latestAny
  if (!date || !days.dates.has(date)) throw notFound(`No insider transactions are dated ${date ?? '(no data)'}.`)
  const rows = store.dailyLeaders({ date, openMarketOnly, type }, f.limit)
  return {
    activityDate: date,
    activityType: type,
    data: rows.map((r) => ({
      rank: r.rank,
      issuer: issuerOf(r),
      ...dollars(r.buy_value, r.sell_value, r.net_value),
      buyShares: r.buy_shares,
      sellShares: r.sell_shares,
      buyTransactionCount: r.buy_count,
      sellTransactionCount: r.sell_count,
      transactionCount: r.transaction_count,
      filingCount: r.filing_count,
      latestAccepted: easternTime(r.latest_accepted),
    })),
    filters: { activityDate: date, activityType: type, limit: f.limit, openMarketOnly },
  }
}

/** An issuer's lifetime figures; 404 when it has no insider data. */
export async function issuerFigures(store: InsidersStore, config: QueryConfig, ticker: string) {
  const cik = await issuerCikOf(store, ticker)
  const r = await store.company(cik)
  if (!r) throw notFound('Insider transaction snapshot was not found for the ticker.')
  // In the schema's order (the time first), as the body has always been written.
  const { latestAccepted, ...filing } = latestOf(config.archivesUrl, r.issuer_cik, r)
  const latest = { latestTransactionDate: r.latest_transaction_date, latestAccepted, ...filing }
  const issuer = issuerOf({ issuer_cik: r.issuer_cik, issuer_ticker: r.ticker, issuer_name: r.name })
  return { r, issuer, latest }
}

export async function buySellRatio(store: InsidersStore, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(store, config, ticker)
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

export async function netShares(store: InsidersStore, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(store, config, ticker)
  return { issuer, ...shares(r.buy_shares, r.sell_shares), transactionCount: r.transaction_count, ...latest }
}

export async function netValue(store: InsidersStore, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(store, config, ticker)
  return {
    issuer,
    ...dollars(r.buy_value, r.sell_value, r.net_value),
    transactionCount: r.transaction_count,
    ...latest,
  }
}
