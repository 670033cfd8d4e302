/**
 * The Insider Transactions Data Sets' tables as the SEC writes them: tab-separated, a header row, dates
 * `DD-MON-YYYY`, numbers with a decimal point (`3844.0`), free text quoted when it holds a tab, quote or
 * line break. Headers are the real files' (2024q3), and for the tables the samples lack (NONDERIV_TRANS,
 * REPORTINGOWNER, FOOTNOTES) the SEC's metadata file's.
 */
import { type DocRow, datasetDate, type OwnershipDoc } from './sample-docs.ts'

export const HEADERS = {
  SUBMISSION:
    'ACCESSION_NUMBER FILING_DATE PERIOD_OF_REPORT DATE_OF_ORIG_SUB NO_SECURITIES_OWNED NOT_SUBJECT_SEC16 FORM3_HOLDINGS_REPORTED FORM4_TRANS_REPORTED DOCUMENT_TYPE ISSUERCIK ISSUERNAME ISSUERTRADINGSYMBOL REMARKS',
  REPORTINGOWNER:
    'ACCESSION_NUMBER RPTOWNERCIK RPTOWNERNAME RPTOWNER_RELATIONSHIP RPTOWNER_TITLE RPTOWNER_TXT RPTOWNER_STREET1 RPTOWNER_STREET2 RPTOWNER_CITY RPTOWNER_STATE RPTOWNER_ZIPCODE RPTOWNER_STATE_DESC FILE_NUMBER',
  NONDERIV_TRANS:
    'ACCESSION_NUMBER NONDERIV_TRANS_SK SECURITY_TITLE SECURITY_TITLE_FN TRANS_DATE TRANS_DATE_FN DEEMED_EXECUTION_DATE DEEMED_EXECUTION_DATE_FN TRANS_FORM_TYPE TRANS_CODE EQUITY_SWAP_INVOLVED EQUITY_SWAP_INVOLVED_FN TRANS_TIMELINESS TRANS_TIMELINESS_FN TRANS_SHARES TRANS_SHARES_FN TRANS_PRICEPERSHARE TRANS_PRICEPERSHARE_FN TRANS_ACQUIRED_DISP_CD TRANS_ACQUIRED_DISP_CD_FN SHRS_OWND_FOLWNG_TRANS SHRS_OWND_FOLWNG_TRANS_FN VALU_OWND_FOLWNG_TRANS VALU_OWND_FOLWNG_TRANS_FN DIRECT_INDIRECT_OWNERSHIP DIRECT_INDIRECT_OWNERSHIP_FN NATURE_OF_OWNERSHIP NATURE_OF_OWNERSHIP_FN',
  NONDERIV_HOLDING:
    'ACCESSION_NUMBER NONDERIV_HOLDING_SK SECURITY_TITLE SECURITY_TITLE_FN TRANS_FORM_TYPE TRANS_FORM_TYPE_FN SHRS_OWND_FOLWNG_TRANS SHRS_OWND_FOLWNG_TRANS_FN VALU_OWND_FOLWNG_TRANS VALU_OWND_FOLWNG_TRANS_FN DIRECT_INDIRECT_OWNERSHIP DIRECT_INDIRECT_OWNERSHIP_FN NATURE_OF_OWNERSHIP NATURE_OF_OWNERSHIP_FN',
  DERIV_TRANS:
    'ACCESSION_NUMBER DERIV_TRANS_SK SECURITY_TITLE SECURITY_TITLE_FN CONV_EXERCISE_PRICE CONV_EXERCISE_PRICE_FN TRANS_DATE TRANS_DATE_FN DEEMED_EXECUTION_DATE DEEMED_EXECUTION_DATE_FN TRANS_FORM_TYPE TRANS_CODE EQUITY_SWAP_INVOLVED EQUITY_SWAP_TRANS_CD_FN TRANS_TIMELINESS TRANS_TIMELINESS_FN TRANS_SHARES TRANS_SHARES_FN TRANS_TOTAL_VALUE TRANS_TOTAL_VALUE_FN TRANS_PRICEPERSHARE TRANS_PRICEPERSHARE_FN TRANS_ACQUIRED_DISP_CD TRANS_ACQUIRED_DISP_CD_FN EXCERCISE_DATE EXCERCISE_DATE_FN EXPIRATION_DATE EXPIRATION_DATE_FN UNDLYNG_SEC_TITLE UNDLYNG_SEC_TITLE_FN UNDLYNG_SEC_SHARES UNDLYNG_SEC_SHARES_FN UNDLYNG_SEC_VALUE UNDLYNG_SEC_VALUE_FN SHRS_OWND_FOLWNG_TRANS SHRS_OWND_FOLWNG_TRANS_FN VALU_OWND_FOLWNG_TRANS VALU_OWND_FOLWNG_TRANS_FN DIRECT_INDIRECT_OWNERSHIP DIRECT_INDIRECT_OWNERSHIP_FN NATURE_OF_OWNERSHIP NATURE_OF_OWNERSHIP_FN',
  DERIV_HOLDING:
    'ACCESSION_NUMBER DERIV_HOLDING_SK SECURITY_TITLE SECURITY_TITLE_FN CONV_EXERCISE_PRICE CONV_EXERCISE_PRICE_FN TRANS_FORM_TYPE TRANS_FORM_TYPE_FN EXERCISE_DATE EXERCISE_DATE_FN EXPIRATION_DATE EXPIRATION_DATE_FN UNDLYNG_SEC_TITLE UNDLYNG_SEC_TITLE_FN UNDLYNG_SEC_SHARES UNDLYNG_SEC_SHARES_FN UNDLYNG_SEC_VALUE UNDLYNG_SEC_VALUE_FN SHRS_OWND_FOLWNG_TRANS SHRS_OWND_FOLWNG_TRANS_FN VALU_OWND_FOLWNG_TRANS VALU_OWND_FOLWNG_TRANS_FN DIRECT_INDIRECT_OWNERSHIP DIRECT_INDIRECT_OWNERSHIP_FN NATURE_OF_OWNERSHIP NATURE_OF_OWNERSHIP_FN',
  FOOTNOTES: 'ACCESSION_NUMBER FOOTNOTE_ID FOOTNOTE_TXT',
  OWNER_SIGNATURE: 'ACCESSION_NUMBER OWNERSIGNATURENAME OWNERSIGNATUREDATE',
} as const
export type TableName = keyof typeof HEADERS
export const TABLE_NAMES = Object.keys(HEADERS) as TableName[]
export const headerLine = (t: TableName) => `${HEADERS[t].replaceAll(' ', '\t')}\n`

/** Free text: quoted (with doubled quotes) only when it must be. */
const txt = (s: string | null | undefined) =>
  s == null ? '' : /[\t"\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
/** `3844.0`, `0.33`: a number with at least one decimal, as the SEC's export writes it. */
const num = (n: number | null | undefined) => (n == null ? '' : Number.isInteger(n) ? `${n}.0` : String(n))
const line = (cells: string[]) => `${cells.join('\t')}\n`
/**
 * A table's line from the cells it fills, by column name, the others left empty: the tables are wide and
 * mostly empty, and a name cannot land in the wrong position. A name the header lacks is a mistake here.
 */
const row = (t: TableName, cells: Record<string, string>) => {
  const columns = HEADERS[t].split(' ')
  for (const name of Object.keys(cells)) if (!columns.includes(name)) throw new Error(`${t} has no column ${name}`)
  return line(columns.map((c) => cells[c] ?? ''))
}

/** The balance after a transaction or of a holding, the same columns in all four position tables. */
const ownedAfter = (r: DocRow) => ({
  SHRS_OWND_FOLWNG_TRANS: num(r.following),
  DIRECT_INDIRECT_OWNERSHIP: r.di,
  NATURE_OF_OWNERSHIP: txt(r.nature),
})

/**
 * The terms of a derivative, the same in both derivative tables but for the exercise date's column, which
 * the SEC's transactions file spells EXCERCISE_DATE. A date the document leaves out points at footnote F2.
 */
const derivativeTerms = (r: DocRow, exerciseDate: 'EXERCISE_DATE' | 'EXCERCISE_DATE') => ({
  CONV_EXERCISE_PRICE: num(r.exercisePrice),
  [exerciseDate]: datasetDate(r.exerciseDay),
  [`${exerciseDate}_FN`]: r.exerciseDay == null ? 'F2' : '',
  EXPIRATION_DATE: datasetDate(r.expirationDay),
  UNDLYNG_SEC_TITLE: txt(r.underlyingTitle),
  UNDLYNG_SEC_SHARES: num(r.underlyingShares),
})

/** Surrogate keys, counted per table over the whole sample. */
export type Keys = { NONDERIV_TRANS: number; DERIV_TRANS: number; NONDERIV_HOLDING: number; DERIV_HOLDING: number }

/** The lines one document adds to each table. */
export function docLines(doc: OwnershipDoc, keys: Keys): Partial<Record<TableName, string>> {
  const base = doc.form.replace('/A', '')
  const out: Partial<Record<TableName, string>> = {}
  // Every table's first column is the filing's accession number.
  const add = (t: TableName, cells: Record<string, string>) => {
    out[t] = (out[t] ?? '') + row(t, { ACCESSION_NUMBER: doc.accessionNumber, ...cells })
  }
  add('SUBMISSION', {
    FILING_DATE: datasetDate(doc.filing.day),
    PERIOD_OF_REPORT: datasetDate(doc.periodDay),
    NO_SECURITIES_OWNED: base === '3' ? (doc.noSecurities ? '1' : '0') : '',
    NOT_SUBJECT_SEC16: base === '4' ? '0' : '',
    DOCUMENT_TYPE: doc.form,
    ISSUERCIK: String(doc.issuer.cik).padStart(10, '0'),
    ISSUERNAME: txt(doc.issuer.name),
    ISSUERTRADINGSYMBOL: txt(doc.issuer.ticker ?? ''),
    REMARKS: txt(doc.remarks),
  })
  const o = doc.owner
  const rel = [o.director && 'Director', o.officer && 'Officer', o.tenPercent && 'TenPercentOwner'].filter(Boolean)
  add('REPORTINGOWNER', {
    RPTOWNERCIK: String(o.cik).padStart(10, '0'),
    RPTOWNERNAME: txt(o.name),
    RPTOWNER_RELATIONSHIP: rel.join(','),
    RPTOWNER_TITLE: txt(o.title),
    RPTOWNER_STREET1: txt(`C/O ${doc.issuer.name.toUpperCase()}`),
    RPTOWNER_CITY: 'WILMINGTON',
    RPTOWNER_STATE: 'DE',
    RPTOWNER_ZIPCODE: '19801',
  })
  // What all four position tables hold of a row, and what the two transaction tables add to it.
  const position = (r: DocRow) => ({ SECURITY_TITLE: txt(r.title), TRANS_FORM_TYPE: base, ...ownedAfter(r) })
  const transaction = (r: DocRow) => ({
    ...position(r),
    TRANS_DATE: datasetDate(r.day),
    TRANS_CODE: r.code ?? '',
    TRANS_SHARES: num(r.shares),
    TRANS_PRICEPERSHARE: num(r.price),
    TRANS_ACQUIRED_DISP_CD: r.ad ?? '',
  })
  for (const r of doc.transactions) {
    if (!r.derivative)
      add('NONDERIV_TRANS', {
        NONDERIV_TRANS_SK: String(++keys.NONDERIV_TRANS),
        ...transaction(r),
        EQUITY_SWAP_INVOLVED: '0',
        TRANS_PRICEPERSHARE_FN: r.priceFootnote ?? '',
      })
    else
      add('DERIV_TRANS', {
        DERIV_TRANS_SK: String(++keys.DERIV_TRANS),
        ...transaction(r),
        EQUITY_SWAP_INVOLVED: 'false',
        ...derivativeTerms(r, 'EXCERCISE_DATE'),
      })
  }
  for (const r of doc.holdings) {
    if (!r.derivative) add('NONDERIV_HOLDING', { NONDERIV_HOLDING_SK: String(++keys.NONDERIV_HOLDING), ...position(r) })
    else
      add('DERIV_HOLDING', {
        DERIV_HOLDING_SK: String(++keys.DERIV_HOLDING),
        ...position(r),
        ...derivativeTerms(r, 'EXERCISE_DATE'),
      })
  }
  for (const f of doc.footnotes) add('FOOTNOTES', { FOOTNOTE_ID: f.id, FOOTNOTE_TXT: txt(f.text) })
  add('OWNER_SIGNATURE', { OWNERSIGNATURENAME: txt(`/s/ ${o.name}`), OWNERSIGNATUREDATE: datasetDate(doc.filing.day) })
  return out
}
