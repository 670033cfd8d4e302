/**
 * `secds build --download`: fills a cache folder laid out like the mirror (docs/data.md) from the SEC, so
 * the build can then read it exactly as it reads `--from DIR`. Each source's download part
 * (SourceDefinition.download) says what it fetches; this runs them all at once on one client, whose rate
 * limit is shared by the whole process.
 *
 * A source's required file (submissions.zip, company_tickers_exchange.json) that cannot be had fails the
 * run. Any other file that is missing (a daily index for a holiday) or keeps failing is logged and
 * skipped; the build reports which sources it found. A 403 stops everything: the SEC has blocked us (no
 * User-Agent, or over the rate), and more requests would only prolong the block.
 *
 * Cache bookkeeping stays out of the layout: validators in `.meta/<mirror path>.json`, the SIC page's HTML
 * in `.raw/`, transfers in progress as `<file>.part`.
 */
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { SourceDefinition } from '../source.ts'
import { SOURCES } from '../sources/index.ts'
import type { DownloadContext, MirrorFile, RemoteFile } from './context.ts'
import { createSecClient, type DownloadStatus, SecHttpError } from './sec-client.ts'

export type MirrorDownloadOptions = {
  cacheDir: string
  userAgent: string
  baseUrl?: string
  maxRequestsPerSecond?: number
  /** The sources' own flags by name (`index-quarters`, `document-limit`); each has a default. */
  flags?: Readonly<Record<string, number>>
  now?: Date
  retries?: number
  backoffBaseMs?: number
  log?: (line: string) => void
  /** Only tests pass other sources. */
  sources?: readonly SourceDefinition[]
}

export type { MirrorFile } from './context.ts'
export type MirrorDownload = { dir: string; files: MirrorFile[]; requests: number; seconds: number }

const isBlocked = (e: unknown) => e instanceof SecHttpError && e.status === 403
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** Every download flag of the sources, with its default: what `secds build` accepts. */
export const downloadFlags = (sources: readonly SourceDefinition[] = SOURCES) =>
  sources.flatMap((s) => s.download?.flags ?? [])

export async function downloadMirror(opts: MirrorDownloadOptions): Promise<MirrorDownload> {
  const started = performance.now()
  const sources = opts.sources ?? SOURCES
  const log = opts.log ?? ((line: string) => void process.stderr.write(`${line}\n`))
  const client = createSecClient({ ...opts, log }) // refuses a bad User-Agent or rate before any request
  const dir = resolve(opts.cacheDir)
  const now = opts.now ?? new Date()
  const files: MirrorFile[] = []
  let fatal: { error: unknown } | undefined // once set, no further request is made
  await mkdir(dir, { recursive: true })

  /** One file into the mirror; optional ones are skipped (as `missing`) instead of failing the run. */
  async function fetchFile(source: RemoteFile, required: boolean, record = true): Promise<MirrorFile> {
    const url = client.baseUrl + source.urlPath
    const metaFile = join(dir, '.meta', `${source.mirrorPath}.json`)
    let file: MirrorFile
    if (fatal) throw fatal.error
    try {
      const result = await client.download(source.urlPath, join(dir, source.mirrorPath), { metaFile })
      if (result.status === 'missing' && required)
        throw new SecHttpError(url, 404, `GET ${url}: HTTP 404 (a required source)`)
      file = { path: source.mirrorPath, ...result }
      log(
        result.status === 'missing'
          ? `skipped ${source.mirrorPath}: not found at ${url}`
          : `${source.mirrorPath}: ${result.status}`,
      )
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

  const running = new Map<string, Promise<void>>()
  const contextOf = (source: SourceDefinition): DownloadContext => ({
    client,
    dir,
    now,
    flags: Object.fromEntries((source.download?.flags ?? []).map((f) => [f.name, opts.flags?.[f.name] ?? f.fallback])),
    log,
    fetch: fetchFile,
    record: (file) => void files.push(file),
    blocked(e) {
      if (!isBlocked(e)) return false
      fatal ??= { error: e }
      return true
    },
    after: async (name) => {
      // Its failure is reported by its own task; this one goes on with what there is.
      await running.get(name)?.catch(() => undefined)
    },
  })
  for (const source of sources) {
    if (!source.download) continue
    const download = source.download
    // Started in registry order, so `after` finds the sources registered before.
    running.set(
      source.name,
      Promise.resolve().then(() => download.fetch(contextOf(source))),
    )
  }
  // Let every source finish (or fail) before throwing, so no request outlives the call.
  const failure = (await Promise.allSettled(running.values())).find((r) => r.status === 'rejected')
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
