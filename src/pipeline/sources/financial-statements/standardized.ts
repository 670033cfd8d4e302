/**
 * The standardized statements' values, chosen once by the build from the canonical rule table
 * (src/reference/canonical-metrics.json; its loader documents the rules). For every filing, canonical
 * metric and period the filing reports, one row: of the key's rule tags with a consolidated row (no
 * segments, no coregistrant) with a value, of the filer's own (standard, not custom) tag at that period,
 * the one the canonical choice takes (src/pipeline/canonical-choice.ts, the metric series' too): never
 * one smaller than a component the filing reports (the guard), then the tag its own statement presents,
 * then the priority order; `strategy` says which decided.
 *
 * Periods as stored, which is what the standardized operations ask for:
 * - `duration` metrics at the row's (ddate, qtrs), qtrs 1–4;
 * - `instant` metrics at (ddate, 0): a balance sheet is a date; a cash flow's end-of-period cash is the
 *   instant at the period's end;
 * - `instantStart` (cash at the beginning of a cash-flow period) stored at the cash-flow period it opens,
 *   (ddate, qtrs): the instant closest to `qtrs` × 3 months before `ddate`, within 20 days (a 52/53-week
 *   quarter is 13 weeks, not 3 months), then the choice among that instant's tags.
 * Several units at one period (rare): the choice in each, then USD first, else the first by name.
 */
import { candidates, choiceOrder, choiceSetup, choiceTeardown, strategyOf } from '../../canonical-choice.ts'
import { type InRange, keyRanges } from '../../key-ranges.ts'
import { servingTablePart } from '../../serving-table.ts'
import type { BuildContext } from '../../source.ts'
import { SERVING_TABLES } from './contract.ts'
import { CONSOLIDATED, ymdDate } from './sql.ts'

/**
 * Ranges of filings the values are chosen in: every rule looks at one filing's rows, and the whole input at
 * once (every rule tag's value of 164 million) spilled 17.6 GB at full volume, most of the disk a build has.
 * Sixteen at full volume (some half a million filings); fewer, of at least `FILINGS_PER_RANGE` each, below.
 */
const STANDARDIZED_PARTS = 16
const FILINGS_PER_RANGE = 10_000

export async function standardizedStatements(ctx: BuildContext): Promise<string[]> {
  const ranges = await keyRanges(ctx.db, {
    column: 'acc_key',
    of: 't_fsds_sub',
    parts: STANDARDIZED_PARTS,
    rowsPerPart: FILINGS_PER_RANGE,
  })
  return [
    ...choiceSetup('fin'),
    ...ranges.flatMap((inRange, i) => rangeStatements(inRange, i === 0)),
    ...choiceTeardown('fin'),
  ]
}

/** Among one key's candidates at a stored period: the nearest instant first (cash at the start), units last. */
const TERMS = (c: string) => ({ before: [`${c}.gap`], after: [`${c}.uom <> 'USD'`, `${c}.uom`] })

/** One range of filings' values into `s.fin_standardized` (created by the first range), in key order. */
const rangeStatements = (inRange: InRange, first: boolean) => [
  // The rules' and components' tags as the filer reported them for itself: consolidated rows of standard tags.
  `CREATE TEMP TABLE fin_rule_values AS
      SELECT n.acc_key, n.tag, n.version, n.ddate, n.qtrs, n.uom, n.value
      FROM t_fsds_num n
      WHERE ${inRange('n.acc_key')} AND ${CONSOLIDATED} AND n.version <> n.adsh AND n.value IS NOT NULL
        AND n.tag IN (SELECT tag FROM fin_rule_tags UNION SELECT tag FROM fin_components)`,
  `CREATE TEMP TABLE fin_candidates AS ${candidates({
    prefix: 'fin',
    values: 'fin_rule_values',
    where: `(r.period = 'duration') = (p.qtrs > 0)`,
    facts: 'fin_rule_values',
    factsWhere: 'true',
    at: ['ddate', 'qtrs', 'uom'],
  })}`,
  'DROP TABLE fin_rule_values',
  servingTablePart(
    SERVING_TABLES.fin_standardized,
    first,
    `WITH periods AS (SELECT DISTINCT acc_key, ddate, qtrs FROM fin_candidates WHERE period = 'duration'),
      starts AS (
        SELECT * FROM (
          SELECT c.* REPLACE (p.ddate AS ddate, p.qtrs AS qtrs),
                 abs(date_diff('day', ${ymdDate('c.ddate')}, (${ymdDate('p.ddate')} - to_months(p.qtrs * 3))::DATE)) AS gap
          FROM periods p JOIN fin_candidates c ON c.acc_key = p.acc_key AND c.period = 'instantStart')
        WHERE gap <= 20)
      SELECT acc_key, statement, metric, ddate, qtrs, uom, value::DOUBLE AS value, tag, version, rule_id,
             confidence::DOUBLE AS confidence, ${strategyOf('c', 'c.acc_key, c.metric, c.ddate, c.qtrs', TERMS('c'))}
      FROM (SELECT *, 0 AS gap FROM fin_candidates WHERE period <> 'instantStart' UNION ALL BY NAME SELECT * FROM starts) c
      QUALIFY row_number() OVER (PARTITION BY c.acc_key, c.metric, c.ddate, c.qtrs ORDER BY ${choiceOrder('c', TERMS('c'))}) = 1`,
  ),
  'DROP TABLE fin_candidates',
]
