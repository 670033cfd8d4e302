/**
 * The SEC client: files and small documents from www.sec.gov under the SEC's fair-access rules
 * (https://www.sec.gov/os/accessing-edgar-data): a declared User-Agent with a contact address on every
 * request, at most 10 requests per second across the process, retries with backoff on 429/5xx.
 */
import { basename, dirname, join } from 'node:path'
import { type DownloadResult, downloadToFile } from './file-download.ts'
import { SEC_MAX_REQUESTS_PER_SECOND } from './rate-limit.ts'
import { createTransport, SecHttpError } from './transport.ts'

export type { DownloadResult, DownloadStatus } from './file-download.ts'
export { SecHttpError } from './transport.ts'

export const SEC_BASE_URL = 'https://www.sec.gov'

export type SecClientOptions = {
  /** `Name contact@example.com`: the SEC answers 403 to requests without a declared contact. */
  userAgent: string
  baseUrl?: string
  /** Request starts per second, shared by the whole process; default 10, at most 10 towards the SEC (rate-limit.ts). */
  maxRequestsPerSecond?: number
  /** Extra attempts after the first on 429, 5xx and network errors; default 5. */
  retries?: number
  /** First backoff step; doubles per attempt, plus jitter. Default 1000 ms. */
  backoffBaseMs?: number
  /** Abort a request after this long without a byte; default 60 s. */
  idleTimeoutMs?: number
  fetch?: typeof fetch
  log?: (line: string) => void
}

export type SecClient = {
  readonly baseUrl: string
  /** Requests started so far, every retry included. */
  readonly requests: number
  /**
   * GET `urlPath` into `destFile`: `not-modified` after a 304 to a conditional GET, `missing` on 404/410.
   * Validators live in `metaFile` (default `<dir>/.meta/<name>.json` beside the file).
   */
  download(urlPath: string, destFile: string, options?: { metaFile?: string }): Promise<DownloadResult>
  getText(urlPath: string): Promise<string>
  getJson<T>(urlPath: string): Promise<T>
}

const EMAIL = /[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[A-Za-z]{2,}/

/** Returns the trimmed User-Agent, or throws unless it has a name and an email address. */
export function checkUserAgent(userAgent: string | undefined): string {
  const value = (userAgent ?? '').trim()
  const email = EMAIL.exec(value)?.[0]
  const name = email
    ? value
        .replace(email, '')
        .replace(/[<>()]/g, '')
        .trim()
    : ''
  if (!email || name === '' || /[\r\n]/.test(value)) {
    throw new Error(
      `The SEC requires a User-Agent that names you and gives a contact email, e.g. "Example Corp admin@example.com" ` +
        `(www.sec.gov answers 403 without one); got ${JSON.stringify(userAgent ?? '')}`,
    )
  }
  return value
}

export const defaultMetaFile = (destFile: string) => join(dirname(destFile), '.meta', `${basename(destFile)}.json`)

/** Validates the options (User-Agent, rate) before any request can be made. */
export function createSecClient(opts: SecClientOptions): SecClient {
  const baseUrl = (opts.baseUrl ?? SEC_BASE_URL).replace(/\/+$/, '')
  const transport = createTransport({
    userAgent: checkUserAgent(opts.userAgent),
    baseUrl,
    maxRequestsPerSecond: opts.maxRequestsPerSecond ?? SEC_MAX_REQUESTS_PER_SECOND,
    retries: opts.retries ?? 5,
    backoffBaseMs: opts.backoffBaseMs ?? 1000,
    idleTimeoutMs: opts.idleTimeoutMs ?? 60_000,
    fetch: opts.fetch ?? fetch,
    log: opts.log ?? (() => {}),
  })
  return {
    baseUrl,
    get requests() {
      return transport.requests
    },
    download: (urlPath, destFile, options) =>
      downloadToFile(transport, urlPath, destFile, options?.metaFile ?? defaultMetaFile(destFile)),
    getText: (urlPath) => transport.getText(urlPath),
    async getJson<T>(urlPath: string) {
      const text = await transport.getText(urlPath)
      try {
        return JSON.parse(text) as T
      } catch {
        throw new SecHttpError(transport.url(urlPath), 200, `GET ${transport.url(urlPath)}: the body is not JSON`)
      }
    },
  }
}
