/**
 * docs/architecture.md ("Serving tables") has a table of the serving tables the sources' contracts declare
 * (src/pipeline/serving-table.ts): each row is rendered from a declaration here and must be as rendered.
 * Its last column names the snapshot memos (src/db/memo.ts) that read the table into the server's memory.
 * And the declarations are the serving database: every table of a built snapshot's `serving.duckdb` is
 * declared, and every declared table is in it (or, served from its Parquet in place, in the manifest so).
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
// Loaded for its memos: each area's store declares them (src/db/memo.ts).
import '../../src/areas/index.ts'
import { declaredMemos } from '../../src/db/memo.ts'
import { BUILD_DATABASE_FILE, type Manifest } from '../../src/pipeline/contract.ts'
import type { ServingTable } from '../../src/pipeline/serving-table.ts'
import * as companyFacts from '../../src/pipeline/sources/company-facts/contract.ts'
import * as financialStatements from '../../src/pipeline/sources/financial-statements/contract.ts'
import * as form13f from '../../src/pipeline/sources/form-13f/contract.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import * as insiderTransactions from '../../src/pipeline/sources/insider-transactions/contract.ts'
import * as sicCodes from '../../src/pipeline/sources/sic-codes/contract.ts'
import * as submissions from '../../src/pipeline/sources/submissions/contract/index.ts'
import * as tickers from '../../src/pipeline/sources/tickers/contract.ts'
import { sampleFixture } from '../helpers/fixture.ts'

const ROOT = resolve(import.meta.dir, '../..')
const DOC = join(ROOT, 'docs/architecture.md')

/** Each source's serving tables, by source (folder) name. */
const DECLARED: Record<string, Record<string, ServingTable>> = {
  submissions: submissions.SERVING_TABLES,
  tickers: tickers.SERVING_TABLES,
  'sic-codes': sicCodes.SERVING_TABLES,
  'financial-statements': financialStatements.SERVING_TABLES,
  'company-facts': companyFacts.SERVING_TABLES,
  'insider-transactions': insiderTransactions.SERVING_TABLES,
  'form-13f': form13f.SERVING_TABLES,
}

/** Every declaration with its source, in registry order (the order the build makes them). */
const TABLES = SOURCES.flatMap((s) => Object.values(DECLARED[s.name] ?? {}).map((table) => ({ source: s.name, table })))

const HEADER = '| table | source | sorted by | holds | in memory |'

/** The snapshot memos (src/db/memo.ts) that read a table: every area's modules are loaded above. */
const heldBy = (table: string) =>
  declaredMemos()
    .filter((m) => m.from.includes(table))
    .map((m) => `\`${m.name}\``)
    .sort()
    .join(', ')

/** A declaration's row, as the docs must have it. */
const rendered = ({ source, table }: (typeof TABLES)[number]) =>
  `| \`${table.name}\` | ${source} | ${table.sortedBy} | ${table.holds}${
    table.servedFromParquet ? ' (not copied: its Parquet files are read in place)' : ''
  }${table.buildOnly ? ' (build only: not in serving.duckdb)' : ''} | ${heldBy(table.name)} |`

test('every source that adds to the serving database has its declarations here', () => {
  expect(SOURCES.filter((s) => s.serving).map((s) => s.name)).toEqual(
    SOURCES.map((s) => s.name).filter((name) => name in DECLARED),
  )
  const names = TABLES.map((t) => t.table.name)
  expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([])
})

test('the serving tables table renders every declaration', () => {
  const markdown = readFileSync(DOC, 'utf8')
  const from = markdown.indexOf(HEADER)
  expect(from).toBeGreaterThan(0)
  const rows = markdown.slice(from).split('\n\n')[0]!.split('\n').slice(2)
  const expected = TABLES.map(rendered)
  expect(rows, `expected rows:\n${expected.join('\n')}`).toEqual(expected)
})

test("a built snapshot's serving database holds exactly the declared tables", async () => {
  const { dir } = await sampleFixture()
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest
  const tablesOf = async (file: string) => {
    const instance = await DuckDBInstance.create(join(dir, file), { access_mode: 'READ_ONLY' })
    const conn = await instance.connect()
    const names = (await conn.runAndReadAll('SELECT table_name FROM duckdb_tables() ORDER BY table_name'))
      .getRows()
      .map((r) => String(r[0]))
    conn.closeSync()
    instance.closeSync()
    return names
  }
  const built = await tablesOf(manifest.serving.file)
  const copied = TABLES.filter((t) => !t.table.servedFromParquet && !t.table.buildOnly).map((t) => t.table.name)
  expect(built).toEqual([...copied].sort())
  // A build-only table is in the build's own database (the fixture keeps it), or is a Parquet table the
  // build reads in place.
  const buildOnly = TABLES.filter((t) => t.table.buildOnly).map((t) => t.table.name)
  const inBuildDatabase = await tablesOf(BUILD_DATABASE_FILE)
  expect(inBuildDatabase.filter((n) => !buildOnly.includes(n))).toEqual([])
  expect(buildOnly.filter((n) => !inBuildDatabase.includes(n) && !(n in manifest.tables))).toEqual([])
  // The sample is built from every source, so every declared table is made.
  expect(Object.keys(manifest.sources).sort()).toEqual(expect.arrayContaining(Object.keys(DECLARED).sort()))
  for (const { table } of TABLES.filter((t) => t.table.servedFromParquet))
    expect([table.name, manifest.tables[table.name]?.servedFromParquet]).toEqual([table.name, true])
})
