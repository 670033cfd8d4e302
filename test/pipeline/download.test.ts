import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { downloadMirror, type MirrorDownloadOptions } from '../../src/pipeline/download/mirror-download.ts'
import { lastQuarters } from '../../src/pipeline/download/quarters.ts'
import { backoffMs, retryAfterMs } from '../../src/pipeline/download/rate-limit.ts'
import { createSecClient } from '../../src/pipeline/download/sec-client.ts'
import { dailyMasterNames, newestFilings, parseMasterIndex } from '../../src/pipeline/sources/indexes/master-index.ts'
import { sicPageToCsv } from '../../src/pipeline/sources/sic-codes/sic-page.ts'
import { tempDir } from '../helpers/snapshot.ts'
import {
  DAILY_0102,
  DAILY_0103,
  type FakeSecServer,
  FULL_INDEX_2023Q4,
  FULL_INDEX_2024Q1,
  filingIndexJson,
  NEWEST_FILINGS,
  SIC_CSV,
  SIC_PAGE_HTML,
  SUBMISSIONS_ZIP,
  seedEdgar,
  startFakeSecServer,
  TICKERS_JSON,
} from './fake-sec-server.ts'

const USER_AGENT = 'secds tests admin@example.com'
const SUBMISSIONS_URL = '/Archives/edgar/daily-index/bulkdata/submissions.zip'
const TICKERS_URL = '/files/company_tickers_exchange.json'
const LAST_MODIFIED = new Date('2024-02-14T21:00:00Z')

let server: FakeSecServer

beforeAll(() => {
  server = startFakeSecServer()
  seedEdgar(server)
})
afterAll(() => {
  server.stop()
})

const mirrorOptions = (cacheDir: string, log: string[] = []): MirrorDownloadOptions => ({
  cacheDir,
  userAgent: USER_AGENT,
  baseUrl: server.baseUrl,
  now: new Date('2024-02-15T12:00:00Z'),
  // No insider, FSDS or companyfacts files: this test's fake SEC serves none (download-build.test.ts fetches them).
  flags: { 'document-limit': 4, 'insider-quarters': 0, 'fsds-quarters': 0, 'company-facts': 0 },
  backoffBaseMs: 5,
  retries: 2,
  log: (line) => void log.push(line),
})

/** Every file under a folder, relative, sorted. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? listFiles(dir, join(prefix, d.name)) : [join(prefix, d.name)]))
    .sort()
}

const filingPaths = NEWEST_FILINGS.map(([, accession]) => `filing-index/${accession}-index.json`)

describe('downloadMirror', () => {
  const cacheDir = tempDir('download')

  test('a first run fills the mirror layout from the SEC paths and skips a daily index that is 404', async () => {
    const log: string[] = []
    const start = server.requests.length
    const result = await downloadMirror(mirrorOptions(cacheDir, log))
    const requests = server.requests.slice(start)

    expect(result.dir).toBe(cacheDir)
    expect(result.requests).toBe(requests.length)
    expect(result.files.map((f) => [f.path, f.status])).toEqual(
      [
        ['company_tickers_exchange.json', 'downloaded'],
        ['daily-index/2024/QTR1/master.20240102.idx', 'downloaded'],
        ['daily-index/2024/QTR1/master.20240103.idx', 'downloaded'],
        ['daily-index/2024/QTR1/master.20240104.idx', 'missing'],
        ...filingPaths.map((p) => [p, 'downloaded']).sort(),
        ['full-index/2023/QTR4/master.idx', 'downloaded'],
        ['full-index/2024/QTR1/master.idx', 'downloaded'],
        ['sic_codes.csv', 'downloaded'],
        ['submissions.zip', 'downloaded'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    )
    const mirror = listFiles(cacheDir).filter((p) => !p.startsWith('.'))
    expect(mirror).toEqual(result.files.filter((f) => f.status !== 'missing').map((f) => f.path))

    const read = (p: string) => readFileSync(join(cacheDir, p))
    expect(read('submissions.zip').equals(Buffer.from(SUBMISSIONS_ZIP))).toBe(true)
    expect(read('company_tickers_exchange.json').toString()).toBe(TICKERS_JSON)
    expect(read('sic_codes.csv').toString()).toBe(SIC_CSV)
    expect(read('full-index/2024/QTR1/master.idx').toString()).toBe(FULL_INDEX_2024Q1)
    expect(read('full-index/2023/QTR4/master.idx').toString()).toBe(FULL_INDEX_2023Q4)
    expect(read('daily-index/2024/QTR1/master.20240102.idx').toString()).toBe(DAILY_0102)
    expect(read('daily-index/2024/QTR1/master.20240103.idx').toString()).toBe(DAILY_0103)
    for (const [cik, accession] of NEWEST_FILINGS) {
      expect(read(`filing-index/${accession}-index.json`).toString()).toBe(filingIndexJson(cik, accession))
    }
    // The build records source mtimes: they are the server's Last-Modified.
    expect(statSync(join(cacheDir, 'submissions.zip')).mtime.getTime()).toBe(LAST_MODIFIED.getTime())
    expect(statSync(join(cacheDir, 'full-index/2024/QTR1/master.idx')).mtime.getTime()).toBe(LAST_MODIFIED.getTime())

    // Fair access and transport: declared User-Agent everywhere; text came gzip-compressed and was decoded.
    expect(requests.every((r) => r.headers['user-agent'] === USER_AGENT)).toBe(true)
    const fullIndexRequest = requests.find((r) => r.path === '/Archives/edgar/full-index/2024/QTR1/master.idx')
    expect(fullIndexRequest?.headers['accept-encoding']).toBe('gzip, deflate')
    expect(fullIndexRequest?.contentEncoding).toBe('gzip')
    expect(fullIndexRequest!.bodyBytes).toBeLessThan(FULL_INDEX_2024Q1.length / 3)

    // The daily index that is listed but absent is skipped, not fatal; it asks for no filing folders.
    expect(log).toContain(
      `skipped daily-index/2024/QTR1/master.20240104.idx: not found at ${server.baseUrl}/Archives/edgar/daily-index/2024/QTR1/master.20240104.idx`,
    )
    expect(
      requests
        .filter((r) => r.path.startsWith('/Archives/edgar/data/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual(NEWEST_FILINGS.map(([cik, a]) => `/Archives/edgar/data/${cik}/${a.replace(/-/g, '')}/index.json`).sort())
  })

  test('a second run sends validators and reports not-modified with no body transferred', async () => {
    const start = server.requests.length
    const result = await downloadMirror(mirrorOptions(cacheDir))
    const requests = server.requests.slice(start)
    for (const f of result.files) {
      expect([f.path, f.status, f.bytes]).toEqual([
        f.path,
        f.path.endsWith('20240104.idx') ? 'missing' : 'not-modified',
        0,
      ])
    }
    const fileRequests = requests.filter(
      (r) => !r.path.endsWith('/index.json') || r.path.startsWith('/Archives/edgar/data/'),
    )
    const conditional = fileRequests.filter((r) => r.status !== 404)
    expect(conditional.length).toBe(result.files.length - 1)
    for (const r of conditional) {
      expect(r.headers['if-none-match']).toMatch(/^"[0-9a-f]{40}"$/)
      expect(r.headers['if-modified-since']).toBe(LAST_MODIFIED.toUTCString())
      expect([r.status, r.bodyBytes]).toEqual([304, 0])
    }
    expect(statSync(join(cacheDir, 'sic_codes.csv')).size).toBe(SIC_CSV.length)
  })

  test('a permanent 500 on submissions.zip fails the run with an error naming the URL and status', async () => {
    server.failNext(SUBMISSIONS_URL, 100, 500)
    try {
      const start = server.requests.length
      const run = downloadMirror({ ...mirrorOptions(tempDir('download')), retries: 2 })
      await expect(run).rejects.toThrow(`GET ${server.baseUrl}${SUBMISSIONS_URL} failed after 3 attempts: HTTP 500`)
      expect(server.requests.slice(start).filter((r) => r.path === SUBMISSIONS_URL).length).toBe(3)
    } finally {
      server.failNext(SUBMISSIONS_URL, 0, 500)
    }
  })
})

describe('fair access', () => {
  test.each(['', 'secds', 'secds admin-at-example.com', 'admin@example.com'])(
    'refuses the User-Agent %p before any request',
    async (userAgent) => {
      const before = server.requests.length
      expect(() => createSecClient({ userAgent, baseUrl: server.baseUrl })).toThrow(/User-Agent/)
      await expect(downloadMirror({ ...mirrorOptions(tempDir('download')), userAgent })).rejects.toThrow(
        /contact email/,
      )
      expect(server.requests.length).toBe(before)
    },
  )

  test('refuses a rate above the SEC limit of 10 requests per second', () => {
    expect(() => createSecClient({ userAgent: USER_AGENT, maxRequestsPerSecond: 11 })).toThrow(/at most 10 \(the SEC/)
    const sec = { userAgent: USER_AGENT, baseUrl: 'https://efts.SEC.gov/', maxRequestsPerSecond: 11 }
    expect(() => createSecClient(sec)).toThrow(/at most 10/)
  })

  test('a mirror of EDGAR at another address may be read faster, up to 1000 requests a second', () => {
    expect(
      createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, maxRequestsPerSecond: 1000 }).baseUrl,
    ).toBe(server.baseUrl)
    const lookalike = { userAgent: USER_AGENT, baseUrl: 'https://notsec.gov.example', maxRequestsPerSecond: 1001 }
    expect(() => createSecClient(lookalike)).toThrow(/at most 1000 \(the limit for a mirror/)
  })

  test('spaces request starts at least 100 ms apart, shared by concurrent downloads and clients', async () => {
    const starts: number[] = []
    const timedFetch = Object.assign((...args: Parameters<typeof fetch>) => {
      starts.push(performance.now())
      return fetch(...args)
    }, fetch)
    const options = { userAgent: USER_AGENT, baseUrl: server.baseUrl, maxRequestsPerSecond: 10, fetch: timedFetch }
    const [a, b] = [createSecClient(options), createSecClient(options)]
    const dir = tempDir('download')
    const serverStart = server.requests.length
    await Promise.all([
      a.download(TICKERS_URL, join(dir, 'a.json')),
      a.getText('/Archives/edgar/daily-index/2024/QTR1/master.20240102.idx'),
      a.getJson('/Archives/edgar/daily-index/2024/QTR1/index.json'),
      b.download(TICKERS_URL, join(dir, 'b.json')),
      b.getText('/Archives/edgar/daily-index/2024/QTR1/master.20240103.idx'),
      b.getJson('/Archives/edgar/daily-index/2024/QTR1/index.json'),
    ])
    const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!)
    expect(starts.length).toBe(6)
    expect(Math.min(...gaps(starts.sort((x, y) => x - y)))).toBeGreaterThanOrEqual(99)
    // Each start went to the server. When they arrived is not checked: the server runs on this test's event
    // loop, and a busy machine delays an arrival by any time (one 44 ms after the one before, in a full run
    // beside a build), so only the starts tell the spacing.
    expect(server.requests.length - serverStart).toBe(6)
  })

  test('retries 429 and 503, honouring Retry-After, then succeeds', async () => {
    const client = createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, backoffBaseMs: 5 })
    const dir = tempDir('download')
    server.failNext(TICKERS_URL, 1, 429, '1')
    const start = server.requests.length
    expect(await client.download(TICKERS_URL, join(dir, 'tickers.json'))).toEqual({
      status: 'downloaded',
      bytes: TICKERS_JSON.length,
    })
    const attempts = server.requests.slice(start).filter((r) => r.path === TICKERS_URL)
    expect(attempts.map((r) => r.status)).toEqual([429, 200])
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(990) // Retry-After: 1 (seconds)
    expect(readFileSync(join(dir, 'tickers.json'), 'utf8')).toBe(TICKERS_JSON)

    const listing = '/Archives/edgar/daily-index/2024/QTR1/index.json'
    server.failNext(listing, 2, 503)
    const listed = await client.getJson<unknown>(listing)
    expect(dailyMasterNames(listed)).toEqual(['master.20240102.idx', 'master.20240103.idx', 'master.20240104.idx'])
    expect(
      server
        .requestsTo(listing)
        .slice(-3)
        .map((r) => r.status),
    ).toEqual([503, 503, 200])
  })

  test('a 429 with Retry-After: 0 is retried at once and the retry budget is per file', async () => {
    const client = createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, retries: 1, backoffBaseMs: 5 })
    server.failNext(TICKERS_URL, 2, 429, '0')
    await expect(client.download(TICKERS_URL, join(tempDir('download'), 't.json'))).rejects.toThrow(
      `${TICKERS_URL} failed after 2 attempts: HTTP 429`,
    )
    expect(await client.getText(TICKERS_URL)).toBe(TICKERS_JSON)
  })
})

describe('resumable downloads', () => {
  test('an interrupted download leaves a .part that the next run resumes with Range, ending byte-identical', async () => {
    const dir = tempDir('download')
    const dest = join(dir, 'submissions.zip')
    const client = createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, retries: 0, backoffBaseMs: 5 })
    server.cutNext(SUBMISSIONS_URL, 120_000, `${dest}.part`)
    await expect(client.download(SUBMISSIONS_URL, dest)).rejects.toThrow(/connection lost/)
    const partSize = statSync(`${dest}.part`).size
    expect(partSize).toBeGreaterThan(0)
    expect(partSize).toBeLessThanOrEqual(120_000)
    expect(existsSync(dest)).toBe(false)

    const start = server.requests.length
    expect(await client.download(SUBMISSIONS_URL, dest)).toEqual({
      status: 'downloaded',
      bytes: SUBMISSIONS_ZIP.length - partSize,
    })
    const [resumed] = server.requests.slice(start)
    expect(resumed?.headers.range).toBe(`bytes=${partSize}-`)
    expect(resumed?.headers['if-range']).toMatch(/^"[0-9a-f]{40}"$/)
    expect(resumed?.headers['accept-encoding']).toBe('identity')
    expect(resumed?.status).toBe(206)
    expect(readFileSync(dest).equals(Buffer.from(SUBMISSIONS_ZIP))).toBe(true)
    expect(existsSync(`${dest}.part`)).toBe(false)
  })

  test('a connection cut mid-body is retried from where it stopped within the same call', async () => {
    const dest = join(tempDir('download'), 'submissions.zip')
    const client = createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, backoffBaseMs: 5 })
    server.cutNext(SUBMISSIONS_URL, 50_000, `${dest}.part`)
    const start = server.requests.length
    await client.download(SUBMISSIONS_URL, dest)
    expect(server.requests.slice(start).map((r) => [r.status, r.headers.range ?? null])).toEqual([
      [200, null],
      [206, expect.stringMatching(/^bytes=\d+-$/)],
    ])
    expect(readFileSync(dest).equals(Buffer.from(SUBMISSIONS_ZIP))).toBe(true)
  })

  test('a .part of an older version is discarded when If-Range no longer matches', async () => {
    const path = '/Archives/edgar/daily-index/bulkdata/changing.zip'
    const oldBytes = SUBMISSIONS_ZIP.slice(0, 100_000)
    const newBytes = SUBMISSIONS_ZIP.slice(100_000, 250_000)
    server.put(path, oldBytes)
    const dest = join(tempDir('download'), 'changing.zip')
    const client = createSecClient({ userAgent: USER_AGENT, baseUrl: server.baseUrl, retries: 0 })
    server.cutNext(path, 40_000, `${dest}.part`)
    await expect(client.download(path, dest)).rejects.toThrow(/connection lost/)
    server.put(path, newBytes, new Date('2024-02-15T08:00:00Z'))
    expect(await client.download(path, dest)).toEqual({ status: 'downloaded', bytes: newBytes.length })
    expect(server.requestsTo(path).at(-1)?.status).toBe(200)
    expect(readFileSync(dest).equals(Buffer.from(newBytes))).toBe(true)
  })
})

describe('EDGAR formats', () => {
  test('the SIC page converts to the exact CSV, quoting titles with commas', () => {
    expect(sicPageToCsv(SIC_PAGE_HTML)).toBe(SIC_CSV)
    expect(sicPageToCsv('<tr><td>7</td><td>A "B"</td><td>C</td></tr>')).toBe(
      'SIC Code,Office,Industry Title\r\n7,"A ""B""",C\r\n',
    )
  })

  test('quarters, listings, master index lines and the newest filings', () => {
    expect(lastQuarters(new Date('2024-02-15T00:00:00Z'), 3)).toEqual([
      { year: 2024, qtr: 1 },
      { year: 2023, qtr: 4 },
      { year: 2023, qtr: 3 },
    ])
    expect(dailyMasterNames({ directory: {} })).toEqual([])
    expect(dailyMasterNames(null)).toEqual([])
    const entries = parseMasterIndex(DAILY_0102 + DAILY_0103.split('-\n')[1])
    expect(entries.length).toBe(5)
    expect(entries[0]).toEqual({
      cik: '1000045',
      company: 'NICHOLAS FINANCIAL INC',
      form: '8-K',
      date: '20240102',
      accession: '0000950170-24-000101',
    })
    expect(newestFilings(entries, 2).map((e) => [e.cik, e.accession])).toEqual(
      NEWEST_FILINGS.slice(0, 2).map((x) => [...x]),
    )
    expect(parseMasterIndex(FULL_INDEX_2024Q1).length).toBe(300)
  })

  test('Retry-After as seconds or an HTTP date, capped at 60 s; backoff doubles', () => {
    const now = Date.parse('2024-02-15T12:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2000)
    expect(retryAfterMs('Thu, 15 Feb 2024 12:00:05 GMT', now)).toBe(5000)
    expect(retryAfterMs('3600', now)).toBe(60_000)
    expect(retryAfterMs(null, now)).toBeUndefined()
    expect([0, 1, 2].map((n) => backoffMs(n, 100, () => 0))).toEqual([100, 200, 400])
  })
})
