/**
 * The SEC's companyfacts bulk file (`companyfacts.zip`, rebuilt nightly, or a `companyfacts/` folder of the
 * same `CIK##########.json` files): every XBRL fact of every filer, one file per filer (stage.ts). It
 * writes the `company_facts` table (one row per fact and filing) and, with the Financial Statement Data
 * Sets' filings and tag metadata, the serving tables of the metric and ratio series and their rankings
 * (serving.ts). docs/financials.md states the rules.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fmtBytes } from '../../../lib/progress.ts'
import { fileSource, folderSource } from '../../mirror.ts'
import { feedsOf, type SourceDefinition } from '../../source.ts'
import { FROM_METRIC_POINTS } from '../financial-statements/dictionary.ts'
import { COMPANY_FACT_COLUMNS } from './dictionary.ts'
import { companyFactsSample } from './sample.ts'
import { checkSeries, seriesLookups, servingSeries } from './serving.ts'
import { exposeFactStage, FACT_FILE, stageCompanyFacts } from './stage.ts'

const NAME = 'company-facts'

/** The build-only tables that record what this build's series and staging were made from. */
const REUSE_RECORDS = [
  'fin_fact_prints',
  'fin_fact_labels',
  'fin_series_inputs',
  'fin_fact_files',
  'fin_fact_file_labels',
  'fin_fact_names',
  'fin_fact_snapshot',
]
export const COMPANY_FACTS = {
  urlPath: '/Archives/edgar/daily-index/xbrl/companyfacts.zip',
  mirrorPath: 'companyfacts.zip',
}

export const companyFacts: SourceDefinition = {
  name: NAME,
  reads: 'companyfacts.zip, companyfacts/',
  find(mirror) {
    const zip = join(mirror, COMPANY_FACTS.mirrorPath)
    if (existsSync(zip)) {
      const file = fileSource(mirror, zip)
      return { files: [file], summary: `${file.rel} (${fmtBytes(file.bytes)})` }
    }
    const dir = join(mirror, 'companyfacts')
    if (!existsSync(dir)) return undefined
    const folder = folderSource(
      mirror,
      dir,
      readdirSync(dir).filter((n) => FACT_FILE.test(n)),
    )
    return { files: [folder], summary: `${folder.rel} (${folder.files} files)` }
  },
  download: {
    flags: [
      {
        name: 'company-facts',
        help: 'fetch the nightly companyfacts.zip (1) or not (0)',
        fallback: 1,
        min: 0,
        max: 1,
      },
    ],
    // Optional: without it the build has no series, ratios or rankings, and goes on.
    async fetch(ctx) {
      if ((ctx.flags['company-facts'] ?? 1) > 0) await ctx.fetch(COMPANY_FACTS, false)
    },
  },
  stage: [
    {
      name: 'stage company facts',
      async run(ctx, step) {
        const input = ctx.found[NAME]?.files[0]
        const stats = input ? await stageCompanyFacts(ctx, input, ctx.work, step) : undefined
        await exposeFactStage(ctx.db, ctx.work, Boolean(input), stats?.takenFacts)
        return (
          stats && {
            files: stats.files,
            bytes: stats.bytes,
            // A nightly parses only the files that changed (stage-reuse.ts).
            ...(stats.takenFacts
              ? { note: `${stats.taken.toLocaleString('en-US')} companies' facts taken from the last build` }
              : {}),
          }
        )
      },
    },
  ],
  tables: [
    {
      name: 'company_facts',
      from: 't_cf_facts',
      orderBy: 'cik, tag, unit, end_date, start_date, acc_key',
      rowGroupSize: 100_000,
      // Some 110 million facts at EDGAR's volume: one sort of them all took the spill folder to 16 GB.
      writtenInRanges: { column: 'cik', parts: 32, rowsPerPart: 5_000_000 },
      key: [],
      notNull: ['cik', 'taxonomy', 'tag', 'unit', 'end_date', 'adsh', 'acc_key'],
      requiredBy: (found) => found[NAME]?.files[0]?.rel,
      description:
        'Every fact of companyfacts.zip, one row per filing that reports it (the SEC repeats a period in each later filing).',
      schema: COMPANY_FACT_COLUMNS,
      // And what the next build compares its inputs with (series-reuse.ts, stage-reuse.ts).
      feeds: feedsOf(FROM_METRIC_POINTS, { serving: REUSE_RECORDS }),
    },
  ],
  serving: servingSeries,
  // Every table it writes is ordered by its contract's orderBy (createServingTable, servingTablePart).
  servingUnordered: true,
  // A concept's label for the series (series.ts); what the next build compares with (series-reuse.ts).
  servingReads: ['t_cf_labels', 't_cf_file_labels', 't_cf_files'],
  checkServing: checkSeries,
  lookups: seriesLookups,
  sample: companyFactsSample,
}
