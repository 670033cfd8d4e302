/**
 * Pages planned from the day index (src/areas/filings/store/page-plan.ts), and one filer's pages read in
 * stored order without a sort, are exactly the pages of the plain query they replace: a sort of the snapshot's Parquet by filing date, accession number and CIK, with
 * the filters in WHERE and LIMIT/OFFSET. Checked over a few hundred random filter sets and pages,
 * including several form types, windows of one day, windows with no filings, pages past the end and
 * pages that start or end inside a day. One filer's pages are read both ways: from its lookup file, and
 * by query (as pages past the file's frame budget are). A second snapshot of the same files, its lookup
 * files cut into frames of a line or two, reads every run across many frames and passes rows of a page's
 * first day by the frames' heads (page-skip.ts). Both are the shared larger fixtures (test/helpers/fixture.ts).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { listFilings } from '../../src/areas/filings/handlers.ts'
import { filingsStore } from '../../src/areas/filings/store/index.ts'
import { Database, type RequestDb } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { testConfig } from '../helpers/config.ts'
import { largerFilingsFixture, largerTinyFramesFixture } from '../helpers/fixture.ts'
import { openSnapshot } from '../helpers/snapshot.ts'

const config = { archivesUrl: 'https://www.sec.gov/Archives/edgar/data', maxOffset: 1_000_000 }
let database: Database
let db: RequestDb
let tinyDatabase: Database
let tinyDb: RequestDb
let snapshot: Awaited<ReturnType<typeof openSnapshot>>
let forms: string[]
let dates: string[]
let ciks: number[]

beforeAll(async () => {
  const { datasets, dir } = await largerFilingsFixture()
  database = await Database.open(testConfig({ DATASETS_DIR: datasets, WATCH_SNAPSHOTS: false }), memorySink())
  db = database.forRequest()
  const tiny = await largerTinyFramesFixture()
  tinyDatabase = await Database.open(testConfig({ DATASETS_DIR: tiny.datasets, WATCH_SNAPSHOTS: false }), memorySink())
  tinyDb = tinyDatabase.forRequest()
  snapshot = await openSnapshot(dir)
  // The Parquet read once into memory: the reference queries below then cost a scan of memory, not of files.
  await snapshot.q(
    `CREATE TABLE by_date AS SELECT filing_date, accession_number, cik, form_type FROM {t:filings_by_date}`,
  )
  forms = (await snapshot.q<{ f: string }>(`SELECT form_type AS f FROM by_date GROUP BY 1 ORDER BY count(*) DESC`)).map(
    (r) => r.f,
  )
  ciks = (
    await snapshot.q<{ c: number }>(
      `SELECT cik::INTEGER AS c FROM {t:filings} GROUP BY 1 ORDER BY count(*) DESC LIMIT 50`,
    )
  ).map((r) => r.c)
  dates = (
    await snapshot.q<{ d: string }>(`SELECT DISTINCT strftime(filing_date, '%Y-%m-%d') AS d FROM by_date ORDER BY 1`)
  ).map((r) => r.d)
})

afterAll(async () => {
  snapshot?.close()
  db?.release()
  tinyDb?.release()
  await database?.close()
  await tinyDatabase?.close()
})

/**
 * A deterministic generator, so a failure names a case that can be run again. Its high bits: an LCG's low
 * bits repeat with a short period (`s % 4` made nearly every case a filer's page).
 */
function random(seed: number) {
  let s = seed
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return Math.floor((s / 2 ** 31) * n)
  }
}

/**
 * The page by the plain query, once per case: the three tests below draw the same cases (the same seed),
 * and both snapshots hold the same rows.
 */
const references = new Map<string, Promise<string[]>>()
function reference(
  cik: number | null,
  formTypes: string[],
  startDate: string | null,
  endDate: string | null,
  page: number,
  limit: number,
) {
  const key = JSON.stringify([cik, formTypes, startDate, endDate, page, limit])
  let found = references.get(key)
  if (!found) {
    found = sortedQuery(cik, formTypes, startDate, endDate, page, limit)
    references.set(key, found)
  }
  return found
}

async function sortedQuery(
  cik: number | null,
  formTypes: string[],
  startDate: string | null,
  endDate: string | null,
  page: number,
  limit: number,
) {
  const where = [
    cik === null ? 'TRUE' : `cik = ${cik}`,
    formTypes.length ? `form_type IN (${formTypes.map((f) => `'${f}'`).join(', ')})` : 'TRUE',
    startDate ? `filing_date >= DATE '${startDate}'` : 'TRUE',
    endDate ? `filing_date <= DATE '${endDate}'` : 'TRUE',
  ].join(' AND ')
  return (
    await snapshot.q<{ a: string; c: number }>(`
    SELECT accession_number AS a, cik::INTEGER AS c FROM by_date WHERE ${where}
    ORDER BY filing_date DESC, accession_number DESC, cik LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}`)
  ).map((r) => `${r.a}/${r.c}`)
}

test.each([
  ['filer pages from the lookup file where they fit', undefined, false],
  ['filer pages by query', 0, false],
  // A budget no filer's run exceeds: with a line or two per frame, 48 frames would send most filers to the query.
  ['lookup files of a line or two per frame', 1_000_000, true],
])(
  'every planned page equals the sorted query it replaces, %s',
  async (_, filerFrames, tinyFrames) => {
    const next = random(7)
    const cases = []
    for (let i = 0; i < 300; i++) {
      const k = [0, 1, 1, 2, 2, 3, 5][next(7)]!
      // Popular forms most of the time, rare ones (few days each) sometimes, and one form that never occurs.
      const formTypes = [
        ...new Set(
          Array.from({ length: k }, () => (next(10) === 0 ? 'NO-SUCH-FORM' : forms[next(next(2) ? 4 : forms.length)]!)),
        ),
      ]
      const a = dates[next(dates.length)]!
      const b = next(3) ? dates[Math.min(dates.length - 1, dates.indexOf(a) + next(40))]! : a
      const startDate = next(4) ? a : null
      const endDate = next(4) ? b : null
      const limit = [1, 3, 20, 100][next(4)]!
      const page = next(3) ? 1 + next(5) : 1 + next(200)
      // A quarter of the cases list one filer's filings (its stored order, read without a sort).
      const cik = next(4) ? null : ciks[next(ciks.length)]!
      if (cik === null) cases.push({ cik, formTypes, startDate, endDate, limit, page })
      else
        cases.push({
          cik,
          formTypes: next(2) ? [] : formTypes,
          startDate: next(2) ? null : startDate,
          endDate: null,
          limit,
          page: 1 + next(4),
        })
    }
    const mismatches = []
    let nonEmpty = 0
    let nonEmptyOfCik = 0
    for (const c of cases) {
      const { data, pagination } = await listFilings(
        filingsStore(tinyFrames ? tinyDb : db),
        { ...config, filerFrames },
        {
          cik: c.cik === null ? undefined : String(c.cik),
          formTypes: c.formTypes.join(',') || undefined,
          startDate: c.startDate ?? undefined,
          endDate: c.endDate ?? undefined,
          page: c.page,
          limit: c.limit,
        },
      )
      const expected = await reference(c.cik, c.formTypes, c.startDate, c.endDate, c.page, c.limit)
      const got = data.map((f) => `${f.accessionNumber}/${Number(f.cik)}`)
      if (got.join() !== expected.slice(0, c.limit).join() || pagination.hasMoreData !== expected.length > c.limit)
        mismatches.push({ ...c, got: got.length, expected: expected.length })
      if (got.length) nonEmpty++
      if (got.length && c.cik !== null) nonEmptyOfCik++
    }
    expect(mismatches.slice(0, 5)).toEqual([])
    // The cases reach real pages, not only empty ones.
    expect(nonEmpty).toBeGreaterThan(80)
    expect(nonEmptyOfCik).toBeGreaterThan(20)
  },
  120_000,
)
