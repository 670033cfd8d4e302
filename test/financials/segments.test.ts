/**
 * Segment revenue: the totals' rules (segment-rules.ts) on hand-made rows, and the six operations over the
 * fixture, whose bodies are made here from the fixture's own FSDS files (sub.txt for the filing, num.txt
 * for each one-axis revenue row and the consolidated total).
 */
import { describe, expect, test } from 'bun:test'
import {
  fromLatestFiling,
  labelOf,
  percentOf,
  periodTotals,
  subtotalMembers,
} from '../../src/areas/financials/segment-rules.ts'
import { CANONICAL_METRICS } from '../../src/reference/canonical-metrics.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()
const QFD = CAST.largeIssuer.cik
const REVENUE_RULES = CANONICAL_METRICS.find((m) => m.key === 'revenue')!.rules

describe('segment total rules', () => {
  const apple = [
    { axis: 'ProductOrService', member: 'IPhone', value: 200 },
    { axis: 'ProductOrService', member: 'Mac', value: 30 },
    { axis: 'ProductOrService', member: 'Products', value: 230 },
    { axis: 'ProductOrService', member: 'Services', value: 90 },
    { axis: 'StatementGeographical', member: 'Americas', value: 150 },
    { axis: 'StatementGeographical', member: 'Europe', value: 100 },
  ]

  test('a member that sums others of its axis is a subtotal when the axis adds up to more than revenue', () => {
    expect([...subtotalMembers(apple, 320)]).toEqual(['ProductOrService|Products'])
    // 50 = 25 + 25 in an axis that adds up to revenue: no dollar is counted twice, nothing is a subtotal.
    const even = [
      { axis: 'A', member: 'X', value: 50 },
      { axis: 'A', member: 'Y', value: 25 },
      { axis: 'A', member: 'Z', value: 25 },
    ]
    expect([...subtotalMembers(even, 100)]).toEqual([])
  })

  test('the segment total is the largest axis total without subtotals, never above revenue; coverage at most 1', () => {
    expect(periodTotals(apple, 320)).toEqual({ segmentRevenueTotal: 320, coveragePct: 1 })
    // Geography covers 250 of 400; products and services 320.
    expect(periodTotals(apple, 400)).toEqual({ segmentRevenueTotal: 320, coveragePct: 0.8 })
    expect(periodTotals(apple, null)).toEqual({ segmentRevenueTotal: 550, coveragePct: null })
  })

  test("a fiscal year's rows are its latest filing's: a later comparative column over its own 10-K, over its amendment", () => {
    // FY2023's own 10-K, its amendment, and FY2024's 10-K reporting FY2023 as a comparative column; FY2022
    // is reported by the FY2024 10-K only. Accession keys of different lengths compare as numbers.
    const own = { fy: 2023, acc_key: '99000023000001', accepted: '2024-02-20 16:00:00' }
    const amended = { fy: 2023, acc_key: '99000024000009', accepted: '2024-06-03 09:00:00' }
    const column = { fy: 2023, acc_key: '804753025000008', accepted: '2025-02-20 16:35:22' }
    const older = { fy: 2022, acc_key: '804753025000008', accepted: '2025-02-20 16:35:22' }
    expect(fromLatestFiling([own, amended, column, older])).toEqual([column, older])
    expect(fromLatestFiling([own, amended])).toEqual([amended])
    const sameTime = { ...own, acc_key: '100000023000001' }
    expect(fromLatestFiling([sameTime, own])).toEqual([sameTime])
  })

  test('a share of revenue to four decimals; labels from FSDS names', () => {
    expect([percentOf(200, 320), percentOf(1, 0), labelOf('StatementGeographical'), labelOf('NonUs')]).toEqual([
      0.625,
      null,
      'Statement Geographical',
      'Non Us',
    ])
  })
})

type Options = { types?: string[]; yearsBack?: number }

/**
 * A filing's period as the fixture's num.txt has it: its one-axis revenue rows over its span (a year for a
 * 10-K, a quarter for a 10-Q) at its own end date (`yearsBack` 0), or at the comparative column that many
 * years before (the filing's segment end dates, latest first), with the consolidated revenue there.
 */
function expectedPeriod(adsh: string, { types, yearsBack = 0 }: Options = {}) {
  const sub = ctx.fsds.sub.find((r) => r.adsh === adsh)!
  const span = sub.fp === 'FY' ? '4' : '1'
  const revenueRows = ctx.fsds.num.filter(
    (n) => n.adsh === adsh && n.qtrs === span && !n.coreg && REVENUE_RULES.some((r) => r.tag === n.tag),
  )
  const ends = [...new Set(revenueRows.filter((n) => n.segments).map((n) => n.ddate!))].sort().reverse()
  const ddate = ends[yearsBack]!
  const atEnd = revenueRows.filter((n) => n.ddate === ddate)
  const rank = REVENUE_RULES.findIndex((r) => atEnd.some((n) => n.segments && n.tag === r.tag))
  const rule = REVENUE_RULES[rank]!
  const rows = atEnd.filter((n) => n.segments && n.tag === rule.tag)
  const total = Number(atEnd.find((n) => !n.segments && n.tag === rule.tag)!.value)
  const typeOf = (axis: string, member: string) =>
    axis === 'ProductOrService'
      ? member.includes('Service')
        ? 'service'
        : 'product'
      : axis === 'StatementGeographical'
        ? 'geography'
        : 'business'
  const body = rows
    .map((n) => {
      const [axis, member] = n.segments!.replace(';', '').split('=') as [string, string]
      return {
        name: labelOf(member),
        segmentType: typeOf(axis, member),
        axisQname: axis,
        axisLabel: labelOf(axis),
        memberQname: member,
        memberLabel: labelOf(member),
        value: Number(n.value),
        unit: n.uom,
        percentOfRevenue: Math.round((Number(n.value) / total) * 10_000) / 10_000,
        sourceTag: n.tag,
        sourceVersion: n.version,
        strategy: 'segment_priority',
        ruleId: `seg.rev.priority.${rank + 1}`,
        confidence: rule.confidence,
      }
    })
    .filter((r) => !types || types.includes(r.segmentType))
    .sort(
      (a, b) =>
        a.axisQname.localeCompare(b.axisQname) || b.value - a.value || a.memberQname.localeCompare(b.memberQname),
    )
  return {
    adsh,
    form: sub.form,
    fiscalYear: Number(sub.fy) - yearsBack,
    fiscalPeriod: sub.fp,
    period: Number(sub.period),
    filed: Number(sub.filed),
    accepted: sub.accepted!.slice(0, 19).replace(' ', 'T'),
    endDate: Number(ddate),
    quarters: Number(span),
    totalRevenue: total,
    segmentRevenueTotal: total,
    coveragePct: 1,
    rows: body,
  }
}

describe('segment operations', () => {
  test('the latest annual report by ticker: every one-axis revenue row of its year, with totals', async () => {
    const res = await ctx.api.get('/v1/financials/qfd/segments')
    expect(res.status).toBe(200)
    expect(res.body.periods).toEqual([expectedPeriod(CAST_ACCESSIONS.tenK)])
    expect(res.body.filters).toEqual({
      metric: 'revenue',
      axis: null,
      segmentType: null,
      period: null,
      periods: null,
      accessionNumber: null,
      qtrs: 4,
      limit: 50,
    })
  })

  test('a fiscal quarter: its three months, from the latest 10-Q reporting it (a year later, as its comparative)', async () => {
    const q2 = (fy: string) =>
      ctx.fsds.sub.find((r) => Number(r.cik) === QFD && r.form === '10-Q' && r.fp === 'Q2' && r.fy === fy)!.adsh!
    const own = await ctx.api.get(`/v1/financials/${QFD}/segments?period=2026&qtrs=2`)
    expect(own.body.periods).toEqual([expectedPeriod(q2('2026'))])
    const before = await ctx.api.get(`/v1/financials/${QFD}/segments?period=2025&qtrs=2`)
    expect(before.body.periods).toEqual([expectedPeriod(q2('2026'), { yearsBack: 1 })])
  })

  test('geography and product-service equal the main operation with that segment type; axis filters too', async () => {
    for (const [variant, types] of [
      ['geography', 'geography'],
      ['product-service', 'product,service'],
    ] as const) {
      const fixed = await ctx.api.get(`/v1/financials/QFD/segments/${variant}`)
      const main = await ctx.api.get(`/v1/financials/QFD/segments?segmentType=${types}`)
      expect(fixed.body).toEqual(main.body)
      expect(fixed.body.periods).toEqual([expectedPeriod(CAST_ACCESSIONS.tenK, { types: types.split(',') })])
      expect(fixed.body.filters.segmentType).toBe(types)
    }
    const byAxis = await ctx.api.get('/v1/financials/QFD/segments?axis=us-gaap:StatementGeographicalAxis')
    expect(byAxis.body.periods[0].rows.map((r: { memberQname: string }) => r.memberQname)).toEqual(['US', 'NonUs'])
  })

  test('compare: the asked fiscal years, newest first, the same segments in the same order', async () => {
    const res = await ctx.api.get('/v1/financials/QFD/segments/product-service/compare?periods=2024,2025,2024')
    // Both from the fiscal 2025 10-K, the latest filing reporting each (fiscal 2024 as its comparative).
    const types = ['product', 'service']
    expect(res.body.periods).toEqual([
      expectedPeriod(CAST_ACCESSIONS.tenK, { types }),
      expectedPeriod(CAST_ACCESSIONS.tenK, { types, yearsBack: 1 }),
    ])
    expect(res.body.filters).toMatchObject({ segmentType: 'product,service', period: null, periods: '2024,2025' })
    const main = await ctx.api.get('/v1/financials/QFD/segments/compare?segmentType=service,product,service')
    expect(main.body.filters.segmentType).toBe('service,product')
  })

  test('accessionNumber scopes to one filing: its own period, or with period its comparative column', async () => {
    const res = await ctx.api.get(
      `/v1/financials/QFD/segments?accessionNumber=${CAST_ACCESSIONS.tenK.replaceAll('-', '')}&limit=2`,
    )
    const expected = expectedPeriod(CAST_ACCESSIONS.tenK)
    expect(res.body.periods).toEqual([{ ...expected, rows: expected.rows.slice(0, 2) }])
    expect(res.body.filters.accessionNumber).toBe(CAST_ACCESSIONS.tenK)
    const column = await ctx.api.get(`/v1/financials/QFD/segments?accessionNumber=${CAST_ACCESSIONS.tenK}&period=2023`)
    expect(column.body.periods).toEqual([expectedPeriod(CAST_ACCESSIONS.tenK, { yearsBack: 2 })])
  })

  test('400 for a period that is not YYYY, a bad qtrs or type, another metric; 404 for no company or no data', async () => {
    const cases: [string, number, string | undefined][] = [
      ['QFD/segments?period=2025Q1', 400, 'period'],
      ['QFD/segments?period=FY2025', 400, 'period'],
      ['QFD/segments?qtrs=0', 400, 'qtrs'],
      ['QFD/segments?segmentType=region', 400, 'segmentType'],
      ['QFD/segments?metric=netIncome', 400, 'metric'],
      ['QFD/segments/compare?periods=2025;2024', 400, 'periods'],
      ['ZZZZZZ/segments', 404, undefined],
      ['9999999999/segments', 404, undefined],
      ['QFD/segments?period=1999', 404, undefined],
      ['QFD/segments?axis=LegalEntity', 404, undefined],
    ]
    const got = []
    for (const [path] of cases) {
      const res = await ctx.api.get(`/v1/financials/${path}`)
      got.push([path, res.status, res.status === 400 ? Object.keys(res.body.error.details)[0] : undefined])
    }
    expect(got).toEqual(cases)
  })
})

describe('a fiscal year is answered by the latest filing that reports it', () => {
  const tenKsOf = (cik: number) =>
    ctx.fsds.sub
      .filter((r) => Number(r.cik) === cik && r.form === '10-K')
      .sort((a, b) => a.accepted!.localeCompare(b.accepted!))
      .map((r) => r.adsh!)

  test('a filer whose data holds only its latest 10-K: the two years before from its comparative columns', async () => {
    const [only, ...none] = tenKsOf(CAST.tickerFromExchangeFile.cik)
    expect(none).toEqual([])
    const res = await ctx.api.get('/v1/financials/TDWR/segments/compare?periods=2023,2024,2025')
    expect(res.status).toBe(200)
    expect(res.body.periods).toEqual([0, 1, 2].map((yearsBack) => expectedPeriod(only!, { yearsBack })))
    expect(res.body.periods.map((p: { fiscalYear: number }) => p.fiscalYear)).toEqual([2025, 2024, 2023])
    const one = await ctx.api.get('/v1/financials/TDWR/segments?period=2024')
    expect(one.body.periods).toEqual([expectedPeriod(only!, { yearsBack: 1 })])
  })

  test('a 52/53-week year: each comparative column is the fiscal year ending on its own day', async () => {
    const [only] = tenKsOf(CAST.emptyReportDates.cik)
    const res = await ctx.api.get(`/v1/financials/${CAST.emptyReportDates.cik}/segments/compare`)
    expect(res.body.periods).toEqual([0, 1, 2].map((yearsBack) => expectedPeriod(only!, { yearsBack })))
    // Years end on the last Saturday of May: labelled by the filer's fiscal year, not the calendar's.
    expect(res.body.periods.map((p: { fiscalYear: number; endDate: number }) => [p.fiscalYear, p.endDate])).toEqual([
      [2026, 20260530],
      [2025, 20250531],
      [2024, 20240525],
    ])
  })

  test("a year's own 10-K is superseded by a later 10-K's comparative column; by accession number it answers still", async () => {
    const tenKs = tenKsOf(QFD)
    const fy2024 = tenKs.find((a) => ctx.fsds.sub.find((r) => r.adsh === a)!.fy === '2024')!
    const latest = await ctx.api.get('/v1/financials/QFD/segments?period=2024')
    expect(latest.body.periods).toEqual([expectedPeriod(CAST_ACCESSIONS.tenK, { yearsBack: 1 })])
    const own = await ctx.api.get(`/v1/financials/QFD/segments?accessionNumber=${fy2024}`)
    expect(own.body.periods).toEqual([expectedPeriod(fy2024)])
  })
})
