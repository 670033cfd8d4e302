/**
 * `secds build --download`: fills a cache folder laid out like the mirror (DESIGN.md §2) from the SEC,
 * so the build can then read it exactly as it reads `--from DIR`.
 *
 * Each source is independent. submissions.zip and company_tickers_exchange.json are required: failing to
 * get either throws. Any other file that is missing (a daily index for a holiday) or keeps failing is
 * logged and skipped; the build reports which sources it found. A 403 stops everything: the SEC has
 * blocked us (no User-Agent, or over the rate), and more requests would only prolong the block.
 *
 * Cache bookkeeping stays out of the layout: validators in `.meta/<mirror path>.json`, the SIC page's HTML
 * in `.raw/`, transfers in progress as `<file>.part`.
 */
import { mkdir, rename, stat, utimes } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import {
  dailyIndex,
  dailyListingUrlPath,
  dailyMasterNames,
  filingIndex,
  fullIndex,
  type IndexEntry,
  lastQuarters,
  newestFilings,
  parseMasterIndex,
  quarterOf,
  SIC_PAGE,
  SUBMISSIONS,
  TICKERS,
} from './edgar-sources.ts'
import { createSecClient, type DownloadStatus, SecHttpError } from './sec-client.ts'
import { parseSicPage, sicRowsToCsv } from './sic-page.ts'

export type MirrorDownloadOptions = {
  cacheDir: string
  userAgent: string
  baseUrl?: string
  maxRequestsPerSecond?: number
  /** Quarterly `full-index/…/master.idx` files: the quarter of `now` and the ones before it. Default 2. */
  fullIndexQuarters?: number
  /** Filing folder listings for the newest filings of the current quarter's daily indexes. Default 200. */
  documentLimit?: number
  now?: Date
  retries?: number
  backoffBaseMs?: number
  log?: (line: string) => void
}

export type MirrorFile = { path: string; status: DownloadStatus; bytes: number }
export type MirrorDownload = { dir: string; files: MirrorFile[]; requests: number; seconds: number }

type Source = { urlPath: string; mirrorPath: string }

/** Downloads fit for the limiter: a big file in flight must not hold up small ones, and starts are spaced anyway. */
const PARALLEL = 4

async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

const isBlocked = (e: unknown) => e instanceof SecHttpError && e.status === 403
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

export async function downloadMirror(opts: MirrorDownloadOptions): Promise<MirrorDownload> {
  const started = performance.now()
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`))
  const client = createSecClient({ ...opts, log }) // refuses a bad User-Agent or rate before any request
  const dir = resolve(opts.cacheDir)
  const now = opts.now ?? new Date()
  const files: MirrorFile[] = []
  let fatal: { error: unknown } | undefined // once set, no further request is made
  await mkdir(dir, { recursive: true })

  /** One file into the mirror; optional ones are skipped (as `missing`) instead of failing the run. */
  async function fetchFile(source: Source, required: boolean, record = true): Promise<MirrorFile> {
    const url = client.baseUrl + source.urlPath
    const metaFile = join(dir, '.meta', `${source.mirrorPath}.json`)
    let file: MirrorFile
    if (fatal) throw fatal.error
    try {
      const result = await client.download(source.urlPath, join(dir, source.mirrorPath), { metaFile })
      if (result.status === 'missing' && required) throw new SecHttpError(url, 404, `GET ${url}: HTTP 404 (a required source)`)
      file = { path: source.mirrorPath, ...result }
      log(result.status === 'missing' ? `skipped ${source.mirrorPath}: not found at ${url}` : `${source.mirrorPath}: ${result.status}`)
    } catch (e) {
      if (required || isBlocked(e)) {
        fatal ??= { error: e }
        throw e
      }
      log(`skipped ${source.mirrorPath}: ${messageOf(e)}`)
      file = { path: source.mirrorPath, status: 'missing', bytes: 0 }
    }
    if (record) files.push(file)
    return file
  }

  /** The SIC page, then `sic_codes.csv` made from it whenever the page changed or the CSV is absent. */
  async function fetchSicCodes() {
    const page = await fetchFile({ urlPath: SIC_PAGE.urlPath, mirrorPath: SIC_PAGE.rawPath }, false, false)
    const csvFile = join(dir, SIC_PAGE.mirrorPath)
    const csvExists = await stat(csvFile).then(() => true, () => false)
    if (page.status === 'missing' || (page.status === 'not-modified' && csvExists)) {
      files.push({ path: SIC_PAGE.mirrorPath, status: page.status, bytes: 0 })
      return
    }
    const htmlFile = join(dir, SIC_PAGE.rawPath)
    const rows = parseSicPage(await Bun.file(htmlFile).text())
    if (rows.length === 0) {
      log(`skipped ${SIC_PAGE.mirrorPath}: no SIC rows found in ${client.baseUrl}${SIC_PAGE.urlPath} (page layout changed?)`)
      files.push({ path: SIC_PAGE.mirrorPath, status: 'missing', bytes: 0 })
      return
    }
    const csv = sicRowsToCsv(rows)
    await Bun.write(`${csvFile}.tmp`, csv)
    const { mtime } = await stat(htmlFile)
    await utimes(`${csvFile}.tmp`, mtime, mtime)
    await rename(`${csvFile}.tmp`, csvFile)
    files.push({ path: SIC_PAGE.mirrorPath, status: 'downloaded', bytes: Buffer.byteLength(csv) })
  }

  /** The current quarter's daily master indexes, then the folder listings of their newest filings. */
  async function fetchDailyAndFilings() {
    const quarter = quarterOf(now)
    let names: string[] = []
    try {
      names = dailyMasterNames(await client.getJson(dailyListingUrlPath(quarter)))
    } catch (e) {
      if (isBlocked(e)) {
        fatal ??= { error: e }
        throw e
      }
      log(`skipped daily indexes of ${quarter.year} QTR${quarter.qtr}: ${messageOf(e)}`)
    }
    const daily = await mapConcurrent(names, PARALLEL, (name) => fetchFile(dailyIndex(quarter, name), false))
    const limit = opts.documentLimit ?? 200
    if (limit <= 0) return
    // Newest day first; each day file is whole, so once `limit` filings are found older days cannot add newer ones.
    const entries: IndexEntry[] = []
    for (const file of daily.filter((f) => f.status !== 'missing').reverse()) {
      entries.push(...parseMasterIndex(await Bun.file(join(dir, file.path)).text()))
      if (new Set(entries.map((e) => e.accession)).size >= limit) break
    }
    await mapConcurrent(newestFilings(entries, limit), PARALLEL, (entry) => fetchFile(filingIndex(entry), false))
  }

  const tasks = [
    fetchFile(SUBMISSIONS, true),
    fetchFile(TICKERS, true),
    fetchSicCodes(),
    mapConcurrent(lastQuarters(now, opts.fullIndexQuarters ?? 2), PARALLEL, (q) => fetchFile(fullIndex(q), false)),
    fetchDailyAndFilings(),
  ]
  // Let every source finish (or fail) before throwing, so no request outlives the call.
  const failure = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected')
  if (fatal) throw fatal.error
  if (failure) throw failure.reason

  files.sort((a, b) => a.path.localeCompare(b.path))
  const seconds = (performance.now() - started) / 1000
  const count = (status: DownloadStatus) => files.filter((f) => f.status === status).length
  log(
    `download: ${count('downloaded')} downloaded, ${count('not-modified')} not modified, ${count('missing')} missing, ` +
      `${client.requests} requests, ${seconds.toFixed(1)}s`,
  )
  return { dir, files, requests: client.requests, seconds }
}
