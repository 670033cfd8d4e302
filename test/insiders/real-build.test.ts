/**
 * The real build and the API over real insider files (../shared/edgar-samples, skipped when absent): the
 * 2024q3 data set's tables as an unzipped quarter, real Form 4 text files (AAR CORP, 2025; DraftKings, 2025,
 * its 10b5-1 box checked) and the real 374Water Form 4 XML inside a text file, next to a generated mirror's
 * filings. Also the merge rule: a filing both in a quarterly set and as a text file is taken once, from
 * the set; and the dollar rules over the real set's derivative rows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import { formatSubmissionText } from '../../src/pipeline/filing-text/index.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { SOURCES } from '../../src/pipeline/sources/index.ts'
import { HEADERS } from '../../src/pipeline/sources/insider-transactions/sample-tsv.ts'
import { writeTestKeys } from '../helpers/api.ts'
import { testConfig } from '../helpers/config.ts'
import { BEYOND_FILINGS, TEST_BUILD_THREADS } from '../helpers/fixture.ts'
import { hasSamples, SAMPLES, tempDir } from '../helpers/snapshot.ts'

const FORM345 = join(SAMPLES, 'filings-xml/form345')
/**
 * The generated part of the mirror: the filings and filers the real insider files sit beside. No generated
 * insider files (the real ones are what these tests read) and no financial or 13F files (nothing here reads them).
 */
const FILINGS_SOURCES = SOURCES.filter((s) => !BEYOND_FILINGS.includes(s.name))
const AAR = '0001127602-25-001055'
/** The accession number given to the 374Water document, which the sample has as a bare XML file. */
const WATER = '0002064133-25-000001'
const MISTYPED = '0009999991-25-000001'
const DRAFTKINGS = '0001104659-25-025206'

let root = ''
let database: Database
let get: (path: string) => Promise<{ status: number; body: any }>

/**
 * A data-set quarter holding the AAR filing with one share less than its text file says; complete, as the
 * SEC writes one: its derivative and holding tables hold a header alone.
 */
function aarQuarter(dir: string) {
  mkdirSync(dir, { recursive: true })
  const tsv = (table: keyof typeof HEADERS, ...rows: string[][]) =>
    writeFileSync(join(dir, `${table}.tsv`), [HEADERS[table].split(' '), ...rows].map((r) => r.join('\t')).join('\n'))
  for (const table of ['DERIV_TRANS', 'NONDERIV_HOLDING', 'DERIV_HOLDING'] as const) tsv(table)
  const cols = (table: keyof typeof HEADERS, values: Record<string, string>) =>
    HEADERS[table].split(' ').map((h) => values[h] ?? '')
  tsv(
    'SUBMISSION',
    cols('SUBMISSION', {
      ACCESSION_NUMBER: AAR,
      FILING_DATE: '10-JAN-2025',
      PERIOD_OF_REPORT: '10-JAN-2025',
      DOCUMENT_TYPE: '4',
      ISSUERCIK: '0000001750',
      ISSUERNAME: 'AAR CORP',
      ISSUERTRADINGSYMBOL: 'AIR',
    }),
  )
  tsv(
    'REPORTINGOWNER',
    cols('REPORTINGOWNER', {
      ACCESSION_NUMBER: AAR,
      RPTOWNERCIK: '0001806647',
      RPTOWNERNAME: 'Garascia Jessica A.',
      RPTOWNER_RELATIONSHIP: 'Officer',
      RPTOWNER_TITLE: 'Senior VP, GC, CAO & Secretary',
    }),
  )
  tsv(
    'NONDERIV_TRANS',
    cols('NONDERIV_TRANS', {
      ACCESSION_NUMBER: AAR,
      NONDERIV_TRANS_SK: '1',
      SECURITY_TITLE: 'Common Stock',
      TRANS_DATE: '10-JAN-2025',
      TRANS_FORM_TYPE: '4',
      TRANS_CODE: 'S',
      TRANS_SHARES: '1499.0',
      TRANS_PRICEPERSHARE: '66.903',
      TRANS_PRICEPERSHARE_FN: 'F1',
      TRANS_ACQUIRED_DISP_CD: 'D',
      SHRS_OWND_FOLWNG_TRANS: '37565.0',
      DIRECT_INDIRECT_OWNERSHIP: 'D',
    }),
  )
}

describe.skipIf(!hasSamples)('insiders over real files', () => {
  beforeAll(async () => {
    root = tempDir('insider-real')
    const mirror = join(root, 'mirror')
    await generateSample({ out: mirror, scale: 0.00005, seed: 3, sources: FILINGS_SOURCES })
    const sets = join(mirror, 'insider-transactions-data-sets')
    mkdirSync(join(sets, '2024q3_form345'), { recursive: true })
    for (const f of readdirSync(join(SAMPLES, 'insider/2024q3')).filter((f) => f.endsWith('.tsv')))
      copyFileSync(join(SAMPLES, 'insider/2024q3', f), join(sets, '2024q3_form345', f))
    aarQuarter(join(sets, '2025q1_form345'))
    mkdirSync(join(mirror, 'Archives/edgar/data/1750'), { recursive: true })
    copyFileSync(join(FORM345, `${AAR}.txt`), join(mirror, `Archives/edgar/data/1750/${AAR}.txt`))
    mkdirSync(join(mirror, 'Archives/edgar/data/1883685'), { recursive: true })
    copyFileSync(
      join(FORM345, 'form4_draftkings_2025-03-14_S_10b5-1.xml'),
      join(mirror, `Archives/edgar/data/1883685/${DRAFTKINGS}.txt`),
    )
    mkdirSync(join(mirror, 'Archives/edgar/data/933972'), { recursive: true })
    writeFileSync(
      join(mirror, `Archives/edgar/data/933972/${WATER}.txt`),
      formatSubmissionText({
        accessionNumber: WATER,
        form: '4',
        filed: '2025-05-02',
        accepted: '2025-05-02 16:30:05',
        period: '2025-04-30',
        parties: [
          { role: 'reporting-owner', cik: 2064133, name: 'Melkote Rajesh Ramaswamy' },
          { role: 'issuer', cik: 933972, name: '374Water Inc.' },
        ],
        documents: [
          {
            type: '4',
            filename: 'form4.xml',
            xml: readFileSync(join(FORM345, 'form4_374water_2025-04-30.xml'), 'utf8'),
          },
        ],
      }),
    )
    // The same document again under another owner, its first transaction mistyped into 2205.
    const mistyped = readFileSync(join(FORM345, 'form4_374water_2025-04-30.xml'), 'utf8')
      .replace('<rptOwnerCik>0002064133</rptOwnerCik>', '<rptOwnerCik>0009999991</rptOwnerCik>')
      .replace('<value>2025-04-30</value>', '<value>2205-04-30</value>')
    writeFileSync(
      join(mirror, `Archives/edgar/data/933972/${MISTYPED}.txt`),
      formatSubmissionText({
        accessionNumber: MISTYPED,
        form: '4',
        filed: '2025-05-03',
        accepted: '2025-05-03 09:00:00',
        period: '2025-04-30',
        parties: [{ role: 'issuer', cik: 933972, name: '374Water Inc.' }],
        documents: [{ type: '4', filename: 'form4.xml', xml: mistyped }],
      }),
    )
    const built = await runBuild({
      from: mirror,
      datasets: join(root, 'datasets'),
      reporter: silentReporter(),
      threads: TEST_BUILD_THREADS,
      // On purpose: the real 2024q3 extract lacks REPORTINGOWNER and NONDERIV_TRANS (and FOOTNOTES, which the
      // build does not read), and its derivative rows are what these tests read; a build refuses it otherwise.
      allowPartialSets: true,
    })
    expect(built.manifest.periods['insider-transactions']).toBeDefined()
    expect(built.manifest.partialSets).toEqual([
      {
        source: 'insider-transactions',
        file: 'insider-transactions-data-sets/2024q3_form345/',
        missing: ['REPORTINGOWNER.tsv', 'NONDERIV_TRANS.tsv'],
        warning:
          'insider-transactions-data-sets/2024q3_form345/ lacks REPORTINGOWNER.tsv, NONDERIV_TRANS.tsv: built without them (--allow-partial-sets)',
      },
    ])
    const keysFile = join(root, 'keys.json')
    const keys = writeTestKeys(keysFile)
    const config = testConfig({
      DATASETS_DIR: join(root, 'datasets'),
      KEYS_FILE: keysFile,
      LOG_REQUESTS: false,
      WATCH_SNAPSHOTS: false,
      CHECK_RESPONSES: true,
    })
    const log = memorySink()
    database = await Database.open(config, log)
    const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log })
    get = async (path) => {
      const res = await app.handle(
        new Request(`http://localhost${path}`, { headers: { 'x-api-key': keys.ENTERPRISE } }),
      )
      return { status: res.status, body: await res.json() }
    }
  })
  afterAll(async () => {
    await database?.close()
    rmSync(root, { recursive: true, force: true })
  })

  test('the 374Water Form 4 from its text file: both rows, field by field', async () => {
    const res = await get('/v1/insiders/person/2064133/transactions')
    const issuer = { cik: '0000933972', ticker: 'SCWO', name: '374Water Inc.' }
    const reporter = {
      cik: '0002064133',
      name: 'Melkote Rajesh Ramaswamy',
      director: false,
      officer: true,
      tenPercentOwner: false,
      officerTitle: 'Chief Technology Officer',
    }
    const common = {
      accessionNumber: WATER,
      filingUrl: `https://www.sec.gov/Archives/edgar/data/933972/000206413325000001/${WATER}-index.htm`,
      accepted: '2025-05-02T16:30:05',
      issuer,
      reporter,
      transactionDate: '2025-04-30',
      deemedExecutionDate: null,
      transactionCode: 'A',
      type: 'buy',
      pricePerShare: 0,
      value: 0,
      acquiredDisposed: 'A',
      sharesOwnedFollowingTransaction: 757756,
      directOrIndirectOwnership: 'D',
      natureOfOwnership: null,
      // X0508's checkbox, written `false` in this document
      aff10b5One: false,
    }
    expect(res.body.transactions).toEqual([
      {
        ...common,
        securityType: 'Common Stock (restricted stock units)',
        shares: 757756,
        derivative: false,
        underlyingSecurityTitle: null,
        underlyingSecurityShares: null,
        exercisePrice: null,
        exerciseDate: null,
        expirationDate: null,
      },
      {
        ...common,
        securityType: 'Stock options (right to buy)',
        shares: 757576,
        derivative: true,
        underlyingSecurityTitle: 'Common Stock',
        underlyingSecurityShares: 757576,
        exercisePrice: 0.33,
        exerciseDate: null,
        expirationDate: '2035-04-29',
      },
    ])
  })

  test("a transaction dated after its filing is served, but is nobody's latest date", async () => {
    const feed = await get('/v1/insiders/person/9999991/transactions')
    expect(feed.body.transactions.map((t: any) => t.transactionDate)).toEqual(['2205-04-30', '2025-04-30'])
    const stats = await get('/v1/insiders/statistics')
    expect(stats.body.latestTransactionDate < '2026-01-01').toBe(true)
    // the mistyped row is a grant (A): every non-derivative buy is ranked only when widened
    const leaders = await get('/v1/insiders/activity/daily/top-buyers?openMarketOnly=false')
    expect(leaders.body.activityDate).toBe('2025-04-30')
    expect((await get('/v1/insiders/activity/daily/top-buyers?date=2205-04-30&openMarketOnly=false')).status).toBe(200)
  })

  test('a filing in a quarterly set and as a text file is taken once, from the set; its time and 10b5-1 box from the text', async () => {
    const res = await get('/v1/insiders/person/1806647/transactions')
    expect(
      res.body.transactions.map((t: any) => [
        t.accessionNumber,
        t.shares,
        t.pricePerShare,
        t.value,
        t.accepted,
        t.type,
        t.aff10b5One,
      ]),
      // the value in cents: 1499 × 66.903 is 100287.59700000001 in a double
    ).toEqual([[AAR, 1499, 66.903, 100287.6, '2025-01-10T16:07:30', 'sell', false]])
    expect((await get('/v1/insiders/person/1806647')).body.filingCount).toBe(1)
  })

  test('a 2024q3 derivative transaction of the real data set, through the feed (its quarter has no REPORTINGOWNER: no reporter)', async () => {
    const res = await get(
      '/v1/insiders/transactions?transactionFrom=2024-09-27&transactionTo=2024-09-27&derivative=true&transactionCode=A&limit=100',
    )
    const row = res.body.transactions.find((t: any) => t.accessionNumber === '0001493152-24-038908')
    expect(row).toEqual({
      accessionNumber: '0001493152-24-038908',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/1836754/000149315224038908/0001493152-24-038908-index.htm',
      accepted: null,
      issuer: { cik: '0001836754', ticker: 'LGCY', name: 'Legacy Education Inc.' },
      reporter: null,
      securityType: 'Option (Right to Buy)',
      transactionDate: '2024-09-27',
      deemedExecutionDate: null,
      transactionCode: 'A',
      type: 'buy',
      shares: 250000,
      pricePerShare: 0,
      value: 0,
      acquiredDisposed: 'A',
      sharesOwnedFollowingTransaction: 250000,
      directOrIndirectOwnership: 'D',
      natureOfOwnership: null,
      derivative: true,
      underlyingSecurityTitle: 'Common Stock',
      underlyingSecurityShares: 250000,
      exercisePrice: 4,
      exerciseDate: null,
      expirationDate: '2034-09-27',
      // the data sets have no 10b5-1 column, and no text file of this filing is in the mirror
      aff10b5One: null,
    })
  })

  test('the DraftKings Form 4 checks the 10b5-1 box: each of its sales carries it, and the feed filters on it', async () => {
    const res = await get('/v1/insiders/person/1404430/transactions')
    expect(res.body.transactions.length).toBeGreaterThan(0)
    for (const t of res.body.transactions)
      expect([t.accessionNumber, t.transactionCode, t.aff10b5One]).toEqual([DRAFTKINGS, 'S', true])
    expect(res.body.transactions.find((t: any) => t.shares === 49252)).toMatchObject({
      pricePerShare: 37.59,
      value: 1851382.68,
    })
    const flagged = await get('/v1/insiders/transactions?aff10b5One=true&limit=100')
    expect(new Set(flagged.body.transactions.map((t: any) => t.accessionNumber))).toEqual(new Set([DRAFTKINGS]))
  })

  test("the real 2024q3 set's derivative rows (grants at exercise prices, units, exercises) enter no dollar total", async () => {
    const day = '2024-09-27'
    // that day's real rows are all derivative (the set has no NONDERIV_TRANS), some acquisitions priced
    const feed = await get(`/v1/insiders/transactions?transactionFrom=${day}&transactionTo=${day}&limit=100`)
    const rows = feed.body.transactions
    expect(rows.length).toBe(42)
    expect(rows.every((t: any) => t.derivative)).toBe(true)
    expect(rows.some((t: any) => t.type === 'buy' && t.value > 0)).toBe(true)
    for (const openMarketOnly of ['true', 'false'])
      for (const side of ['top-buyers', 'top-sellers']) {
        const res = await get(`/v1/insiders/activity/daily/${side}?date=${day}&openMarketOnly=${openMarketOnly}`)
        expect([side, openMarketOnly, res.status, res.body.data]).toEqual([side, openMarketOnly, 200, []])
      }
    // Everything covered: the only non-derivative money is AAR's and DraftKings' sales (374Water's grants are at $0).
    const stats = (await get('/v1/insiders/statistics')).body
    const sales = (await get('/v1/insiders/person/1404430/transactions')).body.transactions.reduce(
      (sum: number, t: any) => sum + t.value,
      100287.6,
    )
    expect([stats.buyValue, stats.sellValue, stats.netValue]).toEqual([
      0,
      Math.round(sales * 100) / 100,
      -Math.round(sales * 100) / 100,
    ])
    expect(stats.derivativeTransactionCount).toBeGreaterThan(10_000)
    // No open-market purchase at all: the default day of the top buyers is the latest transaction date, ranking no one.
    const buyers = await get('/v1/insiders/activity/daily/top-buyers')
    expect([buyers.status, buyers.body.activityDate, buyers.body.data]).toEqual([200, stats.latestTransactionDate, []])
  })
})

describe.skipIf(!hasSamples)('text files alone', () => {
  test('a mirror whose only insider file is a pre-XML text Form 4 builds, with no insider rows', async () => {
    const dir = tempDir('insider-text-only')
    try {
      const mirror = join(dir, 'mirror')
      await generateSample({ out: mirror, scale: 0.00005, seed: 3, sources: FILINGS_SOURCES })
      mkdirSync(join(mirror, 'Archives/edgar/data/911787'), { recursive: true })
      copyFileSync(
        join(FORM345, '0001094891-00-000193.txt'),
        join(mirror, 'Archives/edgar/data/911787/0001094891-00-000193.txt'),
      )
      const built = await runBuild({
        from: mirror,
        datasets: join(dir, 'datasets'),
        reporter: silentReporter(),
        threads: TEST_BUILD_THREADS,
      })
      expect(built.manifest.tables.insider_filings!.rows).toBe(0)
      expect(built.manifest.sources['insider-transactions']).toEqual([
        expect.objectContaining({ path: 'Archives/edgar/data/', files: 1 }),
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
