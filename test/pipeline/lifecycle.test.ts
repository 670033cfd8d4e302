/**
 * The snapshot lifecycle over generated bulk files: publish with a manifest, fail without publishing
 * (and say which file and record), keep the last two, refuse a concurrent build, and read the ZIP and
 * the unzipped folder alike.
 */

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { silentReporter } from '../../src/lib/progress.ts'
import { ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import { BuildError } from '../../src/pipeline/errors.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { acquireLock, publish } from '../../src/pipeline/snapshot.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { fixtureMirror, SAMPLE, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, republish, tempDir } from '../helpers/snapshot.ts'

const root = tempDir('lifecycle')
const mirror = join(root, 'mirror')
const build = (from: string, datasets: string) =>
  runBuild({ from, datasets, reporter: silentReporter(), threads: TEST_BUILD_THREADS })
const current = (datasets: string) => readFileSync(join(datasets, 'CURRENT'), 'utf8').trim()
const entriesOf = (datasets: string) =>
  readdirSync(datasets)
    .filter((n) => n !== '.build.lock')
    .sort()

/** A copy of the mirror whose submissions.zip has one entry rewritten. */
function withEntry(name: string, rewrite: (text: string) => string) {
  const dir = tempDir('corrupt')
  cpSync(mirror, dir, { recursive: true })
  const zip = ZipReader.open(join(mirror, 'submissions.zip'))
  const out = new ZipWriter(join(dir, 'submissions.zip'))
  for (const [entry, data] of zip.iterate())
    out.add(entry.name, entry.name === name ? rewrite(data.toString()) : data, entry.modified)
  out.close()
  zip.close()
  return dir
}

const firstMainEntry = () => {
  const zip = ZipReader.open(join(mirror, 'submissions.zip'))
  const name = zip.entries
    .map((e) => e.name)
    .filter((n) => /^CIK\d{10}\.json$/.test(n))
    .sort()[0]!
  zip.close()
  return name
}

/**
 * The lifecycle's own mirror holds only the filings sources: its dozen builds check publishing, failing and
 * keeping, which every source shares, and the financial, insider and 13F sources would triple their time.
 * The manifest of every source is checked on the shared fixture's snapshot, which the same pipeline built.
 */
const FILINGS_SOURCES = SOURCES.filter((s) =>
  ['submissions', 'tickers', 'sic-codes', 'indexes', 'filing-index'].includes(s.name),
)

beforeAll(async () => {
  await generateSample({ out: mirror, scale: 0.00005, seed: 7, sources: FILINGS_SOURCES })
})

/** The lifecycle's mirror built once, for the tests that compare with it or start from a served snapshot. */
let built: Promise<string> | undefined
const builtOnce = () => {
  built ??= build(mirror, join(root, 'built')).then((r) => r.dir)
  return built
}

/**
 * The lifecycle's mirror with submissions/ unzipped, built into a datasets folder that already serves two
 * snapshots: the build the keeping test watches prune, and the one the unzipped test compares with the
 * lifecycle's own. One build for both: what a build keeps does not depend on what it was built from.
 */
async function buildKeeping() {
  const unzipped = join(root, 'unzipped-mirror')
  await generateSample({ out: unzipped, scale: 0.00005, seed: 7, unzipped: true, sources: FILINGS_SOURCES })
  const datasets = join(root, 'keep')
  // The two before the build: the lifecycle's snapshot published twice as a build ends (republish), each
  // under a new id. What made them does not matter to what is kept.
  const earlier = await builtOnce()
  const published = [0, 1].map(() => republish(earlier, datasets))
  return { unzipped, datasets, published, built: await build(unzipped, datasets) }
}
let kept: ReturnType<typeof buildKeeping> | undefined
const builtKeeping = () => {
  kept ??= buildKeeping()
  return kept
}

/** A datasets folder at `datasets` serving a copy of the snapshot `dir`: a build's result without the build. */
function servedCopy(dir: string, datasets: string) {
  const id = basename(dir)
  cpSync(dir, join(datasets, id), { recursive: true })
  publish(datasets, id)
  return id
}
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('secds build: publishing', () => {
  test('publishes a snapshot whose manifest describes its sources, tables, steps and checks', async () => {
    const { mirror, datasets, dir, snapshotId } = await sampleFixture()
    const result = { dir, snapshotId }
    expect(current(datasets)).toBe(result.snapshotId)
    expect(entriesOf(datasets)).toEqual(['.build-cache', result.snapshotId, 'CURRENT'].sort())
    const manifest = JSON.parse(readFileSync(join(result.dir, 'manifest.json'), 'utf8'))
    expect(manifest.snapshotId).toBe(result.snapshotId)
    expect(manifest.schemaVersion).toBe(24)
    const zip = statSync(join(mirror, 'submissions.zip'))
    // Input files by source, in registry order: the sources' folders under src/pipeline/sources/.
    expect(Object.keys(manifest.sources)).toEqual([
      'submissions',
      'tickers',
      'sic-codes',
      'indexes',
      'filing-index',
      'financial-statements',
      'company-facts',
      'insider-transactions',
      'form-13f',
    ])
    expect(manifest.sources.submissions).toEqual([
      { path: 'submissions.zip', bytes: zip.size, modified: zip.mtime.toISOString() },
    ])
    expect(manifest.sources.indexes.map((f: { path: string }) => f.path)).toContain('full-index/2026/QTR4/master.idx')
    expect(manifest.sources['filing-index']).toEqual([
      expect.objectContaining({ path: 'filing-index/', files: expect.any(Number) }),
    ])
    // The period-file sources: each financial statement quarter, insider quarter and Form 13F data set
    // converted (a first build reuses none).
    expect(Object.keys(manifest.periods)).toEqual(['financial-statements', 'insider-transactions', 'form-13f'])
    const quarters = Object.values<{ reused: boolean }>(manifest.periods['financial-statements'])
    expect(quarters.length).toBe(manifest.sources['financial-statements'].length)
    expect(quarters.every((q) => !q.reused)).toBe(true)
    for (const [path, p] of Object.entries(manifest.periods['insider-transactions']) as [string, any][]) {
      const quarter = /(\d{4}q[1-4])_form345\.zip$/.exec(path)![1]
      expect(p).toMatchObject({
        period: `quarter=${quarter}`,
        reused: false,
        outputs: [`insider_records/quarter=${quarter}/part-0.parquet`],
      })
    }
    // And each Form 13F data set.
    expect(Object.values(manifest.periods['form-13f']).every((p) => !(p as { reused: boolean }).reused)).toBe(true)
    expect(Object.keys(manifest.tables).sort()).toEqual([
      'company_facts',
      'entities',
      'filing_accessions',
      'filing_documents',
      'filings',
      'filings_by_date',
      'form13f_cusips',
      'form13f_infotable',
      'form_types',
      'fsds_num',
      'fsds_pre',
      'fsds_sub',
      'fsds_tag',
      'insider_filings',
      'insider_owners',
      'insider_positions',
      'insider_records',
      'insider_transactions',
      'inst_activity',
      'inst_changes',
      'inst_filings',
      'inst_flows',
      'inst_holdings',
      'inst_managers',
      'inst_quarters',
      'inst_sectors',
      'sic_codes',
      'tickers',
    ])
    // The manifest's row counts are what the Parquet files hold.
    const snap = await openSnapshot(result.dir)
    for (const [name, t] of Object.entries<{ rows: number; bytes: number }>(manifest.tables)) {
      const [row] = await snap.q<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM {t:${name}}`)
      expect([name, row!.n]).toEqual([name, t.rows])
      expect(t.rows).toBeGreaterThan(0)
    }
    snap.close()
    expect(manifest.tables.filings.rows).toBe(manifest.tables.filings_by_date.rows)
    // The serving database holds every filing in each copy, and the day counts add up to them.
    expect(manifest.serving).toEqual({
      file: 'serving.duckdb',
      bytes: statSync(join(result.dir, 'serving.duckdb')).size,
    })
    const serving = await DuckDBInstance.create(join(result.dir, 'serving.duckdb'), { access_mode: 'READ_ONLY' })
    const conn = await serving.connect()
    const counts = (
      await conn.runAndReadAll(`SELECT
      (SELECT count(*) FROM filings)::INTEGER AS by_cik, (SELECT count(*) FROM filings_by_date)::INTEGER AS by_date,
      (SELECT count(*) FROM filings_by_form)::INTEGER AS by_form,
      (SELECT sum(n) FROM filing_days)::INTEGER AS days,
      (SELECT sum(n) FROM filing_form_days)::INTEGER AS form_days, (SELECT count(*) FROM entities)::INTEGER AS entities,
      (SELECT count(*) FROM entity_name_grams)::INTEGER AS grams`)
    ).getRowObjectsJson()[0]
    // The tables served from their Parquet in place are in the manifest as such, and not copied.
    const copied = (await conn.runAndReadAll('SELECT table_name FROM duckdb_tables()'))
      .getRowObjectsJson()
      .map((r) => r.table_name)
    const inPlace = Object.entries<{ servedFromParquet?: boolean }>(manifest.tables)
      .filter(([, t]) => t.servedFromParquet)
      .map(([n]) => n)
    expect(inPlace.sort()).toEqual(['inst_flows', 'inst_holdings'])
    expect(copied.filter((n) => inPlace.includes(String(n)))).toEqual([])
    expect(copied).toContain('inst_managers')
    // The build-only tables (serving-table.ts) are not published: no query of the server reads them.
    expect(copied.filter((n) => ['inst_quarters', 'fin_metric_points', 'fin_filings'].includes(String(n)))).toEqual([])
    conn.closeSync()
    serving.closeSync()
    const filings = manifest.tables.filings.rows
    expect(counts).toEqual({
      by_cik: filings,
      by_date: filings,
      by_form: filings,
      days: filings,
      form_days: filings,
      entities: manifest.tables.entities.rows,
      grams: expect.any(Number),
    })
    // The lookup files hold a line per entity, filing, listed document, insider transaction…, and the manifest says how big they are.
    expect(
      Object.fromEntries(Object.entries<{ lines: number }>(manifest.lookups).map(([name, l]) => [name, l.lines])),
    ).toEqual({
      entities: manifest.tables.entities.rows,
      filings,
      documents: manifest.tables.filing_documents.rows,
      filerFilings: filings,
      formPositions: filings,
      nameGrams: Number(counts!.grams),
      insiderTransactions: manifest.tables.insider_transactions.rows,
      insiderPersonGrams: expect.any(Number),
      // A line per FSDS filing, presented line with value, filing's concept, standardized value at the
      // filing's period end.
      finFilings: manifest.tables.fsds_sub.rows,
      finStatementRows: expect.any(Number),
      finFilingConcepts: expect.any(Number),
      finStandardized: expect.any(Number),
      // A line per row of fin_issuers, fin_company_filings, fin_segment_rows, and per series point (the
      // writer checks each count against its serving table).
      finIssuers: expect.any(Number),
      finCompanyFilings: expect.any(Number),
      finSegmentRows: expect.any(Number),
      finMetricSeries: expect.any(Number),
      finMetricVintages: expect.any(Number),
      finRatioVintages: expect.any(Number),
      finRatioSeries: expect.any(Number),
      // A line per ranking vintage (the writer counts the metric ones against their table); a ratio's once
      // per calendar year it answers days of (point-in-time.test.ts checks its rankings against the series).
      finMetricRankingLines: expect.any(Number),
      finRatioRankingLines: expect.any(Number),
      // A line per person, position (by issuer and by owner), day's ranked issuer, (side, day), feed row.
      insiderPersons: expect.any(Number),
      insiderPositionsByIssuer: manifest.tables.insider_positions.rows,
      insiderPositionsByOwner: manifest.tables.insider_positions.rows,
      insiderDailyLeaders: expect.any(Number),
      insiderFeedDayHeads: expect.any(Number),
      insiderIssuerFeed: manifest.tables.insider_transactions.rows,
      insiderPersonFeed: expect.any(Number),
      // A line per 13F manager-quarter and filing; each (quarter, manager)'s first holdings, buys and sells; a line per breakdown row.
      instQuarters: manifest.tables.inst_quarters.rows,
      instFilings: manifest.tables.inst_filings.rows,
      instFilingByAccession: manifest.tables.inst_filings.rows,
      instTopHoldings: expect.any(Number),
      instTopHoldingsByShares: expect.any(Number),
      instTopFlows: expect.any(Number),
      instSectors: manifest.tables.inst_sectors.rows,
    })
    for (const l of Object.values<{ path: string; bytes: number }>(manifest.lookups)) {
      expect(statSync(join(result.dir, `${l.path}.blocks`)).size).toBe(l.bytes)
    }
    expect(manifest.steps.map((s: { name: string }) => s.name)).toContain('stage submissions')
    expect(manifest.checks.every((c: { ok: boolean }) => c.ok)).toBe(true)
  })

  test('keeps the last two snapshots and serves the newest', async () => {
    const { datasets, published, built } = await builtKeeping()
    const results = [...published, built]
    const ids = results.map((r) => r.snapshotId)
    expect(new Set(ids).size).toBe(3)
    expect(results.map((r) => r.pruned)).toEqual([[], [], [ids[0]!]])
    expect(entriesOf(datasets)).toEqual(['.build-cache', 'CURRENT', ids[1]!, ids[2]!].sort())
    expect(current(datasets)).toBe(ids[2]!)
  })

  test('the unzipped submissions/ folder gives the same tables as submissions.zip', async () => {
    const { unzipped, built } = await builtKeeping()
    expect(existsSync(join(unzipped, 'submissions.zip'))).toBe(false)
    // Built beside a served snapshot: what it took from it is what the quarterly statements make, which this
    // mirror has none of (empty files); the filings and entities below are the unzipped files' own.
    expect(Object.values(built.manifest.lookups).filter((f) => f.reused && f.lines > 0)).toEqual([])
    expect(built.manifest.periods).toEqual({})
    const a = await openSnapshot(await builtOnce())
    const b = await openSnapshot(built.dir)
    const digest = `SELECT count(*)::INTEGER AS n, sum(hash(cik, accession_number, form_type, filing_date, accepted_at, entity_name))::VARCHAR AS h FROM {t:filings}`
    expect(await b.q(digest)).toEqual(await a.q(digest))
    const entities = `SELECT count(*)::INTEGER AS n, sum(hash(cik, name, ticker, entity_type, former_names))::VARCHAR AS h FROM {t:entities}`
    expect(await b.q(entities)).toEqual(await a.q(entities))
    a.close()
    b.close()
  })
})

describe('secds build: partial mirrors', () => {
  test('index files alone build filings and index-only entities', async () => {
    const dir = tempDir('index-only')
    cpSync(join(mirror, 'daily-index'), join(dir, 'daily-index'), { recursive: true })
    cpSync(join(mirror, 'full-index'), join(dir, 'full-index'), { recursive: true })
    const snap = await openSnapshot((await build(dir, join(root, 'index-only-datasets'))).dir)
    const [entities] = await snap.q(
      `SELECT count(*) FILTER (WHERE source <> 'index')::INTEGER AS not_index, count(*) > 0 AS some FROM {t:entities}`,
    )
    expect(entities).toEqual({ not_index: 0, some: true })
    const [filings] = await snap.q(`SELECT count(*) FILTER (WHERE source = 'submissions')::INTEGER AS from_submissions,
      count(*) FILTER (WHERE accepted_at IS NULL)::INTEGER = count(*)::INTEGER AS all_from_index FROM {t:filings}`)
    expect(filings).toEqual({ from_submissions: 0, all_from_index: true })
    snap.close()
  })
})

describe('secds build: failures publish nothing', () => {
  let datasets = ''
  let served = ''
  beforeAll(async () => {
    datasets = join(root, 'served')
    served = servedCopy(await builtOnce(), datasets)
  })

  async function expectFailure(from: string, message: RegExp) {
    const error = await build(from, datasets).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BuildError)
    expect((error as Error).message).toMatch(message)
    expect(current(datasets)).toBe(served)
    expect(entriesOf(datasets)).toEqual([served, 'CURRENT'].sort())
  }

  test.each([
    ['an impossible filing date', 'filingDate', '2024-02-30', 'filingDate "2024-02-30" is not a date$'],
    [
      'a malformed accession number',
      'accessionNumber',
      '0000123-24-1',
      'accessionNumber "0000123-24-1" is not of the form',
    ],
    ['an unreadable acceptance time', 'acceptanceDateTime', 'soon', 'acceptanceDateTime "soon" is not a date-time$'],
  ])('%s names the file and the filing', async (_, field, value, message) => {
    const name = firstMainEntry()
    const dir = withEntry(name, (text) => {
      const doc = JSON.parse(text)
      doc.filings.recent[field][0] = value
      return JSON.stringify(doc)
    })
    await expectFailure(
      dir,
      new RegExp(`^submissions\\.zip: ${name.replace('.', '\\.')}: filings\\.recent\\[0\\]: ${message}`),
    )
  })

  test('truncated JSON names the ZIP entry', async () => {
    const name = firstMainEntry()
    const dir = withEntry(name, (text) => text.slice(0, 200))
    await expectFailure(dir, new RegExp(`^submissions\\.zip: ${name.replace('.', '\\.')}: Malformed JSON`))
  })

  test('a file whose cik disagrees with its name is named', async () => {
    const name = firstMainEntry()
    const dir = withEntry(name, (text) => text.replace(/"cik":"\d{10}"/, '"cik":"0000000001"'))
    await expectFailure(
      dir,
      new RegExp(`^submissions\\.zip: ${name.replace('.', '\\.')}: cik 0000000001 does not match the file name$`),
    )
  })

  test('an index line without a date names the index file and the line', async () => {
    const dir = tempDir('bad-index')
    cpSync(mirror, dir, { recursive: true })
    const daily = join(dir, 'daily-index')
    const [year] = readdirSync(daily)
    const [qtr] = readdirSync(join(daily, year!))
    const file = readdirSync(join(daily, year!, qtr!))[0]!
    const path = join(daily, year!, qtr!, file)
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8')}1234567|BROKEN LINE INC|8-K|2024XX01|edgar/data/1234567/0001234567-24-000001.txt\n`,
    )
    await expectFailure(
      dir,
      new RegExp(
        `^daily-index/${year}/${qtr}/${file.replace('.', '\\.')}: line "1234567\\|BROKEN LINE INC\\|8-K\\|2024XX01\\|.*": Date Filed is not a date$`,
      ),
    )
  })

  test('a folder with no EDGAR files is refused before anything is written', async () => {
    await expectFailure(tempDir('empty'), /no submissions\.zip, submissions\/ or master\.idx files found/)
  })

  test('a second build into the same folder at the same time is refused', () => {
    const release = acquireLock(join(root, 'locked'))
    expect(() => acquireLock(join(root, 'locked'))).toThrow(/another build \(pid \d+\) is writing/)
    release()
    acquireLock(join(root, 'locked'))()
  })
})

describe('secds build: the command line', () => {
  const cli = (...args: string[]) => {
    const p = Bun.spawnSync([process.execPath, join(import.meta.dir, '../../src/cli.ts'), ...args], {
      stderr: 'pipe',
      stdout: 'pipe',
    })
    return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }
  }

  test('builds, prints one line per step and a summary table, exits 0', () => {
    const datasets = join(root, 'cli')
    // On one DuckDB thread, as every build of the tests (TEST_BUILD_THREADS): what it prints is the same.
    const r = cli('build', '--from', mirror, '--datasets', datasets, '--threads', String(TEST_BUILD_THREADS))
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/^stage submissions\s+\d+\.\ds {2}\d+ files, .*, peak RSS [\d.]+ (MB|GB)$/m)
    // Each step's peak RSS is in the manifest too: which step holds the build's memory, for an operator.
    const manifest = JSON.parse(readFileSync(join(datasets, current(datasets), 'manifest.json'), 'utf8'))
    const steps = manifest.steps as { name: string; peakRssBytes?: number }[]
    expect(steps.filter((s) => !(s.peakRssBytes! > 10 * 2 ** 20)).map((s) => s.name)).toEqual([])
    expect(r.err).toMatch(/^table\s+rows\s+size\s+seconds$/m)
    expect(r.err).toMatch(/^filings_by_date\s+[\d,]+\s+[\d.]+ (KB|MB)\s+\d+\.\d$/m)
    expect(r.err).toContain(`published ${current(datasets)}`)
  })

  test('a failed build exits 1 with the file and record at fault', () => {
    const name = firstMainEntry()
    const dir = withEntry(name, (text) =>
      text.replace(/"filingDate":\["\d{4}-\d{2}-\d{2}"/, '"filingDate":["yesterday"'),
    )
    const r = cli('build', '--from', dir, '--datasets', join(root, 'cli-fail'))
    expect(r.code).toBe(1)
    expect(r.err.trim().split('\n').at(-1)).toBe(
      `secds build failed: submissions.zip: ${name}: filings.recent[0]: filingDate "yesterday" is not a date`,
    )
    expect(existsSync(join(root, 'cli-fail', 'CURRENT'))).toBe(false)
  })

  test('a build stopped by SIGTERM leaves only the served snapshot', async () => {
    const datasets = join(root, 'stopped')
    const served = servedCopy(await builtOnce(), datasets)
    // Files big enough that the build is still running when it is stopped: the shared fixture's, every source.
    const bigger = await fixtureMirror(SAMPLE)
    const p = Bun.spawn(
      [process.execPath, join(import.meta.dir, '../../src/cli.ts'), 'build', '--from', bigger, '--datasets', datasets],
      { stderr: 'pipe' },
    )
    // Stop it once it has said it started (its partial snapshot and work folder exist from then on).
    const reader = p.stderr.getReader()
    let said = ''
    while (!said.includes(' from ')) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the build ended before it started: ${said}`)
      said += new TextDecoder().decode(value)
    }
    p.kill('SIGTERM')
    expect(await p.exited).toBe(143)
    expect(entriesOf(datasets)).toEqual([served, 'CURRENT'].sort())
    expect(readdirSync(datasets)).not.toContain('.build.lock')
    expect(current(datasets)).toBe(served)
  })

  test('bad flags exit 2 with the usage', () => {
    expect(cli('build').code).toBe(2)
    const r = cli('build', '--from', mirror, '--threads', 'many')
    expect([r.code, r.err.split('\n')[0]]).toEqual([
      2,
      'secds build: --threads must be an integer ≥ 1 and ≤ 256, got "many"',
    ])
    expect(cli('sample', '--out', root, '--scale', '-1').code).toBe(2)
    expect(cli('frobnicate').code).toBe(2)
  })
})
