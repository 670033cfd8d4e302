/**
 * The standardized statements: the canonical metrics of one statement (src/reference/canonical-metrics.ts)
 * at one period of the filing, as the build chose them (`fin_standardized`, read by the store:
 * store/standardized.ts). Every metric of the statement is a key of `metrics`, null when the filing does
 * not report it at that period.
 *
 * The period: `endDate` (default the filing's own period end) and `qtrs`, whose default is the
 * statement's natural span: the income statement a 10-Q's quarter (1) or a 10-K's year (4); the cash flow
 * year-to-date (a Q2 10-Q's six months: 2; a 10-K's year: 4), as cash-flow statements are presented; the
 * balance sheet an instant (`qtrs` does not apply). Cash-flow instants (cash at the end, and at the
 * beginning stored with the period it opens) come with the chosen period.
 */

import { ApiError } from '../../http/errors.ts'
import { type CanonicalStatement, metricsOf } from '../../reference/canonical-metrics.ts'
import type { StandardizedQuery } from './schemas.ts'
import { filingContext, filingOf } from './statements.ts'
import type { FilingRow, FinancialsStore } from './store/index.ts'

const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A', '10-KT', '10-KT/A'])

/** The statement's natural span for this filing (see the module comment). */
export function defaultQuarters(statement: CanonicalStatement, f: Pick<FilingRow, 'form' | 'fp'>): number {
  if (statement === 'balanceSheet') return 0
  const annual = f.fp === 'FY' || ANNUAL_FORMS.has(f.form)
  if (annual) return 4
  if (statement === 'income') return 1
  const q = /^Q([1-3])$/.exec(f.fp ?? '')
  return q ? Number(q[1]) : 1
}

/** '20250628' or '2025-06-28' (the schema checked it is a calendar day) → 20250628. */
export const endDateOf = (text: string) => Number(text.replaceAll('-', ''))

type StandardizedLine = {
  label: string
  value: number
  currency: string
  endDate: number
  quarters: number
  fiscalYear: number | null
  fiscalPeriod: string | null
  sourceTag: string
  strategy: string
  ruleId: string
  confidence: number
}

const NAMES: Record<CanonicalStatement, string> = {
  income: 'income statement',
  balanceSheet: 'balance sheet',
  cashFlow: 'cash flow statement',
}

export async function standardized(
  store: FinancialsStore,
  accessionNumber: string,
  statement: CanonicalStatement,
  q: StandardizedQuery,
) {
  const { adsh, row } = await filingOf(store, accessionNumber)
  const endDate = q.endDate === undefined ? (row.end_date ?? row.period ?? 0) : endDateOf(q.endDate)
  const quarters = statement === 'balanceSheet' ? 0 : (q.qtrs ?? defaultQuarters(statement, row))
  // At the filing's own period end, a lookup file; another one, a query (store/standardized.ts).
  const rows = await store.standardizedValues(
    BigInt(row.acc_key),
    statement,
    endDate,
    quarters,
    endDate === row.end_date,
  )
  if (!rows.length)
    throw new ApiError(
      'not_found',
      `Filing ${adsh} reports no ${NAMES[statement]} values for the period ending ${endDate}` +
        (statement === 'balanceSheet' ? '.' : ` spanning ${quarters} quarter(s).`),
    )
  const byMetric = new Map(rows.map((r) => [r.metric, r]))
  const metrics: Record<string, StandardizedLine | null> = {}
  for (const m of metricsOf(statement)) {
    const r = byMetric.get(m.key)
    // An instant metric of a flow statement belongs to it; a duration one only at the asked span.
    const fits = r && (m.period === 'instant' ? r.qtrs === 0 : r.qtrs === quarters)
    metrics[m.field] =
      fits && r
        ? {
            label: m.label,
            value: r.value,
            currency: r.uom,
            endDate: r.ddate,
            quarters: r.qtrs,
            fiscalYear: row.fy,
            fiscalPeriod: row.fp,
            sourceTag: r.tag,
            strategy: r.strategy,
            ruleId: r.rule_id,
            confidence: r.confidence,
          }
        : null
  }
  const filing = filingContext(adsh, row)
  const name = statement === 'income' ? 'income' : statement
  return statement === 'balanceSheet'
    ? { filing, statement: name, endDate, metrics }
    : { filing, statement: name, endDate, quarters, metrics }
}
