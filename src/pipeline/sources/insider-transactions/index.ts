/**
 * Insider transactions (Forms 3, 4, 5 and their amendments), from two paths into one set of tables:
 *
 * - the SEC's Insider Transactions Data Sets, one per quarter:
 *   `insider-transactions-data-sets/YYYYqN_form345.zip` or the unzipped `YYYYqN_form345/` folder. Each
 *   quarter is a period file: converted on its own into `insider_records/quarter=YYYYqN/`, and reused
 *   unchanged by the next build (dataset.ts);
 * - for the days since the newest quarter, the ownership filings themselves: full submission text files
 *   at `Archives/edgar/data/<cik>/<accession>.txt` (text-files.ts), parsed into the same records.
 *
 * derive.ts says how they merge (a filing in both is taken once, from the data set) and the rules of the
 * API's fields; serving.ts the serving tables and aggregates.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { dataSetQuarter, endedQuarters, type Quarter } from '../../download/quarters.ts'
import { downloadFilingTexts, filingTextsOfForms, foundFilingTexts } from '../../filing-text/index.ts'
import { fileSource, folderSource, type SourceFile } from '../../mirror.ts'
import type { FoundMap, SourceDefinition } from '../../source.ts'
import { columnsDdl } from '../../sql-text.ts'
import { convertQuarter, DATASETS_DIR, RECORD_ORDER, REQUIRED_TABLES } from './dataset.ts'
import { buildInsiderTables, POSITION_TIES } from './derive.ts'
import {
  INSIDER_FILING_COLUMNS,
  INSIDER_OWNER_COLUMNS,
  INSIDER_POSITION_COLUMNS,
  INSIDER_RECORD_COLUMNS,
  INSIDER_TRANSACTION_COLUMNS,
} from './dictionary.ts'
import { FIRST_QUARTER } from './quarters.ts'
import { RECORD_COLUMNS } from './records.ts'
import { insiderSample } from './sample.ts'
import { insiderLookups, insiderServing } from './serving.ts'
import { OWNERSHIP_FORMS, stageFilingTexts } from './text-files.ts'

/** `2024q3_form345.zip` or the unzipped `2024q3_form345/` (the SEC's names). */
const QUARTER_NAME = /^(\d{4}q[1-4])_form345(\.zip)?$/

/** `quarter=2024q3` → `2024-09-30`, the quarter's last day. */
function quarterEnd(period: string): string {
  const [year, qtr] = [+period.slice(8, 12), +period.slice(13)]
  return new Date(Date.UTC(year, qtr * 3, 0)).toISOString().slice(0, 10)
}

/** Every quarter from 2006q1 to the last one ended before `now`. */
export const publishedQuarters = (now: Date): Quarter[] => endedQuarters(FIRST_QUARTER, now)

function findQuarters(mirror: string): SourceFile[] {
  const dir = join(mirror, DATASETS_DIR)
  if (!existsSync(dir)) return []
  const byQuarter = new Map<string, SourceFile>()
  for (const name of readdirSync(dir).sort()) {
    const m = QUARTER_NAME.exec(name)
    if (!m) continue
    const path = join(dir, name)
    // A zip and its unzipped folder both present: the zip (what --download fetches).
    if (byQuarter.has(m[1]!) && !m[2]) continue
    byQuarter.set(
      m[1]!,
      m[2]
        ? fileSource(mirror, path)
        : folderSource(
            mirror,
            path,
            readdirSync(path).filter((f) => f.endsWith('.tsv')),
          ),
    )
  }
  return [...byQuarter.values()]
}

const periodOf = (file: SourceFile) => `quarter=${QUARTER_NAME.exec(file.rel.replace(/\/$/, '').split('/').pop()!)![1]}`
/** A quarterly set makes empty insider tables an error; text files alone may all lack an ownership document. */
const requiredBy = (found: FoundMap) =>
  found['insider-transactions']?.files.find((f) => QUARTER_NAME.test(f.rel.replace(/\/$/, '').split('/').pop()!))?.rel

const RECORDS_DDL = columnsDdl(RECORD_COLUMNS)

export const insiderTransactions: SourceDefinition = {
  name: 'insider-transactions',
  reads: `${DATASETS_DIR}/YYYYqN_form345.zip`,
  find(mirror) {
    const quarters = findQuarters(mirror)
    const texts = filingTextsOfForms(mirror, OWNERSHIP_FORMS)
    if (!quarters.length && !texts) return undefined
    const names = quarters.map((q) => periodOf(q).slice(8))
    const parts = [
      ...(quarters.length ? [`insider data sets ${names[0]}..${names.at(-1)} (${quarters.length})`] : []),
      ...(texts ? [`${texts.files.length} ownership filing texts`] : []),
    ]
    return { files: [...quarters, ...(texts ? [texts.folder] : [])], summary: parts.join(', ') }
  },
  download: {
    flags: [
      {
        name: 'insider-quarters',
        help: 'newest insider data-set quarters to fetch (0: no insider files at all)',
        fallback: 200,
        min: 0,
        max: 200,
      },
    ],
    async fetch(ctx) {
      const count = ctx.flags['insider-quarters']!
      if (count <= 0) return
      for (const q of publishedQuarters(ctx.now).slice(-count)) {
        const name = `${dataSetQuarter(q)}_form345.zip`
        // Not required: the newest quarter appears weeks after it ends.
        await ctx.fetch(
          { urlPath: `/files/structureddata/data/${DATASETS_DIR}/${name}`, mirrorPath: `${DATASETS_DIR}/${name}` },
          false,
        )
      }
      // The filings since the newest set the cache holds, from the daily indexes.
      const newest = findQuarters(ctx.dir).at(-1)
      await downloadFilingTexts(ctx, { forms: OWNERSHIP_FORMS, since: newest ? quarterEnd(periodOf(newest)) : null })
    },
  },
  stage: [
    {
      name: 'stage insider text files',
      async run({ db, mirror, found, work }) {
        await db.run(`CREATE TABLE stage_insider_texts (${RECORDS_DDL})`)
        const texts = foundFilingTexts(found['insider-transactions']?.files)
        if (!texts.length) return undefined
        const r = await stageFilingTexts(db, mirror, texts, work)
        return {
          files: r.files,
          rows: r.rows,
          note: r.skipped ? `${r.skipped} without an ownership document, skipped` : undefined,
        }
      },
    },
  ],
  periodFiles: {
    table: 'insider_records',
    view: 't_insider_dataset',
    empty: `CREATE OR REPLACE TABLE t_insider_dataset (${RECORDS_DDL}, quarter VARCHAR)`,
    files: (found) => found.files.filter((f) => QUARTER_NAME.test(f.rel.replace(/\/$/, '').split('/').pop()!)),
    tables: REQUIRED_TABLES,
    periodOf,
    async convert(ctx, file, outDir) {
      await convertQuarter(ctx.db, file.path, file.rel, outDir, join(ctx.work, 'insider-quarter'))
    },
  },
  derive: [
    {
      name: 'insider tables',
      async run({ db }) {
        const r = await buildInsiderTables(db)
        return { rows: r.transactions, note: `${r.filings.toLocaleString('en-US')} filings` }
      },
    },
  ],
  tables: [
    {
      name: 'insider_records',
      from: 't_insider_dataset',
      orderBy: `quarter, ${RECORD_ORDER}`,
      writtenByStep: 'convert insider-transactions',
      rowGroupSize: 100_000,
      key: [],
      notNull: ['record', 'accession_number'],
      requiredBy,
      description: 'The quarterly data sets as records (records.ts): filings, owners, transactions, holdings.',
      schema: INSIDER_RECORD_COLUMNS,
      partitioning: { column: 'quarter', hive: true },
      feeds: { tables: ['insider_filings', 'insider_owners', 'insider_transactions', 'insider_positions'] },
    },
    {
      name: 'insider_filings',
      from: 't_insider_filings',
      orderBy: 'accession_number',
      rowGroupSize: 100_000,
      key: ['accession_number'],
      notNull: ['accession_number', 'issuer_cik'],
      requiredBy,
      description: 'One row per ownership filing (both paths, each taken once) with its issuer and acceptance time.',
      schema: INSIDER_FILING_COLUMNS,
      feeds: {
        tables: ['insider_transactions', 'insider_positions'],
        serving: ['insider_companies', 'insider_persons', 'insider_person_gram_counts', 'insider_statistics'],
        lookups: ['insiderPersons', 'insiderPersonGrams'],
      },
    },
    {
      name: 'insider_owners',
      from: 't_insider_owners',
      orderBy: 'accession_number, seq',
      rowGroupSize: 100_000,
      key: ['accession_number', 'owner_cik'],
      notNull: ['accession_number', 'owner_cik', 'seq'],
      requiredBy: () => undefined,
      description: 'Reporting owners of each filing with their relationship to the issuer; seq 1 is the reporter.',
      schema: INSIDER_OWNER_COLUMNS,
      feeds: {
        tables: ['insider_transactions', 'insider_positions'],
        serving: [
          'insider_person_feed',
          'insider_companies',
          'insider_persons',
          'insider_person_gram_counts',
          'insider_statistics',
        ],
        lookups: ['insiderPersonFeed', 'insiderPersons', 'insiderPersonGrams'],
      },
    },
    {
      name: 'insider_transactions',
      from: 't_insider_transactions',
      orderBy: 'issuer_cik, accepted_at DESC NULLS LAST, transaction_date DESC NULLS LAST, accession_number, row_seq',
      rowGroupSize: 100_000,
      key: ['accession_number', 'row_seq'],
      notNull: ['accession_number', 'row_seq', 'issuer_cik', 'derivative'],
      requiredBy: () => undefined,
      description:
        'Every transaction (non-derivative and derivative) with its filing, issuer, reporter, value and type.',
      schema: INSIDER_TRANSACTION_COLUMNS,
      feeds: {
        serving: [
          'insider_feed',
          'insider_issuer_feed',
          'insider_person_feed',
          'insider_companies',
          'insider_persons',
          'insider_days',
          'insider_feed_days',
          'insider_statistics',
        ],
        lookups: [
          'insiderTransactions',
          'insiderIssuerFeed',
          'insiderPersonFeed',
          'insiderFeedDayHeads',
          'insiderDailyLeaders',
          'insiderPersons',
        ],
      },
    },
    {
      name: 'insider_positions',
      from: 't_insider_positions',
      orderBy: `issuer_cik, owner_cik, ${POSITION_TIES}`,
      rowGroupSize: 100_000,
      key: [],
      notNull: ['issuer_cik', 'owner_cik', 'shares'],
      requiredBy: () => undefined,
      description: "Each owner's latest reported balance of each security at each issuer (heuristic, see docs).",
      schema: INSIDER_POSITION_COLUMNS,
      feeds: { lookups: ['insiderPositionsByIssuer', 'insiderPositionsByOwner'] },
    },
  ],
  serving: insiderServing,
  lookups: insiderLookups,
  sample: insiderSample,
}
