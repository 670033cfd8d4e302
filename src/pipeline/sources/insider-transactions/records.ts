/**
 * The one row shape both insider paths stage into (`insider_records`): the quarterly data sets
 * (dataset.ts) and the ownership documents of full submission text files (ownership-xml.ts). A filing
 * gives one `filing` record, one `owner` record per reporting owner, and one `transaction` or `holding`
 * record per row of its non-derivative and derivative tables; the other columns of a record are NULL.
 * Keeping one shape lets the period files (one Parquet table per quarter) and the text files meet in one
 * view, and makes "a filing in both paths is taken once" a filter on `accession_number` (derive.ts).
 */

export const RECORD_KINDS = ['filing', 'owner', 'transaction', 'holding'] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/** Column → DuckDB type, in the order the Parquet and the text-file stage hold them. */
export const RECORD_COLUMNS = {
  record: 'VARCHAR',
  accession_number: 'VARCHAR',
  /** Order within the filing and kind: document order (text files), the data set's surrogate key order. */
  seq: 'INTEGER',
  // filing
  form_type: 'VARCHAR',
  filing_date: 'DATE',
  period_of_report: 'DATE',
  issuer_cik: 'BIGINT',
  issuer_name: 'VARCHAR',
  issuer_ticker: 'VARCHAR',
  no_securities_owned: 'BOOLEAN',
  /** The text file's ACCEPTANCE-DATETIME (Eastern time, as EDGAR writes it); NULL in the data sets. */
  accepted_at: 'TIMESTAMP',
  /**
   * The document's Rule 10b5-1 checkbox (`<aff10b5One>`, schema X0508, since April 2023); NULL in the data
   * sets (their tables have no such column) and in older documents.
   */
  aff10b5_one: 'BOOLEAN',
  // owner
  owner_cik: 'BIGINT',
  owner_name: 'VARCHAR',
  is_director: 'BOOLEAN',
  is_officer: 'BOOLEAN',
  is_ten_percent_owner: 'BOOLEAN',
  is_other: 'BOOLEAN',
  officer_title: 'VARCHAR',
  // transaction or holding
  derivative: 'BOOLEAN',
  security_title: 'VARCHAR',
  transaction_date: 'DATE',
  deemed_execution_date: 'DATE',
  transaction_code: 'VARCHAR',
  shares: 'DOUBLE',
  price_per_share: 'DOUBLE',
  acquired_disposed: 'VARCHAR',
  shares_owned_following: 'DOUBLE',
  direct_indirect: 'VARCHAR',
  nature_of_ownership: 'VARCHAR',
  exercise_price: 'DOUBLE',
  exercise_date: 'DATE',
  expiration_date: 'DATE',
  underlying_title: 'VARCHAR',
  underlying_shares: 'DOUBLE',
} as const

export type RecordColumn = keyof typeof RECORD_COLUMNS

/** A record as the text path builds it in JavaScript (dates as YYYY-MM-DD, absent values left out). */
export type InsiderRecord = { record: RecordKind; accession_number: string; seq: number } & Partial<
  Record<Exclude<RecordColumn, 'record' | 'accession_number' | 'seq'>, string | number | boolean | null>
>

export const RECORD_NAMES = Object.keys(RECORD_COLUMNS) as RecordColumn[]

/** A SELECT list giving every record column from `exprs` (the rest NULL), each cast to its type. */
export function recordSelect(exprs: Partial<Record<RecordColumn, string>>): string {
  return RECORD_NAMES.map((c) => `CAST(${exprs[c] ?? 'NULL'} AS ${RECORD_COLUMNS[c]}) AS ${c}`).join(', ')
}
