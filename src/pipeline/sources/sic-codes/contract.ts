/** The SIC codes source's contract: the serving table the SIC code list is read from (src/areas/entities). */
import { servingTable, servingTablesOf } from '../../serving-table.ts'

export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'sic_codes',
    holds: "a SIC code: its office, industry title and sector, the large filers' tickers, its entity count",
    columns: ['sic_code', 'office', 'industry_title', 'sector', 'large_size_tickers', 'entity_count'],
    // A copy of the snapshot's Parquet table, written in this order.
    key: 'sic_code',
  }),
)
