/**
 * A nightly build parses only the companyfacts files that changed (src/pipeline/sources/company-facts/
 * stage-reuse.ts), makes the companyfacts series of the companies whose inputs changed and takes every other
 * company's rows from the last build's database (src/pipeline/sources/company-facts/series-reuse.ts). The
 * last build here is of the sample's mirror as it was the night before: one company's fact had another
 * value, one company had no file yet, a company that has since left the archive had one, and one file gave
 * a concept another label. The build of the mirror as it is then makes again exactly those companies and
 * those with a fact of that concept, and its series, vintages, ratios, rankings and lookup files equal
 * those of the sample snapshot, which made every company. Its series lookup files take the other companies'
 * lines from the night before's files, and the series keep the night before's numbers
 * (src/pipeline/sources/company-facts/series-numbers-kept.ts).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { KeyedFile, linesOf } from '../../src/lib/keyed-file.ts'
import { Reporter } from '../../src/lib/progress.ts'
import { ZipReader, ZipWriter } from '../../src/lib/zip.ts'
import { buildCacheFile } from '../../src/pipeline/build-cache.ts'
import { BUILD_DATABASE_FILE, type Manifest, SERVING_FILE } from '../../src/pipeline/contract.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import type { LookupSpec } from '../../src/pipeline/source.ts'
import {
  FIN_METRIC_SERIES,
  METRIC_META_FIELDS,
  SERVING_TABLES,
} from '../../src/pipeline/sources/company-facts/contract.ts'
import { seriesFingerprint } from '../../src/pipeline/sources/company-facts/series-reuse.ts'
import { seriesLookups } from '../../src/pipeline/sources/company-facts/serving.ts'
import { SERVING_TABLES as FSDS_TABLES } from '../../src/pipeline/sources/financial-statements/contract.ts'
import { FSDS_SERVING_STEP, SETS_ONLY_PART } from '../../src/pipeline/sources/financial-statements/serving-reuse.ts'
import { type Fixture, fixtureMirror, SAMPLE, sampleFixture, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('series-reuse')
const mirror = join(root, 'mirror')
const datasets = join(root, 'datasets')
/**
 * Only the sources the series and rankings are made from: the quarterly statements, companyfacts, and the
 * submissions and tickers that name the ranked companies; the others are no input of theirs.
 */
const SKIP = ['insider-transactions', 'form-13f', 'indexes', 'filing-index', 'sic-codes']
/** A filer whose file was in the archive the night before only. */
const GONE_CIK = 9_999_990

type Fact = { val: number; accn?: string; end?: string }
type Doc = {
  cik: number | string
  facts: Record<string, Record<string, { label: string | null; units: Record<string, Fact[]> }>>
}

let reference: Fixture
let lines: string[] = []
let night: Manifest
/** The night before's snapshot. */
let before: string
/** The companies the night's build must make again. */
let expected: { changed: number; companies: number; taken: number }

const build = async () => {
  lines = []
  const reporter = new Reporter({ write: (text: string) => lines.push(text) > 0 }, false)
  return runBuild({
    from: mirror,
    datasets,
    reporter,
    threads: TEST_BUILD_THREADS,
    skipSources: SKIP,
    keepBuildDatabase: true,
  })
}

const cikName = (cik: number) => `CIK${String(cik).padStart(10, '0')}.json`
const hasFacts = (doc: Doc, taxonomy: string, tag: string) =>
  Object.values(doc.facts[taxonomy]?.[tag]?.units ?? {}).some((facts) => facts.some((f) => f.accn && f.end))

beforeAll(async () => {
  // The sample's mirror only: its snapshot is asked for after this file's own builds, so that under
  // --parallel another worker builds it meanwhile rather than this one waiting for it.
  const sampleMirror = await fixtureMirror(SAMPLE)
  // The same files (modification times too: the quarterly sets' are part of what every company shares).
  cpSync(sampleMirror, mirror, { recursive: true, preserveTimestamps: true })
  const zipPath = join(mirror, 'companyfacts.zip')
  const reader = ZipReader.open(zipPath)
  const entries = reader.entries.map((e) => {
    const data = reader.read(e)
    return { name: e.name, data, doc: JSON.parse(data.toString('utf8')) as Doc }
  })
  reader.close()
  const withFacts = entries.filter((e) => e.doc.facts['us-gaap'])
  const [valued, added, copied] = [withFacts[0]!, withFacts[1]!, withFacts[2]!]
  // The concept relabelled: one only few companies have, and not the first two.
  const byConcept = new Map<string, Set<string>>()
  for (const { name, doc } of entries)
    for (const [taxonomy, concepts] of Object.entries(doc.facts))
      for (const tag of Object.keys(concepts))
        if (hasFacts(doc, taxonomy, tag))
          byConcept.set(`${taxonomy}|${tag}`, (byConcept.get(`${taxonomy}|${tag}`) ?? new Set()).add(name))
  const [concept, holders] = [...byConcept]
    .filter(([, names]) => !names.has(valued.name) && !names.has(added.name))
    .sort((a, b) => a[1].size - b[1].size || a[0].localeCompare(b[0]))[0]!
  const [taxonomy, tag] = concept.split('|') as [string, string]
  const labelled = entries.find((e) => holders.has(e.name))!
  expected = {
    changed: new Set([valued.name, added.name, ...holders]).size,
    // Every file but the three written otherwise the night before (or not at all) is the same bytes.
    taken: entries.length - 3,
    companies: entries.filter((e) =>
      Object.keys(e.doc.facts).some((t) => Object.keys(e.doc.facts[t]!).some((c) => hasFacts(e.doc, t, c))),
    ).length,
  }

  // The night before.
  const writer = new ZipWriter(zipPath)
  for (const { name, data, doc } of entries) {
    if (name === added.name) continue
    if (name !== valued.name && name !== labelled.name) {
      writer.add(name, data)
      continue
    }
    const before = structuredClone(doc)
    if (name === valued.name) {
      const fact = Object.values(Object.values(before.facts['us-gaap']!)[0]!.units)[0]![0]!
      fact.val += 1
    }
    if (name === labelled.name) before.facts[taxonomy]![tag]!.label = `zzz ${tag} as labelled before`
    writer.add(name, JSON.stringify(before))
  }
  writer.add(cikName(GONE_CIK), JSON.stringify({ ...copied.doc, cik: GONE_CIK }))
  writer.close()
  before = (await build()).dir
  expect(lines.some((l) => l.includes('companyfacts series'))).toBe(false)
  expect(existsSync(buildCacheFile(datasets))).toBe(true)

  // The night after: the archive as the sample has it.
  cpSync(join(sampleMirror, 'companyfacts.zip'), zipPath)
  night = (await build()).manifest
  reference = await sampleFixture()
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('only the companies whose facts or labels changed are made again', () => {
  expect(lines.filter((l) => l.startsWith('companyfacts series')).map((l) => l.trim())).toEqual([
    `companyfacts series: ${expected.changed} of ${expected.companies} companies made again, the others' taken from the last build`,
  ])
  expect(expected.changed).toBeLessThan(expected.companies)
})

/** Rows of `table` in one database (or Parquet) and not the other, each way (EXCEPT ALL: a row twice counts twice). */
async function differences(table: string, night: string, made: string, columns = '*') {
  return withDuckDb(async (query) => {
    const from = async (alias: string, file: string) => {
      if (!file.endsWith('.duckdb')) return `read_parquet('${file}/*.parquet')`
      await query(`ATTACH '${file}' AS ${alias} (READ_ONLY)`)
      return `${alias}.${table}`
    }
    const [n, r] = [await from('n', night), await from('r', made)]
    const count = async (sql: string) => Number((await query(sql))[0]![0])
    return {
      table,
      rows: await count(`SELECT count(*) FROM ${n}`),
      onlyNight: await count(
        `SELECT count(*) FROM (SELECT ${columns} FROM ${n} EXCEPT ALL SELECT ${columns} FROM ${r})`,
      ),
      onlyReference: await count(
        `SELECT count(*) FROM (SELECT ${columns} FROM ${r} EXCEPT ALL SELECT ${columns} FROM ${n})`,
      ),
    }
  })
}

async function withDuckDb<T>(use: (query: (sql: string) => Promise<unknown[][]>) => Promise<T>): Promise<T> {
  const db = await DuckDBInstance.create(':memory:')
  const conn = await db.connect()
  try {
    return await use(async (sql) => (await conn.runAndReadAll(sql)).getRows())
  } finally {
    conn.closeSync()
    db.closeSync()
  }
}

/** A serving table's rows of a snapshot, as the rows DuckDB reads. */
const rowsOf = (dir: string, table: string) =>
  withDuckDb(async (query) => {
    await query(`ATTACH '${join(dir, SERVING_FILE)}' AS s (READ_ONLY)`)
    return query(`SELECT * FROM s.${table} ORDER BY 1`)
  })

const snapshotDir = () => join(datasets, readFileSync(join(datasets, 'CURRENT'), 'utf8').trim())

/** The numbered tables compared without their numbers, which a nightly keeps from the night before. */
const WITHOUT_NUMBERS: Record<string, string> = {
  [SERVING_TABLES.fin_series_ids.name]: 'source, symbol',
  [SERVING_TABLES.fin_point_metas.name]: METRIC_META_FIELDS.join(', '),
}

test("the night's series, vintages, ratios and rankings equal those of a build that made every company", async () => {
  // fin_fact_snapshot names the build itself, another in each.
  for (const table of Object.values(SERVING_TABLES).filter((t) => t.name !== 'fin_fact_snapshot')) {
    const file = table.buildOnly ? BUILD_DATABASE_FILE : SERVING_FILE
    const columns = WITHOUT_NUMBERS[table.name]
    const found = await differences(table.name, join(snapshotDir(), file), join(reference.dir, file), columns)
    expect(found).toEqual({ table: table.name, rows: found.rows, onlyNight: 0, onlyReference: 0 })
    expect(found.rows).toBeGreaterThan(0)
  }
})

test("the night keeps the night before's numbers of series and parts, and numbers a new one after the greatest", async () => {
  const added: Record<string, number> = {}
  for (const table of [SERVING_TABLES.fin_series_ids.name, SERVING_TABLES.fin_point_metas.name]) {
    const [then, now] = [await rowsOf(before, table), await rowsOf(snapshotDir(), table)]
    const numberThen = new Map(then.map(([n, ...name]) => [JSON.stringify(name), n]))
    const greatest = Math.max(...then.map(([n]) => Number(n)))
    added[table] = 0
    for (const [n, ...name] of now) {
      const kept = numberThen.get(JSON.stringify(name))
      if (kept !== undefined) expect([table, name, n]).toEqual([table, name, kept])
      else {
        expect(Number(n)).toBeGreaterThan(greatest)
        added[table]++
      }
    }
  }
  // The relabelled concept's label is a part the night before had no number for.
  expect(added[SERVING_TABLES.fin_point_metas.name]).toBeGreaterThan(0)
})

test("the staging parses only the files that changed, and the night's facts are the sample's", async () => {
  const staged = lines.find((l) => l.startsWith('stage company facts'))!
  expect(staged).toMatch(new RegExp(` 3 files, .*${expected.taken} companies' facts taken from the last build`))
  const found = await differences(
    'company_facts',
    join(snapshotDir(), 'company_facts'),
    join(reference.dir, 'company_facts'),
  )
  expect(found).toEqual({ table: 'company_facts', rows: found.rows, onlyNight: 0, onlyReference: 0 })
  expect(found.rows).toBeGreaterThan(0)
})

test("the tables made from the quarterly sets alone are the last snapshot's copied: the sets are the same", async () => {
  const tables = [FSDS_TABLES.fin_concepts, FSDS_TABLES.fin_concept_texts, FSDS_TABLES.fin_standardized]
  expect(night.parts?.[FSDS_SERVING_STEP]?.[SETS_ONLY_PART]).toMatchObject({
    outputs: tables.map((t) => t.name),
    reused: true,
  })
  for (const { name } of tables) {
    const found = await differences(name, join(snapshotDir(), SERVING_FILE), join(reference.dir, SERVING_FILE))
    expect(found).toEqual({ table: name, rows: found.rows, onlyNight: 0, onlyReference: 0 })
    expect(found.rows).toBeGreaterThan(0)
  }
})

/** Where a metric series line holds its part's number. */
const META_AT = Object.keys(FIN_METRIC_SERIES.fields.properties).indexOf('meta_id')

/** A series lookup file's lines by what they mean: each key as its company, series and period length, each part by its fields. */
async function linesByMeaning(dir: string, path: string) {
  const [ids, metas] = [
    await rowsOf(dir, SERVING_TABLES.fin_series_ids.name),
    await rowsOf(dir, SERVING_TABLES.fin_point_metas.name),
  ]
  const series = new Map(ids.map(([n, source, symbol]) => [Number(n), `${source}:${symbol}`]))
  const parts = new Map(metas.map(([n, ...fields]) => [Number(n), fields]))
  const file = KeyedFile.open(join(dir, path))
  const byKey = new Map<string, unknown[]>()
  try {
    for (let f = 0; f < file.frames; f++)
      for (const [key, payload] of linesOf(file.frameAt(f).bytes())) {
        const name = `${key >> 32n}|${series.get(Number((key >> 3n) & (2n ** 29n - 1n)))}|${key & 7n}`
        const line = JSON.parse(Buffer.from(payload).toString('utf8')) as unknown[]
        if (path === FIN_METRIC_SERIES.path) line[META_AT] = parts.get(line[META_AT] as number)
        byKey.set(name, [...(byKey.get(name) ?? []), line])
      }
  } finally {
    file.close()
  }
  return [...byKey].sort(([a], [b]) => a.localeCompare(b))
}

/** Each frame's head is its first line's (the frames copied keep theirs), and a key's frames say they continue it. */
function framesHold(dir: string, spec: LookupSpec) {
  const file = KeyedFile.open(join(dir, spec.path))
  try {
    let lastKey: bigint | undefined
    for (let f = 0; f < file.frames; f++) {
      const frame = file.frameAt(f)
      const [first] = linesOf(frame.bytes()).next().value!
      expect(first).toBe(frame.first)
      if (spec.head) expect(frame.head).toBe(spec.head(Buffer.from(linesOf(frame.bytes()).next().value![1]).toString()))
      if (f > 0) expect(file.frameAt(f - 1).nextContinues).toBe(frame.first === lastKey)
      for (const [key] of linesOf(frame.bytes())) lastKey = key
    }
  } finally {
    file.close()
  }
}

test("the night's series lookup files take the other companies' lines and mean what the sample's do", async () => {
  const referenceManifest = JSON.parse(readFileSync(join(reference.dir, 'manifest.json'), 'utf8')) as Manifest
  expect(META_AT).toBeGreaterThan(0)
  for (const spec of seriesLookups().filter((s) => s.takesLines)) {
    const file = night.lookups[spec.name]!
    expect(file.linesTaken).toBeGreaterThan(0)
    expect(file.linesTaken).toBeLessThan(file.lines)
    expect(file.lines).toBe(referenceManifest.lookups[spec.name]!.lines)
    expect(await linesByMeaning(snapshotDir(), spec.path)).toEqual(await linesByMeaning(reference.dir, spec.path))
    framesHold(snapshotDir(), spec)
  }
})

test('what every company shares is one fingerprint: a quarterly set another size or time makes every company again', () => {
  const set = {
    path: '/x/2024q1.zip',
    rel: 'financial-statement-data-sets/2024q1.zip',
    bytes: 10,
    modified: '2024-04-01T00:00:00.000Z',
  }
  const found = (files: (typeof set)[]) => ({ found: { 'financial-statements': { files, summary: '' } } })
  const print = seriesFingerprint(found([set]), 'labels')
  expect(seriesFingerprint(found([{ ...set }]), 'labels')).toBe(print)
  expect(seriesFingerprint(found([{ ...set, modified: '2024-04-02T00:00:00.000Z' }]), 'labels')).not.toBe(print)
  expect(seriesFingerprint(found([{ ...set, bytes: 11 }]), 'labels')).not.toBe(print)
  expect(seriesFingerprint(found([]), 'labels')).not.toBe(print)
  // The canonical metrics' labels are part of it (the points of a canonical key carry its label).
  expect(seriesFingerprint(found([set]), 'other labels')).not.toBe(print)
})

test('the night after a night with nothing new takes every line, frame by frame, from the night', async () => {
  const again = (await build()).manifest
  expect(lines.filter((l) => l.startsWith('companyfacts series')).map((l) => l.trim())).toEqual([
    `companyfacts series: 0 of ${expected.companies} companies made again, the others' taken from the last build`,
  ])
  for (const spec of seriesLookups().filter((s) => s.takesLines)) {
    const file = again.lookups[spec.name]!
    expect({ name: spec.name, taken: file.linesTaken }).toEqual({ name: spec.name, taken: file.lines })
    // Every frame copied as the night stored it.
    expect(file.frames).toBe(night.lookups[spec.name]!.frames)
    expect(await linesByMeaning(snapshotDir(), spec.path)).toEqual(await linesByMeaning(reference.dir, spec.path))
    framesHold(snapshotDir(), spec)
  }
})
