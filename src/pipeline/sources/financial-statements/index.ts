/**
 * The SEC's Financial Statement Data Sets: one zip a quarter since 2009q1
 * (`financial-statement-data-sets/YYYYqN.zip`, or the unzipped folder `YYYYqN/`), each holding `sub.txt`
 * (one row per filing), `num.txt` (its values), `pre.txt` (how its statements present them) and
 * `tag.txt` (the tags' metadata). Each quarter is converted on its own into four tables' period folders
 * and reused unchanged by the next build (period-files.ts); the serving tables are built from all of them
 * (serving.ts). docs/financials.md describes the tables and the statement grouping.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fmtBytes } from '../../../lib/progress.ts'
import { mapConcurrent, PARALLEL } from '../../download/context.ts'
import { dataSetQuarter, endedQuarters, type Quarter } from '../../download/quarters.ts'
import { fileSource, folderSource, type SourceFile } from '../../mirror.ts'
import type { SourceDefinition, TableSpec } from '../../source.ts'
import { convertQuarter, emptyView, FSDS_TABLES, quarterName } from './convert.ts'
import { FSDS_FEEDS, FSDS_NUM_COLUMNS, FSDS_PRE_COLUMNS, FSDS_SUB_COLUMNS, FSDS_TAG_COLUMNS } from './dictionary.ts'
import { FSDS_FILES, REQUIRED_TABLES } from './files.ts'
import { financialStatementsSample } from './sample.ts'
import { checkFilings, financialLookups, servingStatements } from './serving.ts'

export const FSDS_DIR = 'financial-statement-data-sets'
const NAME = 'financial-statements'
const FIRST: Quarter = { year: 2009, qtr: 1 }

/** Every quarter in the mirror: a zip, or else a folder holding at least one of the four files. */
function findQuarters(mirror: string): SourceFile[] {
  const dir = join(mirror, FSDS_DIR)
  if (!existsSync(dir)) return []
  const byQuarter = new Map<string, SourceFile>()
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    const zip = /^\d{4}q[1-4]\.zip$/.test(name)
    if (zip && statSync(path).isFile()) byQuarter.set(name.slice(0, 6), fileSource(mirror, path))
    else if (/^\d{4}q[1-4]$/.test(name) && statSync(path).isDirectory() && !byQuarter.has(name)) {
      const files = FSDS_FILES.map((f) => `${f}.txt`).filter((f) => existsSync(join(path, f)))
      if (files.length) byQuarter.set(name, folderSource(mirror, path, files))
    }
  }
  return [...byQuarter.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, f]) => f)
}

/** The quarters `--download` fetches: from 2009q1 up to the one before now's (published after it ends), the newest `count`. */
export function downloadQuarters(now: Date, count: number): Quarter[] {
  return count > 0 ? endedQuarters(FIRST, now).slice(-count) : []
}

const SCHEMAS = { sub: FSDS_SUB_COLUMNS, num: FSDS_NUM_COLUMNS, pre: FSDS_PRE_COLUMNS, tag: FSDS_TAG_COLUMNS }

const table = (
  file: keyof typeof FSDS_TABLES,
  orderBy: string,
  key: string[],
  notNull: string[],
  description: string,
): TableSpec => ({
  name: FSDS_TABLES[file].table,
  from: FSDS_TABLES[file].view,
  orderBy,
  writtenByStep: `convert ${NAME}`,
  rowGroupSize: 100_000,
  key,
  notNull,
  requiredBy: (found) => (file === 'tag' ? undefined : found[NAME]?.files[0]?.rel),
  description,
  schema: SCHEMAS[file],
  partitioning: { column: 'quarter', hive: true },
  feeds: FSDS_FEEDS[file],
})

export const financialStatements: SourceDefinition = {
  name: NAME,
  reads: `${FSDS_DIR}/YYYYqN.zip or ${FSDS_DIR}/YYYYqN/`,
  find(mirror) {
    const files = findQuarters(mirror)
    if (!files.length) return undefined
    const bytes = files.reduce((s, f) => s + f.bytes, 0)
    return { files, summary: `${files.length} financial statement quarters (${fmtBytes(bytes)})` }
  },
  download: {
    flags: [
      {
        name: 'fsds-quarters',
        help: 'Financial Statement Data Sets quarters to fetch, newest first (default: all since 2009q1; 0: none)',
        fallback: 400,
        min: 0,
        max: 400,
      },
    ],
    async fetch(ctx) {
      const quarters = downloadQuarters(ctx.now, ctx.flags['fsds-quarters'] ?? 400)
      await mapConcurrent(quarters, PARALLEL, (q) =>
        ctx.fetch(
          {
            urlPath: `/files/dera/data/financial-statement-data-sets/${dataSetQuarter(q)}.zip`,
            mirrorPath: `${FSDS_DIR}/${dataSetQuarter(q)}.zip`,
          },
          false,
        ),
      )
    },
  },
  periodFiles: {
    table: FSDS_TABLES.sub.table,
    view: FSDS_TABLES.sub.view,
    empty: emptyView('sub'),
    more: (['num', 'pre', 'tag'] as const).map((f) => ({ ...FSDS_TABLES[f], empty: emptyView(f) })),
    files: (found) => found.files,
    tables: REQUIRED_TABLES,
    periodOf: (file) => `quarter=${quarterName(file.rel)}`,
    convert: (ctx, file, _outDir, dirOf) => convertQuarter(ctx.db, file, ctx.work, dirOf),
  },
  tables: [
    table(
      'sub',
      'quarter, acc_key',
      ['adsh'],
      ['adsh', 'cik', 'form', 'accepted'],
      'Filings of the quarterly financial statement data sets (sub.txt).',
    ),
    table(
      'num',
      'quarter, acc_key, tag, version',
      [],
      ['adsh', 'tag', 'version', 'ddate', 'qtrs', 'uom'],
      'Every value of those filings (num.txt); segments NULL in the older layout.',
    ),
    table(
      'pre',
      'quarter, acc_key, report, line',
      ['adsh', 'report', 'line'],
      ['adsh', 'report', 'line', 'stmt', 'tag'],
      'How each filing presents its statements (pre.txt).',
    ),
    table(
      'tag',
      'quarter, tag, version',
      ['quarter', 'tag', 'version'],
      ['tag', 'version'],
      'Tags used by the quarter (tag.txt); custom tags have the accession number as version.',
    ),
  ],
  serving: servingStatements,
  // The companies of the financial data take names from the companyfacts files and the tickers file (issuers.ts).
  servingReads: ['t_cf_names', 'stage_tickers'],
  lookups: financialLookups,
  checkServing: checkFilings,
  sample: financialStatementsSample,
}
