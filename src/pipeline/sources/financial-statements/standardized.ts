/**
 * The standardized statements' values, chosen once by the build from the canonical rule table
 * (src/reference/canonical-metrics.json; its loader documents the rules). For every filing, canonical
 * metric and period the filing reports, one row: the first rule (priority order) whose tag has a
 * consolidated row (no segments, no coregistrant) with a value, of the filer's own (standard, not custom) tag
 * at that period.
 *
 * Periods as stored, which is what the standardized operations ask for:
 * - `duration` metrics at the row's (ddate, qtrs), qtrs 1–4;
 * - `instant` metrics at (ddate, 0): a balance sheet is a date; a cash flow's end-of-period cash is the
 *   instant at the period's end;
 * - `instantStart` (cash at the beginning of a cash-flow period) stored at the cash-flow period it opens,
 *   (ddate, qtrs): the instant closest to `qtrs` × 3 months before `ddate`, within 20 days (a 52/53-week
 *   quarter is 13 weeks, not 3 months).
 * Several units at one period (rare): USD first, else the first by name.
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { type InRange, intoTable, keyRanges } from '../../key-ranges.ts'
import type { BuildContext } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { CONSOLIDATED, ymdDate } from './sql.ts'

/** The rule table as rows: metric, statement, period kind, tag, rank (1 = first), rule id, confidence. */
export function rulesValues(): string {
  const rows = CANONICAL_METRICS.flatMap((m) =>
    m.rules.map(
      (r, i) =>
        `(${quote(m.key)}, ${quote(m.statement)}, ${quote(m.period)}, ${quote(r.tag)}, ${i + 1}, ${quote(r.ruleId)}, ${r.confidence})`,
    ),
  )
  return `SELECT * FROM (VALUES ${rows.join(', ')}) r(metric, statement, period, tag, rank, rule_id, confidence)`
}

/**
 * Ranges of filings the values are chosen in: every rule looks at one filing's rows, and the whole input at
 * once (every rule tag's value of 164 million) spilled 17.6 GB at full volume, most of the disk a build has.
 */
const STANDARDIZED_PARTS = 16

export async function standardizedStatements(ctx: BuildContext): Promise<string[]> {
  const ranges = await keyRanges(ctx.db, { column: 'acc_key', of: 't_fsds_sub', parts: STANDARDIZED_PARTS })
  return [
    `CREATE TEMP TABLE fin_rules AS ${rulesValues()}`,
    ...ranges.flatMap((inRange, i) => rangeStatements(inRange, i === 0)),
    'DROP TABLE fin_rules',
  ]
}

/** One range of filings' values into `s.fin_standardized` (created by the first range), in key order. */
const rangeStatements = (inRange: InRange, first: boolean) => [
  // The rules' tags as the filer reported them for itself: consolidated rows of standard tags.
  `CREATE TEMP TABLE fin_rule_values AS
      SELECT n.acc_key, n.tag, n.version, n.ddate, n.qtrs, n.uom, n.value
      FROM t_fsds_num n
      WHERE ${inRange('n.acc_key')} AND ${CONSOLIDATED} AND n.version <> n.adsh AND n.value IS NOT NULL
        AND n.tag IN (SELECT DISTINCT tag FROM fin_rules)`,
  `${intoTable('s.fin_standardized', first)}
      WITH direct AS (
        SELECT v.acc_key, r.statement, r.metric, v.ddate, v.qtrs, v.uom, v.value, v.tag, v.version,
               r.rule_id, r.confidence, r.rank, 0 AS gap
        FROM fin_rule_values v JOIN fin_rules r ON r.tag = v.tag
        WHERE (r.period = 'duration' AND v.qtrs > 0) OR (r.period = 'instant' AND v.qtrs = 0)
      ),
      periods AS (SELECT DISTINCT acc_key, ddate, qtrs FROM fin_rule_values WHERE qtrs > 0),
      starts AS (
        SELECT * FROM (
          SELECT p.acc_key, r.statement, r.metric, p.ddate, p.qtrs, v.uom, v.value, v.tag, v.version,
                 r.rule_id, r.confidence, r.rank,
                 abs(date_diff('day', ${ymdDate('v.ddate')}, (${ymdDate('p.ddate')} - to_months(p.qtrs * 3))::DATE)) AS gap
          FROM periods p
          JOIN fin_rule_values v ON v.acc_key = p.acc_key AND v.qtrs = 0
          JOIN fin_rules r ON r.tag = v.tag AND r.period = 'instantStart')
        WHERE gap <= 20
      )
      SELECT acc_key, statement, metric, ddate, qtrs, uom, value::DOUBLE AS value, tag, version, rule_id, confidence::DOUBLE AS confidence
      FROM (SELECT * FROM direct UNION ALL SELECT * FROM starts)
      QUALIFY row_number() OVER (PARTITION BY acc_key, statement, metric, ddate, qtrs
                                 ORDER BY gap, rank, uom <> 'USD', uom) = 1
      ORDER BY acc_key, statement, ddate, qtrs, metric`,
  'DROP TABLE fin_rule_values',
]
