/**
 * The columns of the submissions source's Parquet tables, for docs/data-dictionary.md: each column's type
 * as DuckDB reads the files, and what a value means (test/docs/data-dictionary.test.ts checks them
 * against a built snapshot). "As EDGAR has it" is the submissions JSON's field of the same meaning, with
 * an empty string stored as NULL.
 */
import type { TableSchema } from '../../source.ts'

/** `acc_key`, in every table that has it (submissions contract ACC_KEY computes it). */
export const ACC_KEY_COLUMN = [
  'BIGINT',
  'the accession number as an integer, dashes removed (`0000320193-24-000123` → 32019324000123)',
] as const

const ADDRESS =
  'STRUCT(street1 VARCHAR, street2 VARCHAR, city VARCHAR, state_or_country VARCHAR, zip_code VARCHAR, state_or_country_description VARCHAR, foreign_state_territory VARCHAR, country VARCHAR, country_code VARCHAR, foreign_location BOOLEAN)'

const address = (which: string) =>
  [
    ADDRESS,
    `the ${which} address as EDGAR has it (street1, street2, city, state_or_country, zip_code, state_or_country_description, foreign_state_territory, country, country_code; foreign_location true, false or NULL when EDGAR leaves it out)`,
  ] as const

export const ENTITY_COLUMNS: TableSchema = {
  cik: ['BIGINT', "the filer's Central Index Key (CIK), as an integer (the API pads it to 10 digits)"],
  name: ['VARCHAR', 'the current conformed name (submissions), else the latest name an index file gives'],
  entity_type: [
    'VARCHAR',
    "the API's class: `company`, `individual`, `institution` or `unknown` (docs/data.md, EDGAR rules: how it is decided)",
  ],
  sec_entity_type: [
    'VARCHAR',
    "EDGAR's own `entityType` (`operating` or `other`); NULL for a filer known only from index files",
  ],
  tickers: [
    'VARCHAR[]',
    "every ticker, primary first (the submissions list, else the ticker file's in market-value order)",
  ],
  exchanges: ['VARCHAR[]', 'the exchange of each ticker, in the same order (NULL where EDGAR names none)'],
  sic: ['INTEGER', 'the Standard Industrial Classification code'],
  sic_description: ['VARCHAR', "the SIC code's industry title, as EDGAR has it"],
  owner_org: ['VARCHAR', 'the SEC office that reviews the filer, e.g. `05 Real Estate & Construction`'],
  insider_transaction_for_owner_exists: [
    'BOOLEAN',
    'EDGAR: the filer has filed insider transactions as a reporting owner',
  ],
  insider_transaction_for_issuer_exists: [
    'BOOLEAN',
    'EDGAR: insider transactions have been filed about the filer as issuer',
  ],
  ein: ['VARCHAR', "the Employer Identification Number, 9 digits as text; NULL for EDGAR's `000000000` placeholder"],
  lei: ['VARCHAR', 'the Legal Entity Identifier, as EDGAR has it'],
  description: ['VARCHAR', 'as EDGAR has it'],
  website: ['VARCHAR', 'as EDGAR has it'],
  investor_website: ['VARCHAR', 'as EDGAR has it'],
  category: [
    'VARCHAR',
    'the filer categories (e.g. `Large accelerated filer`), comma-separated where EDGAR joins them with `<br>`',
  ],
  fiscal_year_end: ['VARCHAR', 'the fiscal year end as `MMDD` (NULL unless four digits)'],
  state_of_incorporation: ['VARCHAR', 'as EDGAR has it: a state or country code'],
  state_of_incorporation_description: ['VARCHAR', 'as EDGAR has it'],
  phone: ['VARCHAR', 'as EDGAR has it'],
  flags: ['VARCHAR', 'as EDGAR has it'],
  former_names: [
    'STRUCT("name" VARCHAR, "from" DATE, "to" DATE)[]',
    'earlier names with the dates each was used from and to, as EDGAR lists them (most recent first)',
  ],
  mailing_address: address('mailing'),
  business_address: address('business'),
  market_rank: [
    'INTEGER',
    "the filer's best row in company_tickers_exchange.json (the SEC's market-value order; 1 = largest); NULL when it lists none",
  ],
  source: [
    'VARCHAR',
    '`submissions` (a submissions file), or `index` (a filer known only from index files: name only)',
  ],
  ticker: ['VARCHAR', 'the primary ticker: the first of `tickers`'],
  filing_count: ['INTEGER', 'how many filings the snapshot lists under the CIK'],
  first_filing_date: ['DATE', 'the earliest filing date of those filings'],
  last_filing_date: ['DATE', 'the latest filing date of those filings'],
}

/** The columns of `filings` and of `filings_by_date` (the same rows in another order). */
export const FILING_COLUMNS: TableSchema = {
  accession_number: ['VARCHAR', "the accession number, `##########-##-######` (the filer agent's CIK, year, sequence)"],
  cik: [
    'BIGINT',
    'the CIK of the filer this row lists the filing under (a filing with several filers has a row per filer)',
  ],
  form_type: ['VARCHAR', 'the form as filed, e.g. `10-K`, `8-K`; an amendment is its own type (`10-K/A`)'],
  form_category: ['VARCHAR', "the form's category, e.g. `Annual Reports` (src/reference/form-types.ts)"],
  filing_date: ['DATE', 'the day the SEC received the filing'],
  report_date: ['DATE', 'the period of report, where the form has one'],
  accepted_at: [
    'TIMESTAMP',
    "EDGAR's acceptance date and time, as EDGAR writes it (no time zone); NULL for a filing known only from an index file",
  ],
  act: ['VARCHAR', 'the Act the filing is made under, e.g. `33`, `34`'],
  file_number: ['VARCHAR', 'the SEC file number, e.g. `001-12345`'],
  film_number: ['VARCHAR', "EDGAR's film number"],
  items: ['VARCHAR', 'the 8-K items reported, comma-separated as EDGAR has them (e.g. `2.02,9.01`)'],
  core_type: ['VARCHAR', "EDGAR's core form type"],
  size: ['BIGINT', 'the size of the filing, in bytes'],
  is_xbrl: ['BOOLEAN', 'the filing has XBRL data'],
  is_inline_xbrl: ['BOOLEAN', 'the filing has Inline XBRL data'],
  primary_document: ['VARCHAR', "the primary document's file name in the filing's folder"],
  primary_doc_description: ['VARCHAR', "the primary document's description, as EDGAR has it"],
  entity_name: ['VARCHAR', "the filer's current name (its entity), else the name the index file gives"],
  ticker: ['VARCHAR', "the filer's primary ticker"],
  source: [
    'VARCHAR',
    'where the row comes from: `submissions`, or the index file that listed a filing submissions lack (`full-index`, `daily-index`)',
  ],
}

export const FILING_ACCESSION_COLUMNS: TableSchema = {
  accession_number: FILING_COLUMNS.accession_number!,
  cik: ['BIGINT', 'the CIK of one filer of the filing (one row per filer)'],
  filing_date: FILING_COLUMNS.filing_date!,
}

export const FORM_TYPE_COLUMNS: TableSchema = {
  form_type: ['VARCHAR', 'a form type that occurs in the snapshot, as filed'],
  category: ['VARCHAR', "the form's category (src/reference/form-types.ts)"],
  description: ['VARCHAR', "the form's description; NULL for a form the reference does not know"],
  filing_count: ['INTEGER', 'how many filing rows (a row per filer) have the form'],
  latest_filing_date: ['DATE', 'the latest filing date of the form'],
}
