/**
 * The filings' lines in the snapshot's lookup files (lib/keyed-file.ts), keyed by the accession number's
 * 18 digits (`acc_key`), the filer's CIK or a position in form order: how the build writes them (fixed
 * SQL) and how the server reads them back into the rows its queries would have returned. JSON arrays
 * rather than objects: the field names would be a third of the files.
 */

/** A filing as the server reads it, from a lookup line or a serving table (`FILING_ROW` in src/areas/common). */
export type FilingRow = {
  /** The accession number's 18 digits as an integer (`acc_key`), in decimal. */
  acc: string
  cik: number
  form_type: string
  form_category: string
  ticker: string | null
  /** YYYY-MM-DD */
  filing_date: string
  /** YYYY-MM-DD HH:MM:SS[.ffffff] */
  accepted_at: string | null
  entity_name: string
}

/** A filing's line: one per filer of the accession number, in CIK order. */
export const ACCESSION_LINE = `json_array(cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name, primary_document, primary_doc_description)::VARCHAR`

export type AccessionRecord = FilingRow & { primary_document: string | null; primary_doc_description: string | null }

export function accessionRecord(acc: string, line: string): AccessionRecord {
  const [
    cik,
    form_type,
    form_category,
    ticker,
    filing_date,
    accepted_at,
    entity_name,
    primary_document,
    primary_doc_description,
  ] = JSON.parse(line)
  return {
    acc,
    cik,
    form_type,
    form_category,
    ticker,
    filing_date,
    accepted_at,
    entity_name,
    primary_document,
    primary_doc_description,
  }
}

/**
 * A filing's line in its filer's run (keyed by CIK), in the list's order: filing date, then accession
 * number, newest first. The date and form type come first, so that a page with filters can test a line
 * by its first characters and parse only the lines it returns. `acc` is the build's expression for the
 * accession number's integer.
 */
export const filerLine = (acc: string) =>
  `json_array(filing_date, form_type, ${acc}::VARCHAR, form_category, ticker, accepted_at, entity_name)::VARCHAR`

/** `["YYYY-MM-DD","<form type>",…`: the filing date (never null). */
export const filerLineDate = (line: string) => line.slice(2, 12)

/** The form type (never null), unless JSON escaped a character of it: then undefined, and the line must be parsed. */
export function filerLineForm(line: string): string | undefined {
  const end = line.indexOf('"', 15)
  const form = line.slice(15, end)
  return form.includes('\\') ? undefined : form
}

export function filerRecord(cik: number, line: string): FilingRow {
  const [filing_date, form_type, acc, form_category, ticker, accepted_at, entity_name] = JSON.parse(line)
  return { acc, cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name }
}

/**
 * A filing's line in the form-ordered file, keyed by its position in the serving database's
 * `filings_by_form` (form type, then the list's order). The filing date, the accession number's 18 digits
 * (zero-padded, so that text order is number order) and the CIK come first: a merge of several forms'
 * ranges orders lines by them without parsing (positionOrder, positionCik).
 */
export const POSITION_LINE = `json_array(filing_date, lpad(acc_key::VARCHAR, 18, '0'), cik, form_type, form_category, ticker, accepted_at, entity_name)::VARCHAR`

/** `["YYYY-MM-DD","<18 digits>",<cik>,…`: date and accession number as one text, newest first when compared descending. */
export const positionOrder = (line: string) => line.slice(2, 33)

/** The accession number's 18 digits: on one day, the list's order (descending; text order is number order). */
export const positionAcc = (line: string) => line.slice(15, 33)

/** A frame head of the form-ordered file (lib/keyed-file.ts): its first line's accession number. */
export const positionHead = (line: string) => BigInt(positionAcc(line))

/** The CIK, the list order's last key (ascending). */
export const positionCik = (line: string) => Number(line.slice(35, line.indexOf(',', 35)))

export function positionRecord(line: string): FilingRow {
  const [filing_date, acc, cik, form_type, form_category, ticker, accepted_at, entity_name] = JSON.parse(line)
  return { acc, cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name }
}
