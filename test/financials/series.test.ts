/**
 * The metric and ratio series and the rankings over the fixture. Expected bodies are made here from the
 * fixture's own files, read independently of the build: `companyfacts.zip` (JSON.parse) for the points,
 * the FSDS quarters for each filing's period, acceptance time and tag version. A series point equals the
 * standardized statement's value of the same filing and period; a fourth quarter no filing reports is
 * the year minus its quarters, a cash-flow second or third quarter the difference of two years to date;
 * each ranking is its companies' own series values, largest first.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { CANONICAL_METRICS } from '../../src/reference/canonical-metrics.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { firstReportedOf } from './companyfacts-json.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()
const QFD = CAST.largeIssuer.cik

type Fact = {
  start?: string
  end: string
  val: number
  accn: string
  fy: number
  fp: string
  form: string
  filed: string
}
type Concept = { label: string | null; units: Record<string, Fact[]> }
type Doc = { cik: number; entityName: string; facts: Record<string, Record<string, Concept>> }
const docs = new Map<number, Doc>()

beforeAll(async () => {
  const zip = ZipReader.open(join((await sampleFixture()).mirror, 'companyfacts.zip'))
  for (const [, data] of zip.iterate()) {
    const doc = JSON.parse(data.toString('utf8')) as Doc
    docs.set(doc.cik, doc)
  }
  zip.close()
})

const days = (f: Fact) => (Date.parse(f.end) - Date.parse(f.start!)) / 86_400_000 + 1
const ymd = (iso: string) => Number(iso.replaceAll('-', ''))

/** The filing fields of a point, from the facts of its period: the latest filing's, the first one's fiscal year and period. */
function pointOf(facts: Fact[], tag: string, quarters: number, cik: number) {
  const byFiling = [...facts].sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn))
  const latest = byFiling.at(-1)!
  const first = byFiling[0]!
  const sub = ctx.fsds.sub.find((r) => r.adsh === latest.accn)!
  // Restated: a filing gave the period another value than the one before it (a repeat is no change).
  const changes = byFiling.filter((f, i) => i === 0 || f.val !== byFiling[i - 1]!.val)
  const firstSub = ctx.fsds.sub.find((r) => r.adsh === first.accn)
  const num = ctx.fsds.num.find(
    (n) => n.adsh === latest.accn && n.tag === tag && n.ddate === latest.end.replaceAll('-', ''),
  )
  return {
    adsh: latest.accn,
    cik,
    ticker: 'QFD',
    // The issuer's name, as its submissions record has it (not the filing's upper-case sub.txt name).
    entityName: CAST.largeIssuer.name,
    form: latest.form,
    fiscalYear: first.fy,
    fiscalPeriod: first.fp,
    period: Number(sub.period),
    filed: ymd(latest.filed),
    accepted: sub.accepted!.slice(0, 19).replace(' ', 'T'),
    endDate: ymd(latest.end),
    quarters,
    unit: 'USD',
    value: latest.val,
    tag,
    version: num?.version ?? null,
    restated: changes.length > 1,
    firstReported: firstReportedOf(
      changes,
      firstSub?.accepted ? firstSub.accepted.slice(0, 19).replace(' ', 'T') : null,
    ),
  }
}

/** The periods of a tag's USD facts: instants, or durations of a year (340–390 days), grouped by (start, end). */
function periods(doc: Doc, tag: string, annual: boolean): Map<string, Fact[]> {
  const out = new Map<string, Fact[]>()
  for (const f of doc.facts['us-gaap']?.[tag]?.units.USD ?? []) {
    if (annual ? !f.start || days(f) < 340 || days(f) > 390 : f.start) continue
    const key = `${f.start ?? ''}|${f.end}`
    out.set(key, [...(out.get(key) ?? []), f])
  }
  return out
}

const get = (path: string) => ctx.api.get(`/v1/financials/${path}`)

describe('metric series', () => {
  test('a canonical key, annual, latest two years: every field from companyfacts and the filing’s FSDS rows', async () => {
    const doc = docs.get(QFD)!
    const revenue = CANONICAL_METRICS.find((m) => m.key === 'revenue')!
    // Rule order per period: the first rule whose tag has the year.
    const chosen = new Map<string, ReturnType<typeof pointOf> & { rule: (typeof revenue.rules)[number] }>()
    for (const rule of revenue.rules)
      for (const [key, facts] of periods(doc, rule.tag, true))
        if (!chosen.has(key)) chosen.set(key, { ...pointOf(facts, rule.tag, 4, QFD), rule })
    const expected = [...chosen.values()]
      .sort((a, b) => a.endDate - b.endDate)
      .slice(-2)
      .map(({ rule, ...p }) => ({
        ...p,
        label: 'Revenue',
        custom: 0,
        datatype: 'monetary',
        segments: null,
        coreg: null,
        // Each of its filings presents its one revenue tag on the income statement.
        strategy: 'statement',
        ruleId: rule.ruleId,
        confidence: rule.confidence,
      }))
    const issuer = (await ctx.api.get(`/v1/financials/companies/search?cik=${QFD}&limit=1`)).body.issuer
    const res = await get(`metrics?cik=${QFD}&symbols=revenue&qtrs=4&limit=2`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      issuer,
      filters: {
        symbols: ['revenue'],
        source: 'all',
        version: null,
        startDate: null,
        endDate: null,
        qtrs: 4,
        limit: 2,
      },
      series: [
        { symbol: 'revenue', source: 'canonical', version: null, quarters: 4, label: 'Revenue', points: expected },
      ],
    })
  })

  test('a raw tag by ticker: its instants, each from the latest filing reporting it, with the file’s label', async () => {
    const doc = docs.get(QFD)!
    const expected = [...periods(doc, 'AccountsPayableCurrent', false).values()]
      .map((facts) => ({
        ...pointOf(facts, 'AccountsPayableCurrent', 0, QFD),
        label: doc.facts['us-gaap']!.AccountsPayableCurrent!.label,
        custom: 0,
        datatype: 'monetary',
        segments: null,
        coreg: null,
        strategy: 'raw',
        ruleId: null,
        confidence: 1,
      }))
      .sort((a, b) => a.endDate - b.endDate)
      .slice(-3)
    const res = await get('metrics?ticker=qfd&symbols=AccountsPayableCurrent&source=raw&limit=3&version=us-gaap')
    expect(res.status).toBe(200)
    expect(res.body.series).toEqual([
      {
        symbol: 'AccountsPayableCurrent',
        source: 'raw',
        version: 'us-gaap',
        quarters: 0,
        label: expected[0]!.label,
        points: expected,
      },
    ])
  })

  test('a point equals the standardized statement’s value of its filing and period', async () => {
    const statement = await ctx.api.get(
      `/v1/financials/filings/${CAST_ACCESSIONS.tenK}/statements/income-statement/standardized`,
    )
    const series = await get(`metrics?cik=${QFD}&symbols=revenue,net_income_loss&qtrs=4&endDate=2025-12-31&limit=1`)
    const byKey = Object.fromEntries(
      series.body.series.map((s: { symbol: string; points: unknown[] }) => [s.symbol, s.points[0]]),
    )
    expect([byKey.revenue.value, byKey.revenue.adsh, byKey.revenue.endDate]).toEqual([
      statement.body.metrics.revenue.value,
      CAST_ACCESSIONS.tenK,
      statement.body.endDate,
    ])
    expect(byKey.net_income_loss.value).toBe(
      statement.body.metrics.netIncomeLoss?.value ?? statement.body.metrics.netIncome.value,
    )
  })

  test('the fourth quarter no filing reports alone is the year minus its three quarters, and says so', async () => {
    const quarters = (await get(`metrics?cik=${QFD}&symbols=revenue&qtrs=1&limit=100`)).body.series[0].points
    const years = (await get(`metrics?cik=${QFD}&symbols=revenue&qtrs=4&limit=100`)).body.series[0].points
    const year = years.find((p: { endDate: number }) => p.endDate === 20251231)
    const q4 = quarters.find((p: { endDate: number }) => p.endDate === 20251231)
    const firstThree = quarters.filter((p: { endDate: number }) => p.endDate > 20241231 && p.endDate < 20251231)
    expect(firstThree.length).toBe(3)
    expect(q4).toMatchObject({
      strategy: 'derived',
      fiscalPeriod: 'Q4',
      adsh: year.adsh,
      quarters: 1,
      value: year.value - firstThree.reduce((s: number, p: { value: number }) => s + p.value, 0),
    })
  })

  test('a 10-Q’s cash flow is its year to date: the second and third quarters are derived from it, naming both filings', async () => {
    const doc = docs.get(QFD)!
    const byFiling = (a: Fact, b: Fact) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn)
    const facts = doc.facts['us-gaap']!.NetCashProvidedByUsedInOperatingActivities!.units.USD!
    // Fiscal 2025's facts to date (the same start), each period's latest filing's, and the one it subtracts.
    const toDate = (end: string) => facts.filter((f) => f.start === '2025-01-01' && f.end === end).sort(byFiling)
    const ends = ['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31']
    // The generator writes no cash-flow quarter alone after the first: each 10-Q has only its year to date.
    expect(facts.filter((f) => f.start! > '2025-01-01' && f.end < '2026-01-01')).toEqual([])
    const expected = ends.slice(1).map((end, i) => {
      const longer = toDate(end).at(-1)!
      // The shorter period as the filings had reported it by the longer one's filing.
      const shorter = toDate(ends[i]!)
        .filter((f) => byFiling(f, longer) <= 0)
        .at(-1)!
      return {
        endDate: ymd(end),
        adsh: longer.accn,
        fiscalPeriod: `Q${i + 2}`,
        value: longer.val - shorter.val,
        strategy: 'derived',
        derivedFrom: [longer.accn, shorter.accn],
      }
    })
    const res = await get(`metrics?cik=${QFD}&symbols=cfo&qtrs=1&startDate=2025-01-01&endDate=2025-12-31`)
    expect(res.status).toBe(200)
    const points = res.body.series[0].points
    // The first quarter as reported, its tag the one the filing's cash flow statement presents.
    expect(points[0]).toMatchObject({ endDate: 20250331, strategy: 'statement', value: toDate(ends[0]!).at(-1)!.val })
    expect(points[0].derivedFrom).toBeUndefined()
    expect(points.slice(1)).toMatchObject(expected)
    // The quarterly ratios of cash flow see them.
    const ratio = await get(
      `ratios?cik=${QFD}&ratio=operating_cash_flow_ratio&qtrs=1&startDate=2025-01-01&endDate=2025-12-31`,
    )
    expect(
      ratio.body.series[0].points.map((p: { endDate: number; components: { value: number }[] }) => [
        p.endDate,
        p.components[0]!.value,
      ]),
    ).toEqual(points.map((p: { endDate: number; value: number }) => [p.endDate, p.value]))
  })

  test('bad input is a 400 naming the parameter; an unknown company or no data a 404', async () => {
    const cases: [string, number, string | undefined][] = [
      [`metrics?cik=${QFD}&symbols=revenu`, 400, 'symbols'],
      [`metrics?cik=${QFD}&symbols=Revenues&source=canonical`, 400, 'symbols'],
      [`metrics?cik=${QFD}&symbols=revenue&qtrs=2`, 400, 'qtrs'],
      [`metrics?cik=${QFD}&symbols=revenue&source=both`, 400, 'source'],
      ['metrics?symbols=revenue', 400, 'cik'],
      ['metrics?cik=9999999999&symbols=revenue', 404, undefined],
      ['metrics?ticker=ZZZZZZ&symbols=revenue', 404, undefined],
      [`metrics?cik=${QFD}&symbols=NoSuchTag`, 404, undefined],
      [`metrics?cik=${QFD}&symbols=revenue&startDate=2090-01-01`, 404, undefined],
      [`ratios?cik=${QFD}&ratio=current`, 400, 'ratio'],
      [`ratios?cik=${QFD}&ratio=roe&group=liquidity`, 400, 'ratio'],
      [`ratios?cik=${QFD}&group=solvency`, 400, 'group'],
      [`ratios?cik=${QFD}&qtrs=3`, 400, 'qtrs'],
      ['metrics/top?metric=Revenues', 400, 'metric'],
      ['metrics/top?metric=revenue&quarter=5&quarterly=true', 400, 'quarter'],
      ['metrics/top?metric=revenue&year=1995', 404, undefined],
      ['ratios/top?ratio=nope', 400, 'ratio'],
    ]
    const got = await Promise.all(
      cases.map(async ([path]) => {
        const res = await get(path)
        return [path, res.status, res.status === 400 ? Object.keys(res.body.error.details)[0] : undefined]
      }),
    )
    expect(got).toEqual(cases)
  })

  test("an unknown metric key's or ratio id's 400 says where the list is", async () => {
    const where = 'listed in the OpenAPI document (/openapi) and docs/api/financials.md'
    const messages = await Promise.all(
      [
        `metrics?cik=${QFD}&symbols=revenu`,
        'metrics/top?metric=revenu',
        `ratios?cik=${QFD}&ratio=current`,
        'ratios/top?ratio=nope',
      ].map(async (path) => (await get(path)).body.error.message),
    )
    expect(messages).toEqual([
      `Invalid value for symbols: expected canonical metric keys (${where}) or tag names; revenu is not a canonical key.`,
      `Invalid value for metric: expected a canonical metric key (${where}); revenu is not one.`,
      `Invalid value for ratio: expected ratio identifiers such as current_ratio (${where}); current is not one.`,
      `Invalid value for ratio: expected ratio identifiers such as current_ratio (${where}); nope is not one.`,
    ])
    // A key that is not even of a key's form (a tag name) is refused by the schema, whose text says it too.
    const malformed = await get('metrics/top?metric=Revenues')
    expect(malformed.body.error.details).toEqual({
      metric: `expected a canonical metric key (${where}) such as revenue, got "Revenues"`,
    })
  })

  test('plan LITE with feature SEC_API_ENDPOINTS: a FREE key is refused on all four', async () => {
    for (const path of [
      `metrics?cik=${QFD}&symbols=revenue`,
      `ratios?cik=${QFD}`,
      'metrics/top?metric=revenue',
      'ratios/top',
    ])
      expect([path, (await ctx.api.get(`/v1/financials/${path}`, { key: ctx.api.keys.FREE })).status]).toEqual([
        path,
        403,
      ])
  })
})

describe('ratio series', () => {
  test('current ratio: current assets over current liabilities of the same date, with its components', async () => {
    const metrics = await get(`metrics?cik=${QFD}&symbols=current_assets,current_liabilities&limit=1`)
    const [assets, liabilities] = metrics.body.series.map((s: { points: { value: number }[] }) => s.points[0])
    const {
      tag: _t,
      version: _v,
      label: _l,
      custom: _c,
      datatype: _d,
      segments: _s,
      coreg: _g,
      strategy: _st,
      ruleId: _r,
      confidence: _cf,
      unit: _u,
      value: _x,
      restated: _rs,
      firstReported: _fr,
      ...filing
    } = assets
    const res = await get(`ratios?cik=${QFD}&ratio=current_ratio&limit=1`)
    expect(res.body.series).toEqual([
      {
        ratio: 'current_ratio',
        group: 'liquidity',
        label: 'Current ratio',
        description: 'Current assets per dollar of current liabilities.',
        formula: 'current_assets / current_liabilities',
        unit: 'decimal',
        points: [
          {
            ...filing,
            value: assets.value / liabilities.value,
            unit: 'decimal',
            components: [
              { metric: 'current_assets', value: assets.value, unit: 'USD' },
              { metric: 'current_liabilities', value: liabilities.value, unit: 'USD' },
            ],
            // The quarter's ratio had one value since its 10-Q: one vintage.
            restated: false,
            firstReported: null,
          },
        ],
      },
    ])
  })

  test('a group: every ratio of it, each computed from its components', async () => {
    const res = await get(`ratios?cik=${QFD}&group=profitability&qtrs=4&limit=2`)
    expect(res.body.series.map((s: { ratio: string }) => s.ratio)).toEqual([
      'gross_margin',
      'operating_margin',
      'pretax_margin',
      'net_margin',
      'roa',
      'roe',
    ])
    for (const s of res.body.series)
      for (const p of s.points) {
        const [num, den] = p.components.map((c: { value: number }) => c.value)
        expect([s.ratio, p.value]).toEqual([s.ratio, num / den])
      }
  })
})

describe('rankings', () => {
  test('metrics/top: the latest complete year’s USD values, largest first, each its company’s own point', async () => {
    const res = await get('metrics/top?metric=revenue&limit=100')
    expect(res.status).toBe(200)
    const { filters, companies } = res.body
    expect(filters).toEqual({
      metric: 'revenue',
      basis: 'annual',
      year: filters.year,
      quarter: null,
      qtrs: 4,
      unit: 'USD',
      limit: 100,
    })
    expect(companies.map((c: { rank: number }) => c.rank)).toEqual(companies.map((_: unknown, i: number) => i + 1))
    const values = companies.map((c: { value: number }) => c.value)
    expect(values).toEqual([...values].sort((a, b) => b - a))
    for (const c of companies.slice(0, 5)) {
      expect([c.fiscalYear, c.unit]).toEqual([filters.year, 'USD'])
      const own = await get(
        `metrics?cik=${c.cik}&symbols=revenue&qtrs=4&endDate=${String(c.endDate).replace(/(\d{4})(\d\d)(\d\d)/, '$1-$2-$3')}&limit=1`,
      )
      const { rank: _r, metric: _m, sic: _s, countryInc: _c, sourceTag, sourceVersion, ...rest } = c
      expect({ ...rest, tag: sourceTag, version: sourceVersion }).toMatchObject(
        (({ custom: _x, datatype: _d, segments: _g, coreg: _o, restated: _r, firstReported: _f, ...p }) => p)(
          own.body.series[0].points[0],
        ),
      )
    }
  })

  test('metrics/top quarterly: a fiscal quarter of a year, balances at the quarter’s end', async () => {
    const res = await get('metrics/top?metric=total_assets&quarterly=true&quarter=2&year=2025&limit=3')
    expect(res.body.filters).toEqual({
      metric: 'total_assets',
      basis: 'quarterly',
      year: 2025,
      quarter: 2,
      qtrs: 0,
      unit: 'USD',
      limit: 3,
    })
    for (const c of res.body.companies) expect([c.fiscalYear, c.fiscalPeriod, c.quarters]).toEqual([2025, 'Q2', 0])
  })

  test('ratios/top: each company’s latest value, largest first; a window ranks the latest within it', async () => {
    const res = await get('ratios/top?ratio=net_margin&limit=100')
    const { companies } = res.body
    expect(res.body.filters).toEqual({
      ratio: 'net_margin',
      group: 'all',
      startDate: null,
      endDate: null,
      qtrs: 4,
      limit: 100,
    })
    for (const c of companies.slice(0, 3)) {
      const own = await get(`ratios?cik=${c.cik}&ratio=net_margin&qtrs=4&limit=1`)
      expect([c.cik, c.value, c.adsh]).toEqual([
        c.cik,
        own.body.series[0].points[0].value,
        own.body.series[0].points[0].adsh,
      ])
    }
    const values = companies.map((c: { value: number }) => c.value)
    expect(values).toEqual([...values].sort((a, b) => b - a))
    const window = await get('ratios/top?ratio=net_margin&startDate=2018-01-01&endDate=2019-12-31&limit=100')
    expect([window.status, window.body.companies.length > 0]).toEqual([200, true])
    for (const c of window.body.companies) expect(c.endDate >= 20180101 && c.endDate <= 20191231).toBe(true)
  })
})
