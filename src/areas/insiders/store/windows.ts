/**
 * Where an activity window's page is (buys or sells dated within [from, end], in feed order): the
 * window's first `take` feed positions, from the `insiderFeedDayHeads` lookup file, or, for a page larger
 * than the file keeps per day, the stretch of the feed holding them, for a bounded scan.
 *
 * Both rest on each (side, day)'s first feed position (`insider_feed_days`, held per snapshot): the
 * `take` days of the window whose first positions come first already hold `take` transactions, so the
 * page's positions are all among those days' first `take` positions (their heads), and all at or before
 * the last of those first positions. From the top of the feed, the scan of an old window read every row
 * group that a mistyped or late-reported date made span the window.
 *
 * The heads are held in memory beside the days, read once per snapshot from the lookup file (a few MB for
 * every day of EDGAR): a long window's page needs the heads of up to `take` days, and reading them per
 * request from the file (several frames, thousands of numbers parsed) cost as much as reading the page's
 * transactions themselves.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { firstIndexWhere } from '../../../lib/sorted.ts'
import { DAY_HEADS, INSIDER_FEED_DAY_HEADS } from '../../../pipeline/sources/insider-transactions/contract.ts'

type SideDays = { dates: string[]; firstPos: number[]; lastPos: number[]; heads: number[][] }

/**
 * Each side's transaction dates, ascending, with their first and last feed positions and their heads
 * (first DAY_HEADS positions, ascending), per snapshot.
 */
const FEED_DAYS = defineMemo<ReadonlyMap<string, SideDays>>({
  name: 'insider-feed-days',
  from: ['insider_feed_days', 'insiderFeedDayHeads'],
  holds: "each side's transaction dates with their feed positions and heads",
  compute: async (db) => {
    const rows = await db.all<{ side: string; d: string; first: number; last: number }>(sql`
      SELECT acquired_disposed AS side, transaction_date::VARCHAR AS d, first_pos::DOUBLE AS first,
        last_pos::DOUBLE AS last FROM insider_feed_days`)
    const sides = new Map<string, SideDays>()
    for (const r of rows) {
      const s = sides.get(r.side) ?? { dates: [], firstPos: [], lastPos: [], heads: [] }
      sides.set(r.side, s)
      s.dates.push(r.d)
      s.firstPos.push(r.first)
      s.lastPos.push(r.last)
    }
    // Keys ascend with the date within a side, so the file is read front to back, each frame once.
    for (const [side, s] of sides)
      s.heads = INSIDER_FEED_DAY_HEADS.getMany(
        db,
        s.dates.map((date) => ({ date, side })),
      ).map(([positions]) => positions ?? [])
    return sides
  },
})

const feedDays = (db: Db) => db.memo(FEED_DAYS)

export type ActivityWindow = { positions: number[] } | { stretch: { from: number; to: number } }

/**
 * The first `take` feed positions of `side` transactions dated within [from, end] (either may be open),
 * or the stretch of the feed holding them when `take` exceeds DAY_HEADS; undefined when the window has
 * no transaction. After a cursor's position (`after`), the stretch from it to the window's last
 * position: the heads hold each day's first positions only.
 */
export async function activityWindow(
  db: Db,
  side: string,
  take: number,
  from?: string,
  end?: string,
  after?: number,
): Promise<ActivityWindow | undefined> {
  const days = (await feedDays(db)).get(side)
  if (!days) return undefined
  // The window's days are [lo, hi): the first date on or after `from`, the first after `end`.
  const lo = from ? firstIndexWhere(days.dates, (d) => d >= from) : 0
  const hi = end ? firstIndexWhere(days.dates, (d) => d > end) : days.dates.length
  if (after !== undefined) {
    let last = -1
    for (let i = lo; i < hi; i++) last = Math.max(last, days.lastPos[i]!)
    return last > after ? { stretch: { from: after + 1, to: last } } : undefined
  }
  let last = -1
  // The `take` days with the smallest first positions seen, ascending by first position. Latest day
  // first: a later day is mostly filed later, so near the top of the feed, and the days after the first
  // `take` mostly fall behind the last kept one without an insertion.
  const firsts: number[] = []
  for (let i = hi - 1; i >= lo; i--) {
    last = Math.max(last, days.lastPos[i]!)
    const first = days.firstPos[i]!
    if (firsts.length === take && first >= days.firstPos[firsts[take - 1]!]!) continue
    let at = firsts.length
    while (at > 0 && days.firstPos[firsts[at - 1]!]! > first) at--
    firsts.splice(at, 0, i)
    if (firsts.length > take) firsts.pop()
  }
  if (!firsts.length) return undefined
  const to = firsts.length === take ? Math.min(last, days.firstPos[firsts[take - 1]!]!) : last
  if (take > DAY_HEADS) return { stretch: { from: days.firstPos[firsts[0]!]!, to } }
  const positions: number[] = []
  for (const i of firsts)
    for (const pos of days.heads[i]!) {
      // Heads are ascending: past `to`, none of this day's can be on the page.
      if (pos > to) break
      positions.push(pos)
    }
  return { positions: positions.sort((a, b) => a - b).slice(0, take) }
}
