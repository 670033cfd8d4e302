/**
 * The sources' contracts (src/pipeline/sources/<name>/contract*) against what the build makes: every
 * serving table a contract names is in the built serving database with exactly its columns, in order;
 * every lookup file it names is in the manifest at its path, and every line of it matches its read model's
 * fields (src/pipeline/read-model.ts); and no source's serving statements create a
 * table its contract does not declare (so a new source cannot add one the server does not know of). A
 * table served from its Parquet in place (`servedFromParquet`) counts with its Parquet's columns.
 */

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { Value } from '@sinclair/typebox/value'
import { KeyedFile } from '../../src/lib/keyed-file.ts'
import { BUILD_DATABASE_FILE, type Manifest } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import type { AnyReadModel } from '../../src/pipeline/read-model.ts'
import type { ServingTable } from '../../src/pipeline/serving-table.ts'
import type { BuildContext } from '../../src/pipeline/source.ts'
import * as companyFacts from '../../src/pipeline/sources/company-facts/contract.ts'
import { FACT_COLUMNS } from '../../src/pipeline/sources/company-facts/stage.ts'
import * as filingIndex from '../../src/pipeline/sources/filing-index/contract.ts'
import * as financialStatements from '../../src/pipeline/sources/financial-statements/contract.ts'
import { emptyView } from '../../src/pipeline/sources/financial-statements/convert.ts'
import * as form13f from '../../src/pipeline/sources/form-13f/contract.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import * as insiderTransactions from '../../src/pipeline/sources/insider-transactions/contract.ts'
import * as sicCodes from '../../src/pipeline/sources/sic-codes/contract.ts'
import * as submissions from '../../src/pipeline/sources/submissions/contract/index.ts'
import * as tickers from '../../src/pipeline/sources/tickers/contract.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

type ServingTables = Record<string, ServingTable>
type Contract = { SERVING_TABLES?: ServingTables; LOOKUPS?: Record<string, AnyReadModel> }

/** A contract's lookup files by name, as paths. */
const pathsOf = (lookups: Contract['LOOKUPS'] = {}) =>
  Object.fromEntries(Object.entries(lookups).map(([name, model]) => [name, model.path]))

/** Every read model the contracts declare. */
const readModels = (): AnyReadModel[] => Object.values(CONTRACTS).flatMap((c) => Object.values(c.LOOKUPS ?? {}))

/** Each source's contract, by source (folder) name. */
const CONTRACTS: Record<string, Contract> = {
  submissions,
  tickers,
  'sic-codes': sicCodes,
  'filing-index': filingIndex,
  'financial-statements': financialStatements,
  'company-facts': companyFacts,
  'insider-transactions': insiderTransactions,
  'form-13f': form13f,
}

const SOURCES_DIR = resolve(import.meta.dir, '../../src/pipeline/sources')

/** A source folder's contract module: `contract.ts` or `contract/index.ts`. */
function contractModule(folder: string) {
  return [join(SOURCES_DIR, folder, 'contract.ts'), join(SOURCES_DIR, folder, 'contract', 'index.ts')].find(existsSync)
}

const root = tempDir('contracts')
let manifest: Manifest
let snapshotDir = ''
/** Served table → its columns in stored order: the serving database's, and those served from Parquet in place. */
const serving: Record<string, string[]> = {}

beforeAll(async () => {
  // The shared sample snapshot: built from every source by the same build, read only.
  const { dir } = await sampleFixture()
  snapshotDir = dir
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  // The serving database's tables, and the build's own (build-only tables; the fixture keeps its database).
  for (const file of [manifest.serving.file, BUILD_DATABASE_FILE]) {
    const instance = await DuckDBInstance.create(join(dir, file), { access_mode: 'READ_ONLY' })
    const conn = await instance.connect()
    const rows = (
      await conn.runAndReadAll(`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`)
    ).getRowObjectsJson() as { table_name: string; column_name: string }[]
    conn.closeSync()
    instance.closeSync()
    for (const r of rows) {
      serving[r.table_name] ??= []
      serving[r.table_name]!.push(r.column_name)
    }
  }
  // And those read from their Parquet in place: by the server, or by the build alone.
  const buildOnly = new Set(Object.values(CONTRACTS).flatMap((c) => buildOnlyOf(c.SERVING_TABLES)))
  for (const [name, t] of Object.entries(manifest.tables))
    if (t.servedFromParquet || (buildOnly.has(name) && !serving[name])) {
      expect(serving[name]).toBeUndefined()
      serving[name] = t.columns.map((c) => c.name)
    }
})

/** The build-only tables of a contract's serving tables. */
const buildOnlyOf = (tables: ServingTables = {}) =>
  Object.values(tables)
    .filter((t) => t.buildOnly)
    .map((t) => t.name)
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("the built snapshot against the sources' contracts", () => {
  test.each(Object.keys(CONTRACTS))('%s: its serving tables, with exactly their columns in order', (name) => {
    const declared = CONTRACTS[name]!.SERVING_TABLES ?? {}
    const expected = Object.fromEntries(Object.entries(declared).map(([table, t]) => [table, t.columns]))
    const built = Object.fromEntries(Object.keys(declared).map((table) => [table, serving[table]]))
    expect(built).toEqual(expected)
  })

  test.each(Object.keys(CONTRACTS))('%s: its lookup files, at their paths', (name) => {
    const declared = pathsOf(CONTRACTS[name]!.LOOKUPS)
    const listed = Object.fromEntries(Object.keys(declared).map((lookup) => [lookup, manifest.lookups[lookup]?.path]))
    expect(listed).toEqual(declared)
  })

  test("the serving database and the manifest's lookup files hold nothing the contracts leave out", () => {
    const tables = Object.values(CONTRACTS).flatMap((c) => Object.keys(c.SERVING_TABLES ?? {}))
    expect(Object.keys(serving).sort()).toEqual(tables.sort())
    const lookups = Object.assign({}, ...Object.values(CONTRACTS).map((c) => pathsOf(c.LOOKUPS)))
    expect(Object.fromEntries(Object.entries(manifest.lookups).map(([name, l]) => [name, l.path]))).toEqual(lookups)
  })

  // Readers decode without checking (src/pipeline/read-model.ts): here every line of every read model's
  // file, decoded as the server decodes it, must match the model's schema.
  test.each(readModels().map((m) => [m.name, m] as const))('read model %s: its lines match its fields', (_, model) => {
    const file = KeyedFile.open(join(snapshotDir, model.path))
    try {
      const bad: string[] = []
      let lines = 0
      for (const line of file.range(0n, 2n ** 63n - 1n)) {
        lines++
        const decoded = model.line === 'rendered' ? JSON.parse(line) : model.decode(line)
        // A list line's values are each the model's one field.
        const records =
          model.line === 'list'
            ? (decoded as unknown[]).map((v) => ({ [Object.keys(model.fields.properties)[0]!]: v }))
            : [decoded]
        for (const record of records)
          if (bad.length < 3 && !Value.Check(model.fields, record))
            bad.push(
              `${line}: ${[...Value.Errors(model.fields, decoded)].map((e) => `${e.path} ${e.message}`).join('; ')}`,
            )
      }
      expect(bad).toEqual([])
      expect(lines).toBe(manifest.lookups[model.name]!.lines)
    } finally {
      file.close()
    }
  })
})

describe('every source declares what it serves', () => {
  const folders = readdirSync(SOURCES_DIR)
    .filter((f) => statSync(join(SOURCES_DIR, f)).isDirectory())
    .sort()

  test('every source folder is in the registry, and every contract module is checked above', () => {
    expect(SOURCES.map((s) => s.name).sort()).toEqual(folders)
    expect(folders.filter((f) => contractModule(f))).toEqual(Object.keys(CONTRACTS).sort())
  })

  /** What a source's serving statements create, with a context whose Parquet is a placeholder. */
  const created = (statements: string[]) =>
    statements.flatMap((s) => [...s.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?TABLE\s+[sb]\.(\w+)/gi)].map((m) => m[1]!))
  // A real database with the stage tables the statement lists read to cut their ranges (the companyfacts
  // series count facts per CIK, the standardized values cut filings at quantiles), empty as the build makes
  // them without input: one range each.
  let db: BuildDb
  beforeAll(async () => {
    db = await BuildDb.open({
      file: ':memory:',
      tempDir: join(root, 'contract-spill'),
      threads: 1,
      memoryLimit: '200MB',
    })
    await db.run(`CREATE TABLE t_cf_facts (${FACT_COLUMNS})`)
    await db.run(emptyView('sub'))
  })
  afterAll(() => db?.close())
  const ctx = () =>
    ({
      db,
      options: {},
      found: {},
      parts: {},
      buildCache: undefined,
      snapshotDir: join(root, 'placeholder.partial'),
      parquet: (table: string) => `read_parquet('placeholder/${table}/*.parquet')`,
    }) as unknown as BuildContext

  test.each(SOURCES.filter((s) => s.serving).map((s) => s.name))(
    '%s: its contract declares every serving table it creates',
    async (name) => {
      const source = SOURCES.find((s) => s.name === name)!
      const path = contractModule(name)
      expect({ name, contract: path && relative(SOURCES_DIR, path) }).toEqual({
        name,
        contract: expect.stringMatching(/^[\w-]+\/contract(\/index)?\.ts$/),
      })
      const contract = (await import(path!)) as Contract
      // Not created by a statement: served from the Parquet in place, or read there by the build alone.
      const buildOnly = buildOnlyOf(contract.SERVING_TABLES)
      const inPlace = source.tables.filter((t) => t.servedFromParquet || buildOnly.includes(t.name)).map((t) => t.name)
      const tables = [...created(await source.serving!(ctx())), ...inPlace]
      expect(tables.length).toBeGreaterThan(0)
      expect(Object.keys(contract.SERVING_TABLES ?? {}).sort()).toEqual([...tables].sort())
    },
  )
})
