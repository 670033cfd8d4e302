/**
 * The companyfacts series made a range of CIKs at a time (company-facts/batches.ts): the ranges are cut
 * between companies at about the asked number of facts, and the tables they make equal, row for row and in
 * order, those made from all companies at once. The fixture snapshots are built with ranges of a few
 * hundred facts (test/helpers/fixture.ts); this builds the same mirror again in one range and compares.
 */
import { afterAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { Reporter } from '../../src/lib/progress.ts'
import { buildCacheFile } from '../../src/pipeline/build-cache.ts'
import { BUILD_DATABASE_FILE, SERVING_FILE } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import type { BuildContext } from '../../src/pipeline/source.ts'
import { cikBatches } from '../../src/pipeline/sources/company-facts/batches.ts'
import { SERVING_TABLES } from '../../src/pipeline/sources/company-facts/contract.ts'
import { checkSeries } from '../../src/pipeline/sources/company-facts/serving.ts'
import { copyFixture, SERIES_FACTS_PER_BATCH, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('series-batches')
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('ranges are cut between CIKs after about the asked number of facts; every CIK falls in one', async () => {
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '200MB' })
  try {
    // CIK 1: 3 facts, CIK 2: 5, CIK 7: 1, CIK 10: 4 (after 7 as a number, before it as text).
    await db.run(`CREATE TABLE t_cf_facts AS SELECT unnest([10, 1, 1, 1, 2, 2, 2, 2, 2, 7, 10, 10, 10]) AS cik`)
    const conditions = async (perBatch: number) => (await cikBatches(db, perBatch)).map((inBatch) => inBatch('c'))
    // 3 + 5 facts reach 4 at CIK 2; 1 + 4 reach it again at CIK 10, the last, which ends the last range anyway.
    expect(await conditions(4)).toEqual(['true AND c <= 2', 'c > 2 AND true'])
    expect(await conditions(100)).toEqual(['true AND true'])
    expect(await conditions(1)).toEqual(['true AND c <= 1', 'c > 1 AND c <= 2', 'c > 2 AND c <= 7', 'c > 7 AND true'])
    await db.run('DELETE FROM t_cf_facts')
    expect(await conditions(4)).toEqual(['true AND true'])
  } finally {
    db.close()
  }
})

test('the series checks look in every range: a point twice, or a point its last vintage does not give, fails the build', async () => {
  const db = await BuildDb.open({
    file: ':memory:',
    tempDir: join(root, 'spill-check'),
    threads: 1,
    memoryLimit: '200MB',
  })
  try {
    await db.run('CREATE TABLE t_cf_facts AS SELECT unnest([1, 1, 2, 2, 9, 9]) AS cik')
    await db.run("ATTACH ':memory:' AS s")
    await db.run("ATTACH ':memory:' AS b")
    // Every point first reported with its value, but the last range's raw one, restated from 12 (vintages.ts V6).
    await db.run(`CREATE TABLE b.fin_metric_points AS SELECT * EXCLUDE (first), {'value': first} AS first_reported FROM (VALUES
      (1, 'revenue', 'canonical', 4, 20241231, 10, false, 10), (2, 'revenue', 'canonical', 4, 20241231, 10, false, 10),
      (9, 'revenue', 'canonical', 4, 20241231, 10, false, 10), (9, 'revenue', 'raw', 4, 20241231, 10, true, 12))
      t(cik, symbol, source, quarters, end_date, value, restated, first)`)
    // Only the restated point has vintages: the last gives its value.
    await db.run(`CREATE TABLE b.fin_metric_vintages AS SELECT * FROM (VALUES
      (9, 'revenue', 'raw', 4, 20241231, 12, 1), (9, 'revenue', 'raw', 4, 20241231, 10, 2))
      t(cik, symbol, source, quarters, end_date, value, vintage)`)
    // A restated ratio point and its vintages, in the last range.
    await db.run(`CREATE TABLE b.fin_ratio_points AS SELECT 9 AS cik, 'roe' AS ratio, 4 AS quarters, 20241231 AS end_date,
      0.5 AS value, true AS restated, {'value': 0.4} AS first_reported`)
    await db.run(`CREATE TABLE b.fin_ratio_vintages AS SELECT * FROM (VALUES (9, 'roe', 4, 20241231, 0.4, 1), (9, 'roe', 4, 20241231, 0.5, 2))
      t(cik, ratio, quarters, end_date, value, vintage)`)
    const ctx = { db, options: { seriesFactsPerBatch: 2 } } as unknown as BuildContext
    expect(await cikBatches(db, 2)).toHaveLength(3)
    await checkSeries(ctx)
    await db.run(`UPDATE b.fin_metric_vintages SET value = 11 WHERE cik = 9 AND source = 'raw' AND vintage = 2`)
    await expect(checkSeries(ctx)).rejects.toThrow(
      '1 metric points differ from their last vintage in fin_metric_vintages',
    )
    await db.run(`UPDATE b.fin_metric_vintages SET value = 10 WHERE cik = 9 AND source = 'raw' AND vintage = 2`)
    // A point of one vintage is its first_reported: another value there fails too.
    await db.run(`UPDATE b.fin_metric_points SET first_reported = {'value': 9} WHERE cik = 1`)
    await expect(checkSeries(ctx)).rejects.toThrow(
      '1 metric points differ from their last vintage in fin_metric_vintages',
    )
    await db.run(`UPDATE b.fin_metric_points SET first_reported = {'value': 10} WHERE cik = 1`)
    await db.run(`UPDATE b.fin_ratio_vintages SET value = 0.6 WHERE vintage = 2`)
    await expect(checkSeries(ctx)).rejects.toThrow(
      '1 ratio points differ from their last vintage in fin_ratio_vintages',
    )
    await db.run(`UPDATE b.fin_ratio_vintages SET value = 0.5 WHERE vintage = 2`)
    await db.run(`INSERT INTO b.fin_metric_points VALUES (9, 'revenue', 'raw', 4, 20241231, 10, false, {'value': 10})`)
    await expect(checkSeries(ctx)).rejects.toThrow('1 metric periods have more than one point in fin_metric_points')
  } finally {
    db.close()
  }
})

test('the series, ratios and rankings made in ranges equal those made at once, in the same order', async () => {
  const fixture = await sampleFixture()
  // Built where the fixture's snapshot is the last one, without the build cache: the statements' quarters
  // are taken from it (the same files), every company's companyfacts series made again, at once (the series
  // are taken only from a last build's database, which the cache holds).
  const { datasets } = copyFixture(fixture, root)
  rmSync(buildCacheFile(datasets))
  const said: string[] = []
  const whole = await runBuild({
    from: fixture.mirror,
    datasets,
    reporter: new Reporter({ write: (text: string) => said.push(text) > 0 }, false),
    threads: TEST_BUILD_THREADS,
    // Only what the series and rankings are made from (as test/financials/series-reuse.test.ts builds).
    skipSources: ['insider-transactions', 'form-13f', 'indexes', 'filing-index', 'sic-codes'],
    keepBuildDatabase: true,
  })
  // A build that takes companies' series from the last one says how many it made again: this one says none.
  expect(said.filter((l) => l.includes('companyfacts series'))).toEqual([])
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    // Each build's serving database, and its own (the build-only tables) as `<name>_build`.
    for (const [name, dir] of [
      ['ranges', fixture.dir],
      ['once', whole.dir],
    ]) {
      await conn.run(`ATTACH '${join(dir!, SERVING_FILE)}' AS ${name} (READ_ONLY)`)
      await conn.run(`ATTACH '${join(dir!, BUILD_DATABASE_FILE)}' AS ${name}_build (READ_ONLY)`)
    }
    const n = async (sql: string) => Number((await conn.runAndReadAll(sql)).getRows()[0]![0])
    // More than one range in the fixture, or this compares nothing.
    const facts = await n(`SELECT count(*) FROM read_parquet('${join(fixture.dir, 'company_facts')}/**/*.parquet')`)
    expect(facts).toBeGreaterThan(3 * SERIES_FACTS_PER_BATCH)
    const tables = {
      fin_metric_points: 'cik, symbol, source, quarters, end_date',
      fin_metric_vintages: 'cik, symbol, source, quarters, end_date, vintage',
      fin_ratio_points: 'cik, ratio, quarters, end_date',
      fin_ratio_points_by_ratio: 'ratio, quarters, end_date DESC, cik',
      fin_metric_rankings: 'metric, basis, year, quarter, rank',
      fin_metric_ranking_vintages: 'metric, basis, quarter, year, value DESC, cik, vintage',
      fin_ratio_top: 'ratio, quarters, rank',
    }
    for (const [table, order] of Object.entries(tables)) {
      // A build-only table is in each build's own database (`ranges_build`, `once_build`).
      const kept = SERVING_TABLES[table as keyof typeof tables].buildOnly ? '_build' : ''
      const rows = await n(`SELECT count(*) FROM ranges${kept}.${table}`)
      expect(rows).toBeGreaterThan(0)
      expect(await n(`SELECT count(*) FROM once${kept}.${table}`)).toBe(rows)
      // Row for row, in stored order: the n-th row of one is the n-th row of the other.
      const numbered = (db: string) =>
        `(SELECT row_number() OVER (ORDER BY rowid) AS i, * EXCLUDE (rowid) FROM (SELECT rowid, * FROM ${db}${kept}.${table}))`
      const differing = `FROM ${numbered('ranges')} a FULL JOIN ${numbered('once')} b USING (i) WHERE a IS DISTINCT FROM b`
      const differ = await n(`SELECT count(*) ${differing}`)
      if (differ) console.log((await conn.runAndReadAll(`SELECT a, b ${differing} LIMIT 3`)).getRowObjectsJson())
      expect({ table, differ }).toEqual({ table, differ: 0 })
      // And that order is the table's key order.
      const unordered = await n(`SELECT count(*) FROM (SELECT row_number() OVER (ORDER BY rowid) AS stored,
        row_number() OVER (ORDER BY ${order}) AS sorted FROM ranges${kept}.${table}) WHERE stored <> sorted`)
      expect({ table, unordered }).toEqual({ table, unordered: 0 })
    }
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
})
