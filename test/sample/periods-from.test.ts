/**
 * `secds sample --periods-from DATE` (the demo's mirror): the quarterly data sets begin with DATE's quarter
 * (a Form 13F set with the first that ends in it), companyfacts holds only the facts of the financial
 * statements written, and every other file is the same bytes as without it.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { windowOf } from '../../src/pipeline/sources/form-13f/sets.ts'
import { fixtureMirror, SAMPLE } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('periods-from')
/** The same sample without the option: the run's shared SAMPLE mirror (read only). */
let all = ''
const recent = join(root, 'recent')
const PERIODIC = ['financial-statement-data-sets/', 'insider-transactions-data-sets/', 'form-13f-data-sets/']

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort()

beforeAll(async () => {
  all = await fixtureMirror(SAMPLE)
  await generateSample({ out: recent, scale: SAMPLE.scale, seed: SAMPLE.seed, periodsFrom: '2025-05-15' })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('quarterly data sets begin with the quarter of the date', () => {
  const names = (dir: string, set: string) =>
    readdirSync(join(dir, set))
      .filter((n) => n.endsWith('.zip'))
      .sort()
  const kept = {
    'financial-statement-data-sets': (n: string) => n >= '2025q2',
    'insider-transactions-data-sets': (n: string) => n >= '2025q2',
    // A 13F set is kept when it ends in the quarter or later (March to May 2025 is; December to February not).
    'form-13f-data-sets': (n: string) => windowOf(n.replace('_form13f.zip', ''))!.to >= '2025-04-01',
  }
  for (const [set, keep] of Object.entries(kept)) {
    const before = names(all, set)
    expect(names(recent, set)).toEqual(before.filter(keep))
    expect(before.some((n) => !keep(n))).toBe(true)
  }
})

test('companyfacts holds only the facts of filings from the first quarter on', () => {
  const filed = new Set<string>()
  const zip = ZipReader.open(join(recent, 'companyfacts.zip'))
  for (const [, data] of zip.iterate()) {
    const facts = JSON.parse(data.toString()).facts as Record<string, Record<string, { units: object }>>
    for (const taxonomy of ['us-gaap', 'dei'])
      for (const concept of Object.values(facts[taxonomy] ?? {}))
        for (const list of Object.values(concept.units) as { filed: string }[][])
          for (const f of list) filed.add(f.filed)
  }
  zip.close()
  expect(filed.size).toBeGreaterThan(0)
  expect([...filed].sort()[0]! >= '2025-04-01').toBe(true)
})

test('every other file is the same bytes', () => {
  const others = (dir: string) =>
    filesUnder(dir).filter((f) => f !== 'companyfacts.zip' && !PERIODIC.some((p) => f.startsWith(p)))
  expect(others(recent)).toEqual(others(all))
  for (const f of others(all)) expect(readFileSync(join(recent, f)).equals(readFileSync(join(all, f)))).toBe(true)
})
