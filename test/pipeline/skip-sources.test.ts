/**
 * Leaving sources out (`--skip-sources`, for a build or a sample of one area at a time): a sample without
 * a source writes the others' files byte for byte, and a build that skips a source whose files the mirror
 * holds takes them as absent (its tables empty, nothing of it in the manifest); the load benchmark then
 * leaves out the operations of the areas it has no source for.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { OPERATIONS, operationsWithout } from '../../scripts/bench/operations.ts'
import { AREAS } from '../../src/areas/index.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('skip-sources')
const withInsiders = join(root, 'with-insiders')
const without = join(root, 'without')
const FILINGS = ['submissions', 'tickers', 'sic-codes', 'indexes', 'filing-index']
const sources = (names: string[]) => SOURCES.filter((s) => names.includes(s.name))
const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()

beforeAll(async () => {
  const sample = { scale: 0.00005, seed: 7 }
  await generateSample({ out: withInsiders, ...sample, sources: sources([...FILINGS, 'insider-transactions']) })
  await generateSample({ out: without, ...sample, sources: sources(FILINGS) })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('a sample without a source writes every other file byte for byte', () => {
  const all = files(withInsiders)
  const fewer = files(without)
  expect(all.some((f) => f.startsWith('insider-transactions-data-sets/'))).toBe(true)
  expect(fewer.some((f) => f.startsWith('insider-transactions-data-sets/'))).toBe(false)
  for (const f of fewer) expect(readFileSync(join(without, f)).equals(readFileSync(join(withInsiders, f)))).toBe(true)
})

test('a build that skips a source the mirror holds builds its tables empty and lists nothing of it', async () => {
  const datasets = join(root, 'datasets')
  const { manifest } = await runBuild({
    from: withInsiders,
    datasets,
    skipSources: ['insider-transactions'],
    reporter: silentReporter(),
    threads: TEST_BUILD_THREADS,
  })
  expect(manifest.sources['insider-transactions']).toBeUndefined()
  expect(manifest.periods['insider-transactions']).toBeUndefined()
  expect(manifest.tables.insider_transactions!.rows).toBe(0)
  expect(manifest.tables.entities!.rows).toBeGreaterThan(0)
})

test('a build refuses a source name it does not know', async () => {
  const run = runBuild({
    from: without,
    datasets: join(root, 'd2'),
    skipSources: ['insiders'],
    reporter: silentReporter(),
  })
  await expect(run).rejects.toThrow('no source is named insiders')
})

test("each area names the registered sources it reads, and a bench without an area's sources leaves its operations out", () => {
  const registered = SOURCES.map((s) => s.name)
  for (const area of AREAS) {
    expect(area.sources.length).toBeGreaterThan(0)
    for (const s of area.sources) expect(registered).toContain(s)
  }
  const institutions = AREAS.find((a) => a.tag === 'Institutions')!.bench
  const without13f = operationsWithout(['form-13f'])
  expect(without13f.length).toBe(OPERATIONS.length - institutions.length)
  expect(without13f.some((op) => institutions.includes(op))).toBe(false)
  // Financials reads two sources: it stays while one of them is built.
  const financials = AREAS.find((a) => a.tag === 'Financials')!.bench
  expect(operationsWithout(['company-facts'])).toEqual(expect.arrayContaining([...financials]))
  expect(operationsWithout(['company-facts', 'financial-statements']).some((op) => financials.includes(op))).toBe(false)
})
