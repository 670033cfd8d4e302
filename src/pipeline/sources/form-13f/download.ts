/**
 * `--download`: every Form 13F data set since 2013 (or the newest `--form13f-sets`), by name (sets.ts),
 * into `form-13f-data-sets/`. The SEC's folder has no listing to read, so the names are made from the
 * naming scheme up to today; a window whose set is not published yet answers 404 and is skipped. The
 * download cache's ETag makes an unchanged set a 304 and the build reuses its Parquet.
 */

import type { DownloadContext } from '../../download/context.ts'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { dataSetNames, SETS_DIR, SETS_URL_PATH } from './sets.ts'

export async function downloadDataSets(ctx: DownloadContext) {
  const all = dataSetNames(ctx.now.toISOString().slice(0, 10))
  const count = ctx.flags['form13f-sets'] ?? 0
  const wanted = count > 0 ? all.slice(-count) : all
  await mapConcurrent(wanted, PARALLEL, (s) =>
    ctx.fetch(
      { urlPath: `${SETS_URL_PATH}/${s.name}_form13f.zip`, mirrorPath: `${SETS_DIR}/${s.name}_form13f.zip` },
      false,
    ),
  )
}
