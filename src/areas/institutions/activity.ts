/** The market-wide activity of a quarter: every manager's changes added up per security (inst_activity). */
import type { Db } from '../../db/client.ts'
import { defineMemo } from '../../db/memo.ts'
import { empty, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { priorQuarterEnd, quarterLabel, quarterParam } from './quarters.ts'
import { NET_CHANGE_COLUMNS, type NetChangeRecord, netChangeOf } from './rows.ts'

/** Days after a quarter's end by which its 13F filings are due: a quarter is complete once they have passed. */
const FILING_DEADLINE_DAYS = 45
const DEADLINE = { text: `INTERVAL ${FILING_DEADLINE_DAYS} DAY`, values: [] }

type ActivityRecord = NetChangeRecord & {
  list: string
  ticker: string | null
  cusip: string
  issuer_name: string | null
  title_of_class: string | null
  put_call: string | null
  filer_count: number
  prior_filer_count: number
}

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
const DEFAULT_QUARTER = defineMemo({
  name: 'inst-activity-default-quarter',
  from: ['inst_activity', 'inst_managers'],
  holds: "the activity lists' default quarter, overall and of each year asked",
  compute: (db, year) => defaultQuarter(db, year === undefined ? undefined : Number(year)),
})

/** Market-wide activity of a quarter (default: the latest complete one, whose filing deadline has passed). */
export async function getActivity(db: Db, f: { year?: number; quarter?: string; limit: number }) {
  const asked = quarterParam(f.quarter, f.year)
  const qend = asked ?? (await db.memo(DEFAULT_QUARTER, f.year === undefined ? undefined : `${f.year}`))
  if (!qend) throw new ApiError('not_found', `No 13F activity${f.year ? ` in ${f.year}` : ''}.`)
  const rows = await db.all<ActivityRecord>(sql`
    SELECT list, ticker, cusip, issuer_name, title_of_class, put_call, filer_count::DOUBLE AS filer_count,
      prior_filer_count::DOUBLE AS prior_filer_count, ${NET_CHANGE_COLUMNS}
    FROM inst_activity WHERE qend = ${qend}::DATE AND rank <= ${f.limit} ORDER BY list, rank`)
  if (!rows.length) throw new ApiError('not_found', `No 13F activity for ${quarterLabel(qend)}.`)
  const listOf = (name: string) =>
    rows
      .filter((r) => r.list === name)
      .map(({ list: _, ...r }) => ({
        ticker: r.ticker,
        cusip: r.cusip,
        issuerName: r.issuer_name,
        titleOfClass: r.title_of_class,
        putCall: r.put_call,
        filerCount: r.filer_count,
        priorFilerCount: r.prior_filer_count,
        ...netChangeOf(r),
      }))
  const prior = priorQuarterEnd(qend)
  return {
    period: {
      currentQuarter: quarterLabel(qend),
      currentPeriodEnd: qend,
      previousQuarter: quarterLabel(prior),
      previousPeriodEnd: prior,
    },
    mostBought: listOf('mostBought'),
    mostSold: listOf('mostSold'),
    newPositions: listOf('newPositions'),
    closedPositions: listOf('closedPositions'),
    pagination: { limit: f.limit },
    filters: { year: f.year ?? null, quarter: quarterLabel(qend), limit: f.limit },
  }
}
