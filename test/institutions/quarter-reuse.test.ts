/**
 * A nightly build takes the 13F quarters whose inputs did not change from the previous snapshot
 * (src/pipeline/sources/form-13f/quarter-parts.ts) and makes the others again. The previous snapshot here
 * is built from the sample's mirror as it was before: without its last data set but one, its newest 13F
 * filing text, and with another ticker for one issuer that older quarters hold. The build of the mirror
 * as it is then makes again the quarters of the set's and the text's filings, the quarter after each
 * (whose flows start from its holdings) and those holding that issuer, takes every other one, and gives
 * Institutions tables equal to those of the sample snapshot built from nothing. Another issuer had
 * another SIC code before: the taken quarters that hold it have their sector breakdowns made again, the
 * other taken quarters take theirs.
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
import { QUARTER_COUNTS_STEP } from '../../src/pipeline/sources/form-13f/derive.ts'
import { form13fLookups } from '../../src/pipeline/sources/form-13f/lookups.ts'
import { QUARTER_BATCHES_STEP, quarterFingerprints } from '../../src/pipeline/sources/form-13f/quarter-parts.ts'
import { SETS_DIR, windowOf } from '../../src/pipeline/sources/form-13f/sets.ts'
import { FORMS_13F } from '../../src/pipeline/sources/form-13f/text-filings.ts'
import { type Fixture, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'
import { zipTableRows } from '../helpers/zip-table.ts'

const root = tempDir('quarter-reuse')
const mirror = join(root, 'mirror')
const datasets = join(root, 'datasets')
/** Institutions alone: the other areas' sources are no input of its tables. */
const SKIP = ['financial-statements', 'company-facts', 'insider-transactions']
let reference: Fixture
let manifest: Manifest
/** The quarters the new filings are of (those of two data sets and a filing text held back). */
let filedQuarters: string[]
/** The issuer whose ticker was another before, and the quarters whose holdings or flows hold it. */
let renamed: { cik: number; ticker: string; quarters: string[] }
/** The issuer whose SIC code was another before, and the quarters whose holdings hold it. */
let moved: { cik: number; sic: number; quarters: string[] }

const build = () =>
  runBuild({ from: mirror, datasets, reporter: silentReporter(), threads: TEST_BUILD_THREADS, skipSources: SKIP })

type Entity = { tickers: string[]; sic: string }

/** `submissions.zip` with the entities of `changes` (by CIK) changed. */
function rewriteEntities(zipPath: string, changes: Map<number, (entity: Entity) => void>) {
  const reader = ZipReader.open(zipPath)
  const entries = reader.entries.map((e) => ({ name: e.name, data: reader.read(e) }))
  reader.close()
  const writer = new ZipWriter(zipPath)
  const named = new Map([...changes].map(([cik, change]) => [`CIK${String(cik).padStart(10, '0')}.json`, change]))
  for (const { name, data } of entries) {
    const change = named.get(name)
    if (!change) writer.add(name, data)
    else {
      const entity = JSON.parse(data.toString('utf8')) as Entity
      change(entity)
      writer.add(name, JSON.stringify(entity))
      named.delete(name)
    }
  }
  writer.close()
  expect([...named.keys()]).toEqual([])
}

/** The quarter `by` quarters after `qend` (before, when negative): a quarter's flows start from the one before's holdings. */
const quarterAfter = (qend: string, by: number) => {
  const d = new Date(`${qend}T00:00:00Z`)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1 + 3 * by, 0)).toISOString().slice(0, 10)
}
const calendarNext = (qend: string) => quarterAfter(qend, 1)
const calendarPrevious = (qend: string) => quarterAfter(qend, -1)

/** The accession numbers of a data set's filings (its SUBMISSION table). */
const setAccessions = (zipPath: string) => zipTableRows(zipPath, 'SUBMISSION').map((r) => r.ACCESSION_NUMBER!)

beforeAll(async () => {
  reference = await sampleFixture()
  cpSync(reference.mirror, mirror, { recursive: true })
  const setsDir = join(mirror, SETS_DIR)
  const sets = readdirSync(setsDir)
    .filter((name) => windowOf(name.replace('_form13f.zip', '')))
    .sort((x, y) =>
      windowOf(x.replace('_form13f.zip', ''))!.to.localeCompare(windowOf(y.replace('_form13f.zip', ''))!.to),
    )
  // The set before the newest: the newest one's filings are of the quarter after its own.
  const lateSet = sets.at(-2)!
  const newestText = filingTextsOfForms(mirror, FORMS_13F)!
    .files.map((f) => ({ cik: f.cik, accession: f.accessionNumber }))
    .sort((x, y) => x.accession.localeCompare(y.accession))
    .at(-1)!
  let otherSic = 0
  let earlySet: string | undefined
  const snap = await openSnapshot(reference.dir)
  try {
    const quartersOf = async (accessions: string[]) =>
      (
        await snap.q<{ qend: string }>(
          `SELECT DISTINCT qend::VARCHAR AS qend FROM {t:inst_filings}
           WHERE accession IN (SELECT unnest(string_split(?, ','))) ORDER BY qend`,
          [accessions.join(',')],
        )
      ).map((r) => r.qend)
    const lateQuarters = await quartersOf([...setAccessions(join(setsDir, lateSet)), newestText.accession])
    // An older set too, whose filings are of a quarter the calendar quarter before which is taken: the
    // quarter made again then starts its flows from a taken quarter's holdings.
    const quarters = (
      await snap.q<{ qend: string }>('SELECT DISTINCT qend::VARCHAR AS qend FROM {t:inst_holdings}')
    ).map((r) => r.qend)
    for (const set of sets.slice(0, -2)) {
      const of = await quartersOf(setAccessions(join(setsDir, set)))
      const made = new Set([...of, ...lateQuarters].flatMap((q) => [q, calendarNext(q)]))
      if (of.some((q) => quarters.includes(calendarPrevious(q)) && !made.has(calendarPrevious(q)))) {
        earlySet = set
        filedQuarters = [...new Set([...of, ...lateQuarters])].sort()
        break
      }
    }
    expect(earlySet).toBeDefined()
    // Of the issuers the CUSIP map gives a ticker, the one in the fewest quarters, some of which no new filing is of.
    const filedOrNext = new Set([...filedQuarters, ...filedQuarters.map(calendarNext)])
    const withTickers = await snap.q<{ cik: string; ticker: string; quarters: string[] }>(
      `SELECT issuer_cik AS cik, any_value(ticker) AS ticker, list(DISTINCT qend::VARCHAR ORDER BY qend::VARCHAR) AS quarters
       FROM (SELECT qend, issuer_cik, ticker FROM {t:inst_holdings} UNION ALL SELECT qend, issuer_cik, ticker FROM {t:inst_flows})
       WHERE ticker IS NOT NULL GROUP BY issuer_cik ORDER BY count(DISTINCT qend), issuer_cik`,
    )
    renamed = withTickers
      .map((i) => ({ cik: Number(i.cik), ticker: i.ticker, quarters: [...i.quarters] }))
      .find((i) => i.quarters.some((q) => !filedOrNext.has(q)))!
    expect(renamed).toBeDefined()
    // Of the issuers with a SIC code, the one in the fewest holdings of quarters that are otherwise taken.
    const withSic = await snap.q<{ cik: string; sic: number; quarters: string[] }>(
      `SELECT h.issuer_cik AS cik, any_value(c.sic) AS sic, list(DISTINCT h.qend::VARCHAR ORDER BY h.qend::VARCHAR) AS quarters
       FROM {t:inst_holdings} h JOIN {t:form13f_cusips} c USING (cusip)
       WHERE c.sic IS NOT NULL AND h.issuer_cik <> ? GROUP BY h.issuer_cik
       ORDER BY count(DISTINCT h.qend), h.issuer_cik`,
      [renamed.cik],
    )
    const made = new Set([...filedOrNext, ...renamed.quarters])
    moved = withSic
      .map((i) => ({ cik: Number(i.cik), sic: Number(i.sic), quarters: [...i.quarters] }))
      .find((i) => i.quarters.some((q) => !made.has(q)))!
    expect(moved).toBeDefined()
    // The code of another sector the issuer had before.
    const [other] = await snap.q<{ sic: number }>(
      `SELECT sic_code AS sic FROM {t:sic_codes}
       WHERE sector IS DISTINCT FROM (SELECT sector FROM {t:sic_codes} WHERE sic_code = ?) ORDER BY sic_code LIMIT 1`,
      [moved.sic],
    )
    otherSic = Number(other!.sic)
  } finally {
    snap.close()
  }
  const saved = new Map<string, Buffer>()
  for (const path of [
    join(setsDir, earlySet!),
    join(setsDir, lateSet),
    join(mirror, filingTextPath(newestText.cik, newestText.accession)),
  ]) {
    saved.set(path, readFileSync(path))
    rmSync(path)
  }
  const submissions = join(mirror, 'submissions.zip')
  saved.set(submissions, readFileSync(submissions))
  rewriteEntities(
    submissions,
    new Map([
      [
        renamed.cik,
        (entity) => {
          expect(entity.tickers[0]).toBe(renamed.ticker)
          entity.tickers[0] = `${renamed.ticker}X`
        },
      ],
      [
        moved.cik,
        (entity) => {
          entity.sic = String(otherSic)
        },
      ],
    ]),
  )
  await build()
  // Then: a build into the same folder, whose previous snapshot is the one just built.
  for (const [path, bytes] of saved) writeFileSync(path, bytes)
  manifest = (await build()).manifest
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('the quarters whose filings and issuers did not change are taken; the others are made again', () => {
  const parts = manifest.parts![QUARTER_BATCHES_STEP]!
  const quarters = Object.keys(parts).sort()
  const made = new Set([...filedQuarters, ...filedQuarters.map(calendarNext), ...renamed.quarters])
  expect(Object.fromEntries(quarters.map((q) => [q, parts[q]!.reused]))).toEqual(
    Object.fromEntries(quarters.map((q) => [q, !made.has(q)])),
  )
  // Both kinds occur, and a quarter after a new filing's is among those made again only for its flows.
  expect(quarters.filter((q) => parts[q]!.reused).length).toBeGreaterThan(0)
  expect(quarters.filter((q) => !parts[q]!.reused).length).toBeGreaterThan(0)
  expect(filedQuarters.map(calendarNext).some((q) => quarters.includes(q) && !filedQuarters.includes(q))).toBe(true)
  // A taken quarter's sector breakdowns are taken too, unless it holds the issuer whose SIC code moved.
  const takenQuarters = quarters.filter((q) => parts[q]!.reused)
  expect(Object.fromEntries(takenQuarters.map((q) => [q, parts[q]!.rows!.reused]))).toEqual(
    Object.fromEntries(takenQuarters.map((q) => [q, !moved.quarters.includes(q)])),
  )
  expect(takenQuarters.some((q) => moved.quarters.includes(q))).toBe(true)
  expect(quarters.filter((q) => !parts[q]!.reused).every((q) => parts[q]!.rows!.reused === false)).toBe(true)
  // A quarter made again after one taken whole: its flows start from the taken quarter's holdings.
  expect(quarters.some((q) => !parts[q]!.reused && parts[calendarPrevious(q)]?.rows?.reused === true)).toBe(true)
  // The quarters' counts of their filings' rows (derive.ts) are taken where no filing of theirs changed.
  const counts = manifest.parts![QUARTER_COUNTS_STEP]!
  const countQuarters = Object.keys(counts).sort()
  expect(Object.fromEntries(countQuarters.map((q) => [q, counts[q]!.reused]))).toEqual(
    Object.fromEntries(countQuarters.map((q) => [q, !filedQuarters.includes(q)])),
  )
  expect(countQuarters.filter((q) => counts[q]!.reused).length).toBeGreaterThan(0)
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
      .filter((h) => Number(h.issuer_cik) === renamed.cik)
      .map((h) => h.ticker),
  )
  expect([...tickers]).toEqual([renamed.ticker])
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
