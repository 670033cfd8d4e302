/**
 * The metric series and ratio rules of the build (company-facts series.ts and ratios.ts), one test per
 * rule, over hand-made stage tables: a few facts of one company, the FSDS rows of their filings, and what
 * the build statements make of them.
 */
import { describe, expect, test } from 'bun:test'
import { ratioSelect } from '../../src/pipeline/sources/company-facts/ratios.ts'
import { ratioById } from '../../src/reference/financial-ratios.ts'
import { acc, buildSeries, CFO, cfo, type Fact, type Num, type Pre, useBuildDb } from './series-inputs.ts'

const build_ = useBuildDb('series-rules')

async function build(facts: Fact[], num: Num[] = [], pre: Pre[] = []) {
  await buildSeries(build_.db(), facts, num, pre)
}

/** The served points of a symbol as `quarters end value strategy adsh fy fp tag`. */
async function points(symbol: string, source = 'raw') {
  const rows = await build_.db().all<Record<string, unknown>>(
    `SELECT quarters, end_date, value, strategy, acc_key::VARCHAR AS acc, fy, fp, tag, rule_id FROM b.fin_metric_points
     WHERE symbol = ? AND source = ? ORDER BY quarters, end_date`,
    [symbol, source],
  )
  return rows.map((r) =>
    [r.quarters, r.end_date, r.value, r.strategy, `…${String(r.acc).slice(-2)}`, r.fy, r.fp, r.tag, r.rule_id ?? '']
      .join(' ')
      .trim(),
  )
}

describe('metric series rules', () => {
  test('1. the latest filing of a period gives the value and the filing; fiscal year and period are the first filing’s', async () => {
    await build([
      ['Assets', 'USD', null, '2023-12-31', 100, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['Assets', 'USD', null, '2023-12-31', 100, acc(2), 2024, 'Q1', '10-Q', '2024-05-01'],
      // A restatement in a later filing wins.
      ['Assets', 'USD', null, '2023-12-31', 105, acc(3), 2024, 'FY', '10-K', '2025-02-01'],
    ])
    expect(await points('Assets')).toEqual(['0 20231231 105 raw …03 2023 FY Assets'])
  })

  test('1. a filing that gives one period two values (a fact rounded otherwise elsewhere in it) gives the more precise, then the smaller', async () => {
    await build([
      ['Assets', 'USD', null, '2023-12-31', 700_000, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['Assets', 'USD', null, '2023-12-31', 748_000, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['Liabilities', 'USD', null, '2023-12-31', 412_500, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['Liabilities', 'USD', null, '2023-12-31', 400_000, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['StockholdersEquity', 'USD', null, '2023-12-31', 193, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      ['StockholdersEquity', 'USD', null, '2023-12-31', 191, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
    ])
    expect(await points('Assets')).toEqual(['0 20231231 748000 raw …01 2023 FY Assets'])
    expect(await points('Liabilities')).toEqual(['0 20231231 412500 raw …01 2023 FY Liabilities'])
    expect(await points('StockholdersEquity')).toEqual(['0 20231231 191 raw …01 2023 FY StockholdersEquity'])
  })

  test('2. a duration’s quarters come from the filing’s FSDS row (a 16-week quarter is one); else from its days', async () => {
    await build(
      [
        // 112 days: a 16-week first quarter, qtrs 1 in the filing's num row.
        ['Revenues', 'USD', '2024-01-01', '2024-04-21', 40, acc(1), 2024, 'Q1', '10-Q', '2024-05-20'],
        // A 52-week year the data sets do not have: 364 days is four quarters by its day count.
        ['Revenues', 'USD', '2023-01-02', '2023-12-31', 150, acc(2), 2023, 'FY', '10-K', '2024-02-01'],
        // 45 days: no series period.
        ['Revenues', 'USD', '2024-01-01', '2024-02-14', 10, acc(1), 2024, 'Q1', '10-Q', '2024-05-20'],
        // Six months to date: a period of two quarters, not served itself; rule 5 derives the second quarter.
        ['Revenues', 'USD', '2024-01-01', '2024-06-30', 80, acc(4), 2024, 'Q2', '10-Q', '2024-08-01'],
      ],
      [[acc(1), 'Revenues', 20240421, 1, 40]],
    )
    expect(await points('Revenues')).toEqual([
      '1 20240421 40 raw …01 2024 Q1 Revenues',
      '1 20240630 40 derived …04 2024 Q2 Revenues',
      '4 20231231 150 raw …02 2023 FY Revenues',
    ])
  })

  test('3. one point per period: us-gaap before another taxonomy, USD before another unit', async () => {
    await build([
      ['ifrs-full:Revenue', 'USD', '2024-01-01', '2024-12-31', 7, acc(1), 2024, 'FY', '20-F', '2025-03-01'],
      ['Revenue', 'EUR', '2024-01-01', '2024-12-31', 6, acc(1), 2024, 'FY', '20-F', '2025-03-01'],
      ['Revenue', 'USD', '2024-01-01', '2024-12-31', 5, acc(1), 2024, 'FY', '20-F', '2025-03-01'],
    ])
    expect(await points('Revenue')).toEqual(['4 20241231 5 raw …01 2024 FY Revenue'])
  })

  test('4. a canonical key takes the first rule whose tag has the period; never another period kind', async () => {
    await build([
      // Revenues (rule 1) only for 2023; 2024 from the second rule's tag.
      ['Revenues', 'USD', '2023-01-01', '2023-12-31', 90, acc(1), 2023, 'FY', '10-K', '2024-02-01'],
      [
        'RevenueFromContractWithCustomerExcludingAssessedTax',
        'USD',
        '2023-01-01',
        '2023-12-31',
        // No larger than Revenues, of which it is a component (else the guard of 4d takes it).
        89,
        acc(1),
        2023,
        'FY',
        '10-K',
        '2024-02-01',
      ],
      [
        'RevenueFromContractWithCustomerExcludingAssessedTax',
        'USD',
        '2024-01-01',
        '2024-12-31',
        99,
        acc(2),
        2024,
        'FY',
        '10-K',
        '2025-02-01',
      ],
      // An instant of a revenue tag is no revenue period.
      ['Revenues', 'USD', null, '2024-12-31', 1, acc(2), 2024, 'FY', '10-K', '2025-02-01'],
    ])
    expect(await points('revenue', 'canonical')).toEqual([
      '4 20231231 90 priority …01 2023 FY Revenues rev.priority.1',
      '4 20241231 99 priority …02 2024 FY RevenueFromContractWithCustomerExcludingAssessedTax rev.priority.2',
    ])
  })

  test('4b. cash at the beginning of a cash-flow period is the instant the day before it starts', async () => {
    await build([
      [
        'NetCashProvidedByUsedInOperatingActivities',
        'USD',
        '2024-01-01',
        '2024-12-31',
        30,
        acc(2),
        2024,
        'FY',
        '10-K',
        '2025-02-01',
      ],
      [
        'CashAndCashEquivalentsAtCarryingValue',
        'USD',
        null,
        '2023-12-31',
        12,
        acc(2),
        2024,
        'FY',
        '10-K',
        '2025-02-01',
      ],
      [
        'CashAndCashEquivalentsAtCarryingValue',
        'USD',
        null,
        '2024-12-31',
        20,
        acc(2),
        2024,
        'FY',
        '10-K',
        '2025-02-01',
      ],
    ])
    expect(await points('cash_and_cash_equivalents_beginning_of_period', 'canonical')).toEqual([
      '4 20241231 12 priority …02 2024 FY CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
    ])
  })

  /** A fact of the 10-K acc(n) for 2024: the year's flow, or the balance at its end when `instant`. */
  const year = (tag: string, value: number, n = 1, instant = false): Fact => [
    tag,
    'USD',
    instant ? null : '2024-01-01',
    '2024-12-31',
    value,
    acc(n),
    2024,
    'FY',
    '10-K',
    '2025-02-01',
  ]

  test('4c. the tag the filing’s own statement presents wins over the priority order', async () => {
    await build(
      [
        // As Union Pacific's 10-Q for 2009q2 (real values, FSDS 2009q3): the first total_equity tag holds
        // another amount; the balance sheet presents StockholdersEquity.
        year('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', -704_000_000, 1, true),
        year('StockholdersEquity', 15_447_000_000, 1, true),
        // Several candidates presented: the priority order among them (NetIncomeLoss, not the larger ProfitLoss).
        year('NetIncomeLoss', 90, 1),
        year('ProfitLoss', 95, 1),
        // Not presented on the income statement (only on the cash flow): the priority order decides.
        year('CostOfRevenue', 40, 1),
        year('CostOfGoodsAndServicesSold', 40, 1),
        // As Dow Chemical's 10-Q for 2009q2 (FSDS 2009q3): the cash flow statement presents the second tag.
        year('PaymentsToAcquirePropertyPlantAndEquipment', 559, 1),
        year('PaymentsToAcquireProductiveAssets', 559, 1),
      ],
      [],
      [
        [acc(1), 'BS', 'StockholdersEquity'],
        [acc(1), 'IS', 'NetIncomeLoss'],
        [acc(1), 'IS', 'ProfitLoss'],
        [acc(1), 'CF', 'CostOfRevenue'],
        [acc(1), 'CF', 'PaymentsToAcquireProductiveAssets'],
        // A tag another filing presents says nothing of this one's.
        [acc(2), 'BS', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
      ],
    )
    expect(await points('total_equity', 'canonical')).toEqual([
      '0 20241231 15447000000 statement …01 2024 FY StockholdersEquity equity.priority.2',
    ])
    expect(await points('net_income_loss', 'canonical')).toEqual([
      '4 20241231 90 statement …01 2024 FY NetIncomeLoss ni.priority.1',
    ])
    expect(await points('cost_of_revenue', 'canonical')).toEqual([
      '4 20241231 40 priority …01 2024 FY CostOfRevenue cor.priority.1',
    ])
    expect(await points('capital_expenditures', 'canonical')).toEqual([
      '4 20241231 559 statement …01 2024 FY PaymentsToAcquireProductiveAssets capex.priority.2',
    ])
  })

  test('4d. without the filing’s statement, the priority order, and never a total smaller than a component it reports', async () => {
    await build([
      // As General Mills' FY2024 in companyfacts: `Revenues` holds a part (2.038B), the total is under
      // RevenueFromContractWithCustomerExcludingAssessedTax (19.857B), a component of revenue.
      year('Revenues', 2_038_000_000, 1),
      year('RevenueFromContractWithCustomerExcludingAssessedTax', 19_857_000_000, 1),
      // The same tags in another filing whose part is no larger than the total: the priority order.
      ['Revenues', 'USD', '2023-01-01', '2023-12-31', 20_100, acc(2), 2023, 'FY', '10-K', '2024-02-01'],
      [
        'RevenueFromContractWithCustomerExcludingAssessedTax',
        'USD',
        '2023-01-01',
        '2023-12-31',
        19_900,
        acc(2),
        2023,
        'FY',
        '10-K',
        '2024-02-01',
      ],
      // A component another filing reports does not guard this one's total.
      ['SalesRevenueNet', 'USD', '2023-01-01', '2023-12-31', 30_000, acc(3), 2023, 'FY', '10-K/A', '2024-01-01'],
    ])
    expect(await points('revenue', 'canonical')).toEqual([
      '4 20231231 20100 priority …02 2023 FY Revenues rev.priority.1',
      '4 20241231 19857000000 guard …01 2024 FY RevenueFromContractWithCustomerExcludingAssessedTax rev.priority.2',
    ])
  })

  test('4e. the guard overrules the statement: a presented part loses to the total the filing reports', async () => {
    await build(
      [
        // As Cameron International's 10-Q for 2009q2 (real values, FSDS 2009q3): the cash flow statement
        // presents Depreciation; DepreciationAndAmortization, a larger total, is in the notes.
        [
          'DepreciationAndAmortization',
          'USD',
          '2009-04-01',
          '2009-06-30',
          37_251_000,
          acc(1),
          2009,
          'Q2',
          '10-Q',
          '2009-07-31',
        ],
        ['Depreciation', 'USD', '2009-04-01', '2009-06-30', 27_552_000, acc(1), 2009, 'Q2', '10-Q', '2009-07-31'],
        // The cash flow statement's cash at the end, a part of the first tag's (with restricted cash), smaller.
        year('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', 70, 1, true),
        year('CashAndCashEquivalentsAtCarryingValue', 60, 1, true),
        // As Kohl's (FSDS 2009q3): the balance sheet presents Cash, a part equal to the first tag: no smaller.
        year('Cash', 60, 1, true),
      ],
      [],
      [
        [acc(1), 'CF', 'Depreciation'],
        [acc(1), 'CF', 'CashAndCashEquivalentsAtCarryingValue'],
        [acc(1), 'BS', 'Cash'],
      ],
    )
    expect(await points('depreciation_depletion_and_amortization', 'canonical')).toEqual([
      '1 20090630 37251000 guard …01 2009 Q2 DepreciationAndAmortization da.priority.3',
    ])
    expect(await points('cash_and_cash_equivalents_end_of_period', 'canonical')).toEqual([
      '0 20241231 70 guard …01 2024 FY CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents casheop.priority.1',
    ])
    expect(await points('cash_and_cash_equivalents', 'canonical')).toEqual([
      '0 20241231 60 statement …01 2024 FY Cash cash.priority.2',
    ])
  })

  test('5. a fourth quarter no filing reports is the year minus nine months to date, else minus three quarters', async () => {
    const q = (start: string, end: string, v: number, n: number, fp: string): Fact => [
      'Revenues',
      'USD',
      start,
      end,
      v,
      acc(n),
      2024,
      fp,
      fp === 'FY' ? '10-K' : '10-Q',
      `2025-0${n}-01`,
    ]
    await build([
      q('2024-01-01', '2024-12-31', 100, 4, 'FY'),
      q('2024-01-01', '2024-09-30', 70, 3, 'Q3'),
      q('2024-01-01', '2024-03-31', 20, 1, 'Q1'),
      q('2024-04-01', '2024-06-30', 25, 2, 'Q2'),
      q('2024-07-01', '2024-09-30', 26, 3, 'Q3'),
    ])
    expect((await points('Revenues')).filter((p) => p.includes('derived'))).toEqual([
      '1 20241231 30 derived …04 2024 Q4 Revenues',
    ])
    // Without the nine months: the three quarters.
    await build([
      q('2024-01-01', '2024-12-31', 100, 4, 'FY'),
      q('2024-01-01', '2024-03-31', 20, 1, 'Q1'),
      q('2024-04-01', '2024-06-30', 25, 2, 'Q2'),
      q('2024-07-01', '2024-09-30', 26, 3, 'Q3'),
    ])
    expect((await points('Revenues')).filter((p) => p.includes('derived'))).toEqual([
      '1 20241231 29 derived …04 2024 Q4 Revenues',
    ])
    // A fourth quarter the 10-K reports itself is not derived.
    await build([q('2024-01-01', '2024-12-31', 100, 4, 'FY'), q('2024-10-01', '2024-12-31', 31, 4, 'FY')])
    expect(await points('Revenues')).toEqual([
      '1 20241231 31 raw …04 2024 Q4 Revenues',
      '4 20241231 100 raw …04 2024 FY Revenues',
    ])
  })
})

/** Operating cash flow of fiscal 2024 as a 10-Q's cash-flow statement reports it: the year to date. */
const Q1 = (v: number, n = 1, filed = '2024-05-01') => cfo('2024-01-01', '2024-03-31', v, n, 'Q1', filed)
const H1 = (v: number, n = 2, filed = '2024-08-01') => cfo('2024-01-01', '2024-06-30', v, n, 'Q2', filed)
const M9 = (v: number, n = 3, filed = '2024-11-01') => cfo('2024-01-01', '2024-09-30', v, n, 'Q3', filed)
const FY = (v: number, n = 4, filed = '2025-02-01') => cfo('2024-01-01', '2024-12-31', v, n, 'FY', filed)

/** The derived quarters of a symbol as `end value fp filings` (each filing by its accession's last two digits). */
async function derived(symbol: string, source = 'raw') {
  const rows = await build_.db().all<{ end_date: number; value: number; fp: string; quarters: number; from: string[] }>(
    `SELECT end_date, value, fp, quarters, derived_from::VARCHAR[] AS "from" FROM b.fin_metric_points
     WHERE symbol = ? AND source = ? AND strategy = 'derived' ORDER BY end_date`,
    [symbol, source],
  )
  return rows.map((r) => `${r.quarters} ${r.end_date} ${r.value} ${r.fp} ${r.from.map((a) => `…${a.slice(-2)}`)}`)
}

describe('rule 5: quarters from year-to-date values', () => {
  test('the second quarter is six months minus three, the third nine minus six, the fourth the year minus nine', async () => {
    await build([Q1(10.1), H1(25.3), M9(41.7), FY(60.2)])
    // In decimal: 25.3 − 10.1 is 15.2, where doubles make it 15.200000000000001.
    const expected = ['1 20240630 15.2 Q2 …02,…01', '1 20240930 16.4 Q3 …03,…02', '1 20241231 18.5 Q4 …04,…03']
    expect(await derived(CFO)).toEqual(expected)
    // The canonical key the same way, with its rule.
    expect(await derived('cfo', 'canonical')).toEqual(expected)
    expect((await points('cfo', 'canonical')).filter((p) => p.startsWith('1 '))).toEqual([
      '1 20240331 10.1 priority …01 2024 Q1 NetCashProvidedByUsedInOperatingActivities cfo.priority.1',
      '1 20240630 15.2 derived …02 2024 Q2 NetCashProvidedByUsedInOperatingActivities cfo.priority.1',
      '1 20240930 16.4 derived …03 2024 Q3 NetCashProvidedByUsedInOperatingActivities cfo.priority.1',
      '1 20241231 18.5 derived …04 2024 Q4 NetCashProvidedByUsedInOperatingActivities cfo.priority.1',
    ])
  })

  test('a quarter a filing reports alone wins: no derivation at its end', async () => {
    await build([Q1(10), H1(25), cfo('2024-04-01', '2024-06-30', 14, 2, 'Q2', '2024-08-01'), M9(41)])
    expect(await points(CFO)).toEqual([
      `1 20240331 10 raw …01 2024 Q1 ${CFO}`,
      `1 20240630 14 raw …02 2024 Q2 ${CFO}`,
      `1 20240930 16 derived …03 2024 Q3 ${CFO}`,
    ])
  })

  test('never across a gap: without the first quarter no second; without six months neither second nor third', async () => {
    await build([H1(25), M9(41), FY(60)])
    expect(await derived(CFO)).toEqual(['1 20240930 16 Q3 …03,…02', '1 20241231 19 Q4 …04,…03'])
    // Nine months minus three is two quarters: no point.
    await build([Q1(10), M9(41), FY(60)])
    expect(await derived(CFO)).toEqual(['1 20241231 19 Q4 …04,…03'])
    // Nothing shorter of the same fiscal year (the nine months start a day later): no point.
    await build([Q1(10), cfo('2024-01-02', '2024-09-30', 41, 3, 'Q3', '2024-11-01')])
    expect(await derived(CFO)).toEqual([])
  })

  test('a restatement: the value subtracted is the one reported by the longer period’s filing, never a later one', async () => {
    await build([
      Q1(10),
      H1(25),
      M9(40),
      FY(55),
      // Fiscal 2025's first two 10-Qs restate 2024's first quarter and six months as comparatives.
      Q1(11, 5, '2025-05-01'),
      H1(27, 6, '2025-08-01'),
    ])
    expect(await derived(CFO)).toEqual([
      // The restated six months minus the first quarter as restated by then.
      '1 20240630 16 Q2 …06,…05',
      // The nine months (never restated) minus the six months as its own 10-Q had them: not 40 − 27.
      '1 20240930 15 Q3 …03,…02',
      '1 20241231 15 Q4 …04,…03',
    ])
    // The first quarter itself is the latest filing's (rule 1).
    expect((await points(CFO))[0]).toBe(`1 20240331 11 raw …05 2024 Q1 ${CFO}`)
  })

  test('a 53-week year: its 14-week fourth quarter is derived; a remainder longer than a quarter is not', async () => {
    // Marvell's fiscal 2024: 371 days, nine months of 273 (the real values, in millions).
    await build([
      cfo('2023-01-29', '2023-10-28', 823.9, 3, 'Q3', '2023-11-30'),
      cfo('2023-01-29', '2024-02-03', 1370.5, 4, 'FY', '2024-03-14'),
    ])
    expect(await derived(CFO)).toEqual(['1 20240203 546.6 Q4 …04,…03'])
    // Nine months of 250 days and a year of 390: 140 days left, no quarter.
    await build([
      cfo('2024-01-01', '2024-09-06', 40, 3, 'Q3', '2024-11-01'),
      cfo('2024-01-01', '2025-01-24', 60, 4, 'FY', '2025-03-01'),
    ])
    expect(await derived(CFO)).toEqual([])
  })

  test('cash at a quarter’s start is never a difference: a derived quarter’s is the instant the day before it', async () => {
    const cash = (end: string, v: number, n: number, fp: string, filed: string): Fact => [
      'CashAndCashEquivalentsAtCarryingValue',
      'USD',
      null,
      end,
      v,
      acc(n),
      2024,
      fp,
      fp === 'FY' ? '10-K' : '10-Q',
      filed,
    ]
    await build([
      Q1(10),
      H1(25),
      M9(41),
      FY(60),
      cash('2023-12-31', 100, 1, 'Q1', '2024-05-01'),
      cash('2024-03-31', 110, 1, 'Q1', '2024-05-01'),
      cash('2024-06-30', 125, 2, 'Q2', '2024-08-01'),
      cash('2024-09-30', 141, 3, 'Q3', '2024-11-01'),
    ])
    // Not 0 (six months' cash at the start minus three months'), each quarter's own.
    expect(await points('cash_and_cash_equivalents_beginning_of_period', 'canonical')).toEqual([
      '1 20240331 100 priority …01 2024 Q1 CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
      '1 20240630 110 priority …01 2024 Q1 CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
      '1 20240930 125 priority …02 2024 Q2 CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
      '1 20241231 141 priority …03 2024 Q3 CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
      '4 20241231 100 priority …01 2024 Q1 CashAndCashEquivalentsAtCarryingValue cashbop.priority.2',
    ])
  })

  test('ratios over quarters see the derived ones', async () => {
    await build([
      Q1(10),
      H1(25),
      ['LiabilitiesCurrent', 'USD', null, '2024-06-30', 50, acc(2), 2024, 'Q2', '10-Q', '2024-08-01'],
    ])
    await build_.db().run('DROP TABLE IF EXISTS cf_canonical_points')
    await build_
      .db()
      .run(`CREATE TABLE cf_canonical_points AS SELECT * FROM b.fin_metric_points WHERE source = 'canonical'`)
    const rows = await build_
      .db()
      .all<{ quarters: number; end_date: number; value: number; components: string }>(
        `SELECT quarters, end_date, value, components FROM (${ratioSelect(ratioById.get('operating_cash_flow_ratio')!)})`,
      )
    expect(rows.map((r) => [r.quarters, r.end_date, r.value, JSON.parse(r.components)])).toEqual([
      [
        1,
        20240630,
        0.3,
        [
          { metric: 'cfo', value: 15, unit: 'USD' },
          { metric: 'current_liabilities', value: 50, unit: 'USD' },
        ],
      ],
    ])
  })
})

describe('ratio rules', () => {
  /** Canonical points of company 1: [metric, quarters, end, value, unit]. */
  async function ratio(id: string, pts: [string, number, number, number, string?][]) {
    await build_.db().run('DROP TABLE IF EXISTS cf_canonical_points')
    await build_
      .db()
      .run(`CREATE TABLE cf_canonical_points (cik BIGINT, symbol VARCHAR, quarters INTEGER, end_date INTEGER, unit VARCHAR,
      value DOUBLE, acc_key BIGINT, form VARCHAR, fy INTEGER, fp VARCHAR, period INTEGER, filed INTEGER, accepted TIMESTAMP)`)
    for (const [metric, quarters, end, value, unit] of pts)
      await build_
        .db()
        .run(`INSERT INTO cf_canonical_points VALUES (1, ?, ?, ?, ?, ?, 1, '10-K', 2024, 'FY', ?, ?, NULL)`, [
          metric,
          quarters,
          end,
          unit ?? 'USD',
          value,
          end,
          end,
        ])
    const rows = await build_
      .db()
      .all<{ quarters: number; end_date: number; value: number; components: string }>(
        `SELECT quarters, end_date, value, components FROM (${ratioSelect(ratioById.get(id)!)}) ORDER BY end_date, quarters`,
      )
    return rows.map((r) => ({ ...r, components: JSON.parse(r.components) }))
  }

  test('a ratio of balances: at each balance-sheet date with both terms, components as used', async () => {
    expect(
      await ratio('current_ratio', [
        ['current_assets', 0, 20231231, 300],
        ['current_liabilities', 0, 20231231, 150],
        ['current_assets', 0, 20241231, 310],
      ]),
    ).toEqual([
      {
        quarters: 0,
        end_date: 20231231,
        value: 2,
        components: [
          { metric: 'current_assets', value: 300, unit: 'USD' },
          { metric: 'current_liabilities', value: 150, unit: 'USD' },
        ],
      },
    ])
  })

  test('no point when the denominator is zero or missing, or when terms are in different currencies', async () => {
    expect(
      await ratio('gross_margin', [
        ['gross_profit', 4, 20231231, 10],
        ['revenue', 4, 20231231, 0],
        ['gross_profit', 4, 20241231, 10],
        ['gross_profit', 4, 20251231, 10, 'EUR'],
        ['revenue', 4, 20251231, 40],
      ]),
    ).toEqual([])
  })

  test('an optional term counts as zero; a flow over a balance takes the balance on the period’s last day', async () => {
    const [point] = await ratio('quick_ratio', [
      ['cash_and_cash_equivalents', 0, 20241231, 50],
      ['accounts_receivable_net', 0, 20241231, 30],
      ['current_liabilities', 0, 20241231, 40],
    ])
    expect(point!.value).toBe(2)
    expect(
      (
        await ratio('roa', [
          ['net_income_loss', 4, 20241231, 12],
          ['total_assets', 0, 20241231, 120],
          ['total_assets', 0, 20231231, 100],
        ])
      ).map((p) => [p.quarters, p.end_date, p.value]),
    ).toEqual([[4, 20241231, 0.1]])
  })

  test('a days ratio multiplies by the days of the period: 365 a year, 91.25 a quarter', async () => {
    const rows = await ratio('days_sales_outstanding', [
      ['accounts_receivable_net', 0, 20241231, 25],
      ['revenue', 4, 20241231, 365],
      ['revenue', 1, 20241231, 100],
    ])
    expect(rows.map((p) => [p.quarters, p.value])).toEqual([
      [1, 22.8125],
      [4, 25],
    ])
  })
})
