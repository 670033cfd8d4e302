/**
 * The company-facts source's part of the serving database (contract.ts lists the tables): the metric
 * series (series.ts), the ratio series (ratios.ts) and the rankings (rankings.ts), in that order, each
 * reading the one before; the series and ratios in ranges of CIKs (batches.ts). It runs after the financial-statements source's serving step: a point's filing
 * context (period, acceptance time) and its tag's metadata come from `fin_filings` and `fin_concepts`.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { RATIOS } from '../../../reference/financial-ratios.ts'
import { knownOnSql } from '../../../reference/point-in-time.ts'
import type { PackedKey } from '../../contract.ts'
import { ROWS_PER_RANGE } from '../../key-ranges.ts'
import { lookupOf } from '../../lookup-files.ts'
import type { BuildContext, LookupSpec, MadeAgain } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { cikBatches } from './batches.ts'
import {
  FIN_METRIC_RANKING_LINES,
  FIN_METRIC_SERIES,
  FIN_METRIC_VINTAGES,
  FIN_RATIO_RANKING_LINES,
  FIN_RATIO_SERIES,
  FIN_RATIO_VINTAGES,
  PERIOD_SERIES_KEY,
  RATIO_RANKING_YEARS_SQL,
  RATIO_SERIES_KEY,
  VINTAGE_PERIOD,
  VINTAGES_ON_LINE,
} from './contract.ts'
import { rankingStatements } from './rankings.ts'
import { NO_POINTS_RATIOS, ratioStatements } from './ratios.ts'
import { restatementRankingStatements } from './restatement-rankings.ts'
import { seriesStatements } from './series.ts'
import { keptNumbers, numbersBefore, sameMeta } from './series-numbers-kept.ts'
import { SERIES_MADE_AGAIN, seriesReuse } from './series-reuse.ts'
import { stageRecords } from './stage-reuse.ts'
import { METRIC_POINT_KEY, RATIO_POINT_KEY, vintageOnLine } from './vintages.ts'

const METRIC_LABELS = `SELECT * FROM (VALUES ${CANONICAL_METRICS.map((m) => `(${quote(m.key)}, ${quote(m.label)})`).join(', ')}) t(metric, label)`

export async function servingSeries(ctx: BuildContext): Promise<string[]> {
  const batches = await cikBatches(ctx.db, ctx.options.seriesFactsPerBatch)
  // A nightly makes only the companies whose inputs changed, and takes the others' rows (series-reuse.ts).
  const { record, reuse } = await seriesReuse(ctx, METRIC_LABELS)
  const made = reuse ? await cikBatches(ctx.db, ctx.options.seriesFactsPerBatch, reuse.made) : batches
  const numbering = await numbersBefore(ctx)
  // Points are made from the staged facts alone (series.ts), and a nightly takes only companies that have some.
  const facts = await ctx.db.count('SELECT count(*) AS n FROM t_cf_facts')
  return [
    ...record,
    ...stageRecords(ctx.snapshotDir),
    `CREATE TEMP TABLE cf_metric_labels AS ${METRIC_LABELS}`,
    ...(reuse?.take ?? []),
    ...seriesStatements(made, reuse !== undefined),
    'DROP TABLE cf_metric_labels',
    ...ratioStatements(made, reuse !== undefined, facts ? RATIOS : NO_POINTS_RATIOS),
    ...(reuse?.done ?? []),
    ...rankingStatements(batches),
    ...restatementRankingStatements(batches),
    ...numbering,
    ...keptNumbers(),
  ]
}

/** A point's `fin_point_metas` row. */
const SAME_META = sameMeta('p', 'm')

/**
 * A company's lines of the series and vintage files come from its own points and vintages and the kept
 * numbers (series-numbers-kept.ts) alone: a nightly takes those of the companies it did not make again
 * (series-reuse.ts) from the last snapshot's files. The company is a key's first part (PERIOD_SERIES_KEY,
 * RATIO_SERIES_KEY).
 */
const companyLines = (key: PackedKey<never>): LookupSpec['takesLines'] => ({
  groupOf: (packed) => Number(key.leading(packed)),
  madeAgain: async ({ state }) => state[SERIES_MADE_AGAIN] as MadeAgain | undefined,
})
const COMPANY_LINES = companyLines(PERIOD_SERIES_KEY)

/**
 * The series as lookup files, a series per key (contract LOOKUPS): as a DuckDB query on the 75-million-row
 * `fin_metric_points`, a metric series request missed its targets at 1 and at 16 connections several
 * times over, reading cold blocks of every column (docs/benchmarks.md). In 16 ranges of CIKs: each sorts a
 * part of the lines.
 */
export const seriesLookups = (): LookupSpec[] => [
  // The rankings as of a day: the metric ranking vintages are sorted by the file's key, then by value
  // (rankings.ts), so its lines are written in the table's stored order.
  lookupOf(FIN_METRIC_RANKING_LINES, {
    rowsOf: 'b.fin_metric_ranking_vintages',
    from: 'FROM b.fin_metric_ranking_vintages',
  }),
  // A line once per year it answers days of (contract RATIO_RANKING_KEY): no count, the lines outnumber the rows.
  lookupOf(FIN_RATIO_RANKING_LINES, {
    from: `FROM (SELECT *, ${RATIO_RANKING_YEARS_SQL('(SELECT max(known) // 10000 FROM s.fin_ratio_vintages_by_ratio)')}
                 FROM s.fin_ratio_vintages_by_ratio)
      ORDER BY ratio, quarters, answers_in, value DESC, cik, end_date, vintage`,
  }),
  lookupOf(FIN_METRIC_SERIES, {
    takesLines: COMPANY_LINES,
    rowsOf: 'b.fin_metric_points',
    head: seriesHead,
    ranges: { column: 'cik', of: 'b.fin_metric_points', parts: 16, rowsPerPart: ROWS_PER_RANGE },
    from: (inRange) =>
      seriesLines(
        `SELECT p.*, m.meta_id, ${FROM_VINTAGES}
         FROM b.fin_metric_points p JOIN s.fin_point_metas m ON ${SAME_META} ${vintagesKnown('b.fin_metric_vintages', METRIC_POINT_KEY, inRange, ", 'tag': tag")}
         WHERE ${inRange('p.cik')}`,
        METRIC_LINE_ORDER,
      ),
  }),
  lookupOf(FIN_METRIC_VINTAGES, {
    takesLines: COMPANY_LINES,
    head: vintageHead,
    rowsOf: 'b.fin_metric_vintages',
    ranges: { column: 'cik', of: 'b.fin_metric_vintages', parts: 16, rowsPerPart: ROWS_PER_RANGE },
    from: (
      inRange,
    ) => `FROM (SELECT * FROM b.fin_metric_vintages WHERE ${inRange('cik')}) JOIN s.fin_series_ids USING (source, symbol)
      ORDER BY 1, end_date DESC, vintage`,
  }),
  lookupOf(FIN_RATIO_VINTAGES, {
    takesLines: COMPANY_LINES,
    head: vintageHead,
    rowsOf: 'b.fin_ratio_vintages',
    ranges: { column: 'cik', of: 'b.fin_ratio_vintages', parts: 4, rowsPerPart: ROWS_PER_RANGE },
    from: (
      inRange,
    ) => `FROM (SELECT *, 'ratio' AS source, ratio AS symbol FROM b.fin_ratio_vintages WHERE ${inRange('cik')})
      JOIN s.fin_series_ids USING (source, symbol) ORDER BY 1, end_date DESC, vintage`,
  }),
  lookupOf(FIN_RATIO_SERIES, {
    takesLines: companyLines(RATIO_SERIES_KEY),
    rowsOf: 'b.fin_ratio_points',
    head: seriesHead,
    ranges: { column: 'cik', of: 'b.fin_ratio_points', parts: 4, rowsPerPart: ROWS_PER_RANGE },
    from: (inRange) =>
      seriesLines(
        `SELECT p.* REPLACE (struct_insert(p.first_reported, components := v.first_vintage.components) AS first_reported),
                'ratio' AS source, p.ratio AS symbol, ${FROM_VINTAGES}
         FROM b.fin_ratio_points p ${vintagesKnown('b.fin_ratio_vintages', RATIO_POINT_KEY, inRange, ", 'components': components::JSON")}
         WHERE ${inRange('p.cik')}`,
        RATIO_LINE_ORDER,
      ),
  }),
]

const KNOWN_ON = knownOnSql('accepted::TIMESTAMP', 'filed')

/**
 * Of each restated point of the range (P1): the first day one of its vintages was known, the first day all
 * were, and from its vintages in order (each with its value and filing, and `more` of its fields) its first,
 * its last (contract LAST_VINTAGE), how many it has, and those between when it has at most VINTAGES_ON_LINE.
 */
const vintagesKnown = (vintages: string, point: readonly string[], inRange: (column: string) => string, more: string) =>
  `LEFT JOIN (SELECT ${point.join(', ')}, known_from, all_known_from, in_order[1] AS first_vintage,
                     in_order[-1] AS last_vintage, len(in_order) AS vintages,
                     CASE WHEN len(in_order) BETWEEN 3 AND ${VINTAGES_ON_LINE} THEN in_order[2:-2] END AS middle_vintages
              FROM (SELECT ${point.join(', ')}, min(${KNOWN_ON}) AS known_from, max(${KNOWN_ON}) AS all_known_from,
                           list(${vintageOnLine('', more)} ORDER BY vintage) AS in_order
                    FROM ${vintages} WHERE ${inRange('cik')} GROUP BY ALL)) v
     ON ${point.map((c) => `v.${c} = p.${c}`).join(' AND ')}`

const FIRST_KNOWN_ON = knownOnSql('p.first_reported.accepted::TIMESTAMP', 'p.first_reported.filed')

/**
 * A point's `known_from` and `all_known_from` (contract POINT_LEAD): a restated point's from its vintages
 * (one may have been known before the first was: accepted the evening before), any other's from its one,
 * first_reported; its `last_vintage`, its number of `vintages` and its `middle_vintages`.
 */
const FROM_VINTAGES = `coalesce(v.known_from, ${FIRST_KNOWN_ON}) AS known_from,
  coalesce(v.all_known_from, ${FIRST_KNOWN_ON}) AS all_known_from, v.last_vintage, coalesce(v.vintages, 1) AS vintages,
  v.middle_vintages`

/** A metric series' key is a series and period length, its lines latest period first (contract FIN_METRIC_SERIES). */
const METRIC_LINE_ORDER = { key: 'cik, source, symbol, quarters', lines: 'recency' }
/** A ratio series' key holds its every length, latest period first, then the longer (contract FIN_RATIO_SERIES). */
const RATIO_LINE_ORDER = { key: 'cik, source, symbol', lines: 'end_date DESC, quarters DESC' }

/**
 * The FROM clause of the points of `points` (with `source`, `symbol` and `known_from`), a key's lines in
 * `order`, latest periods first: the latest `limit` periods are the key's first lines. Each line with its
 * `newer_known_from` (contract POINT_LEAD), the running minimum of `known_from` down the key.
 */
const seriesLines = (points: string, order: { key: string; lines: string }) => `FROM (
    SELECT *, min(known_from) OVER (PARTITION BY ${order.key} ORDER BY ${order.lines}
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS newer_known_from
    FROM (${points})) JOIN s.fin_series_ids USING (source, symbol)
  ORDER BY 1, ${order.lines}`

/** A series line's frame head: its `newer_known_from` (a request as of a day passes frames newer than it). */
const NEWER_KNOWN_FROM = FIN_METRIC_SERIES.peek.numbers('newer_known_from')
const seriesHead = (line: string) => BigInt(NEWER_KNOWN_FROM(line).at(-1)!)

/**
 * A vintage line's frame head: its period's `end_date` (a key's lines run latest period first, so a request
 * passes over the frames of periods newer than the points it answers: store/series-points.ts).
 */
const vintageHead = (line: string) => BigInt(VINTAGE_PERIOD(line).at(-1)!)

/** A point `p` whose last vintage `v` (none: not restated) is not its value (vintages.ts V6). */
const LAST_VINTAGE_ASTRAY = `CASE WHEN p.restated THEN v.value IS DISTINCT FROM p.value
  ELSE v.value IS NOT NULL OR p.first_reported.value IS DISTINCT FROM p.value END`

/**
 * One point per period: a series with two points at one period would answer twice. Checked a range of CIKs
 * at a time, as the points were made: one grouping of every point would hold all of them at once.
 */
export async function checkSeries({ db, options }: BuildContext) {
  // The ranges the points were made in, read once for the three checks.
  const batches = await cikBatches(db, options.seriesFactsPerBatch)
  let twice = 0
  for (const inBatch of batches)
    twice += await db.count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM b.fin_metric_points WHERE ${inBatch('cik')}
       GROUP BY cik, symbol, source, quarters, end_date HAVING count(*) > 1)`,
    )
  if (twice) throw new Error(`serving database: ${twice} metric periods have more than one point in fin_metric_points`)
  // The last vintage of each point is its value (vintages.ts): an answer as of today is today's answer. A
  // restated point's last row in fin_metric_vintages; any other point has no row there and was first
  // reported with its value (V6).
  let astray = 0
  for (const inBatch of batches)
    astray += await db.count(
      `SELECT count(*) AS n FROM b.fin_metric_points p
       LEFT JOIN (SELECT cik, symbol, source, quarters, end_date, arg_max(value, vintage) AS value
                  FROM b.fin_metric_vintages WHERE ${inBatch('cik')} GROUP BY ALL) v
         ON v.cik = p.cik AND v.symbol = p.symbol AND v.source = p.source AND v.quarters = p.quarters AND v.end_date = p.end_date
       WHERE ${inBatch('p.cik')} AND ${LAST_VINTAGE_ASTRAY}`,
    )
  if (astray)
    throw new Error(`serving database: ${astray} metric points differ from their last vintage in fin_metric_vintages`)
  // And each ratio point is its last vintage: every term then has its latest value (ratios.ts).
  let ratiosAstray = 0
  for (const inBatch of batches)
    ratiosAstray += await db.count(
      `SELECT count(*) AS n FROM b.fin_ratio_points p
       LEFT JOIN (SELECT cik, ratio, quarters, end_date, arg_max(value, vintage) AS value
                  FROM b.fin_ratio_vintages WHERE ${inBatch('cik')} GROUP BY ALL) v
         ON v.cik = p.cik AND v.ratio = p.ratio AND v.quarters = p.quarters AND v.end_date = p.end_date
       WHERE ${inBatch('p.cik')} AND ${LAST_VINTAGE_ASTRAY}`,
    )
  if (ratiosAstray)
    throw new Error(
      `serving database: ${ratiosAstray} ratio points differ from their last vintage in fin_ratio_vintages`,
    )
}
