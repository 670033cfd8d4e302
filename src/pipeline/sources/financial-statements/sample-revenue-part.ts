/**
 * The trap of real filings that the canonical choice handles (src/pipeline/canonical-choice.ts; the metric
 * series' rule 4 and the standardized statements, docs/financials.md), written by the sample for both to
 * meet it:
 *
 * - a listed tag holding a part: as General Mills' companyfacts (`Revenues` $2.038B for FY2024 beside
 *   $19.857B of RevenueFromContractWithCustomerExcludingAssessedTax), every generated company whose income
 *   statement presents RevenueFromContractWithCustomerExcludingAssessedTax also reports `Revenues` for a
 *   part of it (its revenue from other sources), in a note (`stmt` UN), for the filing's period and the
 *   year before: the statement's line wins;
 * - a filing whose presentation the data sets lack: every fourth of those filings (the second, sixth, …
 *   of the company's) has its `num` rows and no `pre` rows, so both fall back on the priority order,
 *   and for revenue on the guard (`Revenues` is smaller than the component the filing reports).
 *
 * Only generated companies: the cast's bodies, asserted whole, stay as they are.
 */
import type { Line } from './sample-lines.ts'

export const CONTRACT_REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax'

/** The note's one line: a tenth of revenue, in thousands, under the tag the priority order takes first. */
export const REVENUE_PART: Line[] = [
  { tag: 'Revenues', label: 'Revenue from other sources', flow: (x) => Math.round(x.revenue / 10_000) * 1000 },
]

/** Whether a filing reports the part: a generated company's filing presenting contract revenue. */
export const reportsRevenuePart = (generated: boolean | undefined, revenueTag: string) =>
  Boolean(generated) && revenueTag === CONTRACT_REVENUE

/** Whether the company's `n`th filing reporting the part (from 0) is written without its `pre` rows. */
export const withoutPresentation = (n: number) => n % 4 === 1
