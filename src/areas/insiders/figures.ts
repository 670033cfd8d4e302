/**
 * The build's aggregates as the API gives them: statistics, the daily leaders, and an issuer's lifetime
 * counts, shares and values. Every dollar figure, nets included, is the build's (in cents, from
 * non-derivative rows only: the source's money.ts); nothing here adds money up.
 */

import type { Static } from '@sinclair/typebox'
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { defineMemo } from '../../db/memo.ts'
import { sql } from '../../db/sql.ts'
import { INSIDER_DAILY_LEADERS } from '../../pipeline/sources/insider-transactions/contract.ts'
import { easternTime } from '../common/edgar-values.ts'
import { insiderCompanies, latestOf } from './directories.ts'
import { issuerCikOf, notFound } from './queries.ts'
import { issuerOf } from './rows.ts'

export async function getStatistics(db: Db) {
  const r = await db.one<Record<string, number | string | null>>(sql`SELECT company_count::DOUBLE AS company_count,
    person_count::DOUBLE AS person_count, filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count,
    buy_count::DOUBLE AS buy_count, sell_count::DOUBLE AS sell_count, derivative_count::DOUBLE AS derivative_count,
    buy_shares, sell_shares, buy_value, sell_value, net_value, latest_transaction_date::VARCHAR AS latest_transaction_date,
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

type LeaderType = 'top_buyers' | 'top_sellers'
/** The latest date each scope ranks anyone of each side: `open` (P and S) and `all` (non-derivative). */
type LatestDates = Record<'open' | 'all', Record<LeaderType, string | null>>
type ActivityDays = { dates: ReadonlySet<string>; latest: LatestDates; latestAny: string | null }

/**
 * The transaction dates covered (5,400 at full volume) and the leaders' default dates, held per
 * snapshot: a leaders page then costs one query (the date's check and default each cost a query of its own: docs/benchmarks.md).
 */
const ACTIVITY_DAYS = defineMemo<ActivityDays>({
  name: 'insider-activity-days',
  from: ['insider_days', 'insider_statistics'],
  holds: "the transaction dates covered and the daily leaders' default dates",
  compute: async (db) => {
    const rows = await db.all<{ d: string }>(sql`SELECT activity_date::VARCHAR AS d FROM insider_days`)
    type Latest = Record<'purchase' | 'sale' | 'buy' | 'sell' | 'any', string | null>
    const r = await db.one<Latest>(sql`SELECT latest_purchase_date::VARCHAR AS purchase,
      latest_sale_date::VARCHAR AS sale, latest_buy_date::VARCHAR AS buy, latest_sell_date::VARCHAR AS sell,
      latest_transaction_date::VARCHAR AS any FROM insider_statistics`)
    const latest = {
      open: { top_buyers: r?.purchase ?? null, top_sellers: r?.sale ?? null },
      all: { top_buyers: r?.buy ?? null, top_sellers: r?.sell ?? null },
    }
    return { dates: new Set(rows.map((d) => d.d)), latest, latestAny: r?.any ?? null }
  },
})

const activityDays = (db: Db) => db.memo(ACTIVITY_DAYS)

/**
 * A day's leaders of one type and scope, in rank order: the lines of the `insiderDailyLeaders` lookup file
 * under the contract's LEADERS_KEY, read there, not queried (serving.ts says why).
 */
export async function dailyLeaders(
  db: Db,
  type: LeaderType,
  f: { date?: string; limit: number; openMarketOnly?: string },
) {
  const openMarketOnly = f.openMarketOnly !== 'false'
  // Default: the latest transaction date that ranks anyone of this side and scope (a day of only buys has no
  // sellers); when none does (no open-market purchase at all), the latest transaction date, ranking no one.
  const days = await activityDays(db)
  const date = f.date ?? days.latest[openMarketOnly ? 'open' : 'all'][type] ?? days.latestAny
  if (!date || !days.dates.has(date)) throw notFound(`No insider transactions are dated ${date ?? '(no data)'}.`)
  const rows: IssuerRowFigures[] = []
  for (const row of INSIDER_DAILY_LEADERS.lines(db, { date, openMarketOnly, type })) {
    if (rows.length === f.limit) break
    rows.push(row)
  }
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

type IssuerRowFigures = Static<typeof INSIDER_DAILY_LEADERS.fields>

/** An issuer's lifetime figures; 404 when it has no insider data. */
export async function issuerFigures(db: Db, config: QueryConfig, ticker: string) {
  const cik = await issuerCikOf(db, ticker)
  const r = (await insiderCompanies(db)).byCik.get(cik)
  if (!r) throw notFound('Insider transaction snapshot was not found for the ticker.')
  // In the schema's order (the time first), as the body has always been written.
  const { latestAccepted, ...filing } = latestOf(config.archivesUrl, r.issuer_cik, r)
  const latest = { latestTransactionDate: r.latest_transaction_date, latestAccepted, ...filing }
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
  return { issuer, ...shares(r.buy_shares, r.sell_shares), transactionCount: r.transaction_count, ...latest }
}

export async function netValue(db: Db, config: QueryConfig, ticker: string) {
  const { r, issuer, latest } = await issuerFigures(db, config, ticker)
  return {
    issuer,
    ...dollars(r.buy_value, r.sell_value, r.net_value),
    transactionCount: r.transaction_count,
    ...latest,
  }
}
