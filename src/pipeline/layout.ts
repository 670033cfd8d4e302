/**
 * The snapshot's tables and their physical layout: what each Parquet folder holds, how it is sorted, and
 * what must hold before it is published. The layout follows the queries the API runs
 * (PERFORMANCE-NOTES.md §4.1): a file sorted by the lookup key lets row-group min/max statistics skip
 * nearly all of it, and a table with several hot access paths gets one sorted copy (or a narrow sorted
 * index) per path. Why no table is Hive-partitioned: README.md, "Output: the dataset layout".
 */
import type { Sources } from './sources.ts'
import { FILINGS_BY_DATE_ORDER } from './tables/filings.ts'

/**
 * 2: snapshots carry the serving database (serving.ts); 3: its accession-sorted copy, integer accession
 * numbers and name trigrams; 4: lookup files (lookup-files.ts) instead of entity bodies and the
 * accession copy in the serving database. A server reads only its own version.
 */
export const SCHEMA_VERSION = 4

/** The server's read-only DuckDB file inside each snapshot folder (see serving.ts). */
export const SERVING_FILE = 'serving.duckdb'

/**
 * The server's keyed files inside each snapshot folder (db/keyed-file.ts, written by lookup-files.ts),
 * each a path without extension: entity bodies by CIK, filings by accession number, the documents of
 * filings whose folder listing was fetched by accession number, each filer's filings newest first, and
 * the filings in form then list order, by position, and the entities whose name holds each trigram.
 */
export const LOOKUP_FILES = {
  entities: 'lookup/entities',
  filings: 'lookup/filings',
  documents: 'lookup/documents',
  filerFilings: 'lookup/filer-filings',
  formPositions: 'lookup/filings-by-form',
  nameGrams: 'lookup/name-grams',
} as const
export type LookupName = keyof typeof LOOKUP_FILES

export type TableLayout = {
  /** Folder name in the snapshot. */
  name: string
  /** The staged table it is written from. */
  from: string
  /** The columns written, when not all of them (a narrow index table). */
  columns?: string
  orderBy: string
  /** The build step that writes this table itself (in `orderBy` order), when not the writer. */
  writtenByStep?: string
  /** Rows per row group: ~100k keeps lookups to one small group without bloating metadata (notes §4.1). */
  rowGroupSize: number
  key: string[]
  notNull: string[]
  /** The source whose presence makes an empty table an error, or undefined when it may be empty. */
  requiredBy: (s: Sources) => string | undefined
  description: string
}

const submissionsOrIndex = (s: Sources) =>
  s.submissionsZip?.rel ?? s.submissionsDir?.rel ?? s.fullIndex[0]?.rel ?? s.dailyIndex[0]?.rel
const FILING_NOT_NULL = ['accession_number', 'cik', 'form_type', 'form_category', 'filing_date', 'entity_name', 'source']

export const TABLES: TableLayout[] = [
  {
    name: 'entities', from: 't_entities', orderBy: 'cik', writtenByStep: 'entities', rowGroupSize: 100_000,
    key: ['cik'], notNull: ['cik', 'name', 'entity_type', 'tickers', 'exchanges', 'former_names', 'source'],
    requiredBy: submissionsOrIndex,
    description: 'One row per CIK: every field of the submissions file (SPEC 2.3); index-only filers with their name.',
  },
  {
    name: 'tickers', from: 't_tickers', orderBy: 'ticker, cik', rowGroupSize: 100_000,
    key: ['ticker', 'cik'], notNull: ['ticker', 'cik', 'is_primary'],
    requiredBy: (s) => s.tickers?.rel,
    description: 'Every ticker of every entity (position 1 = primary), for ticker → CIK resolution.',
  },
  {
    name: 'filings', from: 't_filings', orderBy: 'cik, filing_date DESC, accession_number DESC', rowGroupSize: 100_000,
    key: ['cik', 'accession_number'], notNull: FILING_NOT_NULL,
    requiredBy: submissionsOrIndex,
    description: 'Filings sorted by filer CIK, newest first: the by-CIK access path (entity filings, cik/ticker filters, accession lookups).',
  },
  {
    name: 'filings_by_date', from: 't_filings', orderBy: FILINGS_BY_DATE_ORDER, writtenByStep: 'filings by date', rowGroupSize: 100_000,
    key: [], notNull: [],
    requiredBy: submissionsOrIndex,
    description: 'The same filings newest first: latest filings, form and date windows (row-group statistics skip all but the window).',
  },
  {
    name: 'filing_accessions', from: 't_filings', columns: 'accession_number, cik, filing_date', orderBy: 'accession_number, cik',
    rowGroupSize: 100_000, key: [], notNull: [],
    requiredBy: submissionsOrIndex,
    description: 'Accession number → filer CIKs (and date), sorted by accession number: the index for lookups by accession, which then read filings by CIK.',
  },
  {
    name: 'filing_documents', from: 't_documents', orderBy: 'accession_number, cik, sequence', rowGroupSize: 100_000,
    key: ['accession_number', 'cik', 'sequence'], notNull: ['accession_number', 'cik', 'sequence', 'filename', 'is_primary'],
    requiredBy: (s) => s.filingIndex?.rel,
    description: 'Documents of filings that have a folder listing, in listing order.',
  },
  {
    name: 'form_types', from: 't_form_types', orderBy: 'form_type', rowGroupSize: 100_000,
    key: ['form_type'], notNull: ['form_type', 'category', 'filing_count', 'latest_filing_date'],
    requiredBy: submissionsOrIndex,
    description: 'Active form types (at least one filing) with category, description, count and latest date.',
  },
  {
    name: 'sic_codes', from: 't_sic_codes', orderBy: 'sic_code', rowGroupSize: 100_000,
    key: ['sic_code'], notNull: ['sic_code', 'industry_title', 'sector', 'entity_count'],
    requiredBy: (s) => s.sicCodes?.rel,
    description: 'SIC codes with office, industry title, sector and the large tickers in each.',
  },
]
