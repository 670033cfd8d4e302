/**
 * `--download` for the filings a quarterly data set does not hold yet: the daily master indexes the
 * indexes source fetched name every filing since; the ones of the given forms dated after `since` are
 * fetched as submission text files, each once. A filing never changes after acceptance, so a file
 * already in the mirror is not asked for again; the SEC client keeps every request within the rate limit.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type DownloadContext, mapConcurrent, PARALLEL } from '../download/context.ts'
import { quarterFiles } from '../mirror.ts'
import { type IndexEntry, parseMasterIndex } from '../sources/indexes/master-index.ts'
import { filingTextPath } from './mirror-files.ts'

export type FilingTextRequest = {
  /** Submission types, as the index names them (`4`, `4/A`, `13F-HR`). */
  forms: ReadonlySet<string>
  /** YYYY-MM-DD: only filings of days after it (the end of the newest quarterly set); null for every day. */
  since: string | null
  /** At most this many files, newest days first. */
  limit?: number
}

const DAILY = /^master\.(\d{8})\.idx$/

/** The filings the daily indexes in the mirror list for `request`: one entry per accession, newest day first. */
export async function filingTextsListed(dir: string, request: FilingTextRequest): Promise<IndexEntry[]> {
  const since = request.since?.replace(/-/g, '') ?? ''
  const days = quarterFiles(dir, join(dir, 'daily-index'), DAILY)
    .filter((f) => (DAILY.exec(f.path.split('/').pop()!)?.[1] ?? '') > since)
    .reverse()
  const picked = new Map<string, IndexEntry>()
  for (const day of days) {
    for (const e of parseMasterIndex(await Bun.file(day.path).text()))
      if (request.forms.has(e.form) && !picked.has(e.accession)) picked.set(e.accession, e)
    if (request.limit !== undefined && picked.size >= request.limit) break
  }
  return [...picked.values()].slice(0, request.limit)
}

/** Fetches the listed filings' text files into the mirror; returns how many were fetched and how many were there. */
export async function downloadFilingTexts(ctx: DownloadContext, request: FilingTextRequest) {
  await ctx.after('indexes')
  const listed = await filingTextsListed(ctx.dir, request)
  const missing = listed.filter((e) => !existsSync(join(ctx.dir, filingTextPath(e.cik, e.accession))))
  await mapConcurrent(missing, PARALLEL, (e) => {
    const path = filingTextPath(e.cik, e.accession)
    return ctx.fetch({ urlPath: `/${path}`, mirrorPath: path }, false, false)
  })
  ctx.log(`filing texts: ${missing.length} fetched, ${listed.length - missing.length} already in the mirror`)
  return { fetched: missing.length, present: listed.length - missing.length }
}
