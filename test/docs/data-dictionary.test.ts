/**
 * The snapshot as a documented bulk export (issue 29): docs/data-dictionary.md describes every Parquet
 * table of a built snapshot as the table contracts declare it (scripts/data-dictionary.ts renders it), the
 * declarations are what the built files hold (columns, types, partitioning; what the build makes of each
 * table exists), and a second Parquet reader, hyparquet, reads every file of the sample snapshot to the
 * same rows as DuckDB.
 *
 * `npm run docs:data-dictionary` runs this file with SECDS_WRITE_DATA_DICTIONARY=1: the page is then
 * written, not compared (the operations on it are seen over the sample snapshot this file opens).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { parquetReadObjects } from 'hyparquet'
import { MARKERS, renderDictionary, withDictionary } from '../../scripts/data-dictionary.ts'
import { declaredMemos } from '../../src/db/memo.ts'
import { BUILD_DATABASE_FILE, type Manifest } from '../../src/pipeline/contract.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { quote } from '../../src/pipeline/sql-text.ts'
import { openTestApi, type TestApi } from '../helpers/api.ts'
import { readsOfEveryOperation } from '../helpers/operation-reads.ts'

const PAGE = join(resolve(import.meta.dir, '../..'), 'docs/data-dictionary.md')
const WRITE = process.env.SECDS_WRITE_DATA_DICTIONARY === '1'

const TABLES = SOURCES.flatMap((s) => s.tables)

let api: TestApi
let dir: string
let manifest: Manifest
let instance: DuckDBInstance
let duck: Awaited<ReturnType<DuckDBInstance['connect']>>
/** The serving database's tables and the tables served from their Parquet: what a query may name. */
let servingTables: string[]

beforeAll(async () => {
  api = await openTestApi()
  dir = join(api.datasets, api.snapshotId)
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  // One thread: the sample's files are small and many, and threads only add their scheduling to each read.
  instance = await DuckDBInstance.create(':memory:', { threads: '1' })
  duck = await instance.connect()
  const copied = await rows<{ table_name: string }>(
    `SELECT table_name FROM duckdb_tables() WHERE database_name = 'serving'`,
    `ATTACH ${quote(join(dir, manifest.serving.file))} AS serving (READ_ONLY)`,
  )
  servingTables = [
    ...copied.map((r) => r.table_name),
    ...Object.entries(manifest.tables)
      .filter(([, t]) => t.servedFromParquet)
      .map(([name]) => name),
  ]
})
afterAll(async () => {
  duck.closeSync()
  instance.closeSync()
  await api.close()
})

async function rows<T>(sql: string, before?: string): Promise<T[]> {
  if (before) await duck.run(before)
  return (await duck.runAndReadAll(sql)).getRowObjectsJS() as T[]
}

/** Every file of a table, as DuckDB's read_parquet argument (a Hive partition's column from the path). */
const filesOf = (table: string) => `[${manifest.tables[table]!.files.map((f) => quote(join(dir, f))).join(', ')}]`

describe('the contracts are what a built snapshot holds', () => {
  test('every Parquet table of the snapshot is declared, and every declared one is built', () => {
    expect(Object.keys(manifest.tables).sort()).toEqual(TABLES.map((t) => t.name).sort())
  })

  test("each table's columns, in order, with the types DuckDB reads from its files (and the manifest says)", async () => {
    for (const t of TABLES) {
      const declared = Object.entries(t.schema).map(([name, [type]]) => `${name} ${type}`)
      const read = await rows<{ column_name: string; column_type: string }>(
        `DESCRIBE SELECT * FROM read_parquet(${filesOf(t.name)})`,
      )
      expect({ table: t.name, columns: read.map((c) => `${c.column_name} ${c.column_type}`) }).toEqual({
        table: t.name,
        columns: declared,
      })
      const listed = manifest.tables[t.name]!.columns.map((c) => `${c.name} ${c.type}`)
      expect({ table: t.name, manifest: listed }).toEqual({ table: t.name, manifest: declared })
      for (const [name, [, meaning]] of Object.entries(t.schema))
        expect({ table: t.name, name, described: meaning.length > 8 }).toEqual({ table: t.name, name, described: true })
    }
  })

  test('a partitioned table is cut as declared, and only such a table has more than one file', async () => {
    for (const t of TABLES) {
      const files = manifest.tables[t.name]!.files
      const p = t.partitioning
      const ranges = t.writtenInRanges
      if (ranges) {
        // Files of ranges of the column, in name order: each file's range after the one before's.
        for (const file of files)
          expect({ file, named: /\/part-\d{4}\.parquet$/.test(file) }).toMatchObject({ named: true })
        const spans = await rows<{ file: string; low: string; high: string }>(
          `SELECT filename AS file, min(${ranges.column})::VARCHAR AS low, max(${ranges.column})::VARCHAR AS high
           FROM read_parquet(${filesOf(t.name)}, filename = true) GROUP BY filename ORDER BY filename`,
        )
        for (let i = 1; i < spans.length; i++)
          expect({ table: t.name, after: BigInt(spans[i]!.low) > BigInt(spans[i - 1]!.high) }).toEqual({
            table: t.name,
            after: true,
          })
        continue
      }
      if (!p) {
        expect({ table: t.name, files }).toEqual({ table: t.name, files: [`${t.name}/part-0.parquet`] })
        continue
      }
      expect({ table: t.name, column: p.column in t.schema }).toEqual({ table: t.name, column: true })
      // A partitioned table with no rows at all is one empty file (form-13f/quarter-batches.ts).
      const empty = manifest.tables[t.name]!.rows === 0 && files.length <= 1
      const pattern = p.hive
        ? new RegExp(`^${t.name}/${p.column}=[^/]+/part-0\\.parquet$`)
        : new RegExp(`^${t.name}/part-[^/]+\\.parquet$`)
      for (const file of files)
        expect({ table: t.name, file, cut: empty || pattern.test(file) }).toMatchObject({ cut: true })
      if (!p.hive && !empty) {
        // Each file holds one value of the column, named in the file's name.
        const values = await rows<{ file: string; n: bigint; v: string }>(
          `SELECT filename AS file, count(DISTINCT ${p.column}) AS n, any_value(${p.column})::VARCHAR AS v
          FROM read_parquet(${filesOf(t.name)}, filename = true) GROUP BY filename`,
        )
        for (const v of values)
          expect({ file: v.file, n: v.n, named: v.file.endsWith(`part-${v.v}.parquet`) }).toEqual({
            file: v.file,
            n: 1n,
            named: true,
          })
      }
    }
  })

  test('what each table feeds exists, and every serving table and lookup file is made from some table', async () => {
    const tables = new Set(TABLES.map((t) => t.name))
    // The serving tables, and the build-only ones in the build's own database (the fixture keeps it).
    const buildOnly = await rows<{ table_name: string }>(
      `SELECT table_name FROM duckdb_tables() WHERE database_name = 'built'`,
      `ATTACH IF NOT EXISTS ${quote(join(dir, BUILD_DATABASE_FILE))} AS built (READ_ONLY)`,
    )
    const serving = new Set([...servingTables, ...buildOnly.map((r) => r.table_name)])
    const lookups = new Set(Object.keys(manifest.lookups))
    const unknown = TABLES.flatMap((t) => [
      ...(t.feeds.tables ?? []).filter((n) => !tables.has(n)).map((n) => `${t.name} → table ${n}`),
      ...(t.feeds.serving ?? []).filter((n) => !serving.has(n)).map((n) => `${t.name} → serving ${n}`),
      ...(t.feeds.lookups ?? []).filter((n) => !lookups.has(n)).map((n) => `${t.name} → lookup ${n}`),
    ])
    expect(unknown).toEqual([])
    const fed = new Set(TABLES.flatMap((t) => [...(t.feeds.serving ?? []), ...(t.feeds.lookups ?? [])]))
    expect([...serving, ...lookups].filter((n) => !fed.has(n))).toEqual([])
  })
})

test('docs/data-dictionary.md is rendered from the contracts', async () => {
  const reads = await readsOfEveryOperation(api, servingTables)
  const rendered = renderDictionary({
    sources: SOURCES,
    operations: [...reads].map(([operationId, r]) => ({ operationId, ...r })),
    memos: declaredMemos(),
  })
  if (WRITE) writeFileSync(PAGE, withDictionary(readFileSync(PAGE, 'utf8'), rendered))
  const page = readFileSync(PAGE, 'utf8')
  expect(
    page,
    `docs/data-dictionary.md between ${MARKERS.start} and ${MARKERS.end} is not what the contracts give: run npm run docs:data-dictionary`,
  ).toBe(withDictionary(page, rendered))
})

/** Zstandard, which the build writes and hyparquet leaves to the caller: Bun's own. */
const compressors = { ZSTD: (input: Uint8Array) => new Uint8Array(Bun.zstdDecompressSync(input)) }

describe('a second Parquet reader (hyparquet) reads every table as DuckDB does', () => {
  test('every file: as many rows, and its first, middle and last rows value for value', async () => {
    for (const t of TABLES) {
      // DuckDB's count and sample rows of every file of the table, by file name and row number. Each
      // file alone, as hyparquet reads it: a Hive partition's column is not in it.
      const read = `read_parquet(${filesOf(t.name)}, hive_partitioning = false, filename = 'parquet_file', file_row_number = true)`
      const sampled = await rows<
        Record<string, unknown> & { parquet_file: string; file_row_number: bigint; n: bigint }
      >(
        `SELECT *, count(*) OVER (PARTITION BY parquet_file) AS n FROM ${read}
        QUALIFY file_row_number IN (0, n // 2, n - 1)`,
      )
      const ours = new Map(
        sampled.map(({ parquet_file, file_row_number, n, ...row }) => [
          `${parquet_file} ${file_row_number}`,
          { n, row },
        ]),
      )
      let total = 0
      for (const name of manifest.tables[t.name]!.files) {
        const path = join(dir, name)
        // Every row decoded (each page of each column), from the file read into memory first: hyparquet
        // then reads its parts without a file read each, in half the time.
        const bytes = readFileSync(path)
        const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
        const theirs = await parquetReadObjects({ file, compressors })
        const n = theirs.length
        const sample = [...new Set([0, Math.floor(n / 2), n - 1])].filter((i) => i >= 0)
        expect({ name, rows: sample.map((i) => theirs[i]) }).toEqual({
          name,
          rows: sample.map((i) => ours.get(`${path} ${i}`)?.row),
        })
        expect({ name, rows: n }).toEqual({ name, rows: Number(ours.get(`${path} 0`)?.n ?? 0) })
        total += n
      }
      expect({ table: t.name, rows: total }).toEqual({ table: t.name, rows: manifest.tables[t.name]!.rows })
    }
  })
})
