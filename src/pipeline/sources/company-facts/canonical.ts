/**
 * Rule 4 of the metric series (series.ts): which point of the candidate tags gives a canonical key at a
 * period, by the choice the standardized statements make too (src/pipeline/canonical-choice.ts: the
 * guard, then the filing's own statement, then the priority order). docs/financials.md "Metric series"
 * states it with examples; test/financials/series-rules.test.ts has a test per case.
 *
 * Candidates: the us-gaap points (rules 1–3) of the key's rule tags at the key's period kind, each read
 * with its own filing (`acc_key`): the tag its statement presents, the components it reports among the
 * company's facts. `instantStart` (cash at the beginning of a cash-flow period) is the instant the day
 * before the period starts, stored at that period.
 */

import { candidates, choiceOrder, choiceSetup, choiceTeardown, strategyOf } from '../../canonical-choice.ts'
import type { InRange } from '../../key-ranges.ts'

/** Before the ranges: `cf_rules`, `cf_components`, and the rule tags every filing presents (canonical-choice.ts). */
export const CANONICAL_SETUP = choiceSetup('cf')
export const CANONICAL_TEARDOWN = choiceTeardown('cf')

/**
 * One range's canonical points into `cf_canonical` (the columns of `cf_raw`, then metric, statement,
 * rule_id, confidence, strategy), from `cf_raw` (rule 3's points of the range).
 */
export const canonicalStatements = (inBatch: InRange): string[] => [
  `CREATE TEMP TABLE cf_candidates AS ${candidates({
    prefix: 'cf',
    values: 'cf_raw',
    where: `p.taxonomy = 'us-gaap' AND (r.period = 'duration') = (p.quarters > 0)`,
    facts: 't_cf_facts',
    factsWhere: `${inBatch('f.cik')} AND f.taxonomy = 'us-gaap'`,
    at: ['cik', 'start_date', 'end_date', 'unit'],
  })}`,
  `CREATE TEMP TABLE cf_canonical AS
    SELECT c.* EXCLUDE (period, rank, presented, smaller), ${strategyOf('c', 'c.cik, c.metric, c.quarters, c.end_date')}
    FROM cf_candidates c WHERE c.period <> 'instantStart'
    QUALIFY row_number() OVER (PARTITION BY c.cik, c.metric, c.quarters, c.end_date ORDER BY ${choiceOrder('c')}) = 1`,
  // Cash at the beginning of each cash-flow period: the instant the day before it starts, at that period.
  `INSERT INTO cf_canonical ${cashAtStart(`SELECT DISTINCT cik, quarters, start_date, end_date, days FROM cf_candidates
      WHERE statement = 'cashFlow' AND period = 'duration'`)}`,
]

/**
 * Cash at the beginning of `periods` (cik, quarters, start_date, end_date, days: cash-flow periods), as rows
 * of `cf_canonical`: of the `instantStart` candidates of the day before each period starts, the one the
 * choice puts first. Rule 5 asks it again for the quarters it derives, so `cf_candidates` stays until
 * CANDIDATES_DROP, after rule 5.
 */
export const cashAtStart = (periods: string) => `
    SELECT v.* EXCLUDE (period, rank, presented, smaller)
             REPLACE (d.start_date AS start_date, d.end_date AS end_date, d.days AS days, d.quarters AS quarters),
           ${strategyOf('v', 'd.cik, v.metric, d.quarters, d.end_date')}
    FROM (${periods}) d
    JOIN cf_candidates v ON v.cik = d.cik AND v.period = 'instantStart' AND v.end_date = d.start_date - 1
    QUALIFY row_number() OVER (PARTITION BY d.cik, v.metric, d.quarters, d.end_date ORDER BY ${choiceOrder('v')}) = 1`

export const CANDIDATES_DROP = 'DROP TABLE cf_candidates'
