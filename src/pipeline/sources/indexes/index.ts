/**
 * EDGAR's master index files: quarterly `full-index/YYYY/QTRn/master.idx` and daily
 * `daily-index/YYYY/QTRn/master.YYYYMMDD.idx`. They add what submissions lack (the current day's
 * filings, filers without a submissions file): the submissions source reads `stage_index` for that.
 */
import { join } from 'node:path'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { lastQuarters, quarterOf } from '../../download/quarters.ts'
import { quarterFiles } from '../../mirror.ts'
import type { SourceDefinition } from '../../source.ts'
import { dailyIndex, dailyListingUrlPath, dailyMasterNames, fullIndex } from './master-index.ts'
import { indexesSample } from './sample.ts'
import { stageIndexes } from './stage.ts'

export const indexes: SourceDefinition = {
  name: 'indexes',
  reads: 'master.idx files',
  essential: true,
  find(mirror) {
    const full = quarterFiles(mirror, join(mirror, 'full-index'), /^master\.idx$/)
    const daily = quarterFiles(mirror, join(mirror, 'daily-index'), /^master\.\d{8}\.idx$/)
    const summary = [
      full.length && `${full.length} full-index master.idx`,
      daily.length && `${daily.length} daily-index master.idx`,
    ]
      .filter(Boolean)
      .join(', ')
    return full.length + daily.length ? { files: [...full, ...daily], summary } : undefined
  },
  download: {
    flags: [
      {
        name: 'index-quarters',
        help: 'quarterly full-index files to fetch, newest first',
        fallback: 2,
        min: 0,
        max: 200,
      },
    ],
    async fetch(ctx) {
      const quarters = lastQuarters(ctx.now, ctx.flags['index-quarters']!)
      const daily = async () => {
        // The current quarter's daily files, as its folder listing names them.
        const quarter = quarterOf(ctx.now)
        let names: string[] = []
        try {
          names = dailyMasterNames(await ctx.client.getJson(dailyListingUrlPath(quarter)))
        } catch (e) {
          if (ctx.blocked(e)) throw e
          ctx.log(
            `skipped daily indexes of ${quarter.year} QTR${quarter.qtr}: ${e instanceof Error ? e.message : String(e)}`,
          )
        }
        await mapConcurrent(names, PARALLEL, (name) => ctx.fetch(dailyIndex(quarter, name), false))
      }
      await Promise.all([mapConcurrent(quarters, PARALLEL, (q) => ctx.fetch(fullIndex(q), false)), daily()])
    },
  },
  stage: [
    {
      name: 'stage indexes',
      async run({ db, mirror, found }) {
        const r = await stageIndexes(db, mirror, found.indexes?.files ?? [])
        return { files: r.files, rows: r.rows, bytes: r.bytes }
      },
    },
  ],
  tables: [],
  sample: indexesSample,
}
