/** The tickers source's contract: the serving table the server resolves tickers with (src/areas/common). */
import { servingTable, servingTablesOf } from '../../serving-table.ts'

export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'tickers',
    holds: "a ticker of a filer: its exchange, its position among the filer's tickers, whether it is the primary one",
    columns: ['ticker', 'cik', 'exchange', 'position', 'is_primary', 'last_filing_date'],
    // A copy of the snapshot's Parquet table, written in this order.
    key: 'ticker, cik',
  }),
)
