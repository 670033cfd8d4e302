/** The columns of the tickers source's Parquet table, for docs/data-dictionary.md (checked as submissions/dictionary.ts says). */
import type { TableSchema } from '../../source.ts'

export const TICKER_COLUMNS: TableSchema = {
  ticker: ['VARCHAR', 'a ticker symbol, upper case'],
  cik: ['BIGINT', 'the CIK of the filer it belongs to'],
  exchange: ['VARCHAR', 'its exchange, e.g. `NYSE`, `Nasdaq` (NULL where the sources name none)'],
  position: [
    'INTEGER',
    "its place among the filer's tickers (1 = primary): the submissions list's order, else company_tickers_exchange.json's market-value order; NULL for a ticker only that file adds to a filer's own list",
  ],
  is_primary: ['BOOLEAN', "the filer's primary ticker (`position` = 1)"],
  last_filing_date: ['DATE', "the filer's latest filing date; NULL for a filer known only from the ticker file"],
}
