/**
 * EDGAR's submissions bulk file (`submissions.zip`, or a `submissions/` folder of the same
 * `CIK##########.json` files and their `-submissions-NNN.json` page files): every filer and every filing
 * listed under it. It writes the entities, filings (three copies, one per access path), filing
 * accessions and form types tables; with the index files' rows that submissions lack (indexes source) and
 * the exchange file's tickers (tickers source), which it reads from their stage tables.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fmtBytes } from '../../../lib/progress.ts'
import { fileSource, folderSource } from '../../mirror.ts'
import { type FoundMap, feedsOf, type SourceDefinition } from '../../source.ts'
import { FROM_FIN_ISSUERS } from '../financial-statements/dictionary.ts'
import { ENTITY_COLUMNS, FILING_ACCESSION_COLUMNS, FILING_COLUMNS, FORM_TYPE_COLUMNS } from './dictionary.ts'
import { buildEntities, createMacros } from './entities.ts'
import { FILINGS_BY_DATE_ORDER, finishFilings, typeFilings } from './filings.ts'
import { buildFormTypes, createFormInfo } from './form-types.ts'
import { lookupSpecs } from './lookups.ts'
import { submissionsSample } from './sample.ts'
import { checkPositions, servingStatements } from './serving.ts'
import { exposeSubmissionStage, isSubmissionFile, stageSubmissions } from './stage.ts'

const SUBMISSIONS = { urlPath: '/Archives/edgar/daily-index/bulkdata/submissions.zip', mirrorPath: 'submissions.zip' }

/** Filers come from submissions, or from index files alone: an empty filer table is then an error. */
const filerSource = (found: FoundMap) => found.submissions?.files[0]?.rel ?? found.indexes?.files[0]?.rel
const FILING_NOT_NULL = [
  'accession_number',
  'cik',
  'form_type',
  'form_category',
  'filing_date',
  'entity_name',
  'source',
]

export const submissions: SourceDefinition = {
  name: 'submissions',
  reads: 'submissions.zip, submissions/',
  essential: true,
  find(mirror) {
    const zip = join(mirror, 'submissions.zip')
    if (existsSync(zip)) {
      const file = fileSource(mirror, zip)
      return { files: [file], summary: `${file.rel} (${fmtBytes(file.bytes)})` }
    }
    const dir = join(mirror, 'submissions')
    if (!existsSync(dir)) return undefined
    const folder = folderSource(mirror, dir, readdirSync(dir).filter(isSubmissionFile))
    return { files: [folder], summary: `${folder.rel} (${folder.files} files)` }
  },
  download: {
    fetch: async (ctx) => void (await ctx.fetch(SUBMISSIONS, true)),
  },
  stage: [
    {
      name: 'stage submissions',
      async run({ db, found, work }, step) {
        await createMacros(db)
        const input = found.submissions?.files[0]
        const stats = input ? await stageSubmissions(db, input, work, step) : undefined
        await exposeSubmissionStage(db, work, Boolean(input))
        return stats && { files: stats.files, bytes: stats.bytes }
      },
    },
  ],
  derive: [
    {
      name: 'filings',
      async run({ db, found, state }) {
        const r = await typeFilings(db, found.submissions?.files[0]?.rel ?? 'index')
        state.filingRows = r.rows
        return { rows: r.rows, note: r.duplicates ? `${r.duplicates} listed twice, kept once` : undefined }
      },
    },
    { name: 'form info', run: async ({ db }) => void (await createFormInfo(db)) },
    {
      name: 'entities',
      async run({ db, found, snapshotDir }) {
        mkdirSync(join(snapshotDir, 'entities'), { recursive: true })
        return {
          rows: await buildEntities(
            db,
            found.submissions?.files[0]?.rel,
            join(snapshotDir, 'entities', 'part-0.parquet'),
          ),
        }
      },
    },
    {
      name: 'filings by date',
      async run({ db, snapshotDir, work, options, state }) {
        mkdirSync(join(snapshotDir, 'filings_by_date'), { recursive: true })
        // The rows the filings step counted: the by-date sort is cut in ranges by them.
        await finishFilings(
          db,
          join(snapshotDir, 'filings_by_date', 'part-0.parquet'),
          work,
          state.filingRows as number,
          options.sortChunkRows,
        )
        return undefined
      },
    },
    { name: 'form types', run: async ({ db }) => ({ rows: await buildFormTypes(db) }) },
  ],
  tables: [
    {
      name: 'entities',
      from: 't_entities',
      orderBy: 'cik',
      writtenByStep: 'entities',
      rowGroupSize: 100_000,
      key: ['cik'],
      notNull: ['cik', 'name', 'entity_type', 'tickers', 'exchanges', 'former_names', 'source'],
      requiredBy: filerSource,
      description:
        'One row per CIK: every field of the submissions file (docs/api/entities.md); index-only filers with their name.',
      schema: ENTITY_COLUMNS,
      // The filer's name and ticker in other tables, and the names the CUSIP map and the 13F managers match.
      feeds: feedsOf(
        {
          tables: [
            'filings',
            'filings_by_date',
            'tickers',
            'sic_codes',
            'insider_filings',
            'form13f_cusips',
            'inst_managers',
          ],
          serving: ['entities', 'entity_name_grams'],
          lookups: ['entities', 'nameGrams'],
        },
        FROM_FIN_ISSUERS,
      ),
    },
    {
      name: 'filings',
      from: 't_filings',
      orderBy: 'cik, filing_date DESC, accession_number DESC',
      rowGroupSize: 100_000,
      // Some 23 million filings at EDGAR's volume: one sort of them all spilled 9 GB.
      writtenInRanges: { column: 'cik', parts: 16, rowsPerPart: 3_000_000 },
      key: ['cik', 'accession_number'],
      notNull: FILING_NOT_NULL,
      requiredBy: filerSource,
      description:
        'Filings sorted by filer CIK, newest first: the by-CIK access path (entity filings, cik/ticker filters, accession lookups).',
      schema: FILING_COLUMNS,
      feeds: { serving: ['filings'], lookups: ['filings', 'filerFilings'] },
    },
    {
      name: 'filings_by_date',
      from: 't_filings',
      orderBy: FILINGS_BY_DATE_ORDER,
      writtenByStep: 'filings by date',
      rowGroupSize: 100_000,
      key: [],
      notNull: [],
      requiredBy: filerSource,
      description:
        'The same filings newest first: latest filings, form and date windows (row-group statistics skip all but the window).',
      schema: FILING_COLUMNS,
      // The build's filings table (t_filings) is this file: the other copies, the form types, and the
      // acceptance times and primary documents other sources take from it.
      feeds: {
        tables: ['filings', 'filing_accessions', 'form_types', 'filing_documents', 'insider_filings', 'inst_filings'],
        serving: ['filings_by_date', 'filings_by_form', 'filing_days', 'filing_form_days'],
        lookups: ['formPositions'],
      },
    },
    {
      name: 'filing_accessions',
      from: 't_filings',
      columns: 'accession_number, cik, filing_date',
      orderBy: 'accession_number, cik',
      rowGroupSize: 100_000,
      key: [],
      notNull: [],
      requiredBy: filerSource,
      description:
        'Accession number → filer CIKs (and date), sorted by accession number: the index for lookups by accession, which then read filings by CIK.',
      schema: FILING_ACCESSION_COLUMNS,
      // For other readers of the snapshot: the server has its own lookup file by accession number.
      feeds: {},
    },
    {
      name: 'form_types',
      from: 't_form_types',
      orderBy: 'form_type',
      rowGroupSize: 100_000,
      key: ['form_type'],
      notNull: ['form_type', 'category', 'filing_count', 'latest_filing_date'],
      requiredBy: filerSource,
      description: 'Active form types (at least one filing) with category, description, count and latest date.',
      schema: FORM_TYPE_COLUMNS,
      feeds: { serving: ['form_types'] },
    },
  ],
  serving: servingStatements,
  checkServing: checkPositions,
  lookups: lookupSpecs,
  sample: submissionsSample,
}
