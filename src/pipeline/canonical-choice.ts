/**
 * Which tag gives a canonical key (src/reference/canonical-metrics.json) at one period of one filing: the
 * one definition that both builds apply, the metric series over companyfacts points
 * (sources/company-facts/canonical.ts) and the standardized statements over a filing's own `num` rows
 * (sources/financial-statements/standardized.ts). docs/financials.md "Metric series", rule 4, states it
 * with examples; test/financials/series-rules.test.ts and canonical-rules.test.ts test each case.
 *
 * The candidates are the values of a key's rule tags at the key's period kind. Of them:
 * 1. the guard: a candidate smaller than a component the same filing reports for the period and unit (the
 *    rule table's `components`: a total is never smaller than one of its parts), or, being itself a
 *    component (a part: Depreciation of D&A), smaller than a tag ranked before it that the filing reports
 *    (the whole), loses to any that is not;
 * 2. then the tag the value's filing presents on its own statement of the key's kind (FSDS `pre.txt`: IS
 *    or CI for income keys, BS, CF; not parenthetical): the filer's own line for the concept;
 * 3. then the rule table's priority order (also among several presented tags: the order says which
 *    concept the key is, e.g. NetIncomeLoss before ProfitLoss, where "the largest" would take another).
 * `strategy` says which decided: "statement" (a presented tag), "priority" (no candidate presented), or
 * "guard" (the candidate the statement or the priority order put first was smaller, as in 1). When every
 * candidate is smaller, the guard decides nothing.
 *
 * Plain joins and windows, no per-row subquery: the tags every filing presents are one aggregate of `pre`
 * made once before a build's ranges; a filing's largest component one aggregate over the range's values;
 * both joined on the value's own filing (`acc_key`).
 */
import { CANONICAL_METRICS } from '../reference/canonical-metrics.ts'
import { quote } from './sql-text.ts'

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
 * Before a build's ranges, its tables, named with its prefix (`cf` the series, `fin` the standardized
 * statements): `<prefix>_rules` (rulesValues), `<prefix>_components`, and the rule tags each filing's
 * statements present, made once from every filing's `pre` rows (one scan, not one per range), as numbers
 * (11 bytes a line: at full volume tens of millions of lines, a few hundred MB).
 */
export const choiceSetup = (prefix: string) => [
  `CREATE TEMP TABLE ${prefix}_rules AS ${rulesValues()}`,
  `CREATE TEMP TABLE ${prefix}_components AS ${componentsValues()}`,
  `CREATE TEMP TABLE ${prefix}_rule_tags AS SELECT tag, row_number() OVER (ORDER BY tag)::USMALLINT AS tag_no
    FROM (SELECT DISTINCT tag FROM ${prefix}_rules)`,
  `CREATE TEMP TABLE ${prefix}_presented AS
    SELECT DISTINCT p.acc_key, t.tag_no, ${STATEMENT_NO(STMT_OF)} AS statement_no
    FROM t_fsds_pre p JOIN ${prefix}_rule_tags t ON t.tag = p.tag
    WHERE p.stmt IN ('IS', 'CI', 'BS', 'CF') AND p.inpth = 0 AND p.version <> p.adsh`,
]
/** After the ranges: the setup's drop. */
export const choiceTeardown = (prefix: string) =>
  ['presented', 'rule_tags', 'components', 'rules'].map((t) => `DROP TABLE ${prefix}_${t}`)

/** One range's values, as a build names them. */
export type CandidateSource = {
  /** The setup's prefix. */
  prefix: string
  /** The range's values, read as `p`: `acc_key`, `tag`, `value` and the `at` columns. */
  values: string
  /** Which values are candidates of a rule (`r`, of `<prefix>_rules`): its period kind, a taxonomy. */
  where: string
  /** Where the range's components are read, as `f` (the same columns), and which of its rows. */
  facts: string
  factsWhere: string
  /** The columns that, with `acc_key`, make one period and unit of one filing's values, in both. */
  at: readonly string[]
}

/**
 * A SELECT of the candidates: each value of a rule tag (`p.*`), its rule (metric, statement, period,
 * rule_id, confidence, rank), whether its filing presents it (`presented`) and whether the guard sets it
 * aside (`smaller`).
 */
export function candidates(src: CandidateSource): string {
  const same = (a: string, b: string) => src.at.map((c) => `${a}.${c} IS NOT DISTINCT FROM ${b}.${c}`).join(' AND ')
  return `
    WITH component_max AS (
      -- Each filing's largest component of a key at each period and unit, as the filing reports it.
      SELECT f.acc_key, k.metric, ${src.at.map((c) => `f.${c}`).join(', ')}, max(f.value) AS largest
      FROM ${src.facts} f JOIN ${src.prefix}_components k ON k.tag = f.tag
      WHERE ${src.factsWhere}
      GROUP BY ALL)
    -- Smaller than a component, or, being itself a component (a part), than a tag ranked before it: of the
    -- same filing (acc_key), period and unit.
    SELECT * EXCLUDE (part, earlier, largest),
           coalesce(largest > value, false) OR (part AND coalesce(earlier > value, false)) AS smaller
    FROM (
      SELECT p.*, r.metric, r.statement, r.period, r.rule_id, r.confidence, r.rank,
             s.acc_key IS NOT NULL AS presented, g.largest, k.tag IS NOT NULL AS part,
             max(p.value) OVER (PARTITION BY p.acc_key, r.metric, ${src.at.map((c) => `p.${c}`).join(', ')} ORDER BY r.rank
                                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier
      FROM ${src.values} p JOIN ${src.prefix}_rules r ON r.tag = p.tag
      JOIN ${src.prefix}_rule_tags t ON t.tag = p.tag
      LEFT JOIN ${src.prefix}_presented s ON s.acc_key = p.acc_key AND s.tag_no = t.tag_no
        AND s.statement_no = ${STATEMENT_NO('r.statement')}
      LEFT JOIN component_max g ON g.acc_key = p.acc_key AND g.metric = r.metric AND ${same('g', 'p')}
      LEFT JOIN ${src.prefix}_components k ON k.metric = r.metric AND k.tag = p.tag
      WHERE ${src.where})`
}

/** What a build orders candidates by besides the rule: `before` it (the nearest date), `after` it (units). */
export type OrderTerms = { before?: readonly string[]; after?: readonly string[] }

const orderBy = (terms: readonly string[], { before = [], after = [] }: OrderTerms) =>
  [...before, ...terms, ...after].join(', ')

/** The order of the candidates `c` of one key at one period: the guard, the statement, the priority. */
export const choiceOrder = (c: string, terms: OrderTerms = {}) =>
  orderBy([`${c}.smaller`, `NOT ${c}.presented`, `${c}.rank`], terms)

/**
 * Which rule decided, as `strategy`, for the row choiceOrder puts first in `partition`: the guard when it
 * is not also the first by the statement and the priority alone.
 */
export const strategyOf = (c: string, partition: string, terms: OrderTerms = {}) => `CASE
    WHEN row_number() OVER (PARTITION BY ${partition} ORDER BY ${orderBy([`NOT ${c}.presented`, `${c}.rank`], terms)}) > 1
      THEN 'guard'
    WHEN ${c}.presented THEN 'statement' ELSE 'priority' END AS strategy`
