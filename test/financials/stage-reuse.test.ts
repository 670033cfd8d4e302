/**
 * Which companies' facts a nightly takes instead of parsing their files
 * (src/pipeline/sources/company-facts/stage-reuse.ts): those whose files have the CRC-32 and size the last
 * build parsed, while the cache names the snapshot being built on and that snapshot's facts are all there.
 * test/financials/series-reuse.test.ts proves the taken facts equal the parsed ones in a real build.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { type FactFile, factsToTake } from '../../src/pipeline/sources/company-facts/stage-reuse.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('stage-reuse')
const cache = join(root, 'build.duckdb')
const snapshot = join(root, 'snapshot')
let db: BuildDb

/** What the last build parsed: company 1's file, company 2's, and company 4's two files. */
const PARSED: FactFile[] = [
  { cik: 1, crc: 10, bytes: 100 },
  { cik: 2, crc: 20, bytes: 200 },
  { cik: 4, crc: 40, bytes: 400 },
  { cik: 4, crc: 41, bytes: 410 },
]

beforeAll(async () => {
  mkdirSync(join(snapshot, 'company_facts'), { recursive: true })
  db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '200MB' })
  await db.run(
    `COPY (SELECT 1::BIGINT AS cik) TO '${join(snapshot, 'company_facts', 'part-0.parquet')}' (FORMAT parquet)`,
  )
  await db.run(`ATTACH '${cache}' AS made`)
  await db.run("CREATE TABLE made.fin_fact_snapshot AS SELECT 'A' AS snapshot_id")
  await db.run(
    `CREATE TABLE made.fin_fact_files AS SELECT * FROM (VALUES ${PARSED.map((f) => `(${f.cik}, ${f.crc}, ${f.bytes})`).join(', ')}) t(cik, crc, bytes)`,
  )
  await db.run(
    "CREATE TABLE made.fin_fact_file_labels AS SELECT * FROM (VALUES (1, 'us-gaap', 'Revenues', 'Revenues', NULL), (2, 'us-gaap', 'Assets', 'Assets', NULL)) t(cik, taxonomy, tag, label, description)",
  )
  await db.run("CREATE TABLE made.fin_fact_names AS SELECT * FROM (VALUES (1, 'One'), (2, 'Two')) t(cik, name)")
  await db.run('DETACH made')
})
afterAll(() => {
  db?.close()
  rmSync(root, { recursive: true, force: true })
})

/** The build on `snapshotId`, whose company_facts are `files`. */
const previous = (snapshotId: string, files = ['company_facts/part-0.parquet']) => ({
  dir: snapshot,
  manifest: { snapshotId, tables: { company_facts: { files } } } as unknown as Manifest,
})

/** Tonight: company 1 the same, company 2 rewritten, company 3 new, company 4 with one file rewritten. */
const TONIGHT: FactFile[] = [
  { cik: 1, crc: 10, bytes: 100 },
  { cik: 2, crc: 21, bytes: 200 },
  { cik: 3, crc: 30, bytes: 300 },
  { cik: 4, crc: 40, bytes: 400 },
  { cik: 4, crc: 42, bytes: 410 },
]

test('a company whose every file has the CRC and size the last build parsed is taken, with its labels and name', async () => {
  const work = join(root, 'taken')
  mkdirSync(work, { recursive: true })
  const taken = await factsToTake({ db, buildCache: cache, previous: previous('A') }, TONIGHT, work)
  expect(taken && [...taken.ciks]).toEqual([1])
  expect(taken?.factFiles).toEqual([join(snapshot, 'company_facts', 'part-0.parquet')])
  expect(await db.all(`SELECT cik::INTEGER AS cik, tag FROM '${join(work, 'labels-taken.parquet')}'`)).toEqual([
    { cik: 1, tag: 'Revenues' },
  ])
  expect(await db.all(`SELECT cik::INTEGER AS cik, name FROM '${join(work, 'names-taken.parquet')}'`)).toEqual([
    { cik: 1, name: 'One' },
  ])
})

test('nothing is taken when the cache is of another snapshot, the facts are gone, or there is no cache', async () => {
  const work = join(root, 'none')
  mkdirSync(work, { recursive: true })
  // The cache's build kept it, then failed before publishing: the served snapshot is an older one.
  expect(await factsToTake({ db, buildCache: cache, previous: previous('B') }, TONIGHT, work)).toBeUndefined()
  expect(
    await factsToTake(
      { db, buildCache: cache, previous: previous('A', ['company_facts/part-1.parquet']) },
      TONIGHT,
      work,
    ),
  ).toBeUndefined()
  expect(await factsToTake({ db, previous: previous('A') }, TONIGHT, work)).toBeUndefined()
  expect(await factsToTake({ db, buildCache: cache }, TONIGHT, work)).toBeUndefined()
})
