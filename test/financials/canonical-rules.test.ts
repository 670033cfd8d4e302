/**
 * The canonical rule table (src/reference/canonical-metrics.json) as the standardized build applies it,
 * over a hand-made FSDS quarter:
 * - one test per canonical key, with no `pre` rows of its filings (the priority order): a filing reporting
 *   every tag of its rules (the first at the largest value, each next one 1,000 less, so that no guard
 *   applies) beside rows that must never be taken (the first tag by segment, by coregistrant, at the prior
 *   period, and as a custom tag of the filer's own), and a filing reporting only its last tag. The first
 *   must give the first rule's consolidated value, the second the last rule's;
 * - one test per case of the canonical choice (src/pipeline/canonical-choice.ts): the tag the filing's own
 *   statement presents, the priority order among several presented or where the statement of the key's
 *   kind presents none, and the guard, also over the statement and for cash at a period's beginning.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { silentReporter } from '../../src/lib/progress.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { CANONICAL_METRICS, type CanonicalMetric } from '../../src/reference/canonical-metrics.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const END = 20251231
const PRIOR = 20241231
const adshOf = (k: number, variant: number) =>
  `${String(1000 + k).padStart(10, '0')}-26-${String(variant + 1).padStart(6, '0')}`
const accKey = (adsh: string) => BigInt(adsh.replaceAll('-', ''))
/** Where a metric's value sits in num.txt, and where the build stores the chosen one. */
const at = (m: CanonicalMetric) =>
  m.period === 'duration'
    ? { ddate: END, qtrs: 4, stored: { ddate: END, qtrs: 4 } }
    : m.period === 'instant'
      ? { ddate: END, qtrs: 0, stored: { ddate: END, qtrs: 0 } }
      : // Cash at the beginning of the year ended END: the instant a year before, stored with that year.
        { ddate: PRIOR, qtrs: 0, stored: { ddate: END, qtrs: 4 } }

/**
 * A case of the canonical choice: one filing's consolidated values of a key's tags (and components) at the
 * key's period, the lines its statements present (`stmt`, tag, `inpth`), and the value it must give.
 */
type ChoiceCase = {
  name: string
  metric: string
  values: [tag: string, value: number][]
  presents: [stmt: string, tag: string, inpth?: number][]
  chosen: [tag: string, value: number, strategy: string]
}
const CONTRACT = 'RevenueFromContractWithCustomerExcludingAssessedTax'
const CASES: ChoiceCase[] = [
  {
    name: 'the tag the balance sheet presents wins over the priority order',
    metric: 'total_equity',
    values: [
      ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', -704_000_000],
      ['StockholdersEquity', 15_447_000_000],
    ],
    presents: [['BS', 'StockholdersEquity']],
    chosen: ['StockholdersEquity', 15_447_000_000, 'statement'],
  },
  {
    name: 'a parenthetical line is not the statement: the priority order',
    metric: 'total_equity',
    values: [
      ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', -704_000_000],
      ['StockholdersEquity', 15_447_000_000],
    ],
    presents: [['BS', 'StockholdersEquity', 1]],
    chosen: ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', -704_000_000, 'priority'],
  },
  {
    name: 'several presented: the priority order among them, not the largest',
    metric: 'net_income_loss',
    values: [
      ['NetIncomeLoss', 90],
      ['ProfitLoss', 95],
    ],
    presents: [
      ['IS', 'NetIncomeLoss'],
      ['IS', 'ProfitLoss'],
    ],
    chosen: ['NetIncomeLoss', 90, 'statement'],
  },
  {
    name: 'a combined statement of income and comprehensive income (CI) presents income lines',
    metric: 'net_income_loss',
    values: [
      ['NetIncomeLoss', 90],
      ['ProfitLoss', 95],
    ],
    presents: [['CI', 'ProfitLoss']],
    chosen: ['ProfitLoss', 95, 'statement'],
  },
  {
    name: 'presented on another kind of statement only: the priority order',
    metric: 'cost_of_revenue',
    values: [
      ['CostOfRevenue', 40],
      ['CostOfGoodsAndServicesSold', 40],
    ],
    presents: [['CF', 'CostOfGoodsAndServicesSold']],
    chosen: ['CostOfRevenue', 40, 'priority'],
  },
  {
    name: 'the statement’s contract revenue over a part under Revenues in a note',
    metric: 'revenue',
    values: [
      ['Revenues', 2_038_000_000],
      [CONTRACT, 19_857_000_000],
    ],
    presents: [
      ['IS', CONTRACT],
      ['UN', 'Revenues'],
    ],
    chosen: [CONTRACT, 19_857_000_000, 'statement'],
  },
  {
    name: 'without pre rows, a total smaller than a component the filing reports loses: the guard',
    metric: 'revenue',
    values: [
      ['Revenues', 2_038_000_000],
      [CONTRACT, 19_857_000_000],
    ],
    presents: [],
    chosen: [CONTRACT, 19_857_000_000, 'guard'],
  },
  {
    name: 'a component that is no rule tag guards too (RevenueNotFromContractWithCustomer)',
    metric: 'revenue',
    values: [
      ['Revenues', 100],
      ['RevenueNotFromContractWithCustomer', 300],
      ['SalesRevenueGoodsNet', 500],
    ],
    presents: [],
    chosen: ['SalesRevenueGoodsNet', 500, 'guard'],
  },
  {
    name: 'when every candidate is smaller than a component, the guard decides nothing',
    metric: 'revenue',
    values: [
      ['Revenues', 100],
      ['RevenueNotFromContractWithCustomer', 300],
    ],
    presents: [],
    chosen: ['Revenues', 100, 'priority'],
  },
  {
    name: 'the guard overrules the statement: a presented part loses to the whole the filing reports',
    metric: 'cash_and_cash_equivalents',
    values: [
      ['CashAndCashEquivalentsAtCarryingValue', 8_430_000_000],
      ['CashAndDueFromBanks', 2_363_000_000],
    ],
    presents: [['BS', 'CashAndDueFromBanks']],
    chosen: ['CashAndCashEquivalentsAtCarryingValue', 8_430_000_000, 'guard'],
  },
  {
    name: 'cash at the beginning of the period: the guard at the instant that opens it',
    metric: 'cash_and_cash_equivalents_beginning_of_period',
    values: [
      ['CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', 50],
      ['CashAndCashEquivalentsAtCarryingValue', 60],
    ],
    presents: [['CF', 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents']],
    chosen: ['CashAndCashEquivalentsAtCarryingValue', 60, 'guard'],
  },
]
const caseAdsh = (i: number) => `${String(2000 + i).padStart(10, '0')}-26-000001`
const metricOf = (key: string) => CANONICAL_METRICS.find((m) => m.key === key)!

function quarterFiles() {
  const sub = ['adsh\tcik\tname\tform\tperiod\tfy\tfp\tfiled\taccepted']
  const num = ['adsh\ttag\tversion\tddate\tqtrs\tuom\tsegments\tcoreg\tvalue\tfootnote']
  const row = (
    adsh: string,
    tag: string,
    version: string,
    ddate: number,
    qtrs: number,
    seg: string,
    coreg: string,
    value: number,
  ) => num.push(`${adsh}\t${tag}\t${version}\t${ddate}\t${qtrs}\tUSD\t${seg}\t${coreg}\t${value}.0000\t`)
  CANONICAL_METRICS.forEach((m, k) => {
    const { ddate, qtrs } = at(m)
    for (const variant of [0, 1]) {
      const adsh = adshOf(k, variant)
      sub.push(`${adsh}\t${1000 + k}\tRULE TEST ${k}\t10-K\t${END}\t2025\tFY\t20260220\t2026-02-20 16:00:00.0`)
      // A duration of the year, so the year's period exists for a beginning-of-period metric.
      if (m.period === 'instantStart')
        row(adsh, 'NetCashProvidedByUsedInOperatingActivities', 'us-gaap/2025', END, 4, '', '', 1)
      const rules = variant === 0 ? m.rules : m.rules.slice(-1)
      rules.forEach((r, i) => {
        row(adsh, r.tag, 'us-gaap/2025', ddate, qtrs, '', '', 1000 * (rules.length - i))
      })
      const first = rules[0]!.tag
      row(adsh, first, 'us-gaap/2025', ddate, qtrs, 'ProductOrService=Product;', '', 999_999)
      row(adsh, first, 'us-gaap/2025', ddate, qtrs, 'LegalEntity=Subsidiary;', 'Subsidiary', 888_888)
      row(adsh, first, adsh, ddate, qtrs, '', '', 555_555)
      row(adsh, first, 'us-gaap/2025', ddate === END ? 20231231 : 20221231, qtrs, '', '', 777_777)
    }
  })
  const pre = ['adsh\treport\tline\tstmt\tinpth\trfile\ttag\tversion\tplabel\tnegating']
  CASES.forEach((c, i) => {
    const adsh = caseAdsh(i)
    const m = metricOf(c.metric)
    const { ddate, qtrs } = at(m)
    sub.push(`${adsh}\t${2000 + i}\tCHOICE TEST ${i}\t10-K\t${END}\t2025\tFY\t20260220\t2026-02-20 16:00:00.0`)
    if (m.period === 'instantStart')
      row(adsh, 'NetCashProvidedByUsedInOperatingActivities', 'us-gaap/2025', END, 4, '', '', 1)
    for (const [tag, value] of c.values) row(adsh, tag, 'us-gaap/2025', ddate, qtrs, '', '', value)
    for (const [line, [stmt, tag, inpth = 0]] of c.presents.entries())
      pre.push(`${adsh}\t2\t${line + 1}\t${stmt}\t${inpth}\tH\t${tag}\tus-gaap/2025\t${tag}\t0`)
  })
  return { sub: `${sub.join('\n')}\n`, num: `${num.join('\n')}\n`, pre: `${pre.join('\n')}\n` }
}

let root = ''
let conn: Awaited<ReturnType<DuckDBInstance['connect']>>
let instance: DuckDBInstance

beforeAll(async () => {
  root = tempDir('canonical')
  const mirror = join(root, 'mirror')
  const q = join(mirror, 'financial-statement-data-sets', '2026q1')
  mkdirSync(q, { recursive: true })
  const files = quarterFiles()
  writeFileSync(join(q, 'sub.txt'), files.sub)
  writeFileSync(join(q, 'num.txt'), files.num)
  // A complete quarter: its tag.txt with the header alone (the rules read no tag metadata).
  writeFileSync(join(q, 'tag.txt'), 'tag\tversion\tcustom\tabstract\tdatatype\tiord\tcrdr\ttlabel\tdoc\n')
  writeFileSync(join(q, 'pre.txt'), files.pre)
  // An essential source (filers): one index file naming nobody in particular.
  const idx = join(mirror, 'daily-index', '2026', 'QTR1')
  mkdirSync(idx, { recursive: true })
  writeFileSync(
    join(idx, 'master.20260220.idx'),
    'Description: Daily Index\n\nCIK|Company Name|Form Type|Date Filed|File Name\n--------------------------------------------------------------------------------\n1000|RULE TEST 0|10-K|20260220|edgar/data/1000/0000001000-26-000001.txt\n',
  )
  const { dir } = await runBuild({
    from: mirror,
    datasets: join(root, 'datasets'),
    reporter: silentReporter(),
    threads: TEST_BUILD_THREADS,
  })
  instance = await DuckDBInstance.create(join(dir, 'serving.duckdb'), { access_mode: 'READ_ONLY' })
  conn = await instance.connect()
})

afterAll(() => {
  conn?.closeSync()
  instance?.closeSync()
  if (root) rmSync(root, { recursive: true, force: true })
})

async function chosen(adsh: string, m: CanonicalMetric) {
  const { stored } = at(m)
  const r = await conn.runAndReadAll(
    `SELECT value, tag, rule_id AS ruleId, confidence, strategy FROM fin_standardized
     WHERE acc_key = $1 AND metric = $2 AND ddate = $3 AND qtrs = $4`,
    [accKey(adsh), m.key, stored.ddate, stored.qtrs],
  )
  return r.getRowObjectsJson()
}

describe('each canonical key: the first rule with a consolidated row of the period wins; never a segment, coregistrant, custom or prior-period row', () => {
  test.each(CANONICAL_METRICS.map((m, k) => [m.key, m, k] as const))('%s', async (_key, m, k) => {
    const first = m.rules[0]!
    const last = m.rules.at(-1)!
    expect(await chosen(adshOf(k, 0), m)).toEqual([
      {
        value: 1000 * m.rules.length,
        tag: first.tag,
        ruleId: first.ruleId,
        confidence: first.confidence,
        strategy: 'priority',
      },
    ])
    expect(await chosen(adshOf(k, 1), m)).toEqual([
      { value: 1000, tag: last.tag, ruleId: last.ruleId, confidence: last.confidence, strategy: 'priority' },
    ])
  })
})

describe('the canonical choice: the guard, then the statement, then the priority order', () => {
  test.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const m = metricOf(c.metric)
    const [tag, value, strategy] = c.chosen
    const rule = m.rules.find((r) => r.tag === tag)!
    expect(await chosen(caseAdsh(i), m)).toEqual([
      { value, tag, ruleId: rule.ruleId, confidence: rule.confidence, strategy },
    ])
  })
})

test('the table covers every canonical key once, each with rules, unique rule ids and short camelCase names', () => {
  const keys = CANONICAL_METRICS.map((m) => m.key)
  expect(new Set(keys).size).toBe(keys.length)
  expect(keys.length).toBe(82)
  const ids = CANONICAL_METRICS.flatMap((m) => m.rules.map((r) => r.ruleId))
  expect(new Set(ids).size).toBe(ids.length)
  const fields = CANONICAL_METRICS.map((m) => m.field)
  expect(new Set(fields).size).toBe(fields.length)
  for (const m of CANONICAL_METRICS) {
    expect(m.rules.length).toBeGreaterThan(0)
    expect(m.field).toMatch(/^[a-z][A-Za-z]+$/)
  }
  expect(
    Object.fromEntries(
      [
        'revenue',
        'gross_profit',
        'net_income_loss',
        'cfo',
        'capital_expenditures',
        'net_change_in_cash',
        'cash_and_cash_equivalents',
        'total_assets',
        'total_liabilities',
      ].map((k) => [k, CANONICAL_METRICS.find((m) => m.key === k)!.field]),
    ),
  ).toEqual({
    revenue: 'revenue',
    gross_profit: 'grossProfit',
    net_income_loss: 'netIncome',
    cfo: 'cfo',
    capital_expenditures: 'capitalExpenditures',
    net_change_in_cash: 'netChangeInCash',
    cash_and_cash_equivalents: 'cashAndCashEquivalents',
    total_assets: 'totalAssets',
    total_liabilities: 'totalLiabilities',
  })
})
