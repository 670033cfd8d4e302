/**
 * Period files (src/pipeline/period-files.ts) through the real build, with a test-only source of quarterly
 * CSV files next to the registry's sources: each file converted into `<table>/<period>/` of the snapshot;
 * a file unchanged since the served snapshot (same name and (same size and modification time, or same
 * ETag)) taken from it as hard links instead of converted again; anything else converted again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import type { Manifest } from '../../src/pipeline/contract.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { fileSource } from '../../src/pipeline/mirror.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import type { SourceDefinition } from '../../src/pipeline/source.ts'
import { indexes } from '../../src/pipeline/sources/indexes/index.ts'
import { quote } from '../../src/pipeline/sql-text.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'

const root = tempDir('period-files')
const sample = join(root, 'sample')

/** The mirror paths convert was called for, in call order (reset by each build). */
const converted: string[] = []

const testPeriods: SourceDefinition = {
  name: 'test-periods',
  reads: 'test-periods/YYYYqN.csv',
  find(mirror) {
    const dir = join(mirror, 'test-periods')
    if (!existsSync(dir)) return undefined
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => fileSource(mirror, join(dir, f)))
    return files.length ? { files, summary: `${files.length} test period files` } : undefined
  },
  periodFiles: {
    table: 'test_periods',
    view: 't_test_periods',
    // The CSV's columns, then the period folder's (hive partitioning), as the view over the Parquet has them.
    empty: 'CREATE OR REPLACE TABLE t_test_periods (id INTEGER, name VARCHAR, amount DOUBLE, quarter VARCHAR)',
    files: (found) => found.files,
    periodOf: (file) =>
      `quarter=${file.rel
        .split('/')
        .pop()!
        .replace(/\.csv$/, '')}`,
    async convert(ctx, file, outDir) {
      converted.push(file.rel)
      await ctx.db.run(`COPY (SELECT * FROM read_csv(${quote(file.path)}, header = true,
          columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'amount': 'DOUBLE'}) ORDER BY id)
        TO ${quote(join(outDir, 'part-0.parquet'))} (FORMAT parquet)`)
    },
  },
  tables: [
    {
      name: 'test_periods',
      from: 't_test_periods',
      orderBy: 'quarter, id',
      writtenByStep: 'convert test-periods',
      rowGroupSize: 100_000,
      key: ['quarter', 'id'],
      notNull: ['quarter', 'id', 'name'],
      requiredBy: (found) => found['test-periods']?.files[0]?.rel,
      description: 'Rows of the quarterly test files.',
      schema: {
        id: ['INTEGER', 'the row id'],
        name: ['VARCHAR', 'a name'],
        amount: ['DOUBLE', 'an amount'],
        quarter: ['VARCHAR', "the file's quarter (Hive partition)"],
      },
      partitioning: { column: 'quarter', hive: true },
      feeds: {},
    },
  ],
}

type Row = { id: number; name: string; amount: number }
const Q1: Row[] = [
  { id: 1, name: 'alpha', amount: 1.5 },
  { id: 2, name: 'beta', amount: 2.25 },
]
const Q2: Row[] = [
  { id: 1, name: 'gamma', amount: 10 },
  { id: 3, name: 'delta', amount: -4.5 },
]
const Q3: Row[] = [{ id: 7, name: 'epsilon', amount: 0.125 }]

/** Mirror path → (modification time, rows) of the period files a mirror starts with. */
const PERIODS: Record<string, [string, Row[]]> = {
  'test-periods/2024q1.csv': ['2024-04-01T00:00:00.000Z', Q1],
  'test-periods/2024q2.csv': ['2024-07-01T00:00:00.000Z', Q2],
  'test-periods/2024q3.csv': ['2024-10-01T00:00:00.000Z', Q3],
}

/** Writes a period file with these rows and this modification time. */
function writePeriod(mirror: string, rel: string, rows: Row[], modified: string) {
  const path = join(mirror, rel)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, `id,name,amount\n${rows.map((r) => `${r.id},${r.name},${r.amount}`).join('\n')}\n`)
  utimesSync(path, new Date(modified), new Date(modified))
}

/** The download cache's record of a file's ETag (mirror.ts etagOf). */
function writeEtag(mirror: string, rel: string, etag: string) {
  const meta = join(mirror, '.meta', `${rel}.json`)
  mkdirSync(join(meta, '..'), { recursive: true })
  writeFileSync(meta, JSON.stringify({ complete: { etag } }))
}

/** A copy of the sample mirror plus the period files, and a datasets folder of its own. */
function setup(name: string) {
  const mirror = join(root, name, 'mirror')
  cpSync(sample, mirror, { recursive: true })
  for (const [rel, [modified, rows]] of Object.entries(PERIODS)) writePeriod(mirror, rel, rows, modified)
  return { mirror, datasets: join(root, name, 'datasets') }
}

/**
 * The index files (an essential source, staged in a blink) and the test's own period source: the real
 * sources' tables have nothing to do with reuse, and building them made this file the slowest of the run.
 */
const PERIOD_BUILD: readonly SourceDefinition[] = [indexes, testPeriods]

async function build(mirror: string, datasets: string, sources: readonly SourceDefinition[] = PERIOD_BUILD) {
  converted.length = 0
  const result = await runBuild({
    from: mirror,
    datasets,
    reporter: silentReporter(),
    threads: TEST_BUILD_THREADS,
    sources,
  })
  const manifest = JSON.parse(readFileSync(join(result.dir, 'manifest.json'), 'utf8')) as Manifest
  return { dir: result.dir, manifest, converted: [...converted].sort() }
}

/** The rows the snapshot's Parquet holds, in key order. */
async function rowsOf(dir: string) {
  const snap = await openSnapshot(dir)
  const rows = await snap.q(`SELECT * FROM {t:test_periods} ORDER BY quarter, id`)
  snap.close()
  return rows
}

const withQuarter = (quarter: string, rows: Row[]) => rows.map((r) => ({ ...r, quarter }))
const ALL_ROWS = [...withQuarter('2024q1', Q1), ...withQuarter('2024q2', Q2), ...withQuarter('2024q3', Q3)]
const output = (q: string) => `test_periods/quarter=${q}/part-0.parquet`

/** The manifest's entry of a period file as it is in the mirror now. */
function entry(mirror: string, rel: string, reused: boolean, etag?: string) {
  const s = statSync(join(mirror, rel))
  const q = rel.match(/(\d{4}q\d)\.csv$/)![1]!
  return {
    bytes: s.size,
    modified: s.mtime.toISOString(),
    ...(etag ? { etag } : {}),
    period: `quarter=${q}`,
    outputs: [output(q)],
    reused,
  }
}

const inode = (dir: string, rel: string) => statSync(join(dir, rel)).ino

beforeAll(async () => {
  // The index files alone: the only real source of these builds (PERIOD_BUILD).
  await generateSample({ out: sample, scale: 0.00005, seed: 3, sources: [indexes] })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('period files', () => {
  test('the first build converts every file into its period folder, and the manifest says so', async () => {
    const { mirror, datasets } = setup('first')
    const { dir, manifest, converted } = await build(mirror, datasets)
    expect(converted).toEqual(Object.keys(PERIODS))
    expect(
      readdirSync(join(dir, 'test_periods'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.parquet'))
        .sort(),
    ).toEqual(['quarter=2024q1/part-0.parquet', 'quarter=2024q2/part-0.parquet', 'quarter=2024q3/part-0.parquet'])
    expect(manifest.periods).toEqual({
      'test-periods': Object.fromEntries(Object.keys(PERIODS).map((rel) => [rel, entry(mirror, rel, false)])),
    })
    expect(manifest.periods['test-periods']!['test-periods/2024q1.csv']).toEqual({
      bytes: 'id,name,amount\n1,alpha,1.5\n2,beta,2.25\n'.length,
      modified: '2024-04-01T00:00:00.000Z',
      period: 'quarter=2024q1',
      outputs: ['test_periods/quarter=2024q1/part-0.parquet'],
      reused: false,
    })
    expect(manifest.sources['test-periods']!.map((f) => f.path)).toEqual(Object.keys(PERIODS))
    const { rows, files, columns } = manifest.tables.test_periods!
    expect({ rows, files, columns }).toEqual({
      rows: 5,
      files: [output('2024q1'), output('2024q2'), output('2024q3')],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
        { name: 'quarter', type: 'VARCHAR' },
      ],
    })
    expect(manifest.steps.map((s) => s.name)).toContain('convert test-periods')
    expect(manifest.checks.filter((c) => c.check.startsWith('test_periods'))).toEqual([
      { check: 'test_periods: not empty', ok: true },
      { check: 'test_periods: (quarter, id) unique', ok: true },
      { check: 'test_periods: quarter, id, name not null', ok: true },
    ])
    expect(await rowsOf(dir)).toEqual(ALL_ROWS)
  })

  test('a second build with nothing changed converts nothing and hard-links the previous Parquet', async () => {
    const { mirror, datasets } = setup('unchanged')
    const first = await build(mirror, datasets)
    const second = await build(mirror, datasets)
    expect(second.converted).toEqual([])
    expect(second.manifest.periods).toEqual({
      'test-periods': Object.fromEntries(Object.keys(PERIODS).map((rel) => [rel, entry(mirror, rel, true)])),
    })
    const outputs = [output('2024q1'), output('2024q2'), output('2024q3')]
    expect(outputs.map((o) => inode(second.dir, o))).toEqual(outputs.map((o) => inode(first.dir, o)))
    expect(second.manifest.tables.test_periods!.files).toEqual(outputs)
    expect(await rowsOf(second.dir)).toEqual(ALL_ROWS)
    // Links survive pruning: a third build reuses the second's files (the first's inodes) and prunes the first.
    const third = await build(mirror, datasets)
    expect(third.converted).toEqual([])
    expect(existsSync(first.dir)).toBe(false)
    expect(outputs.map((o) => inode(third.dir, o))).toEqual(outputs.map((o) => inode(second.dir, o)))
    expect(await rowsOf(third.dir)).toEqual(ALL_ROWS)
  })

  test('a changed file is converted again and the others are reused', async () => {
    const { mirror, datasets } = setup('changed')
    const first = await build(mirror, datasets)
    const Q2b = [...Q2, { id: 4, name: 'zeta', amount: 99 }]
    writePeriod(mirror, 'test-periods/2024q2.csv', Q2b, '2024-07-15T12:00:00.000Z')
    const second = await build(mirror, datasets)
    expect(second.converted).toEqual(['test-periods/2024q2.csv'])
    expect(second.manifest.periods).toEqual({
      'test-periods': {
        'test-periods/2024q1.csv': entry(mirror, 'test-periods/2024q1.csv', true),
        'test-periods/2024q2.csv': entry(mirror, 'test-periods/2024q2.csv', false),
        'test-periods/2024q3.csv': entry(mirror, 'test-periods/2024q3.csv', true),
      },
    })
    expect(second.manifest.periods['test-periods']!['test-periods/2024q2.csv']!.modified).toBe(
      '2024-07-15T12:00:00.000Z',
    )
    expect(
      [output('2024q1'), output('2024q2'), output('2024q3')].map((o) => inode(second.dir, o) === inode(first.dir, o)),
    ).toEqual([true, false, true])
    expect(await rowsOf(second.dir)).toEqual([
      ...withQuarter('2024q1', Q1),
      ...withQuarter('2024q2', Q2b),
      ...withQuarter('2024q3', Q3),
    ])
    expect(second.manifest.tables.test_periods!.rows).toBe(6)
  })

  test('same modification time but a different size is a change', async () => {
    const { mirror, datasets } = setup('size')
    await build(mirror, datasets)
    const Q3b = [{ id: 7, name: 'epsilon-longer', amount: 0.125 }]
    writePeriod(mirror, 'test-periods/2024q3.csv', Q3b, PERIODS['test-periods/2024q3.csv']![0])
    const second = await build(mirror, datasets)
    expect(second.converted).toEqual(['test-periods/2024q3.csv'])
    expect(await rowsOf(second.dir)).toEqual([
      ...withQuarter('2024q1', Q1),
      ...withQuarter('2024q2', Q2),
      ...withQuarter('2024q3', Q3b),
    ])
  })

  test('a file whose size and time changed but whose ETag did not is reused; a new ETag is a change', async () => {
    const { mirror, datasets } = setup('etag')
    writeEtag(mirror, 'test-periods/2024q1.csv', '"abc"')
    writeEtag(mirror, 'test-periods/2024q2.csv', '"def"')
    const first = await build(mirror, datasets)
    expect(first.manifest.periods['test-periods']).toEqual({
      'test-periods/2024q1.csv': entry(mirror, 'test-periods/2024q1.csv', false, '"abc"'),
      'test-periods/2024q2.csv': entry(mirror, 'test-periods/2024q2.csv', false, '"def"'),
      'test-periods/2024q3.csv': entry(mirror, 'test-periods/2024q3.csv', false),
    })
    // Both rewritten with other rows, size and time; only q2's ETag changes.
    writePeriod(
      mirror,
      'test-periods/2024q1.csv',
      [{ id: 1, name: 'rewritten', amount: 0 }, ...Q1],
      '2025-01-01T00:00:00.000Z',
    )
    const Q2b = [{ id: 5, name: 'eta', amount: 5 }]
    writePeriod(mirror, 'test-periods/2024q2.csv', Q2b, '2025-01-01T00:00:00.000Z')
    writeEtag(mirror, 'test-periods/2024q2.csv', '"xyz"')
    const second = await build(mirror, datasets)
    expect(second.converted).toEqual(['test-periods/2024q2.csv'])
    expect(second.manifest.periods['test-periods']).toEqual({
      'test-periods/2024q1.csv': entry(mirror, 'test-periods/2024q1.csv', true, '"abc"'),
      'test-periods/2024q2.csv': entry(mirror, 'test-periods/2024q2.csv', false, '"xyz"'),
      'test-periods/2024q3.csv': entry(mirror, 'test-periods/2024q3.csv', true),
    })
    expect(inode(second.dir, output('2024q1'))).toBe(inode(first.dir, output('2024q1')))
    // The same ETag means the same version of the file: its rows are the converted ones.
    expect(await rowsOf(second.dir)).toEqual([
      ...withQuarter('2024q1', Q1),
      ...withQuarter('2024q2', Q2b),
      ...withQuarter('2024q3', Q3),
    ])
  })

  test('a pruned previous snapshot, another schema version or missing Parquet: converted again', async () => {
    const { mirror, datasets } = setup('previous')
    const all = Object.keys(PERIODS)
    // The served snapshot's folder removed: CURRENT names nothing.
    const first = await build(mirror, datasets)
    rmSync(first.dir, { recursive: true })
    const second = await build(mirror, datasets)
    expect(second.converted).toEqual(all)
    expect(Object.values(second.manifest.periods['test-periods']!).map((p) => p.reused)).toEqual([false, false, false])
    expect(await rowsOf(second.dir)).toEqual(ALL_ROWS)
    // The served snapshot of another schema version: its layout may differ, so nothing is taken from it.
    const path = join(second.dir, 'manifest.json')
    writeFileSync(path, JSON.stringify({ ...second.manifest, schemaVersion: second.manifest.schemaVersion - 1 }))
    const third = await build(mirror, datasets)
    expect(third.converted).toEqual(all)
    expect(await rowsOf(third.dir)).toEqual(ALL_ROWS)
    // One file's Parquet gone from the served snapshot: that file alone is converted again.
    rmSync(join(third.dir, output('2024q3')))
    const fourth = await build(mirror, datasets)
    expect(fourth.converted).toEqual(['test-periods/2024q3.csv'])
    expect(await rowsOf(fourth.dir)).toEqual(ALL_ROWS)
    // No CURRENT at all.
    rmSync(join(datasets, 'CURRENT'))
    const fifth = await build(mirror, datasets)
    expect(fifth.converted).toEqual(all)
    expect(await rowsOf(fifth.dir)).toEqual(ALL_ROWS)
  })

  test('a mirror without the files gives an empty table of the same columns', async () => {
    const datasets = join(root, 'absent', 'datasets')
    const { dir, manifest, converted } = await build(sample, datasets)
    expect(converted).toEqual([])
    expect(manifest.periods).toEqual({})
    const { rows, files, columns } = manifest.tables.test_periods!
    expect({ rows, files, columns }).toEqual({
      rows: 0,
      files: [],
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'amount', type: 'DOUBLE' },
        { name: 'quarter', type: 'VARCHAR' },
      ],
    })
    expect(readdirSync(join(dir, 'test_periods'))).toEqual([])
  })
})
