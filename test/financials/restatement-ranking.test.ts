/**
 * The whole market's restatements of a quarter (`/restatements/top`) over the fixture: each metric's
 * ranking of a quarter is exactly the steps of every company's restatement ledger (`/{issuer}/restatements`,
 * itself checked against the companyfacts in point-in-time.test.ts) whose restating filing was filed in
 * that quarter, of reported USD points (a derived fourth quarter's left out), largest change first. The
 * expected rankings are made here from the ledgers and the series' units and strategies, not read from the
 * build's table.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { ZipReader } from '../../src/lib/zip.ts'
import { SERVING_FILE } from '../../src/pipeline/contract.ts'
import { CANONICAL_KEYS } from '../../src/reference/canonical-metrics.ts'
import { openTestApi, type TestApi } from '../helpers/api.ts'
import { sampleFixture } from '../helpers/fixture.ts'

type Reported = {
  vintage: number
  value: number
  adsh: string
  form: string
  filed: number
  accepted: string
  tag: string
}
type LedgerPeriod = {
  symbol: string
  source: string
  quarters: number
  endDate: number
  values: (Reported & { change: number | null })[]
}
type Restatement = {
  rank: number
  cik: number
  metric: string
  quarters: number
  endDate: number
  unit: string
  previous: Reported
  restated: Reported
  change: number
  changePercent: number | null
}

let api: TestApi
const get = async (path: string) => api.get(`/v1/financials/${path}`)
/** The expected rankings by `metric quarter`, each in rank order. */
const expected = new Map<string, Restatement[]>()
/** Ledger periods left out of every ranking, by why. */
const leftOut = { derived: 0, notUsd: 0 }

const quarterOf = (filed: number) => `${Math.floor(filed / 10000)}Q${Math.ceil((Math.floor(filed / 100) % 100) / 3)}`
const withoutChange = ({ change: _, ...value }: Reported & { change: number | null }): Reported => value

/** Every page of a list operation's `data`. */
async function allPages(path: string) {
  const rows = []
  for (let page = 1; ; page++) {
    const res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=100&page=${page}`)
    expect([path, res.status]).toEqual([path, 200])
    rows.push(...res.body.data)
    if (!res.body.pagination.hasMoreData) return rows
  }
}

beforeAll(async () => {
  api = await openTestApi()
  // The companies with companyfacts (the fixture's own file, not the build's tables).
  const zip = ZipReader.open(join((await sampleFixture()).mirror, 'companyfacts.zip'))
  const ciks = [...zip.iterate()].map(([, data]) => (JSON.parse(data.toString('utf8')) as { cik: number }).cik)
  zip.close()
  const changes: Omit<Restatement, 'rank'>[] = []
  for (const cik of ciks) {
    const ledger = await get(`${cik}/restatements?limit=100`)
    if (ledger.status === 404) continue
    const periods: LedgerPeriod[] = await allPages(`${cik}/restatements`)
    if (!periods.length) continue
    // Each restated period's unit and strategy, from the company's series.
    const symbols = [...new Set(periods.map((p) => p.symbol))]
    const series = await get(`metrics?cik=${cik}&symbols=${symbols.join(',')}&source=canonical&limit=100`)
    expect(series.status).toBe(200)
    const points = new Map<string, { unit: string; strategy: string }>()
    for (const s of series.body.series)
      for (const p of s.points) points.set(`${s.symbol} ${p.quarters} ${p.endDate}`, p)
    for (const period of periods) {
      const point = points.get(`${period.symbol} ${period.quarters} ${period.endDate}`)
      expect([cik, period.symbol, period.endDate, point !== undefined]).toEqual([
        cik,
        period.symbol,
        period.endDate,
        true,
      ])
      if (point!.strategy === 'derived') leftOut.derived++
      else if (point!.unit !== 'USD') leftOut.notUsd++
      else
        for (let i = 1; i < period.values.length; i++) {
          const [before, after] = [period.values[i - 1]!, period.values[i]!]
          changes.push({
            cik,
            metric: period.symbol,
            quarters: period.quarters,
            endDate: period.endDate,
            unit: point!.unit,
            previous: withoutChange(before),
            restated: withoutChange(after),
            change: after.change!,
            changePercent: before.value === 0 ? null : after.change! / Math.abs(before.value),
          })
        }
    }
  }
  const byQuarter = Map.groupBy(changes, (c) => `${c.metric} ${quarterOf(c.restated.filed)}`)
  for (const [key, rows] of byQuarter)
    expected.set(
      key,
      rows
        .sort(
          (a, b) =>
            Math.abs(b.change) - Math.abs(a.change) ||
            a.cik - b.cik ||
            b.endDate - a.endDate ||
            b.quarters - a.quarters,
        )
        .map((r, i) => ({ ...r, rank: i + 1 })),
    )
})
afterAll(() => api?.close())

/** The fields compared: the company's names and the metric's label are the other operations'. */
const compared = (r: Restatement & Record<string, unknown>): Restatement => ({
  rank: r.rank,
  cik: r.cik,
  metric: r.metric,
  quarters: r.quarters,
  endDate: r.endDate,
  unit: r.unit,
  previous: r.previous,
  restated: r.restated,
  change: r.change,
  changePercent: r.changePercent,
})

test("each metric's ranking of a quarter is every company's ledger steps filed in it, largest change first", async () => {
  // The fixture restates years (a later 10-K) and has derived fourth quarters restated with them.
  expect(expected.size).toBeGreaterThan(20)
  expect(leftOut.derived).toBeGreaterThan(0)
  for (const [key, rows] of expected) {
    const [metric, quarter] = key.split(' ') as [string, string]
    const found = await allPages(`restatements/top?metric=${metric}&quarter=${quarter}`)
    expect([key, found.map(compared)]).toEqual([key, rows])
  }
})

test('the build ranks no other change: its quarters are those of the ledgers, each with as many changes', async () => {
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    await conn.run(`ATTACH '${join((await sampleFixture()).dir, SERVING_FILE)}' AS s (READ_ONLY)`)
    const rows = (
      await conn.runAndReadAll('SELECT metric, filed_quarter, restatements FROM s.fin_restatement_quarters')
    ).getRowObjectsJson() as { metric: string; filed_quarter: number; restatements: number }[]
    const counted = rows.map((r): [string, number] => [
      `${r.metric} ${Math.floor(r.filed_quarter / 10)}Q${r.filed_quarter % 10}`,
      r.restatements,
    ])
    expect(new Map(counted)).toEqual(new Map([...expected].map(([key, changes]) => [key, changes.length])))
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
})

test("without a quarter, the metric's latest; a metric no filing restated is a 404; a quarter without any is an empty list", async () => {
  for (const metric of CANONICAL_KEYS) {
    const quarters = [...expected.keys()].filter((k) => k.startsWith(`${metric} `)).map((k) => k.split(' ')[1]!)
    const res = await get(`restatements/top?metric=${metric}&limit=1`)
    if (!quarters.length) {
      expect([metric, res.status, res.body.error?.code]).toEqual([metric, 404, 'not_found'])
      continue
    }
    const latest = quarters.sort().at(-1)!
    expect([metric, res.status, res.body.filters]).toEqual([
      metric,
      200,
      { metric, quarter: latest, unit: 'USD', limit: 1 },
    ])
    expect(compared(res.body.data[0])).toEqual(expected.get(`${metric} ${latest}`)![0]!)
  }
  const none = await get('restatements/top?metric=revenue&quarter=2009q1')
  expect(none.body).toEqual({
    filters: { metric: 'revenue', quarter: '2009Q1', unit: 'USD', limit: 20 },
    data: [],
    pagination: { page: 1, limit: 20, hasMoreData: false },
  })
})

test("the worked example: Quillfeather's fiscal 2024 revenue, restated by its fiscal 2025 10-K", async () => {
  const res = await get('restatements/top?metric=revenue&quarter=2026Q1&limit=1')
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual([
    {
      rank: 1,
      cik: 804753,
      ticker: 'QFD',
      entityName: 'Quillfeather Dynamics Corp',
      sic: 3674,
      countryInc: 'US',
      metric: 'revenue',
      label: 'Revenue',
      quarters: 4,
      endDate: 20241231,
      fiscalYear: 2024,
      fiscalPeriod: 'FY',
      unit: 'USD',
      previous: {
        vintage: 1,
        value: 5093781000,
        adsh: '0000804753-25-000008',
        form: '10-K',
        filed: 20250220,
        accepted: '2025-02-20T16:35:22',
        tag: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      },
      restated: {
        vintage: 2,
        value: 4951861000,
        adsh: '0000804753-26-000006',
        form: '10-K',
        filed: 20260219,
        accepted: '2026-02-19T16:21:45',
        tag: 'RevenueFromContractWithCustomerExcludingAssessedTax',
      },
      change: -141920000,
      changePercent: -141920000 / 5093781000,
    },
  ])
  // The same step in the company's ledger.
  const ledger = await get('QFD/restatements?symbols=revenue&qtrs=4&startDate=2024-12-31&endDate=2024-12-31')
  expect(ledger.body.data[0].values.map((v: Reported) => [v.adsh, v.value])).toEqual([
    ['0000804753-25-000008', 5093781000],
    ['0000804753-26-000006', 4951861000],
  ])
})

test('bad input is a 400 naming the parameter; a page past the cap too', async () => {
  for (const [path, parameter] of [
    ['restatements/top', 'metric'],
    ['restatements/top?metric=Revenues', 'metric'],
    ['restatements/top?metric=revenue_growth', 'metric'],
    ['restatements/top?metric=revenue&quarter=2024Q5', 'quarter'],
    ['restatements/top?metric=revenue&quarter=2024-09-30', 'quarter'],
    ['restatements/top?metric=revenue&limit=101', 'limit'],
    ['restatements/top?metric=revenue&page=0', 'page'],
    ['restatements/top?metric=revenue&page=1000000', 'page'],
  ] as const) {
    const res = await get(path)
    expect([path, res.status, Object.keys(res.body.error.details)]).toEqual([path, 400, [parameter]])
  }
  // `restatements` as a company is the ledger's path, not this one.
  expect((await get('restatements/restatements')).status).toBe(404)
})
