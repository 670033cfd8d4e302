/**
 * `--download`: the Form 13F data sets the SEC's data-set page lists (every set since 2013, or the newest
 * `--form13f-sets N`), into `form-13f-data-sets/`, then the 13F filings the daily indexes list since the
 * newest set's window (their full submission files, each fetched once: src/pipeline/filing-text; the
 * quarterly indexes name those older than the daily indexes kept). The set
 * names are read from the page's links, since they follow no single scheme (sets.ts); the page is kept
 * in the mirror as `form-13f-data-sets/index.html`. The download cache's ETag makes an unchanged set a
 * 304, and the build then reuses its Parquet.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DownloadContext } from '../../download/context.ts'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { downloadFilingTexts, filingTextPath } from '../../filing-text/index.ts'
import { quarterFiles } from '../../mirror.ts'
import { parseMasterIndex } from '../indexes/master-index.ts'
import { type DataSetName, SETS_DIR, SETS_URL_PATH, windowOf } from './sets.ts'
import { FORMS_13F } from './text-filings.ts'

export const SETS_PAGE = {
  urlPath: '/data-research/sec-markets-data/form-13f-data-sets',
  mirrorPath: `${SETS_DIR}/index.html`,
}

/** The sets a data-set page links to, oldest window first. */
export function setsOfPage(html: string): DataSetName[] {
  const names = new Set(
    [...html.matchAll(/form-13f-data-sets\/([0-9a-z-]+)_form13f\.zip/gi)].map((m) => m[1]!.toLowerCase()),
  )
  return [...names]
    .map(windowOf)
    .filter((s): s is DataSetName => s !== undefined)
    .sort((a, b) => a.from.localeCompare(b.from))
}

/** The data-set page in the layout the sample writes and the SEC serves: a list of links. */
export const setsPage = (names: string[]) =>
  `<html><body><ul>\n${names
    .map((n) => `<li><a href="${SETS_URL_PATH}/${n}_form13f.zip">${n}_form13f.zip</a></li>`)
    .join('\n')}\n</ul></body></html>\n`

export async function downloadDataSets(ctx: DownloadContext) {
  const page = await ctx.fetch(SETS_PAGE, false, false)
  const all = page.status === 'missing' ? [] : setsOfPage(readFileSync(join(ctx.dir, SETS_PAGE.mirrorPath), 'utf8'))
  if (page.status === 'missing') ctx.log(`form 13f: no data-set page at ${SETS_PAGE.urlPath}; no data sets fetched`)
  const count = ctx.flags['form13f-sets'] ?? 0
  const wanted = count > 0 ? all.slice(-count) : all
  const got = await mapConcurrent(wanted, PARALLEL, (s) =>
    ctx.fetch(
      { urlPath: `${SETS_URL_PATH}/${s.name}_form13f.zip`, mirrorPath: `${SETS_DIR}/${s.name}_form13f.zip` },
      false,
    ),
  )
  const newest = wanted.filter((_, i) => got[i]!.status !== 'missing').pop()
  const since = newest?.to ?? null
  await downloadFilingTexts(ctx, { forms: FORMS_13F, since })
  await downloadQuarterListed(ctx, since)
}

/**
 * The 13F filings of the days the daily indexes in the mirror no longer cover (they are kept for the
 * last few days only) but the quarterly `full-index/` master files list: from the newest set's window
 * to the first daily index. Each once, as the daily ones.
 */
async function downloadQuarterListed(ctx: DownloadContext, since: string | null) {
  const entries = quarterFiles(ctx.dir, join(ctx.dir, 'full-index'), /^master\.idx$/).flatMap((f) =>
    parseMasterIndex(readFileSync(f.path, 'latin1')).filter(
      (e) => FORMS_13F.has(e.form) && (since === null || e.date.replace(/-/g, '') > since.replace(/-/g, '')),
    ),
  )
  const missing = [...new Map(entries.map((e) => [e.accession, e])).values()].filter(
    (e) => !existsSync(join(ctx.dir, filingTextPath(e.cik, e.accession))),
  )
  await mapConcurrent(missing, PARALLEL, (e) => {
    const path = filingTextPath(e.cik, e.accession)
    return ctx.fetch({ urlPath: `/${path}`, mirrorPath: path }, false, false)
  })
  if (missing.length) ctx.log(`form 13f: ${missing.length} filing texts from the quarterly indexes`)
}
