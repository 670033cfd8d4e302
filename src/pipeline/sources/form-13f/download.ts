/**
 * `--download`: every Form 13F data set since 2013 (or the newest `--form13f-sets`), by name (sets.ts),
 * into `form-13f-data-sets/`, then the 13F filings the daily indexes list since the newest set's window
 * (their full submission files, each fetched once: src/pipeline/filing-text). The SEC's folder has no
 * listing to read, so the set names are made from the naming scheme up to today; a window whose set is
 * not published yet answers 404 and is skipped. The download cache's ETag makes an unchanged set a 304,
 * and the build then reuses its Parquet.
 */
import type { DownloadContext } from '../../download/context.ts'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { downloadFilingTexts } from '../../filing-text/index.ts'
import { dataSetNames, SETS_DIR, SETS_URL_PATH } from './sets.ts'
import { FORMS_13F } from './text-filings.ts'

export async function downloadDataSets(ctx: DownloadContext) {
  const all = dataSetNames(ctx.now.toISOString().slice(0, 10))
  const count = ctx.flags['form13f-sets'] ?? 0
  const wanted = count > 0 ? all.slice(-count) : all
  const got = await mapConcurrent(wanted, PARALLEL, (s) =>
    ctx.fetch(
      { urlPath: `${SETS_URL_PATH}/${s.name}_form13f.zip`, mirrorPath: `${SETS_DIR}/${s.name}_form13f.zip` },
      false,
    ),
  )
  const newest = wanted.filter((_, i) => got[i]!.status !== 'missing').pop()
  await downloadFilingTexts(ctx, { forms: FORMS_13F, since: newest?.to ?? null })
}
