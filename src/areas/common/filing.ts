/**
 * The Filing DTO, made in JavaScript from the raw columns. Formatting in SQL (printf, strftime and the
 * URL concatenation) took over a third of a page's query (docs/architecture.md, The serving database).
 */
import { sql } from '../../db/sql.ts'
import { accessionOfKey, formatCik } from '../../lib/ids.ts'
import type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import { edgarAcceptedTime, filingIndexUrl } from './edgar-values.ts'
import type { Filing } from './filing-schemas.ts'

/** What a filings query selects for each row (any of the filings copies). */
export const FILING_ROW = sql`acc_key::VARCHAR AS acc, cik::DOUBLE AS cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name`

export type { FilingRow } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'

export function toFiling(archives: string, r: FilingRow): Filing {
  return {
    accessionNumber: accessionOfKey(r.acc),
    cik: formatCik(r.cik),
    formType: r.form_type,
    formTypeCategory: r.form_category,
    ticker: r.ticker,
    filingDate: r.filing_date,
    filingUrl: filingIndexUrl(archives, r.cik, r.acc),
    acceptedDate: edgarAcceptedTime(r.accepted_at),
    entityName: r.entity_name,
  }
}
