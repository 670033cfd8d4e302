/**
 * The standardized statements over the fixture: every canonical metric of the statement present, its
 * value the one the rule table picks from the fixture's num.txt (computed here, by the test's own reading
 * of the table), the default periods per statement, the 52/53-week and non-USD filers, the bank whose
 * Assets has three rows, the parameters' bad values, and the plan the operations need.
 */
import { describe, expect, test } from 'bun:test'
import { type CanonicalStatement, metricsOf } from '../../src/reference/canonical-metrics.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const PATHS: Record<CanonicalStatement, string> = {
  income: 'income-statement',
  balanceSheet: 'balance-sheet',
  cashFlow: 'cash-flow',
}
const get = (adsh: string, statement: CanonicalStatement, query = '') =>
  ctx.api.get(`/v1/financials/filings/${adsh}/statements/${PATHS[statement]}/standardized${query}`)

/** The metrics map as the rule table gives it from the filing's consolidated num rows at (endDate, quarters). */
function expectedMetrics(adsh: string, statement: CanonicalStatement, endDate: number, quarters: number) {
  const sub = ctx.fsds.sub.find((r) => r.adsh === adsh)!
  const rows = ctx.fsds.num.filter((n) => n.adsh === adsh && !n.segments && !n.coreg && n.version !== adsh)
  return Object.fromEntries(
    metricsOf(statement).map((m) => {
      const qtrs = m.period === 'instant' ? 0 : quarters
      for (const r of m.rules) {
        const n = rows.find((x) => x.tag === r.tag && Number(x.ddate) === endDate && Number(x.qtrs) === qtrs)
        if (n)
          return [
            m.field,
            {
              label: m.label,
              value: Number(n.value),
              currency: n.uom,
              endDate,
              quarters: qtrs,
              fiscalYear: Number(sub.fy),
              fiscalPeriod: sub.fp,
              sourceTag: r.tag,
              ruleId: r.ruleId,
              confidence: r.confidence,
            },
          ]
      }
      return [m.field, null]
    }),
  )
}

/** The fixture's FSDS accession of the cast filer's filing of this form and period. */
const accessionOf = (cik: number, form: string, period: string) =>
  ctx.fsds.sub.find((r) => Number(r.cik) === cik && r.form === form && r.period === period)!.adsh!

describe('standardized statements', () => {
  test("a 10-K's income statement: its year, every canonical income metric (null where not reported)", async () => {
    const res = await get(CAST_ACCESSIONS.tenK, 'income')
    expect(res.status).toBe(200)
    expect(res.body.statement).toBe('income')
    expect([res.body.endDate, res.body.quarters]).toEqual([20251231, 4])
    expect(res.body.metrics).toEqual(expectedMetrics(CAST_ACCESSIONS.tenK, 'income', 20251231, 4))
    expect(res.body.metrics.revenue.value).toBeGreaterThan(0)
    expect(res.body.metrics.ebit).toBeNull()
    expect(Object.keys(res.body.metrics)).toEqual(metricsOf('income').map((m) => m.field))
  })

  test('a Q2 10-Q: the income statement is the quarter, the cash flow the six months (year to date)', async () => {
    const q2 = accessionOf(CAST.largeIssuer.cik, '10-Q', '20260630')
    const income = await get(q2, 'income')
    expect([income.body.endDate, income.body.quarters]).toEqual([20260630, 1])
    expect(income.body.metrics).toEqual(expectedMetrics(q2, 'income', 20260630, 1))
    const cash = await get(q2, 'cashFlow')
    expect([cash.body.statement, cash.body.endDate, cash.body.quarters]).toEqual(['cashFlow', 20260630, 2])
    const expected = expectedMetrics(q2, 'cashFlow', 20260630, 2)
    // Cash at the beginning of the six months: the instant at the year's start (2025-12-31), stored with them.
    const opening = ctx.fsds.num.find(
      (n) =>
        n.adsh === q2 && n.tag === 'CashAndCashEquivalentsAtCarryingValue' && n.ddate === '20251231' && !n.segments,
    )!
    expected.cashAtBeginningOfPeriod = {
      ...(expected.cashAtEndOfPeriod as object),
      value: Number(opening.value),
      quarters: 2,
      label: 'Cash at beginning of period',
      ruleId: 'cashbop.priority.2',
      confidence: 0.9,
    } as never
    expect(cash.body.metrics).toEqual(expected)
    const sixMonths = await get(q2, 'income', '?qtrs=2')
    expect(sixMonths.body.metrics).toEqual(expectedMetrics(q2, 'income', 20260630, 2))
  })

  test("the bank's total assets: the consolidated row, not its subsidiary's (coregistrant) or last year's", async () => {
    const tenK = accessionOf(CAST.manyFilings.cik, '10-K', '20251231')
    const assets = ctx.fsds.num.filter((n) => n.adsh === tenK && n.tag === 'Assets')
    expect(assets.length).toBe(3)
    const res = await get(tenK, 'balanceSheet')
    expect(res.body).not.toHaveProperty('quarters')
    expect([res.body.statement, res.body.endDate]).toEqual(['balanceSheet', 20251231])
    const consolidated = assets.find((n) => n.ddate === '20251231' && !n.coreg)!
    expect(res.body.metrics.totalAssets.value).toBe(Number(consolidated.value))
    expect(res.body.metrics).toEqual(expectedMetrics(tenK, 'balanceSheet', 20251231, 0))
    // Interest income is the bank's revenue (a later rule of the same key).
    const income = await get(tenK, 'income')
    expect([income.body.metrics.revenue.sourceTag, income.body.metrics.revenue.ruleId]).toEqual([
      'InterestAndDividendIncomeOperating',
      'rev.priority.8',
    ])
  })

  test('a 52/53-week year ends on its Saturday (2026-05-30), not the month end sub.txt rounds to', async () => {
    const tenK = accessionOf(CAST.emptyReportDates.cik, '10-K', '20260531')
    const res = await get(tenK, 'income')
    expect([res.body.endDate, res.body.quarters, res.body.filing.period]).toEqual([20260530, 4, 20260531])
    expect(res.body.metrics).toEqual(expectedMetrics(tenK, 'income', 20260530, 4))
  })

  test('a non-USD filer: values in its currency, as filed', async () => {
    const twentyF = accessionOf(CAST.foreignIssuer.cik, '20-F', '20251231')
    const res = await get(twentyF, 'balanceSheet')
    expect(res.body.metrics.totalAssets.currency).toBe('EUR')
    expect(res.body.metrics).toEqual(expectedMetrics(twentyF, 'balanceSheet', 20251231, 0))
  })

  test('endDate (YYYYMMDD or YYYY-MM-DD) and qtrs pick another period of the filing', async () => {
    for (const endDate of ['20241231', '2024-12-31']) {
      const res = await get(CAST_ACCESSIONS.tenK, 'balanceSheet', `?endDate=${endDate}`)
      expect(res.body.metrics).toEqual(expectedMetrics(CAST_ACCESSIONS.tenK, 'balanceSheet', 20241231, 0))
    }
    const prior = await get(CAST_ACCESSIONS.tenK, 'income', '?endDate=20231231&qtrs=4')
    expect(prior.body.metrics).toEqual(expectedMetrics(CAST_ACCESSIONS.tenK, 'income', 20231231, 4))
  })

  test('a period the filing does not report: 404 saying which', async () => {
    const res = await get(CAST_ACCESSIONS.tenK, 'income', '?qtrs=1')
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe(
      `Filing ${CAST_ACCESSIONS.tenK} reports no income statement values for the period ending 20251231 spanning 1 quarter(s).`,
    )
  })

  test('400 for a date that is not one and a span outside 0-4, naming the parameter', async () => {
    for (const [q, name] of [
      ['endDate=20240231', 'endDate'],
      ['endDate=2024-13-01', 'endDate'],
      ['endDate=abc', 'endDate'],
      ['qtrs=9', 'qtrs'],
      ['qtrs=-1', 'qtrs'],
    ] as const) {
      const res = await get(CAST_ACCESSIONS.tenK, 'income', `?${q}`)
      expect([q, res.status, res.body.error.code, Object.keys(res.body.error.details)]).toEqual([
        q,
        400,
        'invalid_parameter',
        [name],
      ])
    }
  })

  test('plan LITE with feature SEC_API_ENDPOINTS: a FREE key is refused, the as-reported statement is not', async () => {
    const refused = await ctx.api.get(
      `/v1/financials/filings/${CAST_ACCESSIONS.tenK}/statements/income-statement/standardized`,
      {
        key: ctx.api.keys.FREE,
      },
    )
    expect(refused.status).toBe(403)
    const open = await ctx.api.get(`/v1/financials/filings/${CAST_ACCESSIONS.tenK}/statements/income-statement`, {
      key: ctx.api.keys.FREE,
    })
    expect(open.status).toBe(200)
  })
})
