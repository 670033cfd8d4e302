/**
 * Form 13F: the SEC's Form 13F data sets (`form-13f-data-sets/<name>_form13f.zip` or its unzipped
 * folder; sets.ts) for history, and the 13F filings themselves (full submission files) for the days since
 * the newest set. Both fill the same tables (columns.ts); the rules (units, amendments, notices, quarter
 * labels) are in rules.ts, the CUSIP map in issuers.ts, the per-manager aggregates in aggregates.ts. It
 * writes the Institutions area's serving tables (contract.ts).
 */
import { mkdirSync } from 'node:fs'
import { filingTextsOfForms, foundFilingTexts, ParsedTexts } from '../../filing-text/index.ts'
import { createServingTable } from '../../serving-table.ts'
import type { SourceDefinition, TableSpec } from '../../source.ts'
import { buildActivity, buildChanges, buildManagers, buildQuarters } from './aggregates.ts'
import { SERVING_TABLES } from './contract.ts'
import { INFOTABLE_TABLE, infotablePeriods } from './convert.ts'
import { buildFilings, buildOtherManagers, QUARTER_COUNTS_STEP } from './derive.ts'
import { CUSIP_COLUMNS, INFOTABLE_COLUMNS, INST_COLUMNS } from './dictionary.ts'
import { downloadDataSets } from './download.ts'
import { buildCusipMap } from './issuers.ts'
import { form13fLookups } from './lookups.ts'
import { buildQuarterBatches, QUARTERLY_TABLES } from './quarter-batches.ts'
import { QUARTER_BATCHES_STEP } from './quarter-parts.ts'
import { sampleForm13f } from './sample.ts'
import { type DataSetFile, findDataSets } from './sets.ts'
import { createStagedTables, extractDir, stageDataSets, stageFilingRows } from './stage.ts'
import {
  FORMS_13F,
  PARSED_TEXTS_CACHE,
  PARSED_TEXTS_VERSION,
  readFilingTexts,
  type TextFiling,
} from './text-filings.ts'
import { createSnapshotViews } from './views.ts'

const KEYS: Record<string, string[]> = {
  inst_managers: ['cik'],
  inst_filings: ['accession'],
  inst_quarters: ['cik', 'qend'],
  inst_holdings: ['qend', 'cik', 'value_rank'],
  inst_flows: ['qend', 'cik', 'cusip', 'put_call'],
  inst_changes: ['cik', 'qend'],
  inst_sectors: ['cik', 'qend', 'level', 'rank'],
  inst_activity: ['qend', 'list', 'rank'],
}

/** The lookup files written from each table's Parquet (lookups.ts), beside its serving table. */
const INST_LOOKUPS: Record<string, string[]> = {
  inst_filings: ['instFilings', 'instFilingByAccession'],
  inst_quarters: ['instQuarters'],
  inst_changes: ['instQuarters'],
  inst_holdings: ['instTopHoldings', 'instTopHoldingsByShares'],
  inst_flows: ['instTopFlows'],
  inst_sectors: ['instSectors'],
}

/**
 * The tables written a range of managers at a time (TableSpec.writtenInRanges): the sector breakdowns are
 * some 43 million rows at EDGAR's volume, and one sort of them all spilled 9.7 GB.
 */
const WRITTEN_IN_RANGES: Record<string, TableSpec['writtenInRanges']> = {
  inst_sectors: { column: 'cik', parts: 16, rowsPerPart: 5_000_000 },
}

const servingTableSpecs: TableSpec[] = Object.entries(SERVING_TABLES).map(([name, t]) => ({
  name,
  from: `v13_${name}`,
  orderBy: t.sortedBy,
  ...(name in QUARTERLY_TABLES ? { writtenByStep: QUARTER_BATCHES_STEP } : {}),
  rowGroupSize: 100_000,
  ...(WRITTEN_IN_RANGES[name] ? { writtenInRanges: WRITTEN_IN_RANGES[name] } : {}),
  // A key over some 170 million rows is one grouping as big as the table: the batches check it per quarter.
  key: name in QUARTERLY_TABLES ? [] : KEYS[name]!,
  notNull: KEYS[name]!.filter((k) => k !== 'put_call'),
  // Any 13F filing found gives a manager, a filing and a quarter; holdings may all be notices.
  requiredBy: (found) =>
    ['inst_managers', 'inst_filings', 'inst_quarters'].includes(name) ? found['form-13f']?.files[0]?.rel : undefined,
  description: `Institutions (13F): ${t.holds}.`,
  ...(t.servedFromParquet ? { servedFromParquet: true } : {}),
  schema: INST_COLUMNS[name]!,
  ...(name in QUARTERLY_TABLES ? { partitioning: { column: 'qend', hive: false } } : {}),
  // A build-only table feeds its lookup files from its Parquet, with no serving table between.
  feeds: { serving: t.buildOnly ? [] : [name], lookups: INST_LOOKUPS[name] ?? [] },
}))

export const form13f: SourceDefinition = {
  name: 'form-13f',
  reads: 'form-13f-data-sets/<name>_form13f.zip (or folder)',
  find(mirror) {
    const sets = findDataSets(mirror)
    const texts = filingTextsOfForms(mirror, FORMS_13F)
    if (!sets.length && !texts) return undefined
    const summary = [
      sets.length ? `${sets.length} Form 13F data sets` : '',
      texts ? `${texts.files.length} 13F filing texts` : '',
    ].filter(Boolean)
    return { files: [...sets, ...(texts ? [texts.folder] : [])], summary: summary.join(', ') }
  },
  download: {
    flags: [
      {
        name: 'form13f-sets',
        help: 'Form 13F data sets to fetch, newest first (0: every set since 2013)',
        fallback: 0,
        min: 0,
        max: 200,
      },
    ],
    fetch: downloadDataSets,
  },
  stage: [
    {
      name: 'stage form 13f',
      async run({ db, found, work, datasets }) {
        mkdirSync(extractDir(work), { recursive: true })
        await createStagedTables(db)
        const here = found['form-13f']
        if (!here) return { rows: 0 }
        const sets = here.files.filter((f): f is DataSetFile => 'set' in f)
        const rows = await stageDataSets(db, sets, extractDir(work))
        const texts = foundFilingTexts(here.files)
        const kept = ParsedTexts.open<TextFiling>(datasets, PARSED_TEXTS_CACHE, PARSED_TEXTS_VERSION)
        try {
          const read = await readFilingTexts(texts, (batch) => stageFilingRows(db, batch), kept)
          kept.close()
          return { rows, note: `${read} filing texts (${kept.taken} parsed by an earlier build)` }
        } catch (e) {
          kept.abandon()
          throw e
        }
      },
    },
  ],
  periodFiles: infotablePeriods,
  derive: [
    {
      name: QUARTER_COUNTS_STEP,
      async run(ctx) {
        await buildOtherManagers(ctx.db)
        const rows = await buildFilings(ctx)
        const counts = Object.values(ctx.parts[QUARTER_COUNTS_STEP] ?? {})
        return {
          rows,
          note: `the counts of ${counts.filter((p) => p.reused).length} of ${counts.length} quarters taken`,
        }
      },
    },
    { name: 'cusip map', run: async ({ db }) => ({ rows: await buildCusipMap(db) }) },
    {
      name: QUARTER_BATCHES_STEP,
      async run(ctx) {
        const { quarters, reused, positions } = await buildQuarterBatches(ctx)
        return { rows: positions, note: `${quarters} quarters, ${reused} reused from the previous snapshot` }
      },
    },
    {
      name: 'institution aggregates',
      async run({ db }) {
        await buildQuarters(db)
        await buildChanges(db)
        await buildActivity(db)
        const rows = await buildManagers(db)
        await createSnapshotViews(db)
        return { rows }
      },
    },
  ],
  tables: [
    {
      name: INFOTABLE_TABLE,
      from: infotablePeriods.view,
      orderBy: 'data_set, accession, row_key',
      writtenByStep: 'convert form-13f',
      rowGroupSize: 100_000,
      // The sets' own key, as read; checking it would be one grouping of some 170 million rows.
      key: [],
      notNull: ['data_set', 'accession'],
      requiredBy: () => undefined,
      description: "Information-table rows of the SEC's Form 13F data sets, as reported (VALUE in its era's unit).",
      schema: INFOTABLE_COLUMNS,
      partitioning: { column: 'data_set', hive: true },
      // Every Institutions table is made from the information-table rows (docs/institutions.md).
      feeds: { tables: ['form13f_cusips', ...Object.keys(SERVING_TABLES)] },
    },
    {
      name: 'form13f_cusips',
      from: 't13_cusips',
      orderBy: 'cusip',
      rowGroupSize: 100_000,
      key: ['cusip'],
      notNull: ['cusip', 'confidence'],
      requiredBy: () => undefined,
      description: 'CUSIP → issuer (ticker, CIK, SIC) as the build derived it, with its confidence (issuers.ts).',
      schema: CUSIP_COLUMNS,
      // A security's issuer, ticker and sector in the holdings, flows, breakdowns and activity lists.
      feeds: { tables: ['inst_holdings', 'inst_flows', 'inst_sectors', 'inst_activity'] },
    },
    ...servingTableSpecs,
  ],
  // The holdings and flows stay in their quarter files (servedFromParquet): past the lookup files' first
  // page they are read in place, a quarter's file at a time by its row groups' statistics.
  serving: ({ parquet }) =>
    Object.values(SERVING_TABLES)
      .filter((t) => !t.servedFromParquet && !t.buildOnly)
      .map((t) => createServingTable(t, `SELECT ${t.columns.join(', ')} FROM ${parquet(t.name)}`)),
  lookups: form13fLookups,
  sample: sampleForm13f,
}
