/**
 * The Filing DTO, made in JavaScript from the raw columns. Formatting in SQL (printf, strftime and the
 * URL concatenation) took over a third of a page's query (docs/architecture.md, The serving database).
 */
import { sql } from '../../db/sql.ts'
import type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { Filing } from './filing-schemas.ts'

/** What a filings query selects for each row (any of the filings copies). */
export const FILING_ROW = sql`acc_key::VARCHAR AS acc, cik::DOUBLE AS cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name`

export type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'

/** 320193240000123 → 0000320193-24-000123 */
export function accessionOf(accKey: string): string {
  const digits = accKey.padStart(18, '0')
  return `${digits.slice(0, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`
}

/** The filing's folder in the archive: <archives>/<CIK without padding>/<accession without dashes>/ */
export const folderUrl = (archives: string, cik: number, accKey: string) =>
  `${archives}/${cik}/${accKey.padStart(18, '0')}/`

export function toFiling(archives: string, r: FilingRow): Filing {
  const accessionNumber = accessionOf(r.acc)
  return {
    accessionNumber,
    cik: String(r.cik).padStart(10, '0'),
    formType: r.form_type,
    formTypeCategory: r.form_category,
    ticker: r.ticker,
    filingDate: r.filing_date,
    filingUrl: `${folderUrl(archives, r.cik, r.acc)}${accessionNumber}-index.htm`,
    // EDGAR writes acceptance times with a Z although they are Eastern time; we keep its notation.
    acceptedDate: r.accepted_at === null ? null : `${r.accepted_at.slice(0, 10)}T${r.accepted_at.slice(11, 19)}.000Z`,
    entityName: r.entity_name,
  }
}
