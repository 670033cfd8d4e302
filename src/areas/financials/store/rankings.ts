/**
 * The rankings' reads: companies ranked by the build (company-facts rankings.ts), read as one range of a
 * table sorted by what the request names (`fin_metric_rankings`, `fin_ratio_top`), or for a ratio within
 * a window, each company's latest point in it (`fin_ratio_points_by_ratio`); as of a day, the first lines
 * of a ranking's lookup file that the day takes (`finMetricRankingLines`, `finRatioRankingLines`). The
 * operations (../rankings.ts) choose the metric or ratio and its defaults, and shape the companies.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import type { ExtraValues } from '../../../pipeline/read-model.ts'
import { FIN_METRIC_RANKING_LINES, FIN_RATIO_RANKING_LINES } from '../../../pipeline/sources/company-facts/contract.ts'

/** A point's filing fields, as every series and ranking writes them. */
export type FilingColumns = {
  acc_key: string
  form: string
  fy: number | null
  fp: string | null
  period: number | null
  filed: number
  accepted: string | null
  end_date: number
  quarters: number
}
const FILING_COLUMNS = sql`acc_key::VARCHAR AS acc_key, form, fy, fp, period, filed, accepted::VARCHAR AS accepted, end_date, quarters`

export type RankedCompany = {
  cik: number
  ticker: string | null
  entity_name: string | null
  sic: number | null
  countryinc: string | null
}

export type MetricRankRow = FilingColumns &
  RankedCompany & {
    rank: number
    year: number
    unit: string
    value: number
    tag: string
    version: string | null
    strategy: string
    rule_id: string | null
    confidence: number
  }

/**
 * Which metric ranking: `quarter` 0 for an annual one, `year` null for the latest complete year; `at` a
 * point in time (a day, none = today, and which vintage), or none for today's latest values.
 */
export type MetricRanking = {
  metric: string
  basis: string
  quarter: number
  year: number | null
  limit: number
  at?: RankingAt
}

/** A ranking's point in time: each company's value known by `day` (YYYYMMDD; 99999999: every one), the latest or the first. */
export type RankingAt = { day: number; first: boolean }

/** The first `limit` companies of a metric's ranking (none when it has no such year). */
export function metricRanking(db: Db, r: MetricRanking): Promise<MetricRankRow[]> {
  if (r.at) return metricRankingAt(db, r, r.at)
  return db.all<MetricRankRow>(sql`
    SELECT year, rank, cik::INTEGER AS cik, ticker, entity_name, sic, countryinc, ${FILING_COLUMNS}, unit, value, tag, version,
           strategy, rule_id, confidence
    FROM fin_metric_rankings
    WHERE metric = ${r.metric} AND basis = ${r.basis} AND quarter = ${r.quarter}
      AND year = coalesce(${r.year}::INTEGER, (
        SELECT max(year) FROM fin_metric_ranking_years
        WHERE metric = ${r.metric} AND basis = ${r.basis} AND quarter = ${r.quarter} AND complete))
      AND rank <= ${r.limit}
    ORDER BY rank`)
}

/** Each ranking's latest complete year by day (fin_metric_ranking_known_years): [from day, year] in day order. */
const KNOWN_YEARS = defineMemo({
  name: 'fin-metric-ranking-known-years',
  from: ['fin_metric_ranking_known_years'],
  holds: "each metric ranking's latest complete year from each day it changed",
  compute: async (db) => {
    const rows = await db.all<{ metric: string; basis: string; quarter: number; known_from: number; year: number }>(
      sql`SELECT metric, basis, quarter, known_from, year FROM fin_metric_ranking_known_years ORDER BY ALL`,
    )
    return Map.groupBy(rows, (r) => `${r.metric}|${r.basis}|${r.quarter}`)
  },
})

/** The last calendar year a ratio vintage was known in: a ratio ranking of a later day reads that year's lines. */
const LAST_KNOWN_YEAR = defineMemo({
  name: 'fin-ratio-last-known-year',
  from: ['fin_ratio_vintages_by_ratio'],
  holds: 'the last calendar year a USD ratio vintage was known in',
  compute: async (db) => {
    const [row] = await db.all<{ year: number | null }>(
      sql`SELECT (max(known) // 10000)::INTEGER AS year FROM fin_ratio_vintages_by_ratio`,
    )
    return row?.year ?? 0
  },
})

/** The latest year complete by what `day` knew (src/reference/point-in-time.ts), or none before any was. */
async function yearKnownOn(db: Db, r: MetricRanking, day: number): Promise<number | undefined> {
  const steps = (await db.memo(KNOWN_YEARS)).get(`${r.metric}|${r.basis}|${r.quarter}`) ?? []
  return steps.findLast((step) => step.known_from <= day)?.year
}

/** A ranking line with its `rank` (the lines' order among those the day knew). */
const decodeRankedMetric = FIN_METRIC_RANKING_LINES.decodeWith<{ rank: number }>(['rank'])
const decodeRankedRatio = FIN_RATIO_RANKING_LINES.decodeWith<{ rank: number }>(['rank'])

/** A ranking line's span of days (contract RANKING_SPAN), read without parsing the rest. */
const SPAN = FIN_METRIC_RANKING_LINES.peek.numbers('first_until')

/**
 * The first `limit` lines of a ranking's key whose span of days holds the day (src/reference/point-in-time.ts:
 * each company's last, or first, vintage known by then), ranked in the lines' order, largest value first.
 */
function linesTaken<R>(
  lines: Iterable<string>,
  decode: (line: string, values: ExtraValues) => R,
  at: RankingAt,
  limit: number,
) {
  const out: R[] = []
  for (const line of lines) {
    const [known, latestUntil, firstUntil] = SPAN(line) as [number, number, number]
    if (known > at.day || at.day >= (at.first ? firstUntil : latestUntil)) continue
    out.push(decode(line, [out.length + 1]))
    if (out.length === limit) break
  }
  return out
}

/**
 * A metric's ranking as known on a day (the finMetricRankingLines lookup file): each company's last (or
 * first) vintage known by then, ranked by value; without `year`, the latest year complete by what was
 * known then.
 */
async function metricRankingAt(db: Db, r: MetricRanking, at: RankingAt): Promise<MetricRankRow[]> {
  const year = r.year ?? (await yearKnownOn(db, r, at.day))
  if (year === undefined || year < 0 || year >= 10_000) return []
  const key = { metric: r.metric, quarter: r.quarter, year }
  return linesTaken(
    FIN_METRIC_RANKING_LINES.lineTextsOneByOne(db, key),
    decodeRankedMetric,
    at,
    r.limit,
  ) as unknown as MetricRankRow[]
}

export type RatioRankRow = FilingColumns &
  RankedCompany & { rank: number; value: number; unit: string; components: string }

/**
 * Which ratio ranking: the ratio over `qtrs` quarters, each company's latest point; within `window`
 * (YYYYMMDD bounds) when there is one, else as the build ranked them.
 */
export type RatioRanking = {
  ratio: string
  qtrs: number
  window: { from: number; to: number } | null
  limit: number
  at?: RankingAt
}

/** The first `limit` companies of a ratio's ranking. */
export async function ratioRanking(db: Db, r: RatioRanking): Promise<RatioRankRow[]> {
  const issuer = sql`LEFT JOIN fin_issuers i ON i.cik = r.cik`
  if (r.at && !r.window) {
    // Each company's latest period known by the day, at its last (or first) vintage known by then (as
    // above), from the lines of the day's year, or of the last year anything was known (contract RATIO_RANKING_KEY).
    const year = Math.min(Math.floor(r.at.day / 10_000), await db.memo(LAST_KNOWN_YEAR))
    return linesTaken(
      FIN_RATIO_RANKING_LINES.lineTextsOneByOne(db, { ratio: r.ratio, quarters: r.qtrs, year }),
      decodeRankedRatio,
      r.at,
      r.limit,
    ).map((row) => ({ ...row, components: JSON.stringify(row.components) })) as unknown as RatioRankRow[]
  }
  if (r.at) {
    const window = r.window!
    // Within a window: each company's latest period in it known by the day, at its last (or first) vintage
    // known by then (the spans above hold for the latest period of all, not of a window).
    return db.all<RatioRankRow>(sql`
        SELECT row_number() OVER (ORDER BY value DESC, cik)::INTEGER AS rank, * FROM (
          SELECT r.cik::INTEGER AS cik, ticker, entity_name, sic, countryinc, ${FILING_COLUMNS}, value, unit, components
          FROM fin_ratio_vintages_by_ratio r
          WHERE r.ratio = ${r.ratio} AND r.quarters = ${r.qtrs} AND r.known <= ${r.at.day}
            AND r.end_date BETWEEN ${window.from} AND ${window.to}
          QUALIFY row_number() OVER (PARTITION BY r.cik ORDER BY r.end_date DESC, ${r.at.first ? sql`r.vintage` : sql`r.vintage DESC`}) = 1)
        ORDER BY rank LIMIT ${r.limit}`)
  }
  return r.window
    ? db.all<RatioRankRow>(sql`
        SELECT row_number() OVER (ORDER BY value DESC, cik)::INTEGER AS rank, * FROM (
          SELECT r.cik::INTEGER AS cik, i.ticker, i.name AS entity_name, i.sic, i.countryinc, ${FILING_COLUMNS}, value, unit, components
          FROM fin_ratio_points_by_ratio r ${issuer}
          WHERE r.ratio = ${r.ratio} AND r.quarters = ${r.qtrs} AND r.end_date BETWEEN ${r.window.from} AND ${r.window.to}
          QUALIFY row_number() OVER (PARTITION BY r.cik ORDER BY r.end_date DESC) = 1)
        ORDER BY rank LIMIT ${r.limit}`)
    : db.all<RatioRankRow>(sql`
        SELECT rank, r.cik::INTEGER AS cik, i.ticker, i.name AS entity_name, i.sic, i.countryinc, ${FILING_COLUMNS}, value, unit, components
        FROM fin_ratio_top r ${issuer}
        WHERE r.ratio = ${r.ratio} AND r.quarters = ${r.qtrs} AND r.rank <= ${r.limit}
        ORDER BY rank`)
}
