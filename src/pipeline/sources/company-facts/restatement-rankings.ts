/**
 * The whole market's restatements of a quarter (`/restatements/top`), computed by the build from the
 * metric vintages (vintages.ts): each change of a restated canonical point, the value before it and the
 * filing that changed it, ranked within the metric and the calendar quarter that filing was filed in
 * (`filed_quarter`, `YYYYQ` as 20243), by the size of the change, largest first. Each row is one step of
 * the company's restatement ledger (`/{issuer}/restatements`): the vintages are the same rows.
 *
 * - Reported periods only: a fourth quarter derived from the year (`strategy` derived) is left out; its
 *   change is the year's or a quarter's, which are listed.
 * - USD points only, as the other rankings: there is no conversion, and a change in shares does not rank
 *   against one in dollars.
 * - Ties by CIK, then the later period, then the longer one: the order is the same each build.
 *
 * Made as the rankings are (rankings.ts): the changes a range of CIKs at a time, then ranked a run of
 * metrics at a time in name order, so the table comes out in its key order with no sort of the whole.
 */
import { type InRange, intoTable } from '../../key-ranges.ts'
import { createServingTable, servingTablePart } from '../../serving-table.ts'
import { ALL_CIKS } from './batches.ts'
import { SERVING_TABLES } from './contract.ts'
import { metricRuns } from './rankings.ts'

/** The calendar quarter of a YYYYMMDD date, as `YYYYQ` (20240815 → 20243). */
const quarterOf = (day: string) => `((${day}) // 10000 * 10 + ((${day}) // 100 % 100 + 2) // 3)::INTEGER`

export function restatementRankingStatements(batches: readonly InRange[] = ALL_CIKS): string[] {
  const runs = metricRuns(batches.length)
  return [
    ...batches.map(
      (inBatch, i) => `${intoTable('cf_restatements', i === 0, true)}
      WITH v AS (
        SELECT cik, symbol, quarters, end_date, vintage, acc_key, form, filed, accepted, value, tag,
               lag(value) OVER w AS previous_value, lag(acc_key) OVER w AS previous_acc_key,
               lag(form) OVER w AS previous_form, lag(filed) OVER w AS previous_filed,
               lag(accepted) OVER w AS previous_accepted, lag(tag) OVER w AS previous_tag
        FROM b.fin_metric_vintages
        WHERE source = 'canonical' AND ${inBatch('cik')}
        WINDOW w AS (PARTITION BY cik, symbol, quarters, end_date ORDER BY vintage))
      SELECT v.*, ${quarterOf('v.filed')} AS filed_quarter, p.fy, p.fp, p.unit
      FROM v JOIN b.fin_metric_points p
        ON p.cik = v.cik AND p.symbol = v.symbol AND p.source = 'canonical' AND p.quarters = v.quarters
           AND p.end_date = v.end_date
      -- Only a restated point has vintages (vintages.ts V6): the others are no part of the join.
      WHERE v.vintage > 1 AND p.restated AND p.unit = 'USD' AND p.strategy <> 'derived' AND ${inBatch('p.cik')}`,
    ),
    ...runs.map(({ where }, i) =>
      servingTablePart(
        SERVING_TABLES.fin_restatement_rankings,
        i === 0,
        `SELECT r.symbol AS metric, r.filed_quarter,
               row_number() OVER (PARTITION BY r.symbol, r.filed_quarter
                                  ORDER BY abs(r.value - r.previous_value) DESC, r.cik, r.end_date DESC, r.quarters DESC)::INTEGER AS rank,
               r.cik, i.ticker, i.name AS entity_name, i.sic, i.countryinc, r.quarters, r.end_date, r.fy, r.fp, r.unit,
               r.vintage, r.value, r.acc_key, r.form, r.filed, r.accepted, r.tag, r.previous_value, r.previous_acc_key,
               r.previous_form, r.previous_filed, r.previous_accepted, r.previous_tag
        FROM cf_restatements r LEFT JOIN s.fin_issuers i ON i.cik = r.cik
        WHERE ${where('r.symbol')}`,
      ),
    ),
    createServingTable(
      SERVING_TABLES.fin_restatement_quarters,
      'SELECT symbol AS metric, filed_quarter, count(*)::INTEGER AS restatements FROM cf_restatements GROUP BY ALL',
    ),
    'DROP TABLE cf_restatements',
  ]
}
