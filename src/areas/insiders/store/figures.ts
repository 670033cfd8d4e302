/**
 * The build's aggregates: the statistics, the transaction dates covered with the daily leaders' default
 * dates, and a day's leaders. Every dollar figure, nets included, is the build's (in cents, from
 * non-derivative rows only: the source's money.ts).
 */

import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { INSIDER_DAILY_LEADERS } from '../../../pipeline/sources/insider-transactions/contract.ts'

/** The one row of `insider_statistics`, numbers as DOUBLE and dates and times as text. */
export type StatisticsRow = Record<string, number | string | null>

export const statistics = (db: Db): Promise<StatisticsRow | undefined> =>
  db.one<StatisticsRow>(sql`SELECT company_count::DOUBLE AS company_count,
    person_count::DOUBLE AS person_count, filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count,
    buy_count::DOUBLE AS buy_count, sell_count::DOUBLE AS sell_count, derivative_count::DOUBLE AS derivative_count,
    buy_shares, sell_shares, buy_value, sell_value, net_value, latest_transaction_date::VARCHAR AS latest_transaction_date,
    latest_accepted::VARCHAR AS latest_accepted FROM insider_statistics`)

export type LeaderType = 'top_buyers' | 'top_sellers'
/** The latest date each scope ranks anyone of each side: `open` (P and S) and `all` (non-derivative). */
type LatestDates = Record<'open' | 'all', Record<LeaderType, string | null>>
export type ActivityDays = { dates: ReadonlySet<string>; latest: LatestDates; latestAny: string | null }

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

export const activityDays = (db: Db): Promise<ActivityDays> => db.memo(ACTIVITY_DAYS)

export type LeaderRow = Static<typeof INSIDER_DAILY_LEADERS.fields>

/**
 * A day's first `limit` leaders of one type and scope, in rank order: the lines of the
 * `insiderDailyLeaders` lookup file under the contract's LEADERS_KEY, read there, not queried
 * (serving.ts says why).
 */
export function dailyLeaders(
  db: Db,
  key: { date: string; openMarketOnly: boolean; type: LeaderType },
  limit: number,
): LeaderRow[] {
  const rows: LeaderRow[] = []
  for (const row of INSIDER_DAILY_LEADERS.lines(db, key)) {
    if (rows.length === limit) break
    rows.push(row)
  }
  return rows
}
