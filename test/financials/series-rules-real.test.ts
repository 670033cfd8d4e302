/**
 * Rule 4 of the metric series (company-facts/canonical.ts) over the real FSDS quarter 2009q3 in
 * `../shared/edgar-samples/fsds/` (skipped when absent): the quarter converted by the build's own
 * converter, and as companyfacts the facts its filings report (consolidated rows of standard tags, with the
 * filing's fiscal period, form and date), which is what companyfacts holds of them. Three real filers show
 * the cases: Union Pacific's balance sheet presents the second total_equity tag; Regions Financial's
 * presents a part of its cash, and Cameron International's cash flow statement a part of its D&A, while
 * each filing reports the whole.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { fileSource } from '../../src/pipeline/mirror.ts'
import { seriesStatements } from '../../src/pipeline/sources/company-facts/series.ts'
import { FACT_COLUMNS, LABEL_COLUMNS } from '../../src/pipeline/sources/company-facts/stage.ts'
import { convertQuarter, FSDS_TABLES } from '../../src/pipeline/sources/financial-statements/convert.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'

const ZIP = join(SAMPLES, 'fsds', '2009q3.zip')
const has = hasSamples && existsSync(ZIP)
const FILERS = { unionPacific: 100885, regions: 1281761, cameron: 941548 }

let root = ''
let db: BuildDb

beforeAll(async () => {
  if (!has) return
  root = tempDir('series-real')
  db = await BuildDb.open({ file: join(root, 'b.duckdb'), tempDir: join(root, 'tmp'), threads: 2, memoryLimit: '1GB' })
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
     WHERE s.cik IN (${Object.values(FILERS).join(', ')}) AND n.version LIKE 'us-gaap/%'
       AND coalesce(n.segments, '') = '' AND coalesce(n.coreg, '') = '' AND n.value IS NOT NULL`,
  )
  await db.run('CREATE SCHEMA s')
  await db.run(`CREATE TABLE t_cf_labels (${LABEL_COLUMNS})`)
  await db.run(`CREATE TABLE cf_metric_labels (metric VARCHAR, label VARCHAR)`)
  await db.run(`CREATE TABLE s.fin_filings (acc_key BIGINT, period INTEGER, accepted TIMESTAMP)`)
  await db.run(`CREATE TABLE s.fin_concepts (tag VARCHAR, version VARCHAR, tlabel VARCHAR, datatype VARCHAR)`)
  for (const sql of seriesStatements()) await db.run(sql)
})
afterAll(() => {
  db?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** A company's canonical points of a key at one end date, as `quarters value strategy tag`. */
const points = async (cik: number, symbol: string, end: number) =>
  (
    await db.all<Record<string, unknown>>(
      `SELECT quarters, value, strategy, tag FROM s.fin_metric_points
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
