/**
 * The columns of the insider tables, for docs/data-dictionary.md (checked as submissions/dictionary.ts
 * says). The values are the Forms 3, 4 and 5 as filed (the quarterly data sets' columns, or the ownership
 * document's elements of the same meaning); docs/insiders.md has the rules that merge the two paths.
 * `insider_records` takes its types from RECORD_COLUMNS, the one list both paths stage into.
 */
import type { ColumnDoc, TableSchema } from '../../source.ts'
import { RECORD_COLUMNS, type RecordColumn } from './records.ts'

/** What each record column means, wherever an insider table has it. */
const MEANING: Record<RecordColumn, string> = {
  record:
    'the kind of record: `filing`, `owner` (a reporting owner), `transaction` or `holding` (a table row of the form); its other columns are NULL',
  accession_number: "the filing's accession number, `##########-##-######`",
  seq: "the record's order within its filing and kind (document order, or the data set's key order)",
  form_type: 'the form: `3`, `4`, `5` or an amendment (`4/A`)',
  filing_date: 'the filing date',
  period_of_report:
    'the period of report: the date of the earliest transaction reported (Form 4), or of the event (Form 3)',
  issuer_cik: "the issuer's CIK (the company whose securities are reported)",
  issuer_name: "the issuer's name",
  issuer_ticker: "the issuer's trading symbol",
  no_securities_owned: 'the form says the owner holds no securities of the issuer (Form 3)',
  accepted_at: "EDGAR's acceptance time, Eastern time as EDGAR writes it (no time zone)",
  aff10b5_one:
    "the filing's Rule 10b5-1 box (`aff10b5One`, forms since April 2023): true, false, or NULL when not given",
  owner_cik: "the reporting owner's CIK",
  owner_name: "the reporting owner's name",
  is_director: 'the owner is a director of the issuer',
  is_officer: 'the owner is an officer of the issuer',
  is_ten_percent_owner: "the owner holds 10% or more of a class of the issuer's securities",
  is_other: 'the owner has another relationship to the issuer (the form\'s "other")',
  officer_title: "the officer's title, as the form gives it",
  derivative: 'a row of the derivative table (options, warrants, units…) rather than of the non-derivative one',
  security_title: "the security's title, as the form gives it (e.g. `Common Stock`)",
  transaction_date: 'the transaction date',
  deemed_execution_date: 'the deemed execution date, where the form gives one',
  transaction_code:
    'the transaction code: `P` open-market purchase, `S` sale, `A` grant, `M` option exercise, `F` tax withholding, `G` gift, …',
  shares: 'the number of shares (or units) the row transacts',
  price_per_share: "the price per share; on a derivative row, the derivative's own price",
  acquired_disposed: '`A` acquired or `D` disposed',
  shares_owned_following: 'the shares owned after the transaction (or held, on a holding row)',
  direct_indirect: '`D` owned directly or `I` indirectly',
  nature_of_ownership: 'for an indirect holding, how it is held (e.g. `By Trust`)',
  exercise_price: "a derivative's exercise or conversion price",
  exercise_date: 'the date a derivative becomes exercisable',
  expiration_date: "a derivative's expiration date",
  underlying_title: "the title of a derivative's underlying security",
  underlying_shares: 'the number of underlying shares of a derivative row',
}

const column = (name: RecordColumn, meaning = MEANING[name]): ColumnDoc => [RECORD_COLUMNS[name], meaning]
const columns = (...names: RecordColumn[]) => Object.fromEntries(names.map((n) => [n, column(n)]))

export const INSIDER_RECORD_COLUMNS: TableSchema = {
  ...Object.fromEntries(Object.keys(RECORD_COLUMNS).map((n) => [n, column(n as RecordColumn)])),
  quarter: [
    'VARCHAR',
    "the data set's quarter, e.g. `2024q3` (Hive partition: in the folder name `quarter=2024q3`, not in the files)",
  ],
}

const ISSUER = {
  issuer_name: column('issuer_name', "the issuer's name: its entity's, else the filing's"),
  issuer_ticker: column(
    'issuer_ticker',
    "the issuer's primary ticker (its entity's), else the filing's trading symbol (`NONE`, `N/A`… are no symbol: NULL)",
  ),
}

export const INSIDER_FILING_COLUMNS: TableSchema = {
  ...columns('accession_number', 'issuer_cik'),
  ...ISSUER,
  ...columns('form_type', 'filing_date', 'period_of_report'),
  accepted_at: column(
    'accepted_at',
    "EDGAR's acceptance time (the filings table's, else the filing text's header), Eastern time as EDGAR writes it",
  ),
  no_securities_owned: column('no_securities_owned', `${MEANING.no_securities_owned} (false when not given)`),
  aff10b5_one: column(
    'aff10b5_one',
    `${MEANING.aff10b5_one}; the data sets have no such column, so a filing taken from a set has it only from its text file`,
  ),
}

const ROLES = columns('is_director', 'is_officer', 'is_ten_percent_owner', 'is_other', 'officer_title')

export const INSIDER_OWNER_COLUMNS: TableSchema = {
  ...columns('accession_number', 'owner_cik', 'owner_name'),
  ...ROLES,
  seq: column('seq', "the owner's number within the filing, by CIK: 1 is the filing's reporter"),
}

/** The columns of a transaction's or holding's row, as the transactions and positions have them. */
const ROW = columns(
  'security_title',
  'transaction_date',
  'deemed_execution_date',
  'transaction_code',
  'shares',
  'price_per_share',
  'acquired_disposed',
  'shares_owned_following',
  'direct_indirect',
  'nature_of_ownership',
  'exercise_price',
  'exercise_date',
  'expiration_date',
  'underlying_title',
  'underlying_shares',
)

export const INSIDER_TRANSACTION_COLUMNS: TableSchema = {
  accession_number: column('accession_number'),
  row_seq: [
    'INTEGER',
    "the row's number within its filing, in document order (transactions before holdings, non-derivative first)",
  ],
  derivative: column('derivative'),
  ...ROW,
  issuer_cik: column('issuer_cik'),
  ...ISSUER,
  ...columns('form_type', 'filing_date'),
  accepted_at: INSIDER_FILING_COLUMNS.accepted_at!,
  aff10b5_one: INSIDER_FILING_COLUMNS.aff10b5_one!,
  reporter_cik: ['BIGINT', "the reporter's CIK: the filing's first reporting owner by CIK"],
  reporter_name: ['VARCHAR', "the reporter's name"],
  ...ROLES,
  value: [
    'DOUBLE',
    'shares × price per share, in dollars rounded to cents; NULL without a price (a derivative row keeps it but enters no dollar total: docs/insiders.md)',
  ],
  type: ['VARCHAR', '`buy` or `sell`: `P` is a buy and `S` a sell, any other code by its `acquired_disposed`'],
}

export const INSIDER_POSITION_COLUMNS: TableSchema = {
  issuer_cik: column('issuer_cik'),
  ...ISSUER,
  ...columns('owner_cik', 'owner_name', 'is_director', 'is_officer', 'is_ten_percent_owner', 'officer_title'),
  ...columns('security_title', 'derivative', 'direct_indirect', 'nature_of_ownership'),
  shares: column(
    'shares',
    'the shares owned: the latest `shares_owned_following` reported for this security and holding',
  ),
  ...columns('underlying_title', 'underlying_shares', 'exercise_price', 'exercise_date', 'expiration_date'),
  position_date: [
    'DATE',
    'the date of that report: its transaction date, else the period of report, else the filing date',
  ],
  accepted_at: INSIDER_FILING_COLUMNS.accepted_at!,
  accession_number: column('accession_number', 'the accession number of the filing that reported it'),
  form_type: column('form_type'),
  record: column('record', 'the row it comes from: `transaction` or `holding`'),
}
