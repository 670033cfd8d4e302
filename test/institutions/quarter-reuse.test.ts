/**
 * A nightly build takes the 13F quarters whose inputs did not change from the previous snapshot
 * (src/pipeline/sources/form-13f/quarter-parts.ts) and makes the others again. The previous snapshot here
 * is built from the sample's mirror as it was before: without its last data set but one, its newest 13F
 * filing text, and with another ticker for one issuer that older quarters hold. The build of the mirror
 * as it is then makes again the quarters of the set's and the text's filings, the quarter after each
 * (whose flows start from its holdings) and those holding that issuer, takes every other one, and gives
 * Institutions tables equal to those of the sample snapshot built from nothing.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { KeyedFile, linesOf } from '../../src/lib/keyed-file.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import { type Manifest, SERVING_FILE } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { filingTextPath, filingTextsOfForms } from '../../src/pipeline/filing-text/index.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { form13fLookups } from '../../src/pipeline/sources/form-13f/lookups.ts'
import { QUARTER_BATCHES_STEP, quarterFingerprints } from '../../src/pipeline/sources/form-13f/quarter-parts.ts'
import { SETS_DIR, windowOf } from '../../src/pipeline/sources/form-13f/sets.ts'
import { FORMS_13F } from '../../src/pipeline/sources/form-13f/text-filings.ts'
import { type Fixture, sampleFixture } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'
import { zipTableRows } from '../helpers/zip-table.ts'

const root = tempDir('quarter-reuse')
const mirror = join(root, 'mirror')
const datasets = join(root, 'datasets')
/** Institutions alone: the other areas' sources are no input of its tables. */
const SKIP = ['financial-statements', 'company-facts', 'insider-transactions']
/** The issuer whose ticker was another before. */
const ISSUER_CIK = 804753

let reference: Fixture
let manifest: Manifest
/** The quarters the new filings are of, and those that hold the renamed issuer. */
let filedQuarters: string[]
let heldQuarters: string[]

const build = () => runBuild({ from: mirror, datasets, reporter: silentReporter(), threads: 2, skipSources: SKIP })

/** `submissions.zip` with the issuer's first ticker replaced (the entity's primary ticker, which the CUSIP map takes). */
function rewriteTicker(zipPath: string, ticker: string) {
  const reader = ZipReader.open(zipPath)
  const entries = reader.entries.map((e) => ({ name: e.name, data: reader.read(e) }))
  reader.close()
  const writer = new ZipWriter(zipPath)
  for (const { name, data } of entries) {
    if (name !== `CIK${String(ISSUER_CIK).padStart(10, '0')}.json`) writer.add(name, data)
    else {
      const entity = JSON.parse(data.toString('utf8')) as { tickers: string[] }
      expect(entity.tickers.length).toBeGreaterThan(0)
      entity.tickers[0] = ticker
      writer.add(name, JSON.stringify(entity))
    }
  }
  writer.close()
}

/** The accession numbers of a data set's filings (its SUBMISSION table). */
const setAccessions = (zipPath: string) => zipTableRows(zipPath, 'SUBMISSION').map((r) => r.ACCESSION_NUMBER!)

beforeAll(async () => {
  reference = await sampleFixture()
  cpSync(reference.mirror, mirror, { recursive: true })
  const setsDir = join(mirror, SETS_DIR)
  // The set before the newest: the newest one's filings are of the quarter after its own.
  const lateSet = readdirSync(setsDir)
    .filter((name) => windowOf(name.replace('_form13f.zip', '')))
    .sort((x, y) =>
      windowOf(x.replace('_form13f.zip', ''))!.to.localeCompare(windowOf(y.replace('_form13f.zip', ''))!.to),
    )
    .at(-2)!
  const newestText = filingTextsOfForms(mirror, FORMS_13F)!
    .files.map((f) => ({ cik: f.cik, accession: f.accessionNumber }))
    .sort((x, y) => x.accession.localeCompare(y.accession))
    .at(-1)!
  const snap = await openSnapshot(reference.dir)
  try {
    const filed = await snap.q<{ qend: string }>(
      `SELECT DISTINCT qend::VARCHAR AS qend FROM {t:inst_filings}
       WHERE accession IN (SELECT unnest(string_split(?, ','))) ORDER BY qend`,
      [[...setAccessions(join(setsDir, lateSet)), newestText.accession].join(',')],
    )
    filedQuarters = filed.map((r) => r.qend)
    const held = await snap.q<{ qend: string }>(
      `SELECT DISTINCT qend::VARCHAR AS qend FROM (
         SELECT qend, issuer_cik FROM {t:inst_holdings} UNION ALL SELECT qend, issuer_cik FROM {t:inst_flows})
       WHERE issuer_cik = ? ORDER BY qend`,
      [ISSUER_CIK],
    )
    heldQuarters = held.map((r) => r.qend)
  } finally {
    snap.close()
  }
  const saved = new Map<string, Buffer>()
  for (const path of [join(setsDir, lateSet), join(mirror, filingTextPath(newestText.cik, newestText.accession))]) {
    saved.set(path, readFileSync(path))
    rmSync(path)
  }
  const submissions = join(mirror, 'submissions.zip')
  saved.set(submissions, readFileSync(submissions))
  rewriteTicker(submissions, 'QFDX')
  await build()
  // Then: a build into the same folder, whose previous snapshot is the one just built.
  for (const [path, bytes] of saved) writeFileSync(path, bytes)
  manifest = (await build()).manifest
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('the quarters whose filings and issuers did not change are taken; the others are made again', () => {
  const parts = manifest.parts![QUARTER_BATCHES_STEP]!
  const quarters = Object.keys(parts).sort()
  // A quarter's flows start from the calendar quarter before's holdings.
  const calendarNext = (qend: string) => {
    const d = new Date(`${qend}T00:00:00Z`)
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 4, 0)).toISOString().slice(0, 10)
  }
  const made = new Set([...filedQuarters, ...filedQuarters.map(calendarNext), ...heldQuarters])
  expect(Object.fromEntries(quarters.map((q) => [q, parts[q]!.reused]))).toEqual(
    Object.fromEntries(quarters.map((q) => [q, !made.has(q)])),
  )
  // Both kinds occur, and a quarter after a new filing's is among those made again only for its flows.
  expect(quarters.filter((q) => parts[q]!.reused).length).toBeGreaterThan(0)
  expect(quarters.filter((q) => !parts[q]!.reused).length).toBeGreaterThan(0)
  expect(filedQuarters.map(calendarNext).some((q) => quarters.includes(q) && !filedQuarters.includes(q))).toBe(true)
  // A taken quarter's files are the previous snapshot's own (hard-linked where the disk allows).
  const taken = quarters.find((q) => parts[q]!.reused)!
  expect(statSync(join(datasets, manifest.snapshotId, parts[taken]!.outputs[0]!)).size).toBeGreaterThan(0)
})

/** Every row of each Institutions table, in stored order: Parquet files and serving tables. */
async function institutionsTables(dir: string) {
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  try {
    await conn.run(`ATTACH '${join(dir, SERVING_FILE)}' AS s (READ_ONLY)`)
    const serving = (
      await conn.runAndReadAll(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = 's' AND (table_name LIKE 'inst%' OR table_name LIKE 'form13f%') ORDER BY 1",
      )
    ).getRowObjectsJson() as { table_name: string }[]
    const parquet = Object.keys(manifest.tables).filter((t) => t.startsWith('inst_') || t.startsWith('form13f_'))
    const out: Record<string, unknown[]> = {}
    for (const { table_name } of serving)
      out[`serving ${table_name}`] = (await conn.runAndReadAll(`SELECT * FROM s.${table_name}`)).getRowObjectsJson()
    for (const t of parquet)
      out[`parquet ${t}`] = (
        await conn.runAndReadAll(`SELECT * FROM read_parquet('${join(dir, t)}/**/*.parquet', hive_partitioning = true)`)
      ).getRowObjectsJson()
    return out
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

test('the Institutions tables equal those of a build from nothing', async () => {
  const rebuilt = await institutionsTables(join(datasets, manifest.snapshotId))
  const fresh = await institutionsTables(reference.dir)
  expect(Object.keys(rebuilt).length).toBeGreaterThan(10)
  expect(Object.keys(rebuilt)).toEqual(Object.keys(fresh))
  for (const name of Object.keys(fresh)) expect({ name, rows: rebuilt[name] }).toEqual({ name, rows: fresh[name] })
  // The renamed issuer's holdings carry today's ticker, in taken and made quarters alike.
  const tickers = new Set(
    (rebuilt['parquet inst_holdings'] as { issuer_cik: string | null; ticker: string | null }[])
      .filter((h) => Number(h.issuer_cik) === ISSUER_CIK)
      .map((h) => h.ticker),
  )
  expect([...tickers]).toEqual(['QFD'])
})

/** Every line of a lookup file, as [key, line], in stored order, and its frames' continuation flags. */
function linesOfFile(dir: string, path: string) {
  const file = KeyedFile.open(join(dir, path))
  try {
    const lines: [string, string][] = []
    let last: bigint | undefined
    for (let f = 0; f < file.frames; f++) {
      const frame = file.frameAt(f)
      if (f > 0) expect(file.frameAt(f - 1).nextContinues).toBe(frame.first === last)
      for (const [key, payload] of linesOf(frame.bytes())) {
        lines.push([String(key), Buffer.from(payload).toString('utf8')])
        last = key
      }
    }
    return lines
  } finally {
    file.close()
  }
}

test("the top holdings and flows take the taken quarters' lines from the last snapshot's files, and equal a build's from nothing", () => {
  const specs = form13fLookups({ parquet: () => 'x', snapshotDir: 'x' } as never).filter((s) => s.takesLines)
  expect(specs.map((s) => s.name).sort()).toEqual(['instTopFlows', 'instTopHoldings', 'instTopHoldingsByShares'])
  for (const spec of specs) {
    const file = manifest.lookups[spec.name]!
    expect({ name: spec.name, taken: file.linesTaken! > 0, some: file.linesTaken! < file.lines }).toEqual({
      name: spec.name,
      taken: true,
      some: true,
    })
    expect(linesOfFile(join(datasets, manifest.snapshotId), spec.path)).toEqual(linesOfFile(reference.dir, spec.path))
  }
})

test("a quarter's fingerprint changes with the SQL that makes it and with the 13F macros", async () => {
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '1GB' })
  try {
    await db.run(`CREATE TABLE t13_filings AS SELECT * FROM (VALUES
      ('a-1', 'filing', DATE '2026-03-31', true), ('a-2', 'filing', DATE '2026-06-30', true)) t(accession, data_set, qend, effective)`)
    await db.run(
      "CREATE TABLE t13_units AS SELECT * FROM (VALUES ('a-1', 'dollars'), ('a-2', 'dollars')) t(accession, value_unit)",
    )
    await db.run('CREATE MACRO f13_test(x) AS x + 1')
    const prints = async (recipe: string) => [...(await quarterFingerprints(db, [], recipe)).values()]
    const first = await prints('recipe')
    expect(first).toHaveLength(2)
    expect(await prints('recipe')).toEqual(first)
    const otherRecipe = await prints('another recipe')
    await db.run('CREATE OR REPLACE MACRO f13_test(x) AS x + 2')
    const otherMacro = await prints('recipe')
    for (const [i, print] of first.entries()) {
      expect(otherRecipe[i]).not.toBe(print)
      expect(otherMacro[i]).not.toBe(print)
    }
  } finally {
    db.close()
  }
})
