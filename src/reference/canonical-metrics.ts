/**
 * The canonical metric mapping: one rule table, `canonical-metrics.json` (data, not code), shared by the
 * standardized statements (the build's financial-statements serving step) and the metric series and
 * rankings. For each canonical key (docs/api/financials.md lists them): the statement it belongs to, its short
 * camelCase name in a standardized statement, a label, which period it is measured over, and its rules:
 * us-gaap tags in priority order, each with a rule id (`rev.priority.2`) and a confidence.
 *
 * How a value is picked (by the build; which rows: financial-statements/standardized.ts and
 * company-facts/series.ts; which of their tags: one definition, src/pipeline/canonical-choice.ts):
 * - only rows of the filing itself with no `segments` and no `coreg`: the consolidated figure, so a total
 *   is never taken from a line item, a member of an axis or a subsidiary's (coregistrant's) row;
 * - only rows of the period asked for: `duration` keys at (ddate, qtrs), `instant` keys at (ddate, 0),
 *   `instantStart` (cash at the beginning of a cash-flow period) at the instant that period starts;
 * - of the rules' tags with such a row: never one smaller than a component the same filing reports for the
 *   period (the guard; a total's `components`, optional, are tags whose value is a part of it, never
 *   larger), then the tag the filing's own statement presents, then the priority order; a currency other
 *   than USD is kept as the filing reports it.
 */
import table from './canonical-metrics.json' with { type: 'json' }

export type CanonicalStatement = 'income' | 'balanceSheet' | 'cashFlow'
export type CanonicalPeriod = 'duration' | 'instant' | 'instantStart'
export type CanonicalRule = { tag: string; ruleId: string; confidence: number }
export type CanonicalMetric = {
  key: string
  statement: CanonicalStatement
  field: string
  label: string
  period: CanonicalPeriod
  rules: CanonicalRule[]
  /** Tags whose value is a part of this total (never larger than it); empty for a key without a guard. */
  components: string[]
}

type Table = { metrics: Record<string, Omit<CanonicalMetric, 'key' | 'components'> & { components?: string[] }> }

/** Every canonical metric, in the table's order. */
export const CANONICAL_METRICS: readonly CanonicalMetric[] = Object.entries((table as Table).metrics).map(
  ([key, m]) => ({
    key,
    ...m,
    statement: m.statement as CanonicalStatement,
    period: m.period as CanonicalPeriod,
    components: m.components ?? [],
  }),
)

export const CANONICAL_KEYS: readonly string[] = CANONICAL_METRICS.map((m) => m.key)

/** The metrics of one standardized statement, in order. */
export const metricsOf = (statement: CanonicalStatement) => CANONICAL_METRICS.filter((m) => m.statement === statement)
