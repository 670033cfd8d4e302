/** The market-wide activity of a quarter: every manager's changes added up per security (inst_activity). */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { empty, sql } from '../../../db/sql.ts'
import type { ActivityRecord } from '../rows.ts'
import { NET_CHANGE_COLUMNS } from './flows.ts'

/** Days after a quarter's end by which its 13F filings are due: a quarter is complete once they have passed. */
const FILING_DEADLINE_DAYS = 45
const DEADLINE = { text: `INTERVAL ${FILING_DEADLINE_DAYS} DAY`, values: [] }

/** The default quarter: the latest whose filing deadline has passed by the latest filing, else the latest. */
const defaultQuarter = async (db: Db, year?: number) => {
  const r = await db.one<{ qend: string | null }>(sql`
    SELECT coalesce(
      max(qend) FILTER (WHERE qend + ${DEADLINE} <= (SELECT max(latest_filed) FROM inst_managers)),
      max(qend))::VARCHAR AS qend
    FROM inst_activity ${year === undefined ? empty : sql`WHERE year(qend) = ${year}`}`)
  return r?.qend ?? null
}

/** Its variant, when there is one, is a year: that year's default quarter. */
export const DEFAULT_QUARTER = defineMemo({
  name: 'inst-activity-default-quarter',
  from: ['inst_activity', 'inst_managers'],
  holds: "the activity lists' default quarter, overall and of each year asked",
  compute: (db, year) => defaultQuarter(db, year === undefined ? undefined : Number(year)),
})

/** The first `limit` securities of each of the quarter's four lists, by list and rank. */
export const activityOf = (db: Db, qend: string, limit: number) =>
  db.all<ActivityRecord>(sql`
    SELECT list, ticker, cusip, issuer_name, title_of_class, put_call, filer_count::DOUBLE AS filer_count,
      prior_filer_count::DOUBLE AS prior_filer_count, ${NET_CHANGE_COLUMNS}
    FROM inst_activity WHERE qend = ${qend}::DATE AND rank <= ${limit} ORDER BY list, rank`)
