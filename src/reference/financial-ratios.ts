/**
 * The ratio definitions of `/v1/financials/ratios` and `/ratios/top`: one table, read by the build (which
 * computes every point once, company-facts/ratios.ts) and by the server (ids, labels, formulas).
 *
 * A ratio is a numerator over a denominator, each a sum of canonical metrics (canonical-metrics.ts) with a sign;
 * a term marked `optional` counts as zero when the company does not report it, any other term must be
 * there. How a point is made:
 * - its period is that of its duration terms (a quarter, `qtrs` 1, or a year, `qtrs` 4: never a
 *   year to date) or, when every term is an instant, the balance-sheet date (`qtrs` 0); instants are
 *   taken on the period's last day date, as reported (no averaging of opening and closing balances);
 * - every term in the same unit (the filing's currency): a ratio never mixes currencies;
 * - no point when a required term is missing or the denominator is zero;
 * - `days` ratios multiply by the period's days (91.25 a quarter, 365 a year).
 */

import { CANONICAL_METRICS } from './canonical-metrics.ts'

export type RatioGroup = 'liquidity' | 'leverage' | 'profitability' | 'efficiency'
export const RATIO_GROUPS: readonly RatioGroup[] = ['liquidity', 'leverage', 'profitability', 'efficiency']

export type RatioTerm = { metric: string; sign?: -1; optional?: true }
export type RatioDefinition = {
  id: string
  group: RatioGroup
  label: string
  description: string
  formula: string
  unit: 'decimal' | 'turns' | 'days'
  numerator: RatioTerm[]
  denominator: RatioTerm[]
}

const m = (metric: string): RatioTerm => ({ metric })
const optional = (metric: string): RatioTerm => ({ metric, optional: true })
const minus = (metric: string): RatioTerm => ({ metric, sign: -1 })

export const RATIOS: readonly RatioDefinition[] = [
  // Liquidity: can current obligations be met?
  {
    id: 'current_ratio',
    group: 'liquidity',
    label: 'Current ratio',
    description: 'Current assets per dollar of current liabilities.',
    formula: 'current_assets / current_liabilities',
    unit: 'decimal',
    numerator: [m('current_assets')],
    denominator: [m('current_liabilities')],
  },
  {
    id: 'quick_ratio',
    group: 'liquidity',
    label: 'Quick ratio',
    description: 'Cash, short-term investments and receivables per dollar of current liabilities (inventory excluded).',
    formula: '(cash_and_cash_equivalents + short_term_investments + accounts_receivable_net) / current_liabilities',
    unit: 'decimal',
    numerator: [m('cash_and_cash_equivalents'), optional('short_term_investments'), m('accounts_receivable_net')],
    denominator: [m('current_liabilities')],
  },
  {
    id: 'cash_ratio',
    group: 'liquidity',
    label: 'Cash ratio',
    description: 'Cash and short-term investments per dollar of current liabilities.',
    formula: '(cash_and_cash_equivalents + short_term_investments) / current_liabilities',
    unit: 'decimal',
    numerator: [m('cash_and_cash_equivalents'), optional('short_term_investments')],
    denominator: [m('current_liabilities')],
  },
  {
    id: 'operating_cash_flow_ratio',
    group: 'liquidity',
    label: 'Operating cash flow ratio',
    description: "The period's operating cash flow per dollar of current liabilities on its last day.",
    formula: 'cfo / current_liabilities',
    unit: 'decimal',
    numerator: [m('cfo')],
    denominator: [m('current_liabilities')],
  },
  {
    id: 'working_capital_to_assets',
    group: 'liquidity',
    label: 'Working capital to total assets',
    description: 'Current assets less current liabilities, as a share of total assets.',
    formula: '(current_assets - current_liabilities) / total_assets',
    unit: 'decimal',
    numerator: [m('current_assets'), minus('current_liabilities')],
    denominator: [m('total_assets')],
  },
  // Leverage: how the company is financed.
  {
    id: 'debt_to_equity',
    group: 'leverage',
    label: 'Debt to equity',
    description: "Long-term debt, its current portion and short-term debt per dollar of stockholders' equity.",
    formula: '(long_term_debt + current_portion_of_long_term_debt + short_term_debt) / stockholders_equity',
    unit: 'decimal',
    numerator: [m('long_term_debt'), optional('current_portion_of_long_term_debt'), optional('short_term_debt')],
    denominator: [m('stockholders_equity')],
  },
  {
    id: 'debt_to_assets',
    group: 'leverage',
    label: 'Debt to assets',
    description: 'Long-term debt, its current portion and short-term debt as a share of total assets.',
    formula: '(long_term_debt + current_portion_of_long_term_debt + short_term_debt) / total_assets',
    unit: 'decimal',
    numerator: [m('long_term_debt'), optional('current_portion_of_long_term_debt'), optional('short_term_debt')],
    denominator: [m('total_assets')],
  },
  {
    id: 'liabilities_to_assets',
    group: 'leverage',
    label: 'Liabilities to assets',
    description: 'Total liabilities as a share of total assets.',
    formula: 'total_liabilities / total_assets',
    unit: 'decimal',
    numerator: [m('total_liabilities')],
    denominator: [m('total_assets')],
  },
  {
    id: 'liabilities_to_equity',
    group: 'leverage',
    label: 'Liabilities to equity',
    description: "Total liabilities per dollar of stockholders' equity.",
    formula: 'total_liabilities / stockholders_equity',
    unit: 'decimal',
    numerator: [m('total_liabilities')],
    denominator: [m('stockholders_equity')],
  },
  {
    id: 'equity_multiplier',
    group: 'leverage',
    label: 'Equity multiplier',
    description: "Total assets per dollar of stockholders' equity.",
    formula: 'total_assets / stockholders_equity',
    unit: 'decimal',
    numerator: [m('total_assets')],
    denominator: [m('stockholders_equity')],
  },
  {
    id: 'interest_coverage',
    group: 'leverage',
    label: 'Interest coverage',
    description: 'Operating income per dollar of interest expense over the period.',
    formula: 'operating_income_loss / interest_expense',
    unit: 'turns',
    numerator: [m('operating_income_loss')],
    denominator: [m('interest_expense')],
  },
  // Profitability: what the company earns.
  {
    id: 'gross_margin',
    group: 'profitability',
    label: 'Gross margin',
    description: 'Gross profit as a share of revenue.',
    formula: 'gross_profit / revenue',
    unit: 'decimal',
    numerator: [m('gross_profit')],
    denominator: [m('revenue')],
  },
  {
    id: 'operating_margin',
    group: 'profitability',
    label: 'Operating margin',
    description: 'Operating income as a share of revenue.',
    formula: 'operating_income_loss / revenue',
    unit: 'decimal',
    numerator: [m('operating_income_loss')],
    denominator: [m('revenue')],
  },
  {
    id: 'pretax_margin',
    group: 'profitability',
    label: 'Pretax margin',
    description: 'Income before income taxes as a share of revenue.',
    formula: 'income_before_tax / revenue',
    unit: 'decimal',
    numerator: [m('income_before_tax')],
    denominator: [m('revenue')],
  },
  {
    id: 'net_margin',
    group: 'profitability',
    label: 'Net margin',
    description: 'Net income as a share of revenue.',
    formula: 'net_income_loss / revenue',
    unit: 'decimal',
    numerator: [m('net_income_loss')],
    denominator: [m('revenue')],
  },
  {
    id: 'roa',
    group: 'profitability',
    label: 'Return on assets',
    description: "The period's net income over total assets on its last day.",
    formula: 'net_income_loss / total_assets',
    unit: 'decimal',
    numerator: [m('net_income_loss')],
    denominator: [m('total_assets')],
  },
  {
    id: 'roe',
    group: 'profitability',
    label: 'Return on equity',
    description: "The period's net income over stockholders' equity on its last day.",
    formula: 'net_income_loss / stockholders_equity',
    unit: 'decimal',
    numerator: [m('net_income_loss')],
    denominator: [m('stockholders_equity')],
  },
  // Efficiency: how hard the assets work.
  {
    id: 'asset_turnover',
    group: 'efficiency',
    label: 'Asset turnover',
    description: "The period's revenue over total assets on its last day.",
    formula: 'revenue / total_assets',
    unit: 'turns',
    numerator: [m('revenue')],
    denominator: [m('total_assets')],
  },
  {
    id: 'inventory_turnover',
    group: 'efficiency',
    label: 'Inventory turnover',
    description: "The period's cost of revenue over inventory on its last day.",
    formula: 'cost_of_revenue / inventory',
    unit: 'turns',
    numerator: [m('cost_of_revenue')],
    denominator: [m('inventory')],
  },
  {
    id: 'receivables_turnover',
    group: 'efficiency',
    label: 'Receivables turnover',
    description: "The period's revenue over accounts receivable on its last day.",
    formula: 'revenue / accounts_receivable_net',
    unit: 'turns',
    numerator: [m('revenue')],
    denominator: [m('accounts_receivable_net')],
  },
  {
    id: 'payables_turnover',
    group: 'efficiency',
    label: 'Payables turnover',
    description: "The period's cost of revenue over accounts payable on its last day.",
    formula: 'cost_of_revenue / accounts_payable',
    unit: 'turns',
    numerator: [m('cost_of_revenue')],
    denominator: [m('accounts_payable')],
  },
  {
    id: 'days_sales_outstanding',
    group: 'efficiency',
    label: 'Days sales outstanding',
    description: "Accounts receivable on the period's last day over its revenue, in days of the period.",
    formula: 'accounts_receivable_net / revenue × days in period',
    unit: 'days',
    numerator: [m('accounts_receivable_net')],
    denominator: [m('revenue')],
  },
  {
    id: 'days_inventory_outstanding',
    group: 'efficiency',
    label: 'Days inventory outstanding',
    description: "Inventory on the period's last day over its cost of revenue, in days of the period.",
    formula: 'inventory / cost_of_revenue × days in period',
    unit: 'days',
    numerator: [m('inventory')],
    denominator: [m('cost_of_revenue')],
  },
]

export const RATIO_IDS: readonly string[] = RATIOS.map((r) => r.id)

const FLOWS = new Set(CANONICAL_METRICS.filter((m) => m.period === 'duration').map((m) => m.key))

/** Whether a canonical metric is a flow (a duration: income statement, cash flow), not a balance. */
export const isFlow = (metric: string) => FLOWS.has(metric)

/** A ratio's terms, numerator then denominator. */
export const termsOf = (r: RatioDefinition) => [...r.numerator, ...r.denominator]

/**
 * Whether a ratio has a flow among its terms. Its points then have the flow's period, a quarter or a year
 * (`quarters` 1 or 4), and a trailing-twelve-month value; a ratio of balances only has the balance-sheet
 * date (`quarters` 0) and no trailing value.
 */
export const hasFlow = (r: RatioDefinition) => termsOf(r).some((t) => isFlow(t.metric))
export const ratioById = new Map(RATIOS.map((r) => [r.id, r]))

/** The days of a period of 1 or 4 quarters: what a `days` ratio multiplies by. */
export const PERIOD_DAYS: Readonly<Record<number, number>> = { 1: 91.25, 4: 365 }

/**
 * A ratio's value from its terms' values (`termValue`: undefined when the company does not report the
 * term), by the rules above, in the order the build's SQL adds them (company-facts ratios.ts computes every
 * stored point that way; a trailing-twelve-month ratio is computed here, and test/financials/ratio-value.test.ts
 * checks that this gives every stored point's value exactly). Undefined when a required term is missing
 * or the denominator is zero.
 */
export function ratioValue(
  r: RatioDefinition,
  termValue: (metric: string) => number | undefined,
  quarters: number,
): number | undefined {
  const sum = (terms: readonly RatioTerm[]) => {
    let total: number | undefined
    for (const t of terms) {
      const v = termValue(t.metric) ?? (t.optional ? 0 : undefined)
      if (v === undefined) return undefined
      const signed = t.sign === -1 ? -v : v
      total = total === undefined ? signed : total + signed
    }
    return total
  }
  const numerator = sum(r.numerator)
  const denominator = sum(r.denominator)
  if (numerator === undefined || denominator === undefined || denominator === 0) return undefined
  return r.unit === 'days' ? (numerator / denominator) * PERIOD_DAYS[quarters]! : numerator / denominator
}
