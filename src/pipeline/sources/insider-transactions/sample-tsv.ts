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

/** Surrogate keys, counted per table over the whole sample. */
export type Keys = { NONDERIV_TRANS: number; DERIV_TRANS: number; NONDERIV_HOLDING: number; DERIV_HOLDING: number }

/** The lines one document adds to each table. */
export function docLines(doc: OwnershipDoc, keys: Keys): Partial<Record<TableName, string>> {
  const acc = doc.accessionNumber
  const base = doc.form.replace('/A', '')
  const out: Partial<Record<TableName, string>> = {}
  const add = (t: TableName, s: string) => {
    out[t] = (out[t] ?? '') + s
  }
  add(
    'SUBMISSION',
    line([
      acc,
      datasetDate(doc.filing.day),
      datasetDate(doc.periodDay),
      '',
      base === '3' ? (doc.noSecurities ? '1' : '0') : '',
      base === '4' ? '0' : '',
      '',
      '',
      doc.form,
      String(doc.issuer.cik).padStart(10, '0'),
      txt(doc.issuer.name),
      txt(doc.issuer.ticker ?? ''),
      txt(doc.remarks),
    ]),
  )
  const o = doc.owner
  const rel = [o.director && 'Director', o.officer && 'Officer', o.tenPercent && 'TenPercentOwner'].filter(Boolean)
  add(
    'REPORTINGOWNER',
    line([
      acc,
      String(o.cik).padStart(10, '0'),
      txt(o.name),
      rel.join(','),
      txt(o.title),
      '',
      txt(`C/O ${doc.issuer.name.toUpperCase()}`),
      '',
      'WILMINGTON',
      'DE',
      '19801',
      '',
      '',
    ]),
  )
  const fn = (r: DocRow) => r.priceFootnote ?? ''
  for (const r of doc.transactions) {
    if (!r.derivative)
      add(
        'NONDERIV_TRANS',
        line([
          acc,
          String(++keys.NONDERIV_TRANS),
          txt(r.title),
          '',
          datasetDate(r.day),
          '',
          '',
          '',
          base,
          r.code ?? '',
          '0',
          '',
          '',
          '',
          num(r.shares),
          '',
          num(r.price),
          fn(r),
          r.ad ?? '',
          '',
          num(r.following),
          '',
          '',
          '',
          r.di,
          '',
          txt(r.nature),
          '',
        ]),
      )
    else
      add(
        'DERIV_TRANS',
        line([
          acc,
          String(++keys.DERIV_TRANS),
          txt(r.title),
          '',
          num(r.exercisePrice),
          '',
          datasetDate(r.day),
          '',
          '',
          '',
          base,
          r.code ?? '',
          'false',
          '',
          '',
          '',
          num(r.shares),
          '',
          '',
          '',
          num(r.price),
          '',
          r.ad ?? '',
          '',
          datasetDate(r.exerciseDay),
          r.exerciseDay == null ? 'F2' : '',
          datasetDate(r.expirationDay),
          '',
          txt(r.underlyingTitle),
          '',
          num(r.underlyingShares),
          '',
          '',
          '',
          num(r.following),
          '',
          '',
          '',
          r.di,
          '',
          txt(r.nature),
          '',
        ]),
      )
  }
  for (const r of doc.holdings) {
    if (!r.derivative)
      add(
        'NONDERIV_HOLDING',
        line([
          acc,
          String(++keys.NONDERIV_HOLDING),
          txt(r.title),
          '',
          base,
          '',
          num(r.following),
          '',
          '',
          '',
          r.di,
          '',
          txt(r.nature),
          '',
        ]),
      )
    else
      add(
        'DERIV_HOLDING',
        line([
          acc,
          String(++keys.DERIV_HOLDING),
          txt(r.title),
          '',
          num(r.exercisePrice),
          '',
          base,
          '',
          datasetDate(r.exerciseDay),
          r.exerciseDay == null ? 'F2' : '',
          datasetDate(r.expirationDay),
          '',
          txt(r.underlyingTitle),
          '',
          num(r.underlyingShares),
          '',
          '',
          '',
          num(r.following),
          '',
          '',
          '',
          r.di,
          '',
          txt(r.nature),
          '',
        ]),
      )
  }
  for (const f of doc.footnotes) add('FOOTNOTES', line([acc, f.id, txt(f.text)]))
  add('OWNER_SIGNATURE', line([acc, txt(`/s/ ${o.name}`), datasetDate(doc.filing.day)]))
  return out
}
