/**
 * The vintage rules of the build (company-facts vintages.ts), one test per rule, over hand-made stage
 * tables: a few facts of one company and what the series statements make of them.
 */
import { describe, expect, test } from 'bun:test'
import { everyVintage } from '../../src/pipeline/sources/company-facts/vintages.ts'
import { acc, buildSeries, CFO, cfo, type Fact, useBuildDb } from './series-inputs.ts'

const build = useBuildDb('vintages')

/**
 * A symbol's vintages as `quarters end vintage value …accession filed`: a restated point's rows, any other's
 * first_reported (V6).
 */
async function vintages(symbol: string, source = 'raw') {
  const every = everyVintage('SELECT * FROM b.fin_metric_points', 'SELECT * FROM b.fin_metric_vintages')
  const rows = await build.db().all<Record<string, unknown>>(
    `SELECT quarters, end_date, vintage, value, acc_key::VARCHAR AS acc, filed FROM (${every})
     WHERE symbol = ? AND source = ? ORDER BY quarters, end_date, vintage`,
    [symbol, source],
  )
  return rows.map((r) => `${r.quarters} ${r.end_date} ${r.vintage} ${r.value} …${String(r.acc).slice(-2)} ${r.filed}`)
}

/** A symbol's vintages as `end vintage tag version`: the tag each filing reported the value under (V1). */
async function vintageTags(symbol: string, source = 'raw') {
  const every = everyVintage('SELECT * FROM b.fin_metric_points', 'SELECT * FROM b.fin_metric_vintages', {
    tagged: true,
  })
  const rows = await build
    .db()
    .all<Record<string, unknown>>(
      `SELECT end_date, vintage, tag, version FROM (${every}) WHERE symbol = ? AND source = ? ORDER BY quarters, end_date, vintage`,
      [symbol, source],
    )
  return rows.map((r) => `${r.end_date} ${r.vintage} ${r.tag} ${r.version}`)
}

/** A symbol's points as `quarters end value restated first-reported`. */
async function restated(symbol: string, source = 'raw') {
  const rows = await build.db().all<Record<string, unknown>>(
    `SELECT quarters, end_date, value, restated, to_json(first_reported)::VARCHAR AS first FROM b.fin_metric_points
     WHERE symbol = ? AND source = ? ORDER BY quarters, end_date`,
    [symbol, source],
  )
  return rows.map((r) => `${r.quarters} ${r.end_date} ${r.value} ${r.restated} ${r.first}`)
}

const revenue = (tag: string, year: number, v: number, n: number, filed: string, form = '10-K'): Fact => [
  tag,
  'USD',
  `${year}-01-01`,
  `${year}-12-31`,
  v,
  acc(n),
  year,
  'FY',
  form,
  filed,
]

describe('vintages of a metric point', () => {
  test('V1, V3 and V6: each filing’s value in filing order, a repeat of the value before it no vintage, restated points stored', async () => {
    await buildSeries(build.db(), [
      ['Assets', 'USD', null, '2023-12-31', 100, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      // The next 10-Q repeats it: known again, not changed.
      ['Assets', 'USD', null, '2023-12-31', 100, acc(2), 2024, 'Q1', '10-Q', '2024-05-01'],
      // The next 10-K restates it, and a 10-K/A restores it.
      ['Assets', 'USD', null, '2023-12-31', 105, acc(3), 2024, 'FY', '10-K', '2025-02-01'],
      ['Assets', 'USD', null, '2023-12-31', 100, acc(4), 2024, 'FY', '10-K/A', '2025-03-01'],
      ['Assets', 'USD', null, '2024-12-31', 120, acc(3), 2024, 'FY', '10-K', '2025-02-01'],
    ])
    expect(await vintages('Assets')).toEqual([
      '0 20231231 1 100 …01 20240201',
      '0 20231231 2 105 …03 20250201',
      '0 20231231 3 100 …04 20250301',
      '0 20241231 1 120 …03 20250201',
    ])
    // Restated: a filing gave the period another value, even if a later one gave the first back.
    expect(await restated('Assets')).toEqual([
      '0 20231231 100 true {"value":100.0,"acc_key":"124000001","form":"10-K","filed":20240201,"accepted":null,"period":null,"tag":null}',
      '0 20241231 120 false {"value":120.0,"acc_key":"124000003","form":"10-K","filed":20250201,"accepted":null,"period":null,"tag":null}',
    ])
    // V6: only the restated point's vintages are stored; the other's one vintage is its first_reported.
    const stored = await build
      .db()
      .all<{ end_date: number; n: number }>(
        `SELECT end_date, count(*)::INTEGER AS n FROM b.fin_metric_vintages WHERE symbol = 'Assets' GROUP BY ALL`,
      )
    expect(stored).toEqual([{ end_date: 20231231, n: 3 }])
  })

  test('V1: a canonical key’s earlier filings under another of its tags, before the chosen tag was first reported', async () => {
    await buildSeries(build.db(), [
      // Fiscal 2022 first reported as SalesRevenueGoodsNet (a tag of the key, not a part of it), then as Revenues.
      revenue('SalesRevenueGoodsNet', 2022, 500, 1, '2023-02-01'),
      revenue('Revenues', 2022, 500, 2, '2024-02-01'),
      revenue('Revenues', 2023, 600, 2, '2024-02-01'),
      // 2023 restated by the next 10-K, which also reports the old tag for it: the chosen tag's value counts.
      revenue('Revenues', 2023, 610, 3, '2025-02-01'),
      revenue('SalesRevenueGoodsNet', 2023, 999, 3, '2025-02-01'),
    ])
    expect(await vintages('revenue', 'canonical')).toEqual([
      '4 20221231 1 500 …01 20230201',
      '4 20231231 1 600 …02 20240201',
      '4 20231231 2 610 …03 20250201',
    ])
    // Each vintage names the tag its filing reported the value under; the taxonomy version is the point's
    // own tag's only.
    const version = (
      await build
        .db()
        .all<{ v: string }>(
          `SELECT version AS v FROM b.fin_metric_points WHERE symbol = 'revenue' AND end_date = 20231231`,
        )
    )[0]!.v
    expect(await vintageTags('revenue', 'canonical')).toEqual([
      '20221231 1 SalesRevenueGoodsNet null',
      `20231231 1 Revenues ${version}`,
      `20231231 2 Revenues ${version}`,
    ])
    // The raw series of a tag has that tag's filings only.
    expect(await vintages('SalesRevenueGoodsNet')).toEqual([
      '4 20221231 1 500 …01 20230201',
      '4 20231231 1 999 …03 20250201',
    ])
  })

  test('V1: a filing that gives one fact two values gives the one rule 1 takes (the more precise, then the smaller), the point’s own filing too', async () => {
    await buildSeries(build.db(), [
      // The 10-K reports the year twice (two contexts of one period): 300 and 290.
      ['Liabilities', 'USD', null, '2023-12-31', 300, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['Liabilities', 'USD', null, '2023-12-31', 290, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      // The next 10-K, the point's filing, gives it twice too: 320 and 310.
      ['Liabilities', 'USD', null, '2023-12-31', 320, acc(2), 2024, 'FY', '10-K', '2025-02-01'],
      ['Liabilities', 'USD', null, '2023-12-31', 310, acc(2), 2024, 'FY', '10-K', '2025-02-01'],
    ])
    expect(await restated('Liabilities')).toEqual([
      '0 20231231 310 true {"value":290.0,"acc_key":"124000001","form":"10-K","filed":20240201,"accepted":null,"period":null,"tag":null}',
    ])
    expect(await vintages('Liabilities')).toEqual(['0 20231231 1 290 …01 20240201', '0 20231231 2 310 …02 20250201'])
  })

  test('V2: a derived quarter at each filing of its longer period, minus the shorter as known then', async () => {
    await buildSeries(build.db(), [
      cfo('2024-01-01', '2024-09-30', 40, 3, 'Q3', '2024-11-01'),
      cfo('2024-01-01', '2024-12-31', 55, 4, 'FY', '2025-02-01'),
      // The next 10-Q restates the nine months (a comparative), the next 10-K the year.
      cfo('2024-01-01', '2024-09-30', 41, 5, 'Q3', '2025-11-01'),
      cfo('2024-01-01', '2024-12-31', 58, 6, 'FY', '2026-02-01'),
    ])
    expect(await vintages(CFO)).toEqual([
      // The year's first filing minus the nine months as then known; the restated nine months alone change
      // nothing (rule 5 subtracts at the year's filings); the restated year minus the restated nine months.
      '1 20241231 1 15 …04 20250201',
      '1 20241231 2 17 …06 20260201',
      '4 20241231 1 55 …04 20250201',
      '4 20241231 2 58 …06 20260201',
    ])
  })

  test('V1 and V2: a 10-Q that gives the nine months two values: the one rule 1 takes, in today’s derived quarter and its vintages alike', async () => {
    const income = (start: string, end: string, v: number, n: number, fp: string, filed: string): Fact =>
      ['NetIncomeLoss', ...cfo(start, end, v, n, fp, filed).slice(1)] as Fact
    await buildSeries(build.db(), [
      // The nine months also rounded to hundreds elsewhere in the 10-Q: the precise value, listed second or first.
      cfo('2024-01-01', '2024-09-30', 4_000, 3, 'Q3', '2024-11-01'),
      cfo('2024-01-01', '2024-09-30', 4_180, 3, 'Q3', '2024-11-01'),
      cfo('2024-01-01', '2024-12-31', 5_500, 4, 'FY', '2025-02-01'),
      income('2024-01-01', '2024-09-30', 2_830, 3, 'Q3', '2024-11-01'),
      income('2024-01-01', '2024-09-30', 2_800, 3, 'Q3', '2024-11-01'),
      income('2024-01-01', '2024-12-31', 4_500, 4, 'FY', '2025-02-01'),
    ])
    // The derived fourth quarter is the year minus the precise nine months, today and as first known: one
    // vintage, the point itself (the build's check: a point is its last vintage).
    const tenK = (v: number) =>
      `{"value":${v}.0,"acc_key":"124000004","form":"10-K","filed":20250201,"accepted":null,"period":null,"tag":null}`
    expect(await restated(CFO)).toEqual([`1 20241231 1320 false ${tenK(1320)}`, `4 20241231 5500 false ${tenK(5500)}`])
    expect(await restated('NetIncomeLoss')).toEqual([
      `1 20241231 1670 false ${tenK(1670)}`,
      `4 20241231 4500 false ${tenK(4500)}`,
    ])
  })
})
