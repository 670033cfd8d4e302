/**
 * The canonical choice (src/pipeline/canonical-choice.ts) over the real FSDS quarter 2009q3 in
 * `../shared/edgar-samples/fsds/` (skipped when absent), in both builds that apply it: the metric series'
 * rule 4 and the standardized statements. The quarter is converted by the build's own converter; as
 * companyfacts, the facts its filings report (consolidated rows of standard tags, with the filing's fiscal
 * period, form and date), which is what companyfacts holds of them. Real filers show the cases: Union
 * Pacific's balance sheet presents the second total_equity tag; Regions Financial's presents a part of its
 * cash, and Cameron International's cash flow statement a part of its D&A, while each filing reports the
 * whole; Amazon's income statement presents its revenue line, Johnson & Johnson's none of the revenue tags
 * (its sales are in a note). The quarter predates contract revenue (2018): no filing of it reports a part
 * of revenue under `Revenues` (the sample's trap, in standardized.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { fileSource } from '../../src/pipeline/mirror.ts'
import type { BuildContext } from '../../src/pipeline/source.ts'
import { seriesStatements } from '../../src/pipeline/sources/company-facts/series.ts'
import { FACT_COLUMNS } from '../../src/pipeline/sources/company-facts/stage.ts'
import { convertQuarter, FSDS_TABLES } from '../../src/pipeline/sources/financial-statements/convert.ts'
import { standardizedStatements } from '../../src/pipeline/sources/financial-statements/standardized.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'
import { createSeriesInputs } from './series-inputs.ts'

const ZIP = join(SAMPLES, 'fsds', '2009q3.zip')
const has = hasSamples && existsSync(ZIP)
const FILERS = { unionPacific: 100885, regions: 1281761, cameron: 941548, amazon: 1018724, johnson: 200406 }
/** The filers whose facts stand in for companyfacts (the series read them). */
const SERIES_FILERS = [FILERS.unionPacific, FILERS.regions, FILERS.cameron]

let root = ''
let db: BuildDb

beforeAll(async () => {
  if (!has) return
  root = tempDir('series-real')
  db = await BuildDb.open({
    file: join(root, 'rules.duckdb'),
    tempDir: join(root, 'tmp'),
    threads: TEST_BUILD_THREADS,
    memoryLimit: '1GB',
  })
  mkdirSync(join(root, 'work'))
  const dirOf = (table: string) => join(root, table)
  for (const { table } of Object.values(FSDS_TABLES)) mkdirSync(dirOf(table))
  await convertQuarter(db, fileSource(dirname(ZIP), ZIP), join(root, 'work'), dirOf)
  for (const { table, view } of Object.values(FSDS_TABLES))
    if (existsSync(dirOf(table)))
      await db.run(`CREATE VIEW ${view} AS SELECT * FROM read_parquet('${join(dirOf(table), '*.parquet')}')`)
  await db.run(`CREATE TABLE t_cf_facts (${FACT_COLUMNS})`)
  // What companyfacts holds of the three filers' filings: their consolidated facts of standard tags.
  await db.run(
    `INSERT INTO t_cf_facts
     SELECT s.cik, 'us-gaap', n.tag, n.uom,
            CASE WHEN n.qtrs = 0 THEN NULL ELSE (strptime(n.ddate::VARCHAR, '%Y%m%d')::DATE - to_months(3 * n.qtrs))::DATE + 1 END,
            strptime(n.ddate::VARCHAR, '%Y%m%d')::DATE, n.value::DOUBLE, n.adsh, n.acc_key, s.fy, s.fp, s.form,
            strptime(s.filed::VARCHAR, '%Y%m%d')::DATE, NULL
     FROM t_fsds_num n JOIN t_fsds_sub s USING (acc_key)
     WHERE s.cik IN (${SERIES_FILERS.join(', ')}) AND n.version LIKE 'us-gaap/%'
       AND coalesce(n.segments, '') = '' AND coalesce(n.coreg, '') = '' AND n.value IS NOT NULL`,
  )
  await createSeriesInputs(db, ['t_cf_labels', 'cf_metric_labels', 'b.fin_filings', 's.fin_concepts'])
  for (const sql of seriesStatements()) await db.run(sql)
  for (const sql of await standardizedStatements({ db } as BuildContext)) await db.run(sql)
})
afterAll(() => {
  db?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** A company's canonical points of a key at one end date, as `quarters value strategy tag`. */
const points = async (cik: number, symbol: string, end: number) =>
  (
    await db.all<Record<string, unknown>>(
      `SELECT quarters, value, strategy, tag FROM b.fin_metric_points
       WHERE cik = ? AND symbol = ? AND source = 'canonical' AND end_date = ? ORDER BY quarters`,
      [cik, symbol, end],
    )
  ).map((r) => `${r.quarters} ${r.value} ${r.strategy} ${r.tag}`)

/** The value a filer's filing reports for a tag at a period, as the real num.txt has it. */
const reported = async (cik: number, tag: string, ddate: number, qtrs: number) =>
  (
    await db.all<{ value: number }>(
      `SELECT value::DOUBLE AS value FROM t_fsds_num n JOIN t_fsds_sub s USING (acc_key)
       WHERE s.cik = ? AND n.tag = ? AND n.ddate = ? AND n.qtrs = ? AND coalesce(n.segments, '') = ''
         AND coalesce(n.coreg, '') = ''`,
      [cik, tag, ddate, qtrs],
    )
  ).map((r) => r.value)

describe.skipIf(!has)('metric series rule 4 over the real 2009q3 quarter', () => {
  test('the tag the balance sheet presents: Union Pacific’s StockholdersEquity, the second rule’s tag', async () => {
    // Both tags hold the total; the first is what the priority order alone would take.
    const both = await reported(
      FILERS.unionPacific,
      'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
      20081231,
      0,
    )
    expect(both).toEqual([15_447_000_000])
    expect(await points(FILERS.unionPacific, 'total_equity', 20081231)).toEqual([
      '0 15447000000 statement StockholdersEquity',
    ])
  })

  test('a presented part loses to the whole the filing reports: the guard', async () => {
    // Regions Financial's balance sheet presents "Cash and due from banks", a part of its cash and cash
    // equivalents, which the same filing also reports, larger.
    expect(await reported(FILERS.regions, 'CashAndDueFromBanks', 20090630, 0)).toEqual([2_363_000_000])
    expect(await points(FILERS.regions, 'cash_and_cash_equivalents', 20090630)).toEqual([
      '0 8430000000 guard CashAndCashEquivalentsAtCarryingValue',
    ])
    // Cameron International's cash flow statement presents Depreciation, a part of its D&A.
    expect(await reported(FILERS.cameron, 'Depreciation', 20090630, 1)).toEqual([27_552_000])
    expect(await points(FILERS.cameron, 'depreciation_depletion_and_amortization', 20090630)).toEqual([
      '1 37251000 guard DepreciationAndAmortization',
    ])
  })
})

/** A company's standardized values of a key at one end date, as `qtrs value strategy tag`. */
const standardized = async (cik: number, metric: string, ddate: number) =>
  (
    await db.all<Record<string, unknown>>(
      `SELECT st.qtrs, st.value, st.strategy, st.tag FROM s.fin_standardized st JOIN t_fsds_sub s USING (acc_key)
       WHERE s.cik = ? AND st.metric = ? AND st.ddate = ? ORDER BY st.qtrs`,
      [cik, metric, ddate],
    )
  ).map((r) => `${r.qtrs} ${r.value} ${r.strategy} ${r.tag}`)

describe.skipIf(!has)('the standardized statements over the real 2009q3 quarter: the same choice', () => {
  test('revenue: the line the income statement presents; the priority order where it presents none', async () => {
    expect(await standardized(FILERS.amazon, 'revenue', 20090630)).toEqual([
      '1 4651000000 statement SalesRevenueNet',
      '2 9541000000 statement SalesRevenueNet',
    ])
    // Johnson & Johnson presents its sales by segment in a note (`stmt` UN), none of the revenue tags on
    // its income statement.
    expect(await reported(FILERS.johnson, 'SalesRevenueGoodsNet', 20090630, 1)).toEqual([15_239_000_000])
    expect(await standardized(FILERS.johnson, 'revenue', 20090630)).toEqual([
      '1 15239000000 priority SalesRevenueGoodsNet',
      '2 30265000000 priority SalesRevenueGoodsNet',
    ])
  })

  test('the statement’s tag, and the guard over a presented part', async () => {
    expect(await standardized(FILERS.unionPacific, 'total_equity', 20090630)).toEqual([
      '0 16019000000 statement StockholdersEquity',
    ])
    expect(await standardized(FILERS.regions, 'cash_and_cash_equivalents', 20090630)).toEqual([
      '0 8430000000 guard CashAndCashEquivalentsAtCarryingValue',
    ])
    expect(await standardized(FILERS.cameron, 'depreciation_depletion_and_amortization', 20090630)).toEqual([
      '1 37251000 guard DepreciationAndAmortization',
      '2 73967000 guard DepreciationAndAmortization',
    ])
  })

  test('every canonical point of the series equals the standardized value of its filing and period', async () => {
    const differ = await db.all<Record<string, unknown>>(
      `SELECT p.symbol, p.end_date, p.quarters, p.tag, p.value, p.strategy, st.tag AS st_tag, st.value AS st_value,
              st.strategy AS st_strategy
       FROM b.fin_metric_points p
       LEFT JOIN s.fin_standardized st ON st.acc_key = p.acc_key AND st.metric = p.symbol
         AND st.ddate = p.end_date AND st.qtrs = p.quarters
       WHERE p.source = 'canonical' AND p.strategy <> 'derived'
         AND (st.tag IS DISTINCT FROM p.tag OR st.value IS DISTINCT FROM p.value OR st.strategy IS DISTINCT FROM p.strategy)`,
    )
    const compared = await db.count(
      `SELECT count(*) AS n FROM b.fin_metric_points WHERE source = 'canonical' AND strategy <> 'derived'`,
    )
    expect(compared).toBeGreaterThan(100)
    expect(differ).toEqual([])
  })
})
