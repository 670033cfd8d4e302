/**
 * The ratio series, computed once by the build from the canonical metric points (series.ts) by the one
 * table of ratio definitions (src/reference/financial-ratios.ts, which states the rules): one statement
 * per ratio, every term a join on the anchor's period; a company's ratios read its own points only, so
 * they are made a range of CIKs at a time, as the series are.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { PERIOD_DAYS, RATIOS, type RatioDefinition, type RatioTerm } from '../../../reference/financial-ratios.ts'
import type { InRange } from '../../key-ranges.ts'
import { createServingTable, servingTablePart } from '../../serving-table.ts'
import { quote } from '../../sql-text.ts'
import { ALL_CIKS } from './batches.ts'
import { SERVING_TABLES } from './contract.ts'
import { recencyJoin } from './series.ts'
import { everyVintage, vintageOnLine } from './vintages.ts'

const isDuration = (t: RatioTerm) => CANONICAL_METRICS.find((m) => m.key === t.metric)?.period === 'duration'

/** Days in a period of `quarters`: what a `days` ratio multiplies by (PERIOD_DAYS). */
const DAYS = `CASE a.quarters ${Object.entries(PERIOD_DAYS)
  .map(([q, days]) => `WHEN ${q} THEN ${days}`)
  .join(' ')} END`

/**
 * The SELECT of one ratio's points: columns as fin_ratio_points has them, from the canonical points of
 * `from`. `sameFiling`: every term is the point of the anchor's `acc_key` too (the points as known at a
 * filing, for the ratio's vintages: one ratio rule for today's points and for what each day knew).
 */
export function ratioSelect(r: RatioDefinition, from = 'cf_canonical_points', sameFiling = false): string {
  const terms = [...r.numerator, ...r.denominator]
  const anchor = terms.find((t) => !t.optional && isDuration(t)) ?? terms.find((t) => !t.optional)!
  const duration = isDuration(anchor)
  const alias = (i: number) => `t${i}`
  const joins = terms
    .map(
      (t, i) => `LEFT JOIN ${from} ${alias(i)} ON ${alias(i)}.cik = a.cik AND ${alias(i)}.symbol = ${quote(t.metric)}
        AND ${alias(i)}.quarters = ${isDuration(t) ? 'a.quarters' : '0'} AND ${alias(i)}.end_date = a.end_date AND ${alias(i)}.unit = a.unit${sameFiling ? ` AND ${alias(i)}.acc_key = a.acc_key` : ''}`,
    )
    .join('\n      ')
  const sum = (list: RatioTerm[], offset: number) =>
    list
      .map((t, i) => {
        const v = `${alias(offset + i)}.value`
        return `${t.sign === -1 ? '-' : ''}${t.optional ? `coalesce(${v}, 0)` : v}`
      })
      .join(' + ')
  const required = terms
    .map((t, i) => (t.optional ? null : `${alias(i)}.value IS NOT NULL`))
    .filter(Boolean)
    .join(' AND ')
  const numerator = sum(r.numerator, 0)
  const denominator = sum(r.denominator, r.numerator.length)
  const components = terms
    .map((t, i) => `{'metric': ${quote(t.metric)}, 'value': ${alias(i)}.value, 'unit': ${alias(i)}.unit}`)
    .join(', ')
  return `
    SELECT a.cik, ${quote(r.id)} AS ratio, ${quote(r.group)} AS grp, a.quarters, a.end_date, a.acc_key, a.form, a.fy, a.fp,
           a.period, a.filed, a.accepted,
           ((${numerator}) / (${denominator}))${r.unit === 'days' ? ` * ${DAYS}` : ''} AS value, ${quote(r.unit)} AS unit,
           to_json(list_filter([${components}], c -> c.value IS NOT NULL))::VARCHAR AS components,
           a.unit AS currency
    FROM ${from} a
      ${joins}
    WHERE a.symbol = ${quote(anchor.metric)} AND a.quarters ${duration ? 'IN (1, 4)' : '= 0'}
      AND ${required} AND (${denominator}) <> 0`
}

/**
 * One range's ratio vintages into `cf_ratio_vintages` (fin_ratio_vintages' columns and each point's count of
 * them, `vintages`), from its canonical
 * points (`cf_canonical_points`) and their vintages (vintages.ts): at each filing that changed a canonical
 * value of a period end (a knowledge time), every canonical point of that end as then known (its latest
 * vintage filed by it), the ratios computed from those by the one rule (`ratioSelect`), and of each
 * ratio's values in filing order the first and each change, as a metric's (vintages.ts V3). The last is
 * the ratio's point: every term then has its latest value.
 */
const ratioVintageStatements = (inBatch: InRange, ratios: readonly RatioDefinition[]): string[] => [
  // Every vintage of the range's canonical points, restated or not (vintages.ts V6).
  `CREATE TEMP TABLE cf_canonical_vintages AS ${everyVintage(
    'SELECT * FROM cf_canonical_points',
    `SELECT * FROM b.fin_metric_vintages WHERE source = 'canonical' AND ${inBatch('cik')}`,
  )}`,
  `CREATE TEMP TABLE cf_known AS
    SELECT DISTINCT cik, end_date, acc_key, form, filed, accepted, period FROM cf_canonical_vintages`,
  `CREATE TEMP TABLE cf_canonical_asof AS
    SELECT p.cik, p.symbol, p.quarters, p.end_date, p.unit, p.fy, p.fp,
           k.acc_key, k.form, k.filed, k.accepted, k.period, arg_max(v.value, v.vintage) AS value
    FROM cf_known k
    JOIN cf_canonical_vintages v ON v.cik = k.cik AND v.end_date = k.end_date
      AND (v.filed < k.filed OR (v.filed = k.filed AND v.acc_key <= k.acc_key))
    JOIN cf_canonical_points p ON p.cik = v.cik AND p.symbol = v.symbol AND p.quarters = v.quarters
      AND p.end_date = v.end_date
    GROUP BY ALL`,
  'DROP TABLE cf_known',
  'DROP TABLE cf_canonical_vintages',
  `CREATE TEMP TABLE cf_ratio_vintages AS
    SELECT *, row_number() OVER (PARTITION BY cik, ratio, quarters, end_date ORDER BY filed, acc_key)::INTEGER AS vintage,
           count(*) OVER (PARTITION BY cik, ratio, quarters, end_date) AS vintages
    FROM (SELECT cik, ratio, quarters, end_date, acc_key, form, filed, accepted, period, value, components
          FROM (SELECT *, lag(value) OVER w AS before, row_number() OVER w AS n
                FROM (${ratios.map((r) => ratioSelect(r, 'cf_canonical_asof', true)).join('\n    UNION ALL')})
                WINDOW w AS (PARTITION BY cik, ratio, quarters, end_date ORDER BY filed, acc_key))
          WHERE n = 1 OR value IS DISTINCT FROM before)`,
  'DROP TABLE cf_canonical_asof',
]

/**
 * The ratios computed where there are no points (no companyfacts facts, so no metric point: series.ts): one,
 * whose statements make the ratio tables, empty, with the columns every ratio's give. DuckDB plans every
 * ratio's joins whether or not a row will meet them: a build without companyfacts (a filings-only one)
 * would plan them all for nothing.
 */
export const NO_POINTS_RATIOS: readonly RatioDefinition[] = RATIOS.slice(0, 1)

/**
 * The ratio points, a range of CIKs at a time (batches.ts), then the ranking's copy of them by ratio. The
 * first range creates the tables, unless `appending` (as seriesStatements). `ratios` are those computed:
 * every one (RATIOS) but where there are no points to compute them from (NO_POINTS_RATIOS).
 */
export function ratioStatements(
  batches: readonly InRange[] = ALL_CIKS,
  appending = false,
  ratios: readonly RatioDefinition[] = RATIOS,
): string[] {
  return [
    ...batches.flatMap((inBatch, i) => [
      `CREATE TEMP TABLE cf_canonical_points AS
        SELECT * FROM b.fin_metric_points WHERE source = 'canonical' AND ${inBatch('cik')}`,
      ...ratioVintageStatements(inBatch, ratios),
      `CREATE TEMP TABLE cf_ratio_rows AS ${ratios.map((r) => ratioSelect(r)).join('\n    UNION ALL')}`,
      // Recency as a metric point's (series.ts); restated when the ratio has more than one vintage.
      servingTablePart(
        SERVING_TABLES.fin_ratio_points,
        i === 0 && !appending,
        `SELECT r.*, k.recency,
             coalesce(v.vintages > 1, false) AS restated,
             -- The first vintage on every point, as a metric point's (vintages.ts V6).
             ${vintageOnLine('v')} AS first_reported
        FROM cf_ratio_rows r
        ${recencyJoin('cf_ratio_rows', 'r', 'cik, ratio, quarters')}
        LEFT JOIN cf_ratio_vintages v ON v.vintage = 1 AND v.cik = r.cik AND v.ratio = r.ratio AND v.quarters = r.quarters
          AND v.end_date = r.end_date`,
      ),
      // Restated ratio points only, as metric points' (vintages.ts V6).
      servingTablePart(
        SERVING_TABLES.fin_ratio_vintages,
        i === 0 && !appending,
        `SELECT cik, ratio, quarters, end_date, vintage, acc_key, form, filed, accepted, period, value, components
        FROM cf_ratio_vintages WHERE vintages > 1`,
      ),
      'DROP TABLE cf_ratio_rows',
      'DROP TABLE cf_ratio_vintages',
      'DROP TABLE cf_canonical_points',
    ]),
    // The ranking's access path within a date window: one ratio and period length, newest first, USD only.
    createServingTable(
      SERVING_TABLES.fin_ratio_points_by_ratio,
      `SELECT ratio, quarters, end_date, cik, acc_key, form, fy, fp, period, filed, accepted, value, unit, components
      FROM b.fin_ratio_points WHERE currency = 'USD'`,
    ),
  ]
}
