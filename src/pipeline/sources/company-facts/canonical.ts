/**
 * Rule 4 of the metric series (series.ts): which point of the candidate tags gives a canonical key at a
 * period. docs/financials.md "Metric series" states it with examples; test/financials/series-rules.test.ts
 * has a test per case.
 *
 * Candidates: the us-gaap points (rules 1–3) of the key's rule tags at the key's period kind. Of them:
 * 1. the guard: a candidate smaller than a component the same filing reports for the period (the rule
 *    table's `components`: a total is never smaller than one of its parts), or, being itself a component
 *    (a part: Depreciation of D&A), smaller than a tag ranked before it that the filing reports (the
 *    whole), loses to any that is not;
 * 2. then the tag the point's filing presents on its own statement of the key's kind (FSDS `pre.txt`:
 *    IS or CI for income keys, BS, CF; not parenthetical): the filer's own line for the concept;
 * 3. then the rule table's priority order (also among several presented tags: the order says which
 *    concept the key is, e.g. NetIncomeLoss before ProfitLoss, where "the largest" would take another).
 * `strategy` says which decided: "statement" (a presented tag), "priority" (no candidate presented), or
 * "guard" (the candidate the statement or the priority order put first was smaller, as in 1). When every
 * candidate is smaller, the guard decides nothing.
 *
 * Plain joins and one window per key and period: the tags every filing presents are one aggregate of
 * `pre` made once before the ranges; a filing's largest components one aggregate over the range's facts;
 * both joined on the point's own filing (`acc_key`).
 */

import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import type { InRange } from '../../key-ranges.ts'
import { quote } from '../../sql-text.ts'

/** The rule table's components as rows (metric, tag). */
const componentsValues = () => {
  const rows = CANONICAL_METRICS.flatMap((m) => m.components.map((tag) => `(${quote(m.key)}, ${quote(tag)})`))
  return `SELECT * FROM (VALUES ${rows.join(', ')}) c(metric, tag)`
}

/** A canonical statement as a number, so that each presented line takes a few bytes. */
const STATEMENT_NO = (statement: string) =>
  `CASE ${statement} WHEN 'income' THEN 1 WHEN 'balanceSheet' THEN 2 ELSE 3 END::UTINYINT`

/** The FSDS statements (`stmt`) a canonical statement's line is presented on; CI holds a combined income statement. */
const STMT_OF = `CASE WHEN p.stmt IN ('IS', 'CI') THEN 'income' WHEN p.stmt = 'BS' THEN 'balanceSheet' ELSE 'cashFlow' END`

/**
 * Before the ranges (after `cf_rules`): the components, and the rule tags each filing's statements present,
 * made once from every filing's `pre` rows (one scan, not one per range: a range's filings are any), as
 * numbers (11 bytes a line: at full volume tens of millions of lines, a few hundred MB). After the ranges, their drop.
 */
export const CANONICAL_SETUP = [
  `CREATE TEMP TABLE cf_components AS ${componentsValues()}`,
  `CREATE TEMP TABLE cf_rule_tags AS SELECT tag, row_number() OVER (ORDER BY tag)::USMALLINT AS tag_no
    FROM (SELECT DISTINCT tag FROM cf_rules)`,
  `CREATE TEMP TABLE cf_presented AS
    SELECT DISTINCT p.acc_key, t.tag_no, ${STATEMENT_NO(STMT_OF)} AS statement_no
    FROM t_fsds_pre p JOIN cf_rule_tags t ON t.tag = p.tag
    WHERE p.stmt IN ('IS', 'CI', 'BS', 'CF') AND p.inpth = 0 AND p.version <> p.adsh`,
]
export const CANONICAL_TEARDOWN = ['DROP TABLE cf_components', 'DROP TABLE cf_rule_tags', 'DROP TABLE cf_presented']

/** The order of rule 4 over candidates: the guard, the statement, the priority. */
const CHOICE = (c: string) => `${c}.smaller, NOT ${c}.presented, ${c}.rank`
/** Which of the three decided (the guard when the choice is not the first by statement and priority). */
const STRATEGY = (c: string, partition: string) => `CASE
    WHEN row_number() OVER (PARTITION BY ${partition} ORDER BY NOT ${c}.presented, ${c}.rank) > 1 THEN 'guard'
    WHEN ${c}.presented THEN 'statement' ELSE 'priority' END AS strategy`

/**
 * One range's canonical points into `cf_canonical` (the columns of `cf_raw`, then metric, statement,
 * rule_id, confidence, strategy), from `cf_raw` (rule 3's points of the range) and `cf_rules`/`cf_components`.
 */
export const canonicalStatements = (inBatch: InRange): string[] => [
  // One statement (the build runs these for every range): the candidates with what decides among them.
  `CREATE TEMP TABLE cf_candidates AS
    WITH component_max AS (
      -- Each filing's largest component of a key at each period, as the filing reports it (any of its facts).
      SELECT f.acc_key, k.metric, f.start_date, f.end_date, f.unit, max(f.value) AS largest
      FROM t_cf_facts f JOIN cf_components k ON k.tag = f.tag
      WHERE ${inBatch('f.cik')} AND f.taxonomy = 'us-gaap'
      GROUP BY f.acc_key, k.metric, f.start_date, f.end_date, f.unit)
    -- Smaller than a component, or, being itself a component (a part), than a tag ranked before it: of the
    -- same filing (acc_key), period and unit.
    SELECT * EXCLUDE (part, earlier),
           coalesce(largest > value, false) OR (part AND coalesce(earlier > value, false)) AS smaller
    FROM (
      SELECT p.*, r.metric, r.statement, r.period, r.rule_id, r.confidence, r.rank,
             s.acc_key IS NOT NULL AS presented, g.largest, k.tag IS NOT NULL AS part,
             max(p.value) OVER (PARTITION BY p.cik, r.metric, p.quarters, p.end_date, p.acc_key, p.unit ORDER BY r.rank
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier
      FROM cf_raw p JOIN cf_rules r ON r.tag = p.tag
      JOIN cf_rule_tags t ON t.tag = p.tag
      LEFT JOIN cf_presented s ON s.acc_key = p.acc_key AND s.tag_no = t.tag_no
        AND s.statement_no = ${STATEMENT_NO('r.statement')}
      LEFT JOIN component_max g ON g.acc_key = p.acc_key AND g.metric = r.metric AND g.end_date = p.end_date
        AND g.start_date IS NOT DISTINCT FROM p.start_date AND g.unit = p.unit
      LEFT JOIN cf_components k ON k.metric = r.metric AND k.tag = p.tag
      WHERE p.taxonomy = 'us-gaap' AND (r.period = 'duration') = (p.quarters > 0))`,
  `CREATE TEMP TABLE cf_canonical AS
    SELECT c.* EXCLUDE (period, rank, presented, largest, smaller), ${STRATEGY('c', 'c.cik, c.metric, c.quarters, c.end_date')}
    FROM cf_candidates c WHERE c.period <> 'instantStart'
    QUALIFY row_number() OVER (PARTITION BY c.cik, c.metric, c.quarters, c.end_date ORDER BY ${CHOICE('c')}) = 1`,
  // Cash at the beginning of each cash-flow period: the instant the day before it starts, at that period.
  `INSERT INTO cf_canonical
    SELECT v.* EXCLUDE (period, rank, presented, largest, smaller)
             REPLACE (d.start_date AS start_date, d.end_date AS end_date, d.days AS days, d.quarters AS quarters),
           ${STRATEGY('v', 'd.cik, v.metric, d.quarters, d.end_date')}
    FROM (SELECT DISTINCT cik, quarters, start_date, end_date, days FROM cf_candidates
          WHERE statement = 'cashFlow' AND period = 'duration') d
    JOIN cf_candidates v ON v.cik = d.cik AND v.period = 'instantStart' AND v.end_date = d.start_date - 1
    QUALIFY row_number() OVER (PARTITION BY d.cik, v.metric, d.quarters, d.end_date ORDER BY ${CHOICE('v')}) = 1`,
  'DROP TABLE cf_candidates',
]
