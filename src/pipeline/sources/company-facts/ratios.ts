/**
 * The ratio series, computed once by the build from the canonical metric points (series.ts) by the one
 * table of ratio definitions (src/reference/financial-ratios.ts, which states the rules): one statement
 * per ratio, every term a join on the anchor's period; a company's ratios read its own points only, so
 * they are made a range of CIKs at a time, as the series are.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { RATIOS, type RatioDefinition, type RatioTerm } from '../../../reference/financial-ratios.ts'
import type { InRange } from '../../key-ranges.ts'
import { createServingTable, servingTablePart } from '../../serving-table.ts'
import { quote } from '../../sql-text.ts'
import { ALL_CIKS } from './batches.ts'
import { SERVING_TABLES } from './contract.ts'

const isDuration = (t: RatioTerm) => CANONICAL_METRICS.find((m) => m.key === t.metric)?.period === 'duration'

/** Days in a period of `quarters`: what a `days` ratio multiplies by. */
const DAYS = `CASE a.quarters WHEN 1 THEN 91.25 WHEN 4 THEN 365 END`

/** The SELECT of one ratio's points: columns as fin_ratio_points has them. */
export function ratioSelect(r: RatioDefinition): string {
  const terms = [...r.numerator, ...r.denominator]
  const anchor = terms.find((t) => !t.optional && isDuration(t)) ?? terms.find((t) => !t.optional)!
  const duration = isDuration(anchor)
  const alias = (i: number) => `t${i}`
  const joins = terms
    .map(
      (
        t,
        i,
      ) => `LEFT JOIN cf_canonical_points ${alias(i)} ON ${alias(i)}.cik = a.cik AND ${alias(i)}.symbol = ${quote(t.metric)}
        AND ${alias(i)}.quarters = ${isDuration(t) ? 'a.quarters' : '0'} AND ${alias(i)}.end_date = a.end_date AND ${alias(i)}.unit = a.unit`,
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
    FROM cf_canonical_points a
      ${joins}
    WHERE a.symbol = ${quote(anchor.metric)} AND a.quarters ${duration ? 'IN (1, 4)' : '= 0'}
      AND ${required} AND (${denominator}) <> 0`
}

/** The ratio points, a range of CIKs at a time (batches.ts), then the ranking's copy of them by ratio. */
export function ratioStatements(batches: readonly InRange[] = ALL_CIKS): string[] {
  return [
    ...batches.flatMap((inBatch, i) => [
      `CREATE TEMP TABLE cf_canonical_points AS
        SELECT * FROM s.fin_metric_points WHERE source = 'canonical' AND ${inBatch('cik')}`,
      // recency 1 = the latest point of the ratio at that period length (see series.ts).
      servingTablePart(
        SERVING_TABLES.fin_ratio_points,
        i === 0,
        `SELECT *, row_number() OVER (PARTITION BY cik, ratio, quarters ORDER BY end_date DESC)::INTEGER AS recency
        FROM (${RATIOS.map(ratioSelect).join('\n    UNION ALL')})`,
      ),
      'DROP TABLE cf_canonical_points',
    ]),
    // The ranking's access path within a date window: one ratio and period length, newest first, USD only.
    createServingTable(
      SERVING_TABLES.fin_ratio_points_by_ratio,
      `SELECT ratio, quarters, end_date, cik, acc_key, form, fy, fp, period, filed, accepted, value, unit, components
      FROM s.fin_ratio_points WHERE currency = 'USD'`,
    ),
  ]
}
