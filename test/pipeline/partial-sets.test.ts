/**
 * Complete data sets (src/pipeline/period-sets.ts): a quarterly set missing one of the tables its source
 * reads (an insider quarter without REPORTINGOWNER and NONDERIV_TRANS, an FSDS quarter without num.txt, a
 * 13F set without INFOTABLE) fails the build before anything is written, naming the set and the tables,
 * and the served snapshot stays published; `--allow-partial-sets` builds it, with a warning in the summary
 * and the manifest, and the next build without the flag refuses the same set again. The sets are the
 * shared fixture's generated ones, rewritten without those entries.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Reporter, silentReporter } from '../../src/lib/progress.ts'
import { ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import type { Manifest } from '../../src/pipeline/contract.ts'
import { BuildError } from '../../src/pipeline/errors.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { copyFixture, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { openSnapshot, tempDir } from '../helpers/snapshot.ts'
import { zipTableRows } from '../helpers/zip-table.ts'

const root = tempDir('partial-sets')
const complete = join(root, 'complete')
let datasets = ''
let served = ''

/** The first set (a zip) of a source's folder in the mirror, by name. */
const firstSet = (mirror: string, dir: string) =>
  `${dir}/${readdirSync(join(mirror, dir))
    .filter((n) => n.endsWith('.zip'))
    .sort()[0]!}`

/** The truncated set of each source, in registry order (the order the build names them): its folder and the entries it loses. */
const TRUNCATED = {
  'financial-statements': { dir: 'financial-statement-data-sets', drop: ['num.txt'] },
  'insider-transactions': { dir: 'insider-transactions-data-sets', drop: ['REPORTINGOWNER.tsv', 'NONDERIV_TRANS.tsv'] },
  'form-13f': { dir: 'form-13f-data-sets', drop: ['INFOTABLE.tsv'] },
} as const
type Truncated = keyof typeof TRUNCATED

/** The file names a zip holds. */
const entriesOf = (path: string) => {
  const zip = ZipReader.open(path)
  const names = zip.entries.map((e) => e.name)
  zip.close()
  return names
}

/** A copy of the complete mirror whose first set of each source named lacks that source's dropped entries. */
function truncatedMirror(name: string, sources: Truncated[]) {
  const mirror = join(root, name)
  cpSync(complete, mirror, { recursive: true })
  for (const source of sources) {
    const { dir, drop } = TRUNCATED[source]
    const rel = firstSet(mirror, dir)
    const zip = ZipReader.open(join(complete, rel))
    const out = new ZipWriter(join(mirror, rel))
    for (const [entry, data] of zip.iterate((n) => !(drop as readonly string[]).includes(n)))
      out.add(entry.name, data, entry.modified)
    out.close()
    zip.close()
  }
  return mirror
}

/**
 * The daily index files (filers, an essential source) of `from` and the first `sets` sets of each
 * truncated source: the truncated one beside complete ones, without the rest of the mirror to build.
 */
function setsAlone(from: string, name: string, sets: number) {
  const mirror = join(root, name)
  cpSync(join(from, 'daily-index'), join(mirror, 'daily-index'), { recursive: true })
  for (const { dir } of Object.values(TRUNCATED)) {
    const zips = readdirSync(join(from, dir)).filter((n) => n.endsWith('.zip'))
    mkdirSync(join(mirror, dir), { recursive: true })
    for (const set of zips.sort().slice(0, sets)) cpSync(join(from, dir, set), join(mirror, dir, set))
  }
  return mirror
}

const lacking = (source: Truncated) =>
  `${firstSet(complete, TRUNCATED[source].dir)}: missing table(s) ${TRUNCATED[source].drop.join(', ')}`
const HINT =
  '(an incomplete download or extract: fetch the set again, or build with --allow-partial-sets to serve it without those tables)'

const current = () => readFileSync(join(datasets, 'CURRENT'), 'utf8').trim()
const snapshotsIn = () => readdirSync(datasets).filter((n) => /^\d{8}T/.test(n))

beforeAll(async () => {
  const fixture = await sampleFixture()
  cpSync(fixture.mirror, complete, { recursive: true })
  ;({ datasets, snapshotId: served } = copyFixture(fixture, join(root, 'served')))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('a complete build lists no partial set in its manifest', async () => {
  const { dir } = await sampleFixture()
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest
  expect(manifest.partialSets).toEqual([])
})

test('the generated sets hold every table their source declares', () => {
  // So the truncations below take away what a complete set has, and a generator change that drops a table fails here.
  for (const source of SOURCES.filter((s) => s.periodFiles?.tables)) {
    const sets = source.periodFiles!.files(source.find(complete)!)
    expect([source.name, sets.length > 0]).toEqual([source.name, true])
    for (const set of sets)
      expect([set.rel, entriesOf(set.path)]).toEqual([
        set.rel,
        expect.arrayContaining([...source.periodFiles!.tables!]),
      ])
  }
})

/** A build of `mirror` into the served folder, and what it threw. */
const failedBuild = (mirror: string) =>
  runBuild({ from: mirror, datasets, reporter: silentReporter(), threads: TEST_BUILD_THREADS }).catch((e: unknown) => e)

describe('a set missing a table fails the build, and the served snapshot stays published', () => {
  async function expectRefused(mirror: string, message: string) {
    const error = await failedBuild(mirror)
    expect(error).toBeInstanceOf(BuildError)
    expect((error as Error).message).toBe(message)
    expect(current()).toBe(served)
    expect(snapshotsIn()).toEqual([served])
    expect(readdirSync(datasets).filter((n) => n.endsWith('.partial') || n.startsWith('.work-'))).toEqual([])
  }

  test.each(Object.keys(TRUNCATED) as Truncated[])('%s: names the set and the missing tables', async (source) => {
    await expectRefused(truncatedMirror(`only-${source}`, [source]), `${lacking(source)}\n${HINT}`)
  })

  test('several partial sets are named at once, each on its line', async () => {
    const all = Object.keys(TRUNCATED) as Truncated[]
    await expectRefused(truncatedMirror('all', all), [...all.map(lacking), HINT].join('\n'))
  })

  test('a zip cut short (no directory left to list its tables) is named too', async () => {
    const mirror = join(root, 'cut')
    cpSync(complete, mirror, { recursive: true })
    const rel = firstSet(complete, TRUNCATED['form-13f'].dir)
    const bytes = readFileSync(join(complete, rel))
    writeFileSync(join(mirror, rel), bytes.subarray(0, bytes.length >> 1))
    const error = await failedBuild(mirror)
    expect(error).toBeInstanceOf(BuildError)
    expect((error as Error).message).toStartWith(`${rel}: not a readable zip (a truncated download?): `)
    expect(current()).toBe(served)
    expect(snapshotsIn()).toEqual([served])
  })

  test('an unzipped set is checked the same way', async () => {
    const mirror = join(root, 'unzipped')
    cpSync(complete, mirror, { recursive: true })
    const rel = firstSet(complete, TRUNCATED['insider-transactions'].dir)
    const folder = join(mirror, rel.replace(/\.zip$/, ''))
    rmSync(join(mirror, rel))
    mkdirSync(folder)
    const zip = ZipReader.open(join(complete, rel))
    for (const [entry, data] of zip.iterate((n) => n !== 'NONDERIV_TRANS.tsv'))
      writeFileSync(join(folder, entry.name), data)
    zip.close()
    await expectRefused(mirror, `${rel.replace(/\.zip$/, '/')}: missing table(s) NONDERIV_TRANS.tsv\n${HINT}`)
  })
})

describe('--allow-partial-sets', () => {
  const lines: string[] = []
  let mirror = ''
  let manifest: Manifest
  let dir = ''
  beforeAll(async () => {
    mirror = setsAlone(truncatedMirror('accepted', Object.keys(TRUNCATED) as Truncated[]), 'accepted-sets', 2)
    const built = await runBuild({
      from: mirror,
      datasets,
      reporter: new Reporter({ write: (t: string) => lines.push(t) }, false),
      threads: TEST_BUILD_THREADS,
      allowPartialSets: true,
    })
    manifest = built.manifest
    dir = built.dir
  })

  const warnings = () =>
    (Object.keys(TRUNCATED) as Truncated[]).map((source) => {
      const file = firstSet(complete, TRUNCATED[source].dir)
      const missing = [...TRUNCATED[source].drop]
      const them = missing.length > 1 ? 'them' : 'it'
      return {
        source,
        file,
        missing,
        warning: `${file} lacks ${missing.join(', ')}: built without ${them} (--allow-partial-sets)`,
      }
    })

  test('publishes the snapshot, its manifest listing each partial set with its warning', () => {
    expect(current()).toBe(manifest.snapshotId)
    expect(manifest.partialSets).toEqual(warnings())
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).partialSets).toEqual(warnings())
  })

  test('the build says so when it starts and in its summary, before the line that publishes', () => {
    const out = lines.join('')
    const said = warnings().map((w) => `warning: ${w.warning}\n`)
    // After the first line, and again just before "published".
    expect(out.split('\n')[1]).toBe(said[0]!.trimEnd())
    expect(out).toContain(`${said.join('')}published ${manifest.snapshotId}`)
  })

  test('a missing table gives no rows; the rest of the set is built', async () => {
    const snap = await openSnapshot(dir)
    const insiderSet = firstSet(complete, TRUNCATED['insider-transactions'].dir)
    const records = Object.fromEntries(
      (
        await snap.q<{ record: string; n: number }>(
          'SELECT record, count(*)::INTEGER AS n FROM {t:insider_records} WHERE quarter = $1 GROUP BY record',
          [/(\d{4}q[1-4])_form345/.exec(insiderSet)![1]!],
        )
      ).map((r) => [r.record, r.n]),
    )
    // The quarter's filings are all there (one per SUBMISSION row), without owners or non-derivative transactions.
    expect(records.filing).toBe(zipTableRows(join(mirror, insiderSet), 'SUBMISSION').length)
    expect(records.owner).toBeUndefined()
    const quarter = /(\d{4}q[1-4])\.zip$/.exec(firstSet(complete, TRUNCATED['financial-statements'].dir))![1]!
    const [fsds] = await snap.q<{ num: number; sub: number }>(
      `SELECT (SELECT count(*) FROM {t:fsds_num} WHERE quarter = $1)::INTEGER AS num,
        (SELECT count(*) FROM {t:fsds_sub} WHERE quarter = $1)::INTEGER AS sub`,
      [quarter],
    )
    expect(fsds!.num).toBe(0)
    expect(fsds!.sub).toBeGreaterThan(0)
    const set13f = /([^/]+)_form13f\.zip$/.exec(firstSet(complete, TRUNCATED['form-13f'].dir))![1]!
    const [holdings] = await snap.q<{ n: number }>(
      'SELECT count(*)::INTEGER AS n FROM {t:form13f_infotable} WHERE data_set = $1',
      [set13f],
    )
    expect(holdings!.n).toBe(0)
    snap.close()
  })

  test('the next build without the flag refuses the same sets, though their Parquet could be reused', async () => {
    const error = await failedBuild(mirror)
    expect((error as Error).message).toBe([...(Object.keys(TRUNCATED) as Truncated[]).map(lacking), HINT].join('\n'))
    expect(current()).toBe(manifest.snapshotId)
  })
})

describe('secds build --allow-partial-sets', () => {
  const cli = (...args: string[]) => {
    const p = Bun.spawnSync([process.execPath, join(import.meta.dir, '../../src/cli.ts'), 'build', ...args], {
      stderr: 'pipe',
      stdout: 'pipe',
    })
    return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }
  }

  test('the flag reaches the build: without it the build exits 1 naming the set, with it the build publishes and warns', () => {
    // A small mirror: the daily index files (filers) and the one truncated insider quarter.
    const mirror = join(root, 'cli-mirror')
    const source = truncatedMirror('cli-truncated', ['insider-transactions'])
    const set = firstSet(complete, TRUNCATED['insider-transactions'].dir)
    cpSync(join(source, 'daily-index'), join(mirror, 'daily-index'), { recursive: true })
    cpSync(join(source, set), join(mirror, set))
    const out = join(root, 'cli-datasets')
    const refused = cli('--from', mirror, '--datasets', out)
    expect(refused.code).toBe(1)
    expect(refused.err.trimEnd().split('\n').slice(-2)).toEqual([
      `secds build failed: ${lacking('insider-transactions')}`,
      HINT,
    ])
    // On one DuckDB thread, as every build of the tests (TEST_BUILD_THREADS).
    const accepted = cli(
      '--from',
      mirror,
      '--datasets',
      out,
      '--allow-partial-sets',
      '--threads',
      String(TEST_BUILD_THREADS),
    )
    expect(accepted.code).toBe(0)
    const warning = `warning: ${set} lacks REPORTINGOWNER.tsv, NONDERIV_TRANS.tsv: built without them (--allow-partial-sets)`
    expect(accepted.err).toContain(`${warning}\npublished `)
    expect(cli('--help').out).toContain('--allow-partial-sets')
  })
})
