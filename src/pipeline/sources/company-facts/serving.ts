/**
 * The company-facts source's part of the serving database (contract.ts lists the tables): the metric
 * series (series.ts), the ratio series (ratios.ts) and the rankings (rankings.ts), in that order, each
 * reading the one before; the series and ratios in ranges of CIKs (batches.ts). It runs after the financial-statements source's serving step: a point's filing
 * context (period, acceptance time) and its tag's metadata come from `fin_filings` and `fin_concepts`.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import type { BuildContext } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { cikBatches } from './batches.ts'
import { rankingStatements } from './rankings.ts'
import { ratioStatements } from './ratios.ts'
import { seriesStatements } from './series.ts'

const METRIC_LABELS = `SELECT * FROM (VALUES ${CANONICAL_METRICS.map((m) => `(${quote(m.key)}, ${quote(m.label)})`).join(', ')}) t(metric, label)`

export async function servingSeries(ctx: BuildContext): Promise<string[]> {
  const batches = await cikBatches(ctx.db, ctx.options.seriesFactsPerBatch)
  return [
    `CREATE TEMP TABLE cf_metric_labels AS ${METRIC_LABELS}`,
    ...seriesStatements(batches),
    'DROP TABLE cf_metric_labels',
    ...ratioStatements(batches),
    ...rankingStatements(batches),
  ]
}

/**
 * One point per period: a series with two points at one period would answer twice. Checked a range of CIKs
 * at a time, as the points were made: one grouping of every point would hold all of them at once.
 */
export async function checkSeries({ db, options }: BuildContext) {
  let twice = 0
  for (const inBatch of await cikBatches(db, options.seriesFactsPerBatch))
    twice += await db.count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM s.fin_metric_points WHERE ${inBatch('cik')}
       GROUP BY cik, symbol, source, quarters, end_date HAVING count(*) > 1)`,
    )
  if (twice) throw new Error(`serving database: ${twice} metric periods have more than one point in fin_metric_points`)
}
