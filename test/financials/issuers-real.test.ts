/**
 * The companies of the financial data over real EDGAR files (the samples folder, SAMPLES: its submissions
 * records, the ticker file, the companyfacts files and the 2009q3 Financial Statement Data Set, with the
 * other samples in the run's shared build of them: helpers/real-samples.ts), built by the real build: each
 * source's path into `fin_issuers` (financial-statements/issuers.ts), with the values read from the files
 * here. Skipped when the samples folder is absent.
 *
 * The real mirror's gaps: Snowflake's and Logistic Properties of the Americas' companyfacts and tickers
 * are there but not their submissions records; most 2009q3 filers have no record either, some a ticker
 * under their current name (HEWLETT PACKARD CO filed 2009q3; the ticker file says HP INC).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { searchCompanies } from '../../src/areas/financials/lookup.ts'
import { metricSeries } from '../../src/areas/financials/series.ts'
import { financialsStore } from '../../src/areas/financials/store/index.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { ZipReader } from '../../src/lib/zip.ts'
import { testConfig } from '../helpers/config.ts'
import { realSamplesFixture } from '../helpers/real-samples.ts'
import { hasSamples, SAMPLES } from '../helpers/snapshot.ts'
import { latestByEnd } from './companyfacts-json.ts'
import { parseTsv, type Row } from './fsds-files.ts'

type Fact = { end: string; val: number; accn: string; filed: string }
type Doc = {
  cik: number | string
  entityName: string
  facts: Record<string, Record<string, { units: Record<string, Fact[]> }>>
}
type ExchangeRow = [number, string, string, string | null]

let database: Database
let db: ReturnType<Database['forRequest']>
let sub: Row[] = []
let exchange: ExchangeRow[] = []
let recorded = new Set<number>()

const facts = (cik: string) => JSON.parse(readFileSync(join(SAMPLES, 'companyfacts', `CIK${cik}.json`), 'utf8')) as Doc
const lookup = (q: { cik?: string; ticker?: string }) =>
  searchCompanies(financialsStore(db), { ...q, limit: 25, page: 1 }, 10_000)
const firstListing = (cik: number) => exchange.find((r) => r[0] === cik)

describe.skipIf(!hasSamples)('issuers of the real samples', () => {
  beforeAll(async () => {
    const built = await realSamplesFixture()
    database = await Database.open(testConfig({ DATASETS_DIR: built.datasets, WATCH_SNAPSHOTS: false }), memorySink())
    db = database.forRequest()
    expect(built.snapshotId).toBeTruthy()

    const zip = ZipReader.open(join(SAMPLES, 'fsds/2009q3.zip'))
    for (const [, data] of zip.iterate((n) => n === 'sub.txt')) sub = parseTsv(data.toString('utf8'))
    zip.close()
    exchange = JSON.parse(readFileSync(join(SAMPLES, 'reference/company_tickers_exchange.json'), 'utf8')).data
    recorded = new Set(readdirSync(join(SAMPLES, 'submissions')).map((f) => Number(f.slice(3, 13))))
  })
  afterAll(async () => {
    db?.release()
    await database?.close()
  })

  test('companyfacts and a ticker, no submissions record: Snowflake by its ticker, named by the ticker file', async () => {
    expect(recorded.has(1640147)).toBe(false)
    const listing = firstListing(1640147)!
    const issuer = { cik: '0001640147', ticker: listing[2], name: listing[1], sic: null, countryInc: null }
    expect(issuer.ticker).toBe('SNOW')
    expect((await lookup({ ticker: 'snow' })).issuer).toEqual(issuer)

    // Its balance-sheet dates' Assets, each from the latest filing that reports it.
    const latest = latestByEnd(facts('0001640147').facts['us-gaap']!.Assets!.units.USD!)
    const res = await metricSeries(financialsStore(db), {
      ticker: 'SNOW',
      symbols: 'Assets',
      source: 'raw',
      qtrs: 0,
      limit: 100,
    })
    expect(res.issuer).toEqual(issuer)
    const points = res.series[0]!.points
    expect(points.map((p) => [p.endDate, p.value, p.adsh, p.entityName])).toEqual(
      latest.slice(-100).map((f) => [Number(f.end.replaceAll('-', '')), f.val, f.accn, listing[1]]),
    )
  })

  test('an IFRS filer with a zero-padded string cik, no submissions record: known by its ticker', async () => {
    const listing = firstListing(1997711)!
    expect(recorded.has(1997711)).toBe(false)
    expect(await lookup({ ticker: listing[2] })).toMatchObject({
      issuer: { cik: '0001997711', ticker: listing[2], name: listing[1], sic: null, countryInc: null },
      filings: [],
    })
  })

  test('a submissions record wins: Marvell named and classified by it', async () => {
    const record = JSON.parse(readFileSync(join(SAMPLES, 'submissions/CIK0001835632.json'), 'utf8'))
    expect((await lookup({ cik: '1835632' })).issuer).toEqual({
      cik: '0001835632',
      ticker: record.tickers[0],
      name: record.name,
      sic: Number(record.sic),
      countryInc: null,
    })
  })

  test('an FSDS filer with a ticker but no record: the ticker file names it (its current name)', async () => {
    const rows = sub.filter((r) => Number(r.cik) === 47217)
    const listing = firstListing(47217)!
    expect([rows[0]!.name, listing[1]]).toEqual(['HEWLETT PACKARD CO', 'HP INC'])
    expect((await lookup({ ticker: listing[2] })).issuer).toEqual({
      cik: '0000047217',
      ticker: listing[2],
      name: listing[1],
      sic: Number(rows[0]!.sic),
      countryInc: rows[0]!.countryinc || null,
    })
  })

  test('an FSDS filer no other source knows: named by its newest sub.txt row', async () => {
    const listed = new Set(exchange.map((r) => r[0]))
    const only = [...new Set(sub.map((r) => Number(r.cik)))].filter((c) => !listed.has(c) && !recorded.has(c))
    expect(only.length).toBeGreaterThan(100)
    for (const cik of only.slice(0, 5)) {
      const newest = sub.filter((r) => Number(r.cik) === cik).sort((a, b) => b.accepted!.localeCompare(a.accepted!))[0]!
      const res = await lookup({ cik: String(cik) })
      expect(res.issuer).toEqual({
        cik: String(cik).padStart(10, '0'),
        ticker: null,
        name: newest.name!,
        sic: newest.sic ? Number(newest.sic) : null,
        countryInc: newest.countryinc || null,
      })
    }
  })
})
