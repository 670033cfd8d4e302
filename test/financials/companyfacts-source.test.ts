/**
 * The companyfacts staging over the real files in `../shared/edgar-samples/companyfacts/` (skipped when
 * absent): Snowflake and Marvell (us-gaap, integer `cik`) and Logistic Properties of the Americas (an IFRS
 * 20-F filer whose `cik` is a zero-padded string, labels null, facts in COP, CRC, PEN and USD). Every staged
 * row is compared with the file as this test reads it itself (JSON.parse), from a zip and from a folder.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Reporter, Step } from '../../src/lib/progress.ts'
import { ZipWriter } from '../../src/lib/zip.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { fileSource, folderSource } from '../../src/pipeline/mirror.ts'
import { exposeFactStage, stageCompanyFacts } from '../../src/pipeline/sources/company-facts/stage.ts'
import { TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'
import type { CompanyFact } from './companyfacts-json.ts'

const DIR = join(SAMPLES, 'companyfacts')
const has = hasSamples && existsSync(DIR)
const FILES = has ? readdirSync(DIR).filter((n) => n.endsWith('.json')) : []

type Fact = CompanyFact
type Doc = {
  cik: number | string
  entityName: string
  facts: Record<string, Record<string, { label: string | null; units: Record<string, Fact[]> }>>
}

/** The files' facts as rows, read here with JSON.parse, independently of the build. */
function expectedRows() {
  const rows: string[] = []
  for (const name of FILES) {
    const doc = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Doc
    for (const [taxonomy, concepts] of Object.entries(doc.facts))
      for (const [tag, c] of Object.entries(concepts))
        for (const [unit, facts] of Object.entries(c.units))
          for (const f of facts)
            rows.push(
              [
                Number(doc.cik),
                taxonomy,
                tag,
                unit,
                f.start ?? null,
                f.end,
                f.val,
                f.accn,
                f.fy,
                f.fp,
                f.form,
                f.filed,
                f.frame ?? null,
              ].join('|'),
            )
  }
  return rows.sort()
}

let root = ''
let db: BuildDb
const step = new Step('test', new Reporter({ write: () => true }, false))

beforeAll(async () => {
  if (!has) return
  root = tempDir('companyfacts')
  db = await BuildDb.open({
    file: join(root, 'build.duckdb'),
    tempDir: join(root, 'tmp'),
    threads: TEST_BUILD_THREADS,
    memoryLimit: '1GB',
  })
})
afterAll(() => {
  db?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

const staged = async (view: string) =>
  (
    await db.all<Record<string, unknown>>(
      `SELECT cik, taxonomy, tag, unit, strftime(start_date, '%Y-%m-%d') AS s, strftime(end_date, '%Y-%m-%d') AS e, value,
              adsh, fy, fp, form, strftime(filed, '%Y-%m-%d') AS filed, frame FROM ${view}`,
    )
  )
    .map((r) =>
      [Number(r.cik), r.taxonomy, r.tag, r.unit, r.s, r.e, r.value, r.adsh, r.fy, r.fp, r.form, r.filed, r.frame].join(
        '|',
      ),
    )
    .sort()

describe.skipIf(!has)('companyfacts staging over the real files', () => {
  test('from a zip: every fact of every file, one row each, values as the file has them', async () => {
    const mirror = join(root, 'zip')
    mkdirSync(join(mirror, 'work'), { recursive: true })
    const zip = new ZipWriter(join(mirror, 'companyfacts.zip'))
    for (const name of FILES) zip.add(name, readFileSync(join(DIR, name)), new Date(0))
    zip.add('README.txt', 'not a filer', new Date(0))
    zip.close()
    // A small batch size: three batches, staged while the next is inflated.
    const stats = await stageCompanyFacts(
      { db },
      fileSource(mirror, join(mirror, 'companyfacts.zip')),
      join(mirror, 'work'),
      step,
      1 << 20,
    )
    expect(stats).toMatchObject({ files: 3, ignored: 1 })
    await exposeFactStage(db, join(mirror, 'work'), true)
    const expected = expectedRows()
    expect(expected.length).toBe(8163 + 8053 + 768)
    expect(await staged('t_cf_facts')).toEqual(expected)
  })

  test('quirks: a zero-padded string cik, IFRS concepts without labels, currencies other than USD, a value repeated by later filings', async () => {
    const lpa = await db.all<{ cik: number; units: string[]; labels: number }>(
      `SELECT cik::INTEGER AS cik, list(DISTINCT unit ORDER BY unit) AS units, count(l.label)::INTEGER AS labels
       FROM t_cf_facts f JOIN t_cf_labels l USING (taxonomy, tag) WHERE f.taxonomy = 'ifrs-full' GROUP BY cik`,
    )
    expect(lpa).toEqual([
      { cik: 1997711, units: ['COP', 'CRC', 'PEN', 'USD', 'USD/shares', 'pure', 'shares'], labels: 0 },
    ])
    // Snowflake's revenue of fiscal 2021 (ended 2021-01-31) is in its 10-K for 2021, then again in the next two.
    const doc = JSON.parse(readFileSync(join(DIR, 'CIK0001640147.json'), 'utf8')) as Doc
    const revenue = doc.facts['us-gaap']!.RevenueFromContractWithCustomerExcludingAssessedTax!.units.USD!.filter(
      (f) => f.start === '2020-02-01' && f.end === '2021-01-31',
    )
    expect(revenue.length).toBeGreaterThan(1)
    const rows = await db.all<{ adsh: string; value: number }>(
      `SELECT adsh, value FROM t_cf_facts WHERE cik = 1640147 AND tag = 'RevenueFromContractWithCustomerExcludingAssessedTax' AND unit = 'USD'
         AND start_date = DATE '2020-02-01' AND end_date = DATE '2021-01-31' ORDER BY adsh`,
    )
    expect(rows).toEqual(
      revenue.map((f) => ({ adsh: f.accn, value: f.val })).sort((a, b) => a.adsh.localeCompare(b.adsh)),
    )
  })

  test("each file's filer once, as it names itself: its cik (an integer or a zero-padded string) and entityName", async () => {
    const expected = FILES.map((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Doc)
      .map((d) => ({ cik: Number(d.cik), name: d.entityName }))
      .sort((a, b) => a.cik - b.cik)
    // Upper-case as EDGAR conforms names (the ticker file says "Snowflake Inc."); this copy of LPA's file was reformatted.
    expect(expected.map((d) => d.name)).toEqual([
      'SNOWFLAKE INC.',
      'MARVELL TECHNOLOGY, INC',
      'Logistic Properties of the Americas',
    ])
    expect(await db.all(`SELECT cik::INTEGER AS cik, name FROM t_cf_names ORDER BY cik`)).toEqual(expected)
  })

  test("a concept's label is the greatest its files give; on the real files every file gives the same one", async () => {
    const labels = new Map<string, Set<string>>()
    const perFile: { cik: number; key: string; label: string | null }[] = []
    for (const name of FILES) {
      const doc = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Doc
      for (const [taxonomy, concepts] of Object.entries(doc.facts))
        for (const [tag, c] of Object.entries(concepts)) {
          const key = `${taxonomy}|${tag}`
          if (c.label !== null) labels.set(key, (labels.get(key) ?? new Set()).add(c.label))
          perFile.push({ cik: Number(doc.cik), key, label: c.label })
        }
    }
    // The rule's reason: the SEC's files agree on a shared concept's label, so the choice changes nothing.
    expect([...labels].filter(([, set]) => set.size > 1)).toEqual([])
    const greatest = [...labels].map(([key, set]) => [key, [...set].sort().at(-1)!]).sort()
    const built = await db.all<{ key: string; label: string }>(
      `SELECT taxonomy || '|' || tag AS key, label FROM t_cf_labels WHERE label IS NOT NULL ORDER BY key`,
    )
    expect(built.map((r) => [r.key, r.label])).toEqual(greatest)
    // And each file's own labels are kept for the next build (stage-reuse.ts), null ones too.
    const fileLabels = await db.all<{ cik: number; key: string; label: string | null }>(
      `SELECT cik::INTEGER AS cik, taxonomy || '|' || tag AS key, label FROM t_cf_file_labels ORDER BY cik, key`,
    )
    expect(fileLabels).toEqual(perFile.sort((a, b) => a.cik - b.cik || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)))
  })

  test('from a folder: the same rows', async () => {
    const mirror = join(root, 'folder')
    mkdirSync(join(mirror, 'companyfacts'), { recursive: true })
    mkdirSync(join(mirror, 'work'), { recursive: true })
    for (const name of FILES) copyFileSync(join(DIR, name), join(mirror, 'companyfacts', name))
    const folder = folderSource(mirror, join(mirror, 'companyfacts'), FILES)
    await stageCompanyFacts({ db }, folder, join(mirror, 'work'), step)
    await db.run(`CREATE SCHEMA f`)
    await db.run(`SET schema = 'f'`)
    await exposeFactStage(db, join(mirror, 'work'), true)
    expect(await staged('f.t_cf_facts')).toEqual(expectedRows())
    await db.run(`SET schema = 'main'`)
  })
})
