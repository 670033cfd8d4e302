/**
 * Lookup files declared `madeFrom` some sources (LookupSpec.madeFrom) are taken from the previous snapshot
 * when those sources' files are the same (src/pipeline/lookup-files.ts). Each declaration is checked here
 * against a build from another seed's files of the other sources it holds: a file that read any of them
 * would differ.
 * The builds hold the quarterly financial statements and the filings' sources only, of the sample's last
 * two years: the test is about which file comes from where, not about how many quarters there are. The
 * company facts, insider and 13F sources are left out of every build: the statements' serving tables are
 * made before theirs, and no declared file's query names a table of theirs.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { cpSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { keyedFileParts } from '../../src/lib/keyed-file.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import type { Manifest } from '../../src/pipeline/contract.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { FSDS_DIR } from '../../src/pipeline/sources/financial-statements/index.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { SAMPLE, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('lookup-reuse')
const mirror = join(root, 'mirror')
/** The same statements with another seed's filings, entities, tickers and indexes. */
const otherMirror = join(root, 'other-mirror')
const SKIP = ['company-facts', 'insider-transactions', 'form-13f']
const PERIODS_FROM = '2024-10-01'
const build = (from: string, datasets: string) =>
  runBuild({ from, datasets, reporter: silentReporter(), threads: TEST_BUILD_THREADS, skipSources: SKIP })

/** The lookup files a manifest says were made from declared inputs. */
const declared = (m: Manifest) =>
  Object.entries(m.lookups)
    .filter(([, f]) => f.inputs)
    .map(([name]) => name)
    .sort()
const reusedOf = (m: Manifest) => Object.fromEntries(declared(m).map((name) => [name, m.lookups[name]!.reused]))

/** The first build, of `mirror`, in a folder of its own: nothing to take from. */
let first: Manifest
/** `otherMirror` built next: the statements' files taken from the first. */
let rebuilt: Manifest
/** `otherMirror` built again after a quarter's file was published again: every declared file made anew from it. */
let touched: Manifest

beforeAll(async () => {
  const built = SOURCES.filter((s) => !SKIP.includes(s.name))
  const sample = { scale: SAMPLE.scale, periodsFrom: PERIODS_FROM }
  await generateSample({ out: mirror, ...sample, seed: SAMPLE.seed, sources: built })
  await generateSample({
    out: otherMirror,
    ...sample,
    seed: SAMPLE.seed + 1,
    sources: built.filter((s) => s.name !== 'financial-statements'),
  })
  // The same quarterly files, as they were (their modification times too).
  cpSync(join(mirror, FSDS_DIR), join(otherMirror, FSDS_DIR), { recursive: true, preserveTimestamps: true })
  first = (await build(mirror, join(root, 'a'))).manifest
  rebuilt = (await build(otherMirror, join(root, 'a'))).manifest
  // A quarter's file published again: the files made from it are made again, here from the other
  // mirror's files alone (its contents are the same, only its modification time differs).
  const quarter = join(otherMirror, FSDS_DIR, readdirSync(join(otherMirror, FSDS_DIR)).sort()[0]!)
  utimesSync(quarter, new Date(), new Date('2026-11-01T00:00:00Z'))
  touched = (await build(otherMirror, join(root, 'a'))).manifest
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test("a file made from the statements alone is taken while their files are the same, whatever the other sources' files", () => {
  expect(declared(rebuilt)).toEqual(['finFilingConcepts', 'finSegmentRows', 'finStandardized', 'finStatementRows'])
  expect(reusedOf(rebuilt)).toEqual(Object.fromEntries(declared(rebuilt).map((n) => [n, true])))
  // The undeclared files are written by every build.
  expect(Object.values(rebuilt.lookups).filter((f) => !f.inputs && f.reused)).toEqual([])
  for (const name of declared(rebuilt)) {
    const taken = keyedFileParts(join(root, 'a', rebuilt.snapshotId, rebuilt.lookups[name]!.path))
    const made = keyedFileParts(join(root, 'a', touched.snapshotId, touched.lookups[name]!.path))
    // Lines to compare: an empty file would show nothing.
    expect({ name, some: rebuilt.lookups[name]!.lines > 0 }).toEqual({ name, some: true })
    expect({ name, lines: rebuilt.lookups[name]!.lines }).toEqual({ name, lines: touched.lookups[name]!.lines })
    expect(readFileSync(taken.blocks).equals(readFileSync(made.blocks))).toBe(true)
    expect(readFileSync(taken.index).equals(readFileSync(made.index))).toBe(true)
  }
})

test('a changed quarterly file makes them again', () => {
  expect(reusedOf(first)).toEqual(Object.fromEntries(declared(first).map((n) => [n, false])))
  expect(reusedOf(touched)).toEqual(Object.fromEntries(declared(touched).map((n) => [n, false])))
  expect(declared(touched).map((n) => touched.lookups[n]!.inputs)).not.toEqual(
    declared(rebuilt).map((n) => rebuilt.lookups[n]!.inputs),
  )
})
