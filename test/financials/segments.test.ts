/**
 * Segment revenue: the totals' rules (segment-rules.ts) on hand-made rows, and the six operations over the
 * fixture, whose bodies are made here from the fixture's own FSDS files (sub.txt for the filing, num.txt
 * for each one-axis revenue row and the consolidated total).
 */
import { describe, expect, test } from 'bun:test'
import { labelOf, percentOf, periodTotals, subtotalMembers } from '../../src/areas/financials/segment-rules.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()
const QFD = CAST.largeIssuer.cik

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

  test('a share of revenue to four decimals; labels from FSDS names', () => {
    expect([percentOf(200, 320), percentOf(1, 0), labelOf('StatementGeographical'), labelOf('NonUs')]).toEqual([
      0.625,
      null,
      'Statement Geographical',
      'Non Us',
    ])
  })
})

/** The filing's segment rows as the fixture's num.txt has them: one-axis revenue rows at its own period. */
function expectedPeriod(adsh: string, types?: string[]) {
  const sub = ctx.fsds.sub.find((r) => r.adsh === adsh)!
  const own = ctx.fsds.num.filter(
    (n) => n.adsh === adsh && n.ddate === ctx.fsds.sub.find((s) => s.adsh === adsh)!.period,
  )
  const span = sub.fp === 'FY' ? '4' : '1'
  const rows = own.filter((n) => n.qtrs === span && n.segments && !n.coreg && n.tag!.startsWith('Revenue'))
  const total = Number(own.find((n) => n.qtrs === span && !n.segments && !n.coreg && n.tag === rows[0]!.tag)!.value)
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
        ruleId: 'seg.rev.priority.2',
        confidence: 0.9,
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
    fiscalYear: Number(sub.fy),
    fiscalPeriod: sub.fp,
    period: Number(sub.period),
    filed: Number(sub.filed),
    accepted: sub.accepted!.slice(0, 19).replace(' ', 'T'),
    endDate: Number(sub.period),
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

  test('a 10-Q of a fiscal quarter: its three months', async () => {
    const q2 = ctx.fsds.sub.find((r) => Number(r.cik) === QFD && r.form === '10-Q' && r.fp === 'Q2' && r.fy === '2025')!
    const res = await ctx.api.get(`/v1/financials/${QFD}/segments?period=2025&qtrs=2`)
    expect(res.body.periods).toEqual([expectedPeriod(q2.adsh!)])
  })

  test('geography and product-service equal the main operation with that segment type; axis filters too', async () => {
    for (const [variant, types] of [
      ['geography', 'geography'],
      ['product-service', 'product,service'],
    ] as const) {
      const fixed = await ctx.api.get(`/v1/financials/QFD/segments/${variant}`)
      const main = await ctx.api.get(`/v1/financials/QFD/segments?segmentType=${types}`)
      expect(fixed.body).toEqual(main.body)
      expect(fixed.body.periods).toEqual([expectedPeriod(CAST_ACCESSIONS.tenK, types.split(','))])
    }
    const byAxis = await ctx.api.get('/v1/financials/QFD/segments?axis=us-gaap:StatementGeographicalAxis')
    expect(byAxis.body.periods[0].rows.map((r: { memberQname: string }) => r.memberQname)).toEqual(['US', 'NonUs'])
  })

  test('compare: the asked fiscal years, newest first, the same segments in the same order', async () => {
    const res = await ctx.api.get('/v1/financials/QFD/segments/product-service/compare?periods=2024,2025')
    const tenKs = ['2025', '2024'].map(
      (fy) =>
        ctx.fsds.sub
          .filter((r) => Number(r.cik) === QFD && r.fp === 'FY' && r.fy === fy)
          .sort((a, b) => b.accepted!.localeCompare(a.accepted!))[0]!,
    )
    expect(res.body.periods).toEqual(tenKs.map((s) => expectedPeriod(s.adsh!, ['product', 'service'])))
    expect(res.body.filters.periods).toEqual(['2024', '2025'])
  })

  test('accessionNumber scopes to one filing', async () => {
    const res = await ctx.api.get(
      `/v1/financials/QFD/segments?accessionNumber=${CAST_ACCESSIONS.tenK.replaceAll('-', '')}&limit=2`,
    )
    const expected = expectedPeriod(CAST_ACCESSIONS.tenK)
    expect(res.body.periods).toEqual([{ ...expected, rows: expected.rows.slice(0, 2) }])
    expect(res.body.filters.accessionNumber).toBe(CAST_ACCESSIONS.tenK)
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
