/**
 * One file from the SEC onto disk: conditional (ETag / Last-Modified remembered in a JSON sidecar),
 * resumable (`<file>.part` + `Range`/`If-Range`), streamed, and renamed into place only when complete.
 *
 * The sidecar holds the validators of the complete file (for `If-None-Match` / `If-Modified-Since`) and,
 * while a transfer is under way, those of the `.part` (for `If-Range`): resuming a part that belongs to
 * an older version of the file would splice two versions together, so without validators we start over.
 */
import { mkdir, open, rename, rm, stat, utimes } from 'node:fs/promises'
import { dirname } from 'node:path'
import { RetryableError, type Sent, type Transport } from './transport.ts'

export type DownloadStatus = 'downloaded' | 'not-modified' | 'missing'
/** `bytes`: body bytes written to disk by this call (0 when not modified or missing). */
export type DownloadResult = { status: DownloadStatus; bytes: number }

type Validators = { etag?: string; lastModified?: string }
type CacheMeta = { url?: string; complete?: Validators & { bytes: number; fetchedAt: string }; part?: Validators }

async function readMeta(metaFile: string): Promise<CacheMeta> {
  try {
    return (await Bun.file(metaFile).json()) as CacheMeta
  } catch {
    return {} // absent or unreadable: behave as a first download
  }
}

async function writeMeta(metaFile: string, meta: CacheMeta) {
  await Bun.write(`${metaFile}.tmp`, `${JSON.stringify(meta, null, 2)}\n`)
  await rename(`${metaFile}.tmp`, metaFile)
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size
  } catch {
    return undefined
  }
}

function validatorsOf(res: Response): Validators {
  const v: Validators = {}
  const etag = res.headers.get('etag')
  const lastModified = res.headers.get('last-modified')
  if (etag) v.etag = etag
  if (lastModified) v.lastModified = lastModified
  return v
}

/** `If-Range` needs a strong validator: a weak ETag (`W/"…"`) may not be used, Last-Modified may. */
function ifRangeOf(v: Validators | undefined): string | undefined {
  if (v?.etag && !v.etag.startsWith('W/')) return v.etag
  return v?.lastModified
}

/** `bytes 100-199/200` → start and total (total undefined when `*`). */
function parseContentRange(header: string | null): { start: number; total: number | undefined } | undefined {
  const m = /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(header?.trim() ?? '')
  if (!m) return undefined
  return { start: Number(m[1]), total: m[2] === '*' ? undefined : Number(m[2]) }
}

/** A decoded (gzip) body is longer than its Content-Length, so only an identity body can be checked. */
function identityLength(res: Response): number | undefined {
  const encoding = res.headers.get('content-encoding')
  const length = res.headers.get('content-length')
  if ((encoding && encoding.toLowerCase() !== 'identity') || length === null) return undefined
  return Number(length)
}

async function streamTo(t: Transport, sent: Sent, file: string, append: boolean): Promise<number> {
  const handle = await open(file, append ? 'a' : 'w')
  try {
    return await t.readBody(sent, async (chunk) => {
      await handle.write(chunk)
    })
  } finally {
    await handle.close()
  }
}

/** Downloads `urlPath` to `destFile`, keeping its validators in `metaFile`; retried as a whole. */
export async function downloadToFile(
  t: Transport,
  urlPath: string,
  destFile: string,
  metaFile: string,
): Promise<DownloadResult> {
  const url = t.url(urlPath)
  await mkdir(dirname(destFile), { recursive: true })
  await mkdir(dirname(metaFile), { recursive: true })
  return t.withRetries(url, () => attempt(t, url, destFile, metaFile))
}

async function attempt(t: Transport, url: string, destFile: string, metaFile: string): Promise<DownloadResult> {
  const partFile = `${destFile}.part`
  const meta = await readMeta(metaFile)
  const partSize = (await sizeOf(partFile)) ?? 0
  const ifRange = ifRangeOf(meta.part)
  const resumeFrom = partSize > 0 && ifRange ? partSize : 0
  const conditional = resumeFrom === 0 && meta.complete !== undefined && (await sizeOf(destFile)) !== undefined

  const headers: Record<string, string> = {}
  if (resumeFrom > 0 && ifRange) {
    // Byte ranges count bytes of the *encoded* body; asking for identity keeps them equal to bytes on disk.
    Object.assign(headers, { Range: `bytes=${resumeFrom}-`, 'If-Range': ifRange, 'Accept-Encoding': 'identity' })
  } else {
    headers['Accept-Encoding'] = 'gzip, deflate'
    if (conditional && meta.complete?.etag) headers['If-None-Match'] = meta.complete.etag
    if (conditional && meta.complete?.lastModified) headers['If-Modified-Since'] = meta.complete.lastModified
  }

  const sent = await t.send(url, headers)
  const { res } = sent
  try {
    if (res.status === 304 && conditional && meta.complete) {
      await res.body?.cancel().catch(() => {})
      await writeMeta(metaFile, { ...meta, url, complete: { ...meta.complete, ...validatorsOf(res) } })
      return { status: 'not-modified', bytes: 0 }
    }
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel().catch(() => {})
      return { status: 'missing', bytes: 0 }
    }
    if (res.status === 416 && resumeFrom > 0) {
      // The part is at least as long as the file: it cannot be trusted, so start over at once.
      await res.body?.cancel().catch(() => {})
      await discardPart(partFile, metaFile, meta)
      throw new RetryableError('range not satisfiable; starting over', 416, 0)
    }
    await t.assertOk(url, res)

    let append = false
    let expected = identityLength(res)
    let partValidators = meta.part
    if (res.status === 206) {
      const range = parseContentRange(res.headers.get('content-range'))
      if (!range || range.start !== resumeFrom) {
        await res.body?.cancel().catch(() => {})
        await discardPart(partFile, metaFile, meta)
        throw new RetryableError(`unexpected Content-Range ${res.headers.get('content-range')}; starting over`, 206, 0)
      }
      append = true
      expected = range.total
    } else {
      // A 200 (first try, or If-Range said the file changed): a new part, remembered before any byte lands.
      partValidators = validatorsOf(res)
      await writeMeta(metaFile, { ...meta, url, part: partValidators })
    }

    const written = await streamTo(t, sent, partFile, append)
    const size = (append ? resumeFrom : 0) + written
    if (expected !== undefined && size !== expected) {
      throw new RetryableError(`body ended at ${size} of ${expected} bytes`)
    }
    await rename(partFile, destFile)
    const complete = { ...partValidators, ...validatorsOf(res) }
    // The build records source mtimes: make them the SEC's, not the time of our download.
    const modified = complete.lastModified ? new Date(complete.lastModified) : undefined
    if (modified && !Number.isNaN(modified.getTime())) await utimes(destFile, modified, modified)
    await writeMeta(metaFile, { url, complete: { ...complete, bytes: size, fetchedAt: new Date().toISOString() } })
    return { status: 'downloaded', bytes: written }
  } finally {
    sent.watchdog.stop()
  }
}

async function discardPart(partFile: string, metaFile: string, meta: CacheMeta) {
  await rm(partFile, { force: true })
  const { part: _dropped, ...rest } = meta
  await writeMeta(metaFile, rest)
}
