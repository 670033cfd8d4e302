/**
 * A stand-in for www.sec.gov in tests: a real HTTP server (Bun.serve on 127.0.0.1, port 0) over a temp
 * folder that it fills with small files in EDGAR's real formats, at the SEC's URL paths. It speaks the
 * HTTP the download relies on (ETag / Last-Modified, 304, Range / If-Range / 206, gzip when asked), can be
 * told to fail or cut off the next responses of a path, and records every request it receives.
 */
import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { tempDir } from '../helpers/snapshot.ts'

export type RecordedRequest = {
  path: string
  headers: Record<string, string>
  /** performance.now() when the request arrived. */
  at: number
  status: number
  /** Body bytes sent (after gzip), 0 for 304/404. */
  bodyBytes: number
  contentEncoding: string | null
}

type Fault = { status: number; retryAfter?: string; remaining: number }

/** Files served as gzip when the client accepts it, as the SEC's CDN does for text. */
const COMPRESSIBLE = /\.(idx|json|html?)$|\/[^./]+$/

export class FakeSecServer {
  readonly root = tempDir('fake-sec')
  readonly requests: RecordedRequest[] = []
  private readonly faults = new Map<string, Fault>()
  private readonly cuts = new Map<string, { bytes: number; receivedInto: string }>()
  private readonly server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => this.handle(req),
    // A cut-off body ends in a stream error; answer quietly instead of printing it.
    error: () => new Response('error', { status: 500 }),
  })

  get baseUrl() {
    return `http://127.0.0.1:${this.server.port}`
  }

  /** Puts a file at an SEC URL path, with the given Last-Modified (second precision, like HTTP dates). */
  put(urlPath: string, content: string | Uint8Array, lastModified = new Date('2024-02-14T21:00:00Z')) {
    const file = this.fileOf(urlPath)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, content)
    utimesSync(file, lastModified, lastModified)
  }

  remove(urlPath: string) {
    rmSync(this.fileOf(urlPath), { force: true })
  }

  /** The next `count` requests of `urlPath` get `status` (with `Retry-After` when given). */
  failNext(urlPath: string, count: number, status: number, retryAfter?: string) {
    this.faults.set(urlPath, { status, retryAfter, remaining: count })
  }

  /**
   * The next response of `urlPath` sends `bytes` of its body, then the connection breaks, once the client
   * has written some of them into `receivedInto` (its `.part` file).
   */
  cutNext(urlPath: string, bytes: number, receivedInto: string) {
    this.cuts.set(urlPath, { bytes, receivedInto })
  }

  requestsTo(urlPath: string) {
    return this.requests.filter((r) => r.path === urlPath)
  }

  stop() {
    this.server.stop(true)
    rmSync(this.root, { recursive: true, force: true })
  }

  private fileOf(urlPath: string) {
    return join(this.root, ...urlPath.split('/').filter(Boolean))
  }

  private async handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname
    const record: RecordedRequest = {
      path,
      headers: Object.fromEntries(req.headers.entries()),
      at: performance.now(),
      status: 0,
      bodyBytes: 0,
      contentEncoding: null,
    }
    this.requests.push(record)
    const res = await this.respond(req, path)
    record.status = res.status
    record.contentEncoding = res.headers.get('content-encoding')
    record.bodyBytes = Number(res.headers.get('content-length') ?? res.headers.get('x-body-bytes') ?? 0)
    return res
  }

  private async respond(req: Request, path: string): Promise<Response> {
    const fault = this.faults.get(path)
    if (fault && fault.remaining > 0) {
      fault.remaining--
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter }
      return new Response(`fault ${fault.status}`, { status: fault.status, headers })
    }
    const file = Bun.file(this.fileOf(path))
    if (!(await file.exists())) return new Response('Not Found', { status: 404 })

    const bytes = new Uint8Array(await file.arrayBuffer())
    const etag = `"${new Bun.CryptoHasher('sha1').update(bytes).digest('hex')}"`
    const lastModified = statSync(this.fileOf(path)).mtime.toUTCString()
    const validators = { ETag: etag, 'Last-Modified': lastModified, 'Accept-Ranges': 'bytes' }

    const ifNoneMatch = req.headers.get('if-none-match')
    const ifModifiedSince = req.headers.get('if-modified-since')
    const unchanged =
      ifNoneMatch !== null
        ? ifNoneMatch === etag
        : ifModifiedSince !== null && Date.parse(ifModifiedSince) >= Date.parse(lastModified)
    if (unchanged) return new Response(null, { status: 304, headers: validators })

    const range = /^bytes=(\d+)-$/.exec(req.headers.get('range') ?? '')
    const ifRange = req.headers.get('if-range')
    if (range && (ifRange === null || ifRange === etag || ifRange === lastModified)) {
      const start = Number(range[1])
      if (start >= bytes.length)
        return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${bytes.length}` } })
      const headers = { ...validators, 'Content-Range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` }
      return this.body(path, bytes.subarray(start), 206, headers)
    }

    const acceptsGzip = /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')
    if (acceptsGzip && COMPRESSIBLE.test(path)) {
      return this.body(path, Bun.gzipSync(bytes), 200, {
        ...validators,
        'Content-Encoding': 'gzip',
        Vary: 'Accept-Encoding',
      })
    }
    return this.body(path, bytes, 200, validators)
  }

  /** A whole body, or (when a cut is pending) the first bytes of it and then a broken connection. */
  private body(path: string, bytes: Uint8Array, status: number, headers: Record<string, string>): Response {
    const cut = this.cuts.get(path)
    if (cut === undefined)
      return new Response(bytes, { status, headers: { ...headers, 'Content-Length': String(bytes.length) } })
    this.cuts.delete(path)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut.bytes))
        // Broken once the client has written some of them: a timer breaking it 20 ms after they were queued
        // fired, on a busy machine, before any went out. Erroring the stream makes Bun drop the connection
        // without the closing chunk: the client sees a reset.
        const breakOnceReceived = () =>
          (statSync(cut.receivedInto, { throwIfNoEntry: false })?.size ?? 0) > 0
            ? controller.error(undefined)
            : setTimeout(breakOnceReceived, 2)
        breakOnceReceived()
      },
    })
    return new Response(stream, { status, headers: { ...headers, 'X-Body-Bytes': String(cut.bytes) } })
  }
}

export const startFakeSecServer = () => new FakeSecServer()

// ---- EDGAR files in their real formats -------------------------------------------------------------

const DAILY_PREAMBLE = (day: string) => `Description:           Daily Index of EDGAR Dissemination Feed
Last Data Received:    ${day}
Comments:              webmaster@sec.gov
Anonymous FTP:         ftp://ftp.sec.gov/edgar/
 
CIK|Company Name|Form Type|Date Filed|File Name
--------------------------------------------------------------------------------
`

const FULL_PREAMBLE = `Description:           Master Index of EDGAR Dissemination Feed
Last Data Received:    February 14, 2024
Comments:              webmaster@sec.gov
Anonymous FTP:         ftp://ftp.sec.gov/edgar/
Cloud HTTP:            https://www.sec.gov/Archives/

 
 
 
CIK|Company Name|Form Type|Date Filed|Filename
--------------------------------------------------------------------------------
`

/** The SIC page as the SEC's site renders it, with the untidiness a parser meets there. */
export const SIC_PAGE_HTML = `<!DOCTYPE html><html><body>
<h1>Division of Corporation Finance: Standard Industrial Classification (SIC) Code List</h1>
<table class="list usa-table">
  <thead><tr><th scope="col">SIC Code</th><th scope="col">Office</th><th scope="col">Industry Title</th></tr></thead>
  <tbody>
    <tr><td>100</td><td>Industrial Applications and Services</td><td>AGRICULTURAL PRODUCTION-CROPS</td></tr>
    <tr class="odd">
      <td headers="sic-code">0200</td>
      <td> Industrial Applications
           and Services </td>
      <td><a href="/cgi-bin/browse-edgar?action=getcompany&amp;SIC=0200">AGRICULTURAL PROD-LIVESTOCK &amp; ANIMAL SPECIALTIES</a></td>
    </tr>
    <tr><td>900</td><td>Industrial Applications and Services</td><td>FISHING, HUNTING AND TRAPPING</td></tr>
    <tr><TD>1389</TD><td>Office of Energy &amp; Transportation</td><td><a href="#">OIL &amp; GAS FIELD SERVICES, NEC</a></td></tr>
    <tr><td>2320</td><td>Office of Manufacturing</td><td>MEN&#39;S &amp; BOYS&#39; FURNISHGS, WORK CLOTHG, &amp; ALLIED GARMENTS</td>
    <tr><td>9995</td><td>Office of Real Estate &amp; Construction</td><td>NON-OPERATING ESTABLISHMENTS</td></tr>
  </tbody>
</table></body></html>
`

export const SIC_CSV = [
  'SIC Code,Office,Industry Title',
  '100,Industrial Applications and Services,AGRICULTURAL PRODUCTION-CROPS',
  '200,Industrial Applications and Services,AGRICULTURAL PROD-LIVESTOCK & ANIMAL SPECIALTIES',
  '900,Industrial Applications and Services,"FISHING, HUNTING AND TRAPPING"',
  '1389,Office of Energy & Transportation,"OIL & GAS FIELD SERVICES, NEC"',
  `2320,Office of Manufacturing,"MEN'S & BOYS' FURNISHGS, WORK CLOTHG, & ALLIED GARMENTS"`,
  '9995,Office of Real Estate & Construction,NON-OPERATING ESTABLISHMENTS',
  '',
].join('\r\n')

/** A full-index master.idx for a quarter: enough lines that gzip matters. */
function fullIndex(year: number, months: string[]) {
  const lines = Array.from({ length: 300 }, (_, i) => {
    const cik = 1000000 + i
    const day = String((i % 28) + 1).padStart(2, '0')
    return `${cik}|COMPANY ${i} INC|10-Q|${year}-${months[i % months.length]}-${day}|edgar/data/${cik}/0000950170-${String(year).slice(2)}-${String(i).padStart(6, '0')}.txt`
  })
  return `${FULL_PREAMBLE}${lines.join('\n')}\n`
}

export const DAILY_0102 =
  DAILY_PREAMBLE('Jan  2, 2024') +
  '1000045|NICHOLAS FINANCIAL INC|8-K|20240102|edgar/data/1000045/0000950170-24-000101.txt\n' +
  '1000209|MEDALLION FINANCIAL CORP|4|20240102|edgar/data/1000209/0001209191-24-000102.txt\n'

/** 0001209191-24-000200 is listed twice (issuer and reporting owner), as Form 4s are. */
export const DAILY_0103 =
  DAILY_PREAMBLE('Jan  3, 2024') +
  '1000229|CORE LABORATORIES N V|4|20240103|edgar/data/1000229/0001209191-24-000200.txt\n' +
  '1000232|KENTUCKY BANCSHARES INC /KY/|10-K|20240103|edgar/data/1000232/0001179110-24-000300.txt\n' +
  '1845678|DOE JANE|4|20240103|edgar/data/1845678/0001209191-24-000200.txt\n'

/** The four newest distinct filings of the daily files above (date, then accession, descending), with their folder cik. */
export const NEWEST_FILINGS = [
  ['1000229', '0001209191-24-000200'],
  ['1000232', '0001179110-24-000300'],
  ['1000209', '0001209191-24-000102'],
  ['1000045', '0000950170-24-000101'],
] as const

export const TICKERS_JSON =
  '{"fields":["cik","name","ticker","exchange"],"data":[[123,"EXAMPLE CORP","EXMP","Nasdaq"]]}'

/** Bytes that do not compress, big enough to arrive in several chunks: stands in for submissions.zip. */
export const SUBMISSIONS_ZIP = new Uint8Array(300_000).map((_, i) => (i * 2654435761) >>> 24)

export const FULL_INDEX_2024Q1 = fullIndex(2024, ['01', '02'])
export const FULL_INDEX_2023Q4 = fullIndex(2023, ['10', '11', '12'])

/** Fills the server with the files a download for "now = 2024-02-15" asks for. */
export function seedEdgar(server: FakeSecServer) {
  server.put('/Archives/edgar/daily-index/bulkdata/submissions.zip', SUBMISSIONS_ZIP)
  server.put('/files/company_tickers_exchange.json', TICKERS_JSON)
  server.put('/search-filings/standard-industrial-classification-sic-code-list', SIC_PAGE_HTML)
  server.put('/Archives/edgar/full-index/2024/QTR1/master.idx', FULL_INDEX_2024Q1)
  server.put('/Archives/edgar/full-index/2023/QTR4/master.idx', FULL_INDEX_2023Q4)
  const item = (name: string) => ({
    'last-modified': '2024-01-19 16:21:45',
    name,
    type: 'file',
    href: name,
    size: '120 KB',
  })
  const listing = {
    directory: {
      name: 'daily-index/2024/QTR1/',
      'parent-dir': '../',
      // master.20240104.idx is listed but absent (404), as happens around holidays; the rest is noise to ignore.
      item: [
        item('company.20240102.idx'),
        item('master.20240102.idx'),
        item('master.20240103.idx'),
        item('master.20240104.idx'),
        item('form.20240103.idx'),
        { name: 'sitemap.20240103.xml' },
        {},
        { name: 'master.20240105.idx', type: 'dir' },
      ],
    },
  }
  server.put('/Archives/edgar/daily-index/2024/QTR1/index.json', JSON.stringify(listing))
  server.put('/Archives/edgar/daily-index/2024/QTR1/master.20240102.idx', DAILY_0102)
  server.put('/Archives/edgar/daily-index/2024/QTR1/master.20240103.idx', DAILY_0103)
  for (const [cik, accession] of NEWEST_FILINGS)
    server.put(filingIndexUrl(cik, accession), filingIndexJson(cik, accession))
}

export const filingIndexUrl = (cik: string, accession: string) =>
  `/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/index.json`

export function filingIndexJson(cik: string, accession: string) {
  const folder = accession.replace(/-/g, '')
  return JSON.stringify({
    directory: {
      name: `/Archives/edgar/data/${cik}/${folder}`,
      'parent-dir': `/Archives/edgar/data/${cik}`,
      item: [
        { 'last-modified': '2024-01-03 16:05:12', name: `${accession}-index.htm`, type: 'text.gif', size: '' },
        { 'last-modified': '2024-01-03 16:05:12', name: `${accession}.txt`, type: 'text.gif', size: '12 KB' },
      ],
    },
  })
}
