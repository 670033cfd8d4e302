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
const CONTRACT = 'RevenueFromContractWithCustomerExcludingAssessedTax'

const PATHS: Record<CanonicalStatement, string> = {
  income: 'income-statement',
  balanceSheet: 'balance-sheet',
  cashFlow: 'cash-flow',
}
const get = (adsh: string, statement: CanonicalStatement, query = '') =>
  ctx.api.get(`/v1/financials/filings/${adsh}/statements/${PATHS[statement]}/standardized${query}`)

/** The FSDS statements (`stmt`) that present a canonical statement's lines; CI holds a combined income statement. */
const PRESENTED_ON: Record<CanonicalStatement, string[]> = {
  income: ['IS', 'CI'],
  balanceSheet: ['BS'],
  cashFlow: ['CF'],
}

/**
 * The metrics map as the rule table and the canonical choice give it from the filing's consolidated num
 * rows at (endDate, quarters), read here from the files: of the rule tags with a row, those not smaller
 * than a component the filing reports (nor, being a component, than a tag ranked before), then the tags
 * its own statement presents, then the priority order.
 */
function expectedMetrics(adsh: string, statement: CanonicalStatement, endDate: number, quarters: number) {
  const sub = ctx.fsds.sub.find((r) => r.adsh === adsh)!
  const rows = ctx.fsds.num.filter((n) => n.adsh === adsh && !n.segments && !n.coreg && n.version !== adsh)
  const presented = new Set(
    ctx.fsds.pre.filter((p) => p.adsh === adsh && p.inpth === '0').map((p) => `${p.stmt} ${p.tag}`),
  )
  return Object.fromEntries(
    metricsOf(statement).map((m) => {
      const qtrs = m.period === 'instant' ? 0 : quarters
      const reportedAt = (tag: string) => {
        const n = rows.find((x) => x.tag === tag && Number(x.ddate) === endDate && Number(x.qtrs) === qtrs)
        return n && { value: Number(n.value), uom: n.uom! }
      }
      const candidates = m.rules.flatMap((r, rank) => {
        const v = reportedAt(r.tag)
        return v
          ? [{ r, rank, ...v, shown: PRESENTED_ON[m.statement].some((st) => presented.has(`${st} ${r.tag}`)) }]
          : []
      })
      const largestPart = Math.max(...m.components.map((tag) => reportedAt(tag)?.value ?? Number.NEGATIVE_INFINITY))
      const smaller = (c: (typeof candidates)[number]) =>
        largestPart > c.value ||
        (m.components.includes(c.r.tag) && candidates.some((e) => e.rank < c.rank && e.value > c.value))
      const byRule = candidates.toSorted((a, b) => Number(b.shown) - Number(a.shown) || a.rank - b.rank)
      const chosen = byRule.toSorted((a, b) => Number(smaller(a)) - Number(smaller(b)))[0]
      if (!chosen) return [m.field, null]
      return [
        m.field,
        {
          label: m.label,
          value: chosen.value,
          currency: chosen.uom,
          endDate,
          quarters: qtrs,
          fiscalYear: Number(sub.fy),
          fiscalPeriod: sub.fp,
          sourceTag: chosen.r.tag,
          strategy: chosen !== byRule[0] ? 'guard' : chosen.shown ? 'statement' : 'priority',
          ruleId: chosen.r.ruleId,
          confidence: chosen.r.confidence,
        },
      ]
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

  test('a part of revenue under Revenues: the statement’s contract revenue, the guard without pre rows; the rest by priority', async () => {
    // The sample's generated companies that present contract revenue and report a part of it under
    // `Revenues`, the first tag of the priority order, in a note; every fourth such filing without `pre`
    // rows (financial-statements/sample-revenue-part.ts).
    const { num, pre, sub } = ctx.fsds
    const consolidated = (tag: string) =>
      new Set(num.filter((n) => n.tag === tag && !n.segments && !n.coreg).map((n) => n.adsh))
    const parted = consolidated('Revenues')
    const contract = consolidated(CONTRACT)
    const presented = new Set(pre.map((p) => p.adsh))
    const traps = sub.filter((s) => parted.has(s.adsh) && contract.has(s.adsh)).map((s) => s.adsh!)
    expect(traps.length).toBeGreaterThan(0)
    const seen = new Set<string>()
    for (const adsh of traps) {
      const res = await get(adsh, 'income')
      expect(res.status).toBe(200)
      const { endDate, quarters, metrics } = res.body
      const at = (tag: string) =>
        num.find(
          (n) => n.adsh === adsh && n.tag === tag && +n.ddate! === endDate && +n.qtrs! === quarters && !n.segments,
        )
      const whole = Number(at(CONTRACT)!.value)
      expect(Number(at('Revenues')!.value)).toBeLessThan(whole)
      const strategy = presented.has(adsh) ? 'statement' : 'guard'
      const { sourceTag, value } = metrics.revenue
      expect([adsh, sourceTag, value, metrics.revenue.strategy]).toEqual([adsh, CONTRACT, whole, strategy])
      seen.add(strategy)
      // Without the filing's statements, every other line by the priority order.
      if (!presented.has(adsh))
        for (const [field, line] of Object.entries(metrics as Record<string, { strategy: string } | null>))
          if (line && field !== 'revenue') {
            expect([adsh, field, line.strategy]).toEqual([adsh, field, 'priority'])
            seen.add(line.strategy)
          }
      expect(metrics).toEqual(expectedMetrics(adsh, 'income', endDate, quarters))
    }
    expect([...seen].sort()).toEqual(['guard', 'priority', 'statement'])
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
