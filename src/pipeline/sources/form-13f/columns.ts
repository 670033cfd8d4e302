/**
 * The Form 13F data sets' tables and their columns, as the SEC's `FORM13F_metadata.json` names them.
 * Both paths speak this layout: a data set's TSVs are read by header name, and a filing's own XML is
 * turned into rows of the same tables (xml.ts), so one set of typed SELECTs (below) normalizes both.
 * Dates are `DD-MON-YYYY` in the TSVs (`30-JUN-2025`); the XML's `MM-DD-YYYY` is written that way too.
 */
export const TABLE_COLUMNS = {
  SUBMISSION: ['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT'],
  COVERPAGE: [
    'ACCESSION_NUMBER',
    'REPORTCALENDARORQUARTER',
    'ISAMENDMENT',
    'AMENDMENTNO',
    'AMENDMENTTYPE',
    'CONFDENIEDEXPIRED',
    'DATEDENIEDEXPIRED',
    'DATEREPORTED',
    'REASONFORNONCONFIDENTIALITY',
    'FILINGMANAGER_NAME',
    'FILINGMANAGER_STREET1',
    'FILINGMANAGER_STREET2',
    'FILINGMANAGER_CITY',
    'FILINGMANAGER_STATEORCOUNTRY',
    'FILINGMANAGER_ZIPCODE',
    'REPORTTYPE',
    'FORM13FFILENUMBER',
    'CRDNUMBER',
    'SECFILENUMBER',
    'PROVIDEINFOFORINSTRUCTION5',
    'ADDITIONALINFORMATION',
  ],
  SUMMARYPAGE: [
    'ACCESSION_NUMBER',
    'OTHERINCLUDEDMANAGERSCOUNT',
    'TABLEENTRYTOTAL',
    'TABLEVALUETOTAL',
    'ISCONFIDENTIALOMITTED',
  ],
  OTHERMANAGER: [
    'ACCESSION_NUMBER',
    'OTHERMANAGER_SK',
    'CIK',
    'FORM13FFILENUMBER',
    'CRDNUMBER',
    'SECFILENUMBER',
    'NAME',
  ],
  OTHERMANAGER2: [
    'ACCESSION_NUMBER',
    'SEQUENCENUMBER',
    'CIK',
    'FORM13FFILENUMBER',
    'CRDNUMBER',
    'SECFILENUMBER',
    'NAME',
  ],
  SIGNATURE: ['ACCESSION_NUMBER', 'NAME', 'TITLE', 'PHONE', 'SIGNATURE', 'CITY', 'STATEORCOUNTRY', 'SIGNATUREDATE'],
  INFOTABLE: [
    'ACCESSION_NUMBER',
    'INFOTABLE_SK',
    'NAMEOFISSUER',
    'TITLEOFCLASS',
    'CUSIP',
    'FIGI',
    'VALUE',
    'SSHPRNAMT',
    'SSHPRNAMTTYPE',
    'PUTCALL',
    'INVESTMENTDISCRETION',
    'OTHERMANAGER',
    'VOTING_AUTH_SOLE',
    'VOTING_AUTH_SHARED',
    'VOTING_AUTH_NONE',
  ],
} as const

export type DataSetTable = keyof typeof TABLE_COLUMNS
/** A row of a data-set table as text, by column name (absent or empty: null). */
export type DataSetRow = Partial<Record<string, string | null>>

/** The tables the build reads (SIGNATURE is not served). */
export const READ_TABLES = [
  'SUBMISSION',
  'COVERPAGE',
  'SUMMARYPAGE',
  'OTHERMANAGER',
  'OTHERMANAGER2',
  'INFOTABLE',
] as const
export type ReadTable = (typeof READ_TABLES)[number]

/**
 * The files every data set must hold (period-sets.ts): each table the build reads. A real set holds all
 * seven, the other-manager tables with a header alone when no filing of its window lists one, so a set
 * without one is a truncated download or a partial extract, whose filings would be served without their
 * cover page, summary, holdings or other managers. SIGNATURE may be absent: nothing served comes from it.
 */
export const REQUIRED_TABLES = READ_TABLES.map((t) => `${t}.tsv`)

const date = (c: string) => `try_strptime(nullif(trim(${c}), ''), '%d-%b-%Y')::DATE`
const text = (c: string) => `nullif(trim(${c}), '')`
const int = (c: string) => `try_cast(round(try_cast(nullif(trim(${c}), '') AS DOUBLE)) AS BIGINT)`
const flag = (c: string) => `(upper(trim(${c})) IN ('Y', 'TRUE', '1'))`

/**
 * Typed SELECT lists over a table of text columns named as in the data sets: the only place either path's
 * text becomes typed values (the VALUE column stays as reported here; rules.ts applies the unit rule).
 */
export const TYPED_SELECT: Record<ReadTable, string> = {
  SUBMISSION: `${text('ACCESSION_NUMBER')} AS accession, ${date('FILING_DATE')} AS filed,
    upper(${text('SUBMISSIONTYPE')}) AS form, try_cast(${text('CIK')} AS BIGINT) AS cik,
    ${date('PERIODOFREPORT')} AS period`,
  COVERPAGE: `${text('ACCESSION_NUMBER')} AS accession, ${date('REPORTCALENDARORQUARTER')} AS report_quarter,
    ${flag('ISAMENDMENT')} AS is_amendment, try_cast(${int('AMENDMENTNO')} AS INTEGER) AS amendment_no,
    upper(${text('AMENDMENTTYPE')}) AS amendment_type, ${text('FILINGMANAGER_NAME')} AS manager_name,
    upper(${text('REPORTTYPE')}) AS report_type, ${text('FORM13FFILENUMBER')} AS form13f_file_number,
    ${text('CRDNUMBER')} AS crd_number, ${text('SECFILENUMBER')} AS sec_file_number`,
  SUMMARYPAGE: `${text('ACCESSION_NUMBER')} AS accession,
    try_cast(${int('OTHERINCLUDEDMANAGERSCOUNT')} AS INTEGER) AS other_included_count,
    ${int('TABLEENTRYTOTAL')} AS table_entry_total, ${int('TABLEVALUETOTAL')} AS table_value_total,
    ${flag('ISCONFIDENTIALOMITTED')} AS confidential_omitted`,
  OTHERMANAGER: `${text('ACCESSION_NUMBER')} AS accession, 'notice' AS type, NULL::INTEGER AS sequence_number,
    try_cast(${int('OTHERMANAGER_SK')} AS BIGINT) AS row_key, try_cast(${text('CIK')} AS BIGINT) AS manager_cik,
    ${text('NAME')} AS manager_name, ${text('FORM13FFILENUMBER')} AS form13f_file_number,
    ${text('CRDNUMBER')} AS crd_number, ${text('SECFILENUMBER')} AS sec_file_number`,
  OTHERMANAGER2: `${text('ACCESSION_NUMBER')} AS accession, 'included' AS type,
    try_cast(${int('SEQUENCENUMBER')} AS INTEGER) AS sequence_number, try_cast(${int('SEQUENCENUMBER')} AS BIGINT) AS row_key,
    try_cast(${text('CIK')} AS BIGINT) AS manager_cik, ${text('NAME')} AS manager_name,
    ${text('FORM13FFILENUMBER')} AS form13f_file_number, ${text('CRDNUMBER')} AS crd_number,
    ${text('SECFILENUMBER')} AS sec_file_number`,
  INFOTABLE: `${text('ACCESSION_NUMBER')} AS accession, ${int('INFOTABLE_SK')} AS row_key,
    ${text('NAMEOFISSUER')} AS issuer_name, ${text('TITLEOFCLASS')} AS title_of_class,
    upper(${text('CUSIP')}) AS cusip, ${text('FIGI')} AS figi, ${int('VALUE')} AS value_reported,
    ${int('SSHPRNAMT')} AS shares, upper(${text('SSHPRNAMTTYPE')}) AS share_type,
    upper(${text('PUTCALL')}) AS put_call, upper(${text('INVESTMENTDISCRETION')}) AS investment_discretion,
    ${text('OTHERMANAGER')} AS other_manager, ${int('VOTING_AUTH_SOLE')} AS voting_sole,
    ${int('VOTING_AUTH_SHARED')} AS voting_shared, ${int('VOTING_AUTH_NONE')} AS voting_none`,
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
/** `YYYY-MM-DD` → the data sets' `DD-MON-YYYY`. */
export const dataSetDate = (iso: string) => `${iso.slice(8, 10)}-${MONTHS[+iso.slice(5, 7) - 1]}-${iso.slice(0, 4)}`
