/**
 * The rankings of `/metrics/top` and `/ratios/top`, computed by the build:
 *
 * - `fin_metric_rankings`: for each canonical metric, every company's USD value of each fiscal year
 *   (`annual`: the year's flow, `qtrs` 4, or a balance at the year's end) and of each fiscal quarter
 *   (`quarterly`: the quarter's flow, `qtrs` 1, the fourth reported or derived, or a balance at the
 *   quarter's end), ranked by value, largest first (ties by CIK). A company with two points
 *   in one fiscal period (a changed fiscal year end) is ranked by the later one. Values in other
 *   currencies are left out: there is no conversion.
 * - `fin_metric_ranking_years`: per metric, basis and quarter, the companies each fiscal year has and
 *   whether its reports are in (`complete`: at least half as many companies as the year before; the
 *   first year is): an annual request without `year` ranks the latest complete year.
 * - `fin_metric_ranking_known_years`: the latest complete year of each ranking by what each day knew, from
 *   the day it changed: a request as of a day without `year` ranks it.
 * - `fin_ratio_top`: for each ratio and period length, each company's latest point, ranked by value,
 *   largest first; only ratios of USD components. A request with a date window ranks the latest point
 *   within it from `fin_ratio_points_by_ratio` (ratios.ts) instead.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { RATIOS } from '../../../reference/financial-ratios.ts'
import {
  completeYearSql,
  firstUntilSql,
  knownOnSql,
  laterPeriodKnownSql,
  latestUntilSql,
} from '../../../reference/point-in-time.ts'
import { type InRange, intoTable } from '../../key-ranges.ts'
import { createServingTable, servingTablePart } from '../../serving-table.ts'
import { quote } from '../../sql-text.ts'
import { ALL_CIKS } from './batches.ts'
import { SERVING_TABLES } from './contract.ts'
import { everyVintage, RATIO_POINT_KEY } from './vintages.ts'

/** A ranked metric point (its vintages' partition), a ratio point, and a company's points of a ratio. */
const RANKED_POINT = 'metric, basis, quarter, year, cik'
const RATIO_POINT = RATIO_POINT_KEY.join(', ')
const RATIO_COMPANY = 'ratio, quarters, cik'

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A run of keys (metrics or ratios) ranked in one statement: the condition that keeps its rows. */
export type KeyRun = { where: (column: string) => string }

/**
 * `keys` in name order, cut into `n` runs of about as many keys each (at most as many runs as keys): a run
 * of metrics or ratios is ranked in one statement. With one run its condition keeps every row.
 */
function runsOf(keys: readonly string[], n: number): KeyRun[] {
  const sorted = [...keys].sort(byName)
  const runs = Math.max(1, Math.min(n, sorted.length))
  return Array.from({ length: runs }, (_, i) => {
    const run = sorted.slice(Math.floor((i * sorted.length) / runs), Math.floor(((i + 1) * sorted.length) / runs))
    return { where: (column) => (n === 1 ? 'true' : `${column} IN (${run.map(quote).join(', ')})`) }
  })
}

/** The canonical metrics in `n` runs (runsOf): as many runs as ranges of CIKs, so a run holds about a range's points. */
export const metricRuns = (n: number) =>
  runsOf(
    CANONICAL_METRICS.map((m) => m.key),
    n,
  )

/**
 * Made in two kinds of pieces, so no window runs over every point at once (one did: out of memory at full
 * volume, 4 GB, on two threads and on one): each company's periods are picked a range of CIKs at a time
 * (batches.ts), then the metrics and ratios are ranked a run of them at a time, the runs in name order, so
 * the tables come out in their key order with no sort of the whole. There are as many runs as ranges of
 * CIKs, so a run holds about a range's points. (A statement per metric held far fewer, but each read every
 * point and cost its fixed time: at a tenth of the volume, 35 s against 6 s for one run.)
 */
export function rankingStatements(batches: readonly InRange[] = ALL_CIKS): string[] {
  const metrics = metricRuns(batches.length)
  const ratios = runsOf(
    RATIOS.map((r) => r.id),
    batches.length,
  )
  return [
    ...batches.map(
      (inBatch, i) => `${intoTable('cf_ranked', i === 0, true)}
      -- What the rankings and their vintages read of a point (not its label, metadata or derived_from).
      WITH p AS (SELECT cik, symbol, source, quarters, end_date, acc_key, form, fy, fp, period, filed, accepted, unit,
                        value, tag, version, strategy, rule_id, confidence, restated, first_reported
                 FROM b.fin_metric_points
                 WHERE source = 'canonical' AND unit = 'USD' AND fy IS NOT NULL AND ${inBatch('cik')}),
      periods AS (
        SELECT p.*, 'annual' AS basis, 0 AS quarter FROM p WHERE quarters = 4 OR (quarters = 0 AND fp = 'FY')
        UNION ALL
        SELECT p.*, 'quarterly' AS basis, CASE WHEN fp = 'FY' THEN 4 ELSE try_cast(substr(fp, 2) AS INTEGER) END AS quarter
        FROM p WHERE quarters IN (0, 1) AND fp IN ('Q1', 'Q2', 'Q3', 'Q4', 'FY'))
      SELECT * FROM periods
      QUALIFY row_number() OVER (PARTITION BY symbol, basis, fy, quarter, cik ORDER BY end_date DESC) = 1`,
    ),
    ...metrics.map((metric, i) =>
      servingTablePart(
        SERVING_TABLES.fin_metric_rankings,
        i === 0,
        `SELECT r.symbol AS metric, r.basis, r.fy AS year, r.quarter,
             row_number() OVER (PARTITION BY r.symbol, r.basis, r.fy, r.quarter ORDER BY r.value DESC, r.cik)::INTEGER AS rank,
             r.cik, i.ticker, i.name AS entity_name, i.sic, i.countryinc, r.acc_key, r.form, r.fy, r.fp, r.period,
             r.filed, r.accepted, r.end_date, r.quarters, r.unit, r.value, r.tag, r.version, r.strategy, r.rule_id,
             r.confidence
      FROM cf_ranked r LEFT JOIN s.fin_issuers i ON i.cik = r.cik
      WHERE ${metric.where('r.symbol')}`,
      ),
    ),
    // Each ranked point's vintages (vintages.ts, every one: V6 undone), with the day each was known and the
    // span of days it answers (src/reference/point-in-time.ts): a ranking as of a day is then the first
    // `limit` rows of its range that the day takes, in the table's order (by value). A run of metrics at a
    // time, as the rankings: one sort of every metric's vintages spilled more than any other statement of a
    // full-volume build, while each run reads every ranked point again only to filter it.
    ...metrics.map((metric, i) =>
      servingTablePart(
        SERVING_TABLES.fin_metric_ranking_vintages,
        i === 0,
        `SELECT *, ${latestUntilSql('known', RANKED_POINT, 'vintage')} AS latest_until,
               ${firstUntilSql('known', RANKED_POINT, 'vintage')} AS first_until
        FROM (
          SELECT r.symbol AS metric, r.basis, r.fy AS year, r.quarter, r.cik, r.vintage,
                 ${knownOnSql('r.accepted', 'r.filed')} AS known, i.ticker, i.name AS entity_name, i.sic, i.countryinc,
                 r.acc_key, r.form, r.fy, r.fp, r.period, r.filed, r.accepted, r.end_date, r.quarters, r.unit, r.value,
                 r.tag, r.version, r.strategy, r.rule_id, r.confidence
          FROM (${everyVintage(
            `SELECT * FROM cf_ranked WHERE ${metric.where('symbol')}`,
            `SELECT * FROM b.fin_metric_vintages WHERE source = 'canonical' AND ${metric.where('symbol')}`,
            // Each vintage's own tag (V1: a filing before the chosen tag's first names another of the key's).
            { carried: ['basis', 'fy', 'quarter', 'fp', 'unit', 'strategy', 'rule_id', 'confidence'], tagged: true },
          )}) r
          LEFT JOIN s.fin_issuers i ON i.cik = r.cik)`,
      ),
    ),
    createServingTable(
      SERVING_TABLES.fin_metric_ranking_years,
      `SELECT metric, basis, quarter, year, companies,
             ${completeYearSql('companies', 'PARTITION BY metric, basis, quarter ORDER BY year')} AS complete
      FROM (SELECT symbol AS metric, basis, quarter, fy AS year, count(*)::INTEGER AS companies FROM cf_ranked GROUP BY ALL)`,
    ),
    // The latest complete year of each ranking by what each day knew (a company counts in a year from the
    // day its first value was), kept only where it changes: a ranking as of a day without `year` reads it.
    createServingTable(
      SERVING_TABLES.fin_metric_ranking_known_years,
      `WITH firsts AS (
        SELECT metric, basis, quarter, year, known, count(*) AS companies
        FROM b.fin_metric_ranking_vintages WHERE vintage = 1 GROUP BY ALL),
      so_far AS (
        SELECT metric, basis, quarter, year, known,
               sum(companies) OVER (PARTITION BY metric, basis, quarter, year ORDER BY known) AS companies
        FROM firsts),
      days AS (
        SELECT d.metric, d.basis, d.quarter, d.known AS day, y.year
        FROM (SELECT DISTINCT metric, basis, quarter, known FROM firsts) d
        JOIN (SELECT DISTINCT metric, basis, quarter, year FROM firsts) y USING (metric, basis, quarter)),
      counted AS (
        SELECT d.metric, d.basis, d.quarter, d.day, d.year, f.companies
        FROM days d ASOF JOIN so_far f
          ON f.metric = d.metric AND f.basis = d.basis AND f.quarter = d.quarter AND f.year = d.year AND f.known <= d.day),
      latest AS (
        SELECT metric, basis, quarter, day, max(year) FILTER (WHERE complete) AS year
        FROM (SELECT *, ${completeYearSql('companies', 'PARTITION BY metric, basis, quarter, day ORDER BY year')} AS complete
              FROM counted)
        GROUP BY ALL)
      SELECT metric, basis, quarter, day AS known_from, year::INTEGER AS year FROM latest
      QUALIFY year IS DISTINCT FROM lag(year) OVER (PARTITION BY metric, basis, quarter ORDER BY day)`,
    ),
    'DROP TABLE cf_ranked',
    // Every USD ratio vintage by ratio, with the day it was known and the span of days it answers a ranking
    // (src/reference/point-in-time.ts): the vintage a day takes of a company's latest period known by then,
    // the latest or the first. Sorted by value: ratios/top as of a day is the first rows a day takes.
    // A restated point's from fin_ratio_vintages, any other's one from its first_reported (everyVintage).
    createServingTable(
      SERVING_TABLES.fin_ratio_vintages_by_ratio,
      `SELECT *,
             least(${latestUntilSql('known', RATIO_POINT, 'vintage')}, ${laterPeriodKnownSql('known', RATIO_COMPANY, 'end_date')}) AS latest_until,
             least(${firstUntilSql('known', RATIO_POINT, 'vintage')}, ${laterPeriodKnownSql('known', RATIO_COMPANY, 'end_date')}) AS first_until
      FROM (
        SELECT r.ratio, r.quarters, r.end_date, r.cik, r.vintage, ${knownOnSql('r.accepted', 'r.filed')} AS known, i.ticker,
               i.name AS entity_name, i.sic, i.countryinc, r.acc_key, r.form, r.fy, r.fp, r.period, r.filed, r.accepted,
               r.value, r.unit, r.components
        FROM (${everyVintage(
          "SELECT * FROM b.fin_ratio_points WHERE currency = 'USD'",
          'SELECT * FROM b.fin_ratio_vintages',
          {
            key: RATIO_POINT_KEY,
            carried: ['fy', 'fp', 'unit'],
            components: true,
          },
        )}) r
        LEFT JOIN s.fin_issuers i ON i.cik = r.cik)`,
    ),
    // Each company's latest USD point of each ratio and period length.
    ...batches.map(
      (inBatch, i) => `${intoTable('cf_ratio_latest', i === 0, true)}
      SELECT * FROM b.fin_ratio_points WHERE currency = 'USD' AND ${inBatch('cik')}
      QUALIFY row_number() OVER (PARTITION BY ratio, quarters, cik ORDER BY end_date DESC) = 1`,
    ),
    ...ratios.map((ratio, i) =>
      servingTablePart(
        SERVING_TABLES.fin_ratio_top,
        i === 0,
        `SELECT ratio, quarters, row_number() OVER (PARTITION BY ratio, quarters ORDER BY value DESC, cik)::INTEGER AS rank,
             cik, acc_key, form, fy, fp, period, filed, accepted, end_date, value, unit, components
      FROM cf_ratio_latest WHERE ${ratio.where('ratio')}`,
      ),
    ),
    'DROP TABLE cf_ratio_latest',
  ]
}
