/**
 * Point-in-time metric series over the fixture (docs/financials.md "Point in time"): `asOf`, `vintage`,
 * `restated` and `firstReported`, and trailing twelve months. Expected values are read from the fixture's
 * own `companyfacts.zip` (JSON.parse) and FSDS acceptance times, independently of the build: the generator
 * restates prior years in some 10-Ks and amends some years (sample-restatements.ts).
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { isoOfYmd } from '../../src/areas/financials/format.ts'
import { ZipReader } from '../../src/lib/zip.ts'
import { COMPLETE_SHARE } from '../../src/reference/point-in-time.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { type CompanyFact, firstReportedOf } from './companyfacts-json.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

type Doc = { cik: number; facts: Record<string, Record<string, { units: Record<string, CompanyFact[]> }>> }
type Period = { cik: number; tag: string; end: string; byFiling: CompanyFact[] }

const ymd = (iso: string) => Number(iso.replaceAll('-', ''))
const days = (f: CompanyFact) => (Date.parse(f.end) - Date.parse(f.start!)) / 86_400_000 + 1
const dayBefore = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10)

/** Every fiscal year of a us-gaap USD tag with more than one value among its filings, one period per end date. */
const restatedYears: Period[] = []
/** A filing's acceptance day (FSDS, Eastern), else its filing date: when a day knew it. */
let knownOn: (f: CompanyFact) => string
/** The same by accession number, for every filing of the companyfacts. */
const filedOn = new Map<string, string>()
/** Every us-gaap fact as `tag unit accn end value`: a reported point must be one of them. */
const factKeys = new Set<string>()
const factKey = (tag: string, unit: string, accn: string, end: string | number, value: number) =>
  `${tag} ${unit} ${accn} ${String(end).replaceAll('-', '')} ${value}`
/** The companies with us-gaap facts. */
const ciks: number[] = []
const knownOnAccn = (accn: string) => knownOn({ accn, filed: filedOn.get(accn)! } as CompanyFact)

beforeAll(async () => {
  const zip = ZipReader.open(join((await sampleFixture()).mirror, 'companyfacts.zip'))
  for (const [, data] of zip.iterate()) {
    const doc = JSON.parse(data.toString('utf8')) as Doc
    for (const [tag, concept] of Object.entries(doc.facts['us-gaap'] ?? {})) {
      for (const f of Object.values(concept.units).flat()) filedOn.set(f.accn, f.filed)
      for (const [unit, facts] of Object.entries(concept.units))
        for (const f of facts) factKeys.add(factKey(tag, unit, f.accn, f.end, f.val))
    }
    if (doc.facts['us-gaap']) ciks.push(doc.cik)
    for (const [tag, concept] of Object.entries(doc.facts['us-gaap'] ?? {})) {
      const byEnd = Map.groupBy(
        (concept.units.USD ?? []).filter((f) => f.start && days(f) >= 340 && days(f) <= 390),
        (f) => f.end,
      )
      for (const [end, facts] of byEnd) {
        // One period per end date (a second start would be rule 3's choice, not this test's).
        if (new Set(facts.map((f) => f.start)).size > 1) continue
        const byFiling = facts.sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn))
        if (new Set(byFiling.map((f) => f.val)).size > 1) restatedYears.push({ cik: doc.cik, tag, end, byFiling })
      }
    }
  }
  zip.close()
  const accepted = new Map(ctx.fsds.sub.map((s) => [s.adsh!, s.accepted!.slice(0, 10)]))
  knownOn = (f) => accepted.get(f.accn) ?? f.filed
})

const get = (path: string) => ctx.api.get(`/v1/financials/${path}`)

/** The point of `p`'s period in a raw annual series answer, or undefined. */
async function pointOf(p: Period, extra = '') {
  const res = await get(`metrics?cik=${p.cik}&symbols=${p.tag}&source=raw&qtrs=4&limit=100${extra}`)
  expect(res.status).toBe(200)
  return res.body.series[0].points.find((x: { endDate: number }) => x.endDate === ymd(p.end))
}

/** The facts of `p` known at the end of `day`, in filing order; of those, the changes (a repeat is none). */
function knownAt(p: Period, day: string | undefined) {
  const known = p.byFiling.filter((f) => day === undefined || knownOn(f) <= day)
  const changes = known.filter((f, i) => i === 0 || f.val !== known[i - 1]!.val)
  return { known, changes }
}

describe('point in time', () => {
  test('the fixture restates: prior years in later 10-Ks, and years in their amendments', () => {
    expect(restatedYears.length).toBeGreaterThan(5)
    expect(restatedYears.some((p) => p.byFiling.some((f) => f.form === '10-K/A'))).toBe(true)
  })

  test('every point says whether it was restated, with its first-reported value and filing', async () => {
    for (const p of restatedYears.slice(0, 8)) {
      const { changes } = knownAt(p, undefined)
      const first = p.byFiling[0]!
      const point = await pointOf(p)
      expect(point.value).toBe(p.byFiling.at(-1)!.val)
      expect([point.restated, point.firstReported]).toEqual([
        changes.length > 1,
        firstReportedOf(changes, expect.stringMatching(new RegExp(`^${knownOn(first)}T`))),
      ])
    }
  })

  test('asOf: each period the value known at the end of the day, from the filing that first gave it; unknown periods absent', async () => {
    for (const p of restatedYears.slice(0, 8)) {
      const { changes } = knownAt(p, undefined)
      const restating = changes[1]!
      const before = dayBefore(knownOn(restating))
      for (const day of [before, knownOn(restating)]) {
        const at = knownAt(p, day)
        const taken = at.changes.at(-1)!
        const point = await pointOf(p, `&asOf=${day}`)
        expect([point.value, point.adsh, point.filed, point.restated]).toEqual([
          taken.val,
          taken.accn,
          ymd(taken.filed),
          at.changes.length > 1,
        ])
      }
      // Before its first filing, the period is not in the answer.
      const earliest = dayBefore(knownOn(p.byFiling[0]!))
      const res = await get(`metrics?cik=${p.cik}&symbols=${p.tag}&source=raw&qtrs=4&limit=100&asOf=${earliest}`)
      const ends = res.status === 200 ? res.body.series[0].points.map((x: { endDate: number }) => x.endDate) : []
      expect(ends).not.toContain(ymd(p.end))
    }
  })

  test('vintage=first: each period as first reported; with asOf the same when it was known by then', async () => {
    for (const p of restatedYears.slice(0, 8)) {
      const first = p.byFiling[0]!
      const point = await pointOf(p, '&vintage=first')
      expect([point.value, point.adsh, point.restated]).toEqual([first.val, first.accn, true])
      const late = await pointOf(p, `&vintage=first&asOf=${knownOn(p.byFiling.at(-1)!)}`)
      expect(late.value).toBe(first.val)
    }
  })

  test('asOf far ahead answers today’s values; the filters echo the new parameters only when sent', async () => {
    const p = restatedYears[0]!
    const today = await get(`metrics?cik=${p.cik}&symbols=${p.tag},revenue&limit=100`)
    const ahead = await get(`metrics?cik=${p.cik}&symbols=${p.tag},revenue&limit=100&asOf=2100-01-01`)
    const values = (body: { series: { points: { endDate: number; value: number }[] }[] }) =>
      body.series.map((s) => s.points.map((x) => [x.endDate, x.value]))
    expect(values(ahead.body)).toEqual(values(today.body))
    expect(today.body.filters.asOf).toBeUndefined()
    expect(ahead.body.filters.asOf).toBe('2100-01-01')
  })

  test('asOf with a small limit: each series the latest `limit` periods the day knew, of every period length', async () => {
    type Series = { symbol?: string; ratio?: string; quarters?: number; points: { endDate: number; value: number }[] }
    const byName = (body: { series: Series[] }, limit: number) =>
      body.series.map((s) => [s.symbol ?? s.ratio, s.quarters, s.points.slice(-limit).map((x) => [x.endDate, x.value])])
    let compared = 0
    for (const p of restatedYears.slice(0, 6)) {
      const restating = knownOn(knownAt(p, undefined).changes[1]!)
      for (const extra of [`&asOf=${dayBefore(restating)}`, `&asOf=${restating}`, '&vintage=first']) {
        for (const [path, limit] of [
          [`metrics?cik=${p.cik}&symbols=revenue,total_assets,${p.tag}`, 3],
          [`ratios?cik=${p.cik}`, 2],
        ] as const) {
          const whole = await get(`${path}&limit=100${extra}`)
          const latest = await get(`${path}&limit=${limit}${extra}`)
          expect(latest.status).toBe(whole.status)
          if (whole.status !== 200) continue
          expect(byName(latest.body, limit)).toEqual(byName(whole.body, limit))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(20)
  })

  test('ratios asOf a day: computed from the metrics as that day knew them; far ahead, today’s', async () => {
    let compared = 0
    for (const p of restatedYears.slice(0, 6)) {
      const day = knownOn(knownAt(p, undefined).changes[1]!)
      for (const asOf of [dayBefore(day), day]) {
        const ratios = await get(`ratios?cik=${p.cik}&ratio=current_ratio&limit=100&asOf=${asOf}`)
        const metrics = await get(
          `metrics?cik=${p.cik}&symbols=current_assets,current_liabilities&qtrs=0&limit=100&asOf=${asOf}`,
        )
        if (ratios.status !== 200) continue
        const [assets, liabilities] = metrics.body.series.map(
          (s: { points: { endDate: number; value: number }[] }) => new Map(s.points.map((x) => [x.endDate, x.value])),
        )
        for (const point of ratios.body.series[0].points) {
          expect(point.value).toBeCloseTo(assets.get(point.endDate) / liabilities.get(point.endDate), 12)
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(10)
    const p = restatedYears[0]!
    const today = await get(`ratios?cik=${p.cik}&limit=100`)
    const ahead = await get(`ratios?cik=${p.cik}&limit=100&asOf=2100-01-01`)
    const values = (body: { series: { points: { endDate: number; value: number }[] }[] }) =>
      body.series.map((s) => s.points.map((x) => [x.endDate, x.value]))
    expect(values(ahead.body)).toEqual(values(today.body))
  })

  test('ratios asOf a day: each component is the metric as that day knew it, of the same period', async () => {
    let compared = 0
    for (const cik of ciks.slice(0, 10))
      for (const day of ['2014-06-30', '2017-06-30', '2020-06-30', '2023-06-30']) {
        const res = await get(`ratios?cik=${cik}&ratio=current_ratio,debt_to_equity,net_margin&limit=100&asOf=${day}`)
        if (res.status !== 200) continue
        for (const s of res.body.series)
          for (const p of s.points)
            for (const c of p.components) {
              const period = `qtrs=${p.quarters}&startDate=${isoOfYmd(p.endDate)}&endDate=${isoOfYmd(p.endDate)}`
              const metric = await get(`metrics?cik=${cik}&symbols=${c.metric}&${period}&asOf=${day}`)
              const known = metric.status === 200 ? metric.body.series[0].points[0]?.value : undefined
              expect([day, s.ratio, p.endDate, c.metric, c.value]).toEqual([day, s.ratio, p.endDate, c.metric, known])
              compared++
            }
      }
    expect(compared).toBeGreaterThan(300)
  })

  test('rankings asOf a day: each company’s value as that day knew it; far ahead, today’s', async () => {
    const day = '2025-06-30'
    const top = await get(`metrics/top?metric=revenue&year=2024&limit=8&asOf=${day}`)
    expect(top.status).toBe(200)
    expect([top.body.filters.asOf, top.body.filters.year]).toEqual([day, 2024])
    for (const c of top.body.companies) {
      const own = await get(`metrics?cik=${c.cik}&symbols=revenue&qtrs=4&limit=100&asOf=${day}`)
      const point = own.body.series[0].points.find((x: { endDate: number }) => x.endDate === c.endDate)
      expect([c.cik, c.value, c.adsh]).toEqual([c.cik, point.value, point.adsh])
      expect(c.filed).toBeLessThanOrEqual(20250630)
    }
    const values = top.body.companies.map((c: { value: number }) => c.value)
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a))
    // Far ahead: the build's ranking of today.
    const today = await get('metrics/top?metric=revenue&year=2024&limit=8')
    const ahead = await get('metrics/top?metric=revenue&year=2024&limit=8&asOf=2100-01-01')
    const ranking = (b: { companies: { cik: number; value: number }[] }) => b.companies.map((c) => [c.cik, c.value])
    expect(ranking(ahead.body)).toEqual(ranking(today.body))
    // Without a year: the latest year complete by what the day knew (COMPLETE_SHARE), from each year's
    // companies as that day's ranking of the year has them.
    let checked = 0
    for (const asOf of ['2016-06-30', '2019-02-15', '2022-03-31', '2024-12-31', '2025-04-15']) {
      const counts: [number, number][] = []
      for (let year = 2008; year <= 2026; year++) {
        const res = await get(`metrics/top?metric=revenue&year=${year}&limit=100&asOf=${asOf}`)
        if (res.status === 200) counts.push([year, res.body.companies.length])
      }
      expect(counts.every(([, n]) => n < 100)).toBe(true)
      const complete = counts.filter(([, n], i) => i === 0 || n >= COMPLETE_SHARE * counts[i - 1]![1])
      const res = await get(`metrics/top?metric=revenue&limit=3&asOf=${asOf}`)
      expect(res.status === 200 ? res.body.filters.year : undefined).toBe(complete.at(-1)?.[0])
      if (complete.length) checked++
    }
    expect(checked).toBeGreaterThan(2)
    // Ratios: each company's latest point known by the day, as its own series as of that day has it, the
    // latest vintage or the first; far ahead, the build's ranking of today.
    for (const [asOf, vintage] of [
      [day, 'latest'],
      [day, 'first'],
      ['2019-09-30', 'latest'],
    ] as const) {
      const ratios = await get(`ratios/top?ratio=current_ratio&limit=5&asOf=${asOf}&vintage=${vintage}`)
      expect(ratios.status).toBe(200)
      for (const c of ratios.body.companies) {
        const own = await get(`ratios?cik=${c.cik}&ratio=current_ratio&qtrs=0&limit=1&asOf=${asOf}&vintage=${vintage}`)
        const [latest] = own.body.series[0].points
        expect([c.cik, c.endDate, c.value]).toEqual([c.cik, latest.endDate, latest.value])
      }
    }
    const ratioNow = await get('ratios/top?ratio=current_ratio&limit=8')
    const ratioAhead = await get('ratios/top?ratio=current_ratio&limit=8&asOf=2100-01-01')
    expect(ranking(ratioAhead.body)).toEqual(ranking(ratioNow.body))
  })

  test('segments asOf a day: each period from the latest filing known by then; vintage=first, its first filing', async () => {
    const today = await get('QFD/segments?period=2024')
    const before = await get('QFD/segments?period=2024&asOf=2025-06-30')
    const first = await get('QFD/segments?period=2024&vintage=first')
    expect([today.status, before.status, first.status]).toEqual([200, 200, 200])
    const [now] = today.body.periods
    const [then] = before.body.periods
    // Today: the fiscal 2025 10-K's comparative (it restated 2024); on 2025-06-30: the fiscal 2024 10-K.
    expect(now.filed).toBeGreaterThan(20250630)
    expect(then.filed).toBeLessThanOrEqual(20250630)
    expect(first.body.periods[0].adsh).toBe(then.adsh)
    expect(then.totalRevenue).not.toBe(now.totalRevenue)
    expect(before.body.filters.asOf).toBe('2025-06-30')
    // Nothing known yet: a 404.
    expect((await get('QFD/segments?asOf=2000-01-01')).status).toBe(404)
  })

  test('as of a day or as first reported, a point names only filings the day knew: its own, its first, a derived quarter’s', async () => {
    let derived = 0
    for (const p of restatedYears.slice(0, 6)) {
      const restating = knownOn(knownAt(p, undefined).changes[1]!)
      for (const extra of [`&asOf=${dayBefore(restating)}`, `&asOf=${restating}`, '&vintage=first']) {
        const day = extra.startsWith('&asOf=') ? extra.slice(6) : undefined
        const res = await get(`metrics?cik=${p.cik}&symbols=revenue,cfo,net_income_loss&qtrs=1&limit=100${extra}`)
        expect(res.status).toBe(200)
        for (const s of res.body.series)
          for (const x of s.points) {
            if (!x.derivedFrom) continue
            derived++
            // The longer period's filing first: the filing the point's value was taken from.
            expect([x.endDate, x.derivedFrom[0]]).toEqual([x.endDate, x.adsh])
            if (day === undefined) continue
            for (const accn of [x.adsh, x.firstReported?.adsh, ...x.derivedFrom].filter(Boolean))
              expect([x.endDate, accn, knownOnAccn(accn) <= day]).toEqual([x.endDate, accn, true])
          }
      }
    }
    expect(derived).toBeGreaterThan(10)
  })

  test('every reported point is a fact of its filing, today, as of a day and as first reported: its tag, filing, period and value', async () => {
    let checked = 0
    let otherTag = 0
    for (const cik of ciks.slice(0, 12))
      for (const extra of ['', '&asOf=2016-06-30', '&asOf=2019-06-30', '&vintage=first']) {
        const res = await get(`metrics?cik=${cik}&symbols=revenue,net_income_loss,total_assets&limit=100${extra}`)
        if (res.status === 404) continue
        for (const s of res.body.series) {
          const today =
            extra === '' ? undefined : await get(`metrics?cik=${cik}&symbols=${s.symbol}&qtrs=${s.quarters}&limit=100`)
          for (const x of s.points) {
            // A derived quarter's value is a difference, no fact of its own.
            if (x.strategy === 'derived') continue
            checked++
            const fact = factKey(x.tag, x.unit, x.adsh, x.endDate, x.value)
            expect([extra, fact, factKeys.has(fact)]).toEqual([extra, fact, true])
            const now = today?.body.series[0].points.find((p: { endDate: number }) => p.endDate === x.endDate)
            // Another tag than today's: its taxonomy version is not known (today's is of today's tag).
            if (now && now.tag !== x.tag) {
              otherTag++
              expect([x.endDate, x.version]).toEqual([x.endDate, null])
            }
          }
        }
      }
    expect(checked).toBeGreaterThan(500)
    // The sample's filers moved their revenue to the contract-revenue tag in 2018: earlier filings name the old.
    expect(otherTag).toBeGreaterThan(0)
    // So does every company a ranking as of a day names.
    let ranked = 0
    for (const metric of ['revenue', 'net_income_loss', 'total_assets'])
      for (const day of ['2016-06-30', '2017-06-30', '2017-12-31', '2019-06-30']) {
        const res = await get(`metrics/top?metric=${metric}&limit=100&asOf=${day}`)
        expect(res.status).toBe(200)
        for (const x of res.body.companies) {
          if (x.strategy === 'derived') continue
          ranked++
          const fact = factKey(x.sourceTag, x.unit, x.adsh, x.endDate, x.value)
          expect([day, fact, factKeys.has(fact)]).toEqual([day, fact, true])
        }
      }
    expect(ranked).toBeGreaterThan(20)
    // And every value of the restatement ledger (a derived quarter's are differences: years and instants here).
    let values = 0
    for (const cik of ciks.slice(0, 12))
      for (const qtrs of [0, 4]) {
        const res = await get(`${cik}/restatements?symbols=revenue,net_income_loss,total_assets&qtrs=${qtrs}&limit=100`)
        for (const d of res.status === 200 ? res.body.data : [])
          for (const v of d.values) {
            values++
            const fact = factKey(v.tag, 'USD', v.adsh, d.endDate, v.value)
            expect([fact, factKeys.has(fact)]).toEqual([fact, true])
          }
      }
    expect(values).toBeGreaterThan(10)
  })

  test('a late filer: between its deadline (its NT 10-K) and its 10-K the year is not known', async () => {
    const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`
    // 10-Ks filed more than 100 days after their period: past the 90-day deadline.
    const late = ctx.fsds.sub.filter(
      (s) => s.form === '10-K' && Date.parse(iso(s.filed!)) - Date.parse(iso(s.period!)) > 100 * 86_400_000,
    )
    expect(late.length).toBeGreaterThan(0)
    for (const s of late.slice(0, 3)) {
      const deadline = new Date(Date.parse(iso(s.period!)) + 95 * 86_400_000).toISOString().slice(0, 10)
      const known = s.accepted!.slice(0, 10)
      const at = async (day: string) => {
        const res = await get(`metrics?cik=${s.cik}&symbols=revenue&qtrs=4&limit=100&asOf=${day}`)
        return res.status === 200 ? res.body.series[0].points.map((p: { adsh: string }) => p.adsh) : []
      }
      expect(await at(deadline)).not.toContain(s.adsh)
      expect(await at(known)).toContain(s.adsh)
    }
  })

  test('ttm=true: at each quarter the sum of it and the three before, naming them, today, as of a day and as first reported; instants have none', async () => {
    const p = restatedYears[0]!
    const restating = knownOn(knownAt(p, undefined).changes[1]!)
    for (const extra of ['', `&asOf=${dayBefore(restating)}`, `&asOf=${restating}`, '&vintage=first'])
      await sumsOfFour(p.cik, extra)
    const instants = await get(`metrics?cik=${p.cik}&symbols=total_assets&ttm=true`)
    expect(instants.status).toBe(404)
  })

  /** Each trailing-twelve-month point of a company's revenue against its quarters, at the same point in time. */
  async function sumsOfFour(cik: number, extra: string) {
    const quarters = (await get(`metrics?cik=${cik}&symbols=revenue&qtrs=1&limit=100${extra}`)).body.series[0].points
    const ttm = await get(`metrics?cik=${cik}&symbols=revenue&ttm=true&limit=100${extra}`)
    expect(ttm.status).toBe(200)
    const [series] = ttm.body.series
    expect([series.symbol, series.quarters, series.ttm, ttm.body.filters.ttm]).toEqual(['revenue', 4, true, true])
    expect(series.points.length).toBeGreaterThan(0)
    for (const point of series.points) {
      const i = quarters.findIndex((q: { endDate: number }) => q.endDate === point.endDate)
      const four = quarters.slice(i - 3, i + 1)
      expect(point.ttmOf).toEqual(
        four.map((q: { endDate: number; value: number; adsh: string; strategy: string }) => ({
          endDate: q.endDate,
          value: q.value,
          adsh: q.adsh,
          strategy: q.strategy,
        })),
      )
      expect(point.value).toBeCloseTo(
        four.reduce((a: number, q: { value: number }) => a + q.value, 0),
        6,
      )
      expect([point.adsh, point.strategy]).toEqual([four[3].adsh, 'ttm'])
    }
  }

  test('the restatement ledger: each restated period, every value in filing order with its filing and change', async () => {
    for (const p of restatedYears.slice(0, 4)) {
      const res = await get(`${p.cik}/restatements?symbols=${p.tag}&source=raw&qtrs=4&limit=100`)
      expect(res.status).toBe(200)
      const period = res.body.data.find((d: { endDate: number }) => d.endDate === ymd(p.end))
      const { changes } = knownAt(p, undefined)
      expect(period).toEqual({
        symbol: p.tag,
        source: 'raw',
        quarters: 4,
        endDate: ymd(p.end),
        firstReported: changes[0]!.val,
        latest: changes.at(-1)!.val,
        change: changes.at(-1)!.val - changes[0]!.val,
        changePercent: (changes.at(-1)!.val - changes[0]!.val) / Math.abs(changes[0]!.val),
        values: changes.map((f, i) => ({
          vintage: i + 1,
          value: f.val,
          change: i === 0 ? null : f.val - changes[i - 1]!.val,
          adsh: f.accn,
          form: f.form,
          filed: ymd(f.filed),
          accepted: expect.stringMatching(new RegExp(`^${knownOn(f)}T`)),
          // A raw series has its own tag's filings only.
          tag: p.tag,
        })),
      })
      // Newest period first; only restated periods.
      const ends = res.body.data.map((d: { endDate: number }) => d.endDate)
      expect(ends).toEqual([...ends].sort((a, b) => b - a))
      expect(res.body.data.every((d: { values: unknown[] }) => d.values.length > 1)).toBe(true)
    }
    // Pages of one: the same periods in the same order, the last page without more.
    const p = restatedYears[0]!
    const all = (await get(`${p.cik}/restatements?symbols=revenue,total_assets,net_income_loss&limit=100`)).body.data
    expect(all.length).toBeGreaterThan(3)
    expect(all.length).toBeLessThan(100)
    const paged = []
    for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
      const res = await get(`${p.cik}/restatements?symbols=revenue,total_assets,net_income_loss&limit=3&page=${page}`)
      paged.push(...res.body.data)
      expect(res.body.pagination.hasMoreData).toBe(page < Math.ceil(all.length / 3))
    }
    expect(paged).toEqual(all)
    expect((await get('9999999999/restatements')).status).toBe(404)
    expect((await get(`${p.cik}/restatements?qtrs=2`)).status).toBe(400)
  })

  test('ratios ttm=true: the ratio of the trailing sums and the balances at their quarter end', async () => {
    const p = restatedYears[0]!
    const sums = async (symbols: string) =>
      (await get(`metrics?cik=${p.cik}&symbols=${symbols}&ttm=true&limit=100`)).body.series.map(
        (s: { points: { endDate: number; value: number }[] }) => new Map(s.points.map((x) => [x.endDate, x.value])),
      )
    const [income, revenue] = await sums('net_income_loss,revenue')
    const res = await get(`ratios?cik=${p.cik}&ratio=net_margin,current_ratio&ttm=true&limit=100`)
    expect(res.status).toBe(200)
    // A ratio of balances only has no trailing value.
    expect(res.body.series.map((s: { ratio: string; ttm: boolean }) => [s.ratio, s.ttm])).toEqual([
      ['net_margin', true],
    ])
    const points = res.body.series[0].points
    expect(points.length).toBeGreaterThan(0)
    for (const x of points) {
      expect(x.quarters).toBe(4)
      expect(x.value).toBeCloseTo(income.get(x.endDate) / revenue.get(x.endDate), 12)
    }
    expect((await get(`ratios?cik=${p.cik}&ratio=current_ratio&ttm=true`)).status).toBe(404)
    expect((await get(`ratios?cik=${p.cik}&ratio=net_margin&ttm=true&qtrs=1`)).status).toBe(400)
  })

  test('bad point-in-time input is a 400 naming the parameter', async () => {
    const p = restatedYears[0]!
    for (const [query, name] of [
      ['asOf=2024-13-01', 'asOf'],
      ['asOf=yesterday', 'asOf'],
      ['vintage=second', 'vintage'],
      ['ttm=yes', 'ttm'],
      ['ttm=true&qtrs=1', 'qtrs'],
    ]) {
      const res = await get(`metrics?cik=${p.cik}&symbols=revenue&${query}`)
      expect([res.status, JSON.stringify(res.body)]).toEqual([400, expect.stringContaining(name!)])
    }
  })
})
