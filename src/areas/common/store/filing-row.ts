/**
 * What a filings query selects for each row (any of the filings copies): the raw columns, which
 * src/areas/common/filing.ts makes into the Filing DTO in JavaScript.
 */
import { sql } from '../../../db/sql.ts'

export const FILING_ROW = sql`acc_key::VARCHAR AS acc, cik::DOUBLE AS cik, form_type, form_category, ticker, filing_date, accepted_at, entity_name`
