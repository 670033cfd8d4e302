/**
 * The rankings' reads: companies ranked by the build (company-facts rankings.ts), read as one range of a
 * table sorted by what the request names (`fin_metric_rankings`, `fin_ratio_top`), or for a ratio within
 * a window, each company's latest point in it (`fin_ratio_points_by_ratio`). The operations (../rankings.ts)
 * choose the metric or ratio and its defaults, and shape the companies.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'

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

/** The latest year complete by what `day` knew (src/reference/point-in-time.ts), or none before any was. */
async function yearKnownOn(db: Db, r: MetricRanking, day: number): Promise<number | undefined> {
  const steps = (await db.memo(KNOWN_YEARS)).get(`${r.metric}|${r.basis}|${r.quarter}`) ?? []
  return steps.findLast((step) => step.known_from <= day)?.year
}

/**
 * A metric's ranking as known on a day (fin_metric_ranking_vintages): each company's last (or first)
 * vintage known by then, ranked by value; without `year`, the latest year complete by what was known then.
 * The vintage a day takes is the one whose span of days holds it (`known` to `latest_until` or
 * `first_until`), so the ranking is the year's first `limit` rows it takes: DuckDB keeps a single table's
 * order through WHERE and LIMIT, and the table is in value order.
 */
async function metricRankingAt(db: Db, r: MetricRanking, at: RankingAt): Promise<MetricRankRow[]> {
  const year = r.year ?? (await yearKnownOn(db, r, at.day))
  if (year === undefined) return []
  return db.all<MetricRankRow>(sql`
    SELECT row_number() OVER (ORDER BY value DESC, cik)::INTEGER AS rank, * FROM (
      SELECT year, cik::INTEGER AS cik, ticker, entity_name, sic, countryinc, ${FILING_COLUMNS}, unit, value, tag, version,
             strategy, rule_id, confidence
      FROM fin_metric_ranking_vintages
      WHERE metric = ${r.metric} AND basis = ${r.basis} AND quarter = ${r.quarter} AND year = ${year}
        AND known <= ${at.day} AND ${at.day} < ${at.first ? sql`first_until` : sql`latest_until`}
      LIMIT ${r.limit})
    ORDER BY rank`)
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
export function ratioRanking(db: Db, r: RatioRanking): Promise<RatioRankRow[]> {
  const issuer = sql`LEFT JOIN fin_issuers i ON i.cik = r.cik`
  if (r.at && !r.window) {
    // Each company's latest period known by the day, at its last (or first) vintage known by then: the
    // ratio's first `limit` rows whose span of days holds the day, in the table's value order (as above).
    return db.all<RatioRankRow>(sql`
        SELECT row_number() OVER (ORDER BY r.value DESC, r.cik)::INTEGER AS rank, r.cik::INTEGER AS cik, i.ticker,
               i.name AS entity_name, i.sic, i.countryinc, ${FILING_COLUMNS}, value, unit, components
        FROM (SELECT * FROM fin_ratio_vintages_by_ratio
              WHERE ratio = ${r.ratio} AND quarters = ${r.qtrs} AND known <= ${r.at.day}
                AND ${r.at.day} < ${r.at.first ? sql`first_until` : sql`latest_until`}
              LIMIT ${r.limit}) r ${issuer}
        ORDER BY rank`)
  }
  if (r.at) {
    const window = r.window!
    // Within a window: each company's latest period in it known by the day, at its last (or first) vintage
    // known by then (the spans above hold for the latest period of all, not of a window).
    return db.all<RatioRankRow>(sql`
        SELECT row_number() OVER (ORDER BY value DESC, cik)::INTEGER AS rank, * FROM (
          SELECT r.cik::INTEGER AS cik, i.ticker, i.name AS entity_name, i.sic, i.countryinc, ${FILING_COLUMNS}, value, unit, components
          FROM fin_ratio_vintages_by_ratio r ${issuer}
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
