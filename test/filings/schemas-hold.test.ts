/**
 * Every filing row of the larger shared snapshot (test/helpers/fixture.ts: scale 0.001, ~26,000 filings of
 * ~960 filers), read as the API reads it (the lists, the lookup files, the document listings), satisfies
 * the response schemas. A row that did not would be a 500 in production, so all of them are checked, not
 * a page. test/entities/schemas-hold.test.ts does the same for entities and SIC codes.
 *
 * Why scale 0.001 is enough (this test read scale 0.01, ten times the rows, before): what can break a
 * schema is a field's shape (null or set, an empty array, a literal), not the number of rows. The
 * generator's fixed cast (src/sample/cast.ts) holds EDGAR's quirky cases at every scale, and the random
 * filers add the rest; each test checks that its rows take every shape the schema allows except the few
 * listed in NEVER_WRITTEN. Compared once, row by row, with the scale-0.01 snapshot (seed 1) this test read
 * before: the same shapes in both. A generator change that loses a shape fails here rather than going
 * unchecked.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Filing } from '../../src/areas/common/filing-schemas.ts'
import { getFiling, listFilingDocuments, listFilings, listFormTypes } from '../../src/areas/filings/handlers.ts'
import { FilingDocument, FormType } from '../../src/areas/filings/schemas.ts'
import { filingsStore } from '../../src/areas/filings/store/index.ts'
import type { Database, RequestDb } from '../../src/db/client.ts'
import { sql } from '../../src/db/sql.ts'
import { openDatabase } from '../helpers/api.ts'
import { largerFilingsFixture } from '../helpers/fixture.ts'
import { missingShapes, schemaFailures } from '../helpers/shapes.ts'
import { openSnapshot } from '../helpers/snapshot.ts'

const everything = { page: 1, limit: 10_000_000 }
const config = { archivesUrl: 'https://www.sec.gov/Archives/edgar/data', maxOffset: 0 }
let database: Database
let db: RequestDb
let snapshotDir: string
let filings: Filing[]

/** Shapes the schemas allow that the generator never writes, at any scale: a form type without a description. */
const NEVER_WRITTEN = { Filing: [], FilingDocument: [], FormType: ['.description null'] }

beforeAll(async () => {
  const { datasets, dir } = await largerFilingsFixture()
  snapshotDir = dir
  database = await openDatabase(datasets)
  db = database.forRequest()
  filings = (await listFilings(filingsStore(db), config, everything)).data
})
afterAll(async () => {
  db?.release()
  await database?.close()
})

test('every filing', () => {
  expect(filings.length).toBeGreaterThan(20_000)
  expect(schemaFailures(Filing, filings)).toEqual([])
  expect(missingShapes(Filing, filings)).toEqual(NEVER_WRITTEN.Filing)
})

test('a filing read from the lookup file is the row the lists read from DuckDB (every filing)', async () => {
  const different = []
  for (const f of filings) {
    const looked = await getFiling(filingsStore(db), config, f.cik, f.accessionNumber)
    if (!Bun.deepEquals(looked, f)) different.push({ list: f, lookup: looked })
    if (different.length === 3) break
  }
  expect(different).toEqual([])
})

test("a filer's page read from the lookup file is the page its query reads, with and without filters", async () => {
  const filers = (
    await db.all<{ cik: number }>(sql`
    SELECT cik::INTEGER AS cik FROM filings GROUP BY cik ORDER BY count(*) DESC, cik`)
  ).map((r) => String(r.cik))
  // The busiest filers (runs of many frames), then every 5th.
  const sample = [...filers.slice(0, 5), ...filers.filter((_, i) => i % 5 === 0)]
  expect(sample.length).toBeGreaterThan(100)
  const pages = [
    { page: 1, limit: 20 },
    { page: 3, limit: 7 },
    { page: 40, limit: 25 },
    { page: 1, limit: 20, formTypes: '10-K,8-K,4' },
    { page: 2, limit: 5, startDate: '2015-01-01', endDate: '2020-12-31' },
    { page: 1, limit: 100, formTypes: '10-Q', startDate: '2010-01-01' },
  ]
  const different = []
  let rows = 0
  for (const cik of sample) {
    // A window whose ends are days this filer filed on: a boundary off by one would show.
    const newest = (
      await listFilings(filingsStore(db), { ...config, filerFrames: 0 }, { cik, page: 1, limit: 15 })
    ).data.map((f) => f.filingDate)
    const window = newest.length === 15 ? [{ page: 1, limit: 8, startDate: newest[14], endDate: newest[4] }] : []
    for (const p of [...pages, ...window]) {
      const byQuery = await listFilings(
        filingsStore(db),
        { ...config, maxOffset: 10_000, filerFrames: 0 },
        { cik, ...p },
      )
      rows += byQuery.data.length
      // Default frames (whole pages from the file), and one frame (most pages run out of it and fall back).
      for (const filerFrames of [undefined, 1]) {
        const got = await listFilings(filingsStore(db), { ...config, maxOffset: 10_000, filerFrames }, { cik, ...p })
        if (!Bun.deepEquals(got, byQuery))
          different.push({ cik, p, filerFrames, got: got.data.length, want: byQuery.data.length })
      }
    }
    if (different.length >= 3) break
  }
  expect(different).toEqual([])
  expect(rows).toBeGreaterThan(3_000)
})

test('every document of every filing with a folder listing, and the primary document of others', async () => {
  // Listings are only in the Parquet and the lookup files. The serving database keeps accession numbers as
  // integers (acc_key); the API takes them without dashes too.
  const parquet = await openSnapshot(snapshotDir)
  const withListing = await parquet.q<{ cik: number; a: string }>(
    'SELECT DISTINCT cik::INTEGER AS cik, accession_number AS a FROM {t:filing_documents}',
  )
  parquet.close()
  const without = await db.all<{ cik: number; a: string }>(
    sql`SELECT cik::INTEGER AS cik, lpad(acc_key::VARCHAR, 18, '0') AS a FROM filings USING SAMPLE 300 ROWS`,
  )
  const documents = []
  for (const f of [...withListing, ...without])
    documents.push(...(await listFilingDocuments(filingsStore(db), config, String(f.cik), f.a)))
  expect(documents.length).toBeGreaterThan(withListing.length)
  expect(schemaFailures(FilingDocument, documents)).toEqual([])
  expect(missingShapes(FilingDocument, documents)).toEqual(NEVER_WRITTEN.FilingDocument)
})

test('every form type', async () => {
  const { data } = await listFormTypes(filingsStore(db), config, everything)
  expect(schemaFailures(FormType, data)).toEqual([])
  expect(missingShapes(FormType, data)).toEqual(NEVER_WRITTEN.FormType)
})
