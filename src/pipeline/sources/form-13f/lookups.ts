/**
 * The 13F lookup files (contract.ts LOOKUPS): what a manager's per-quarter pages read without a query.
 * At full volume a uniform draw lands on a cold part of inst_holdings (167 M rows), inst_flows (183 M) or
 * inst_sectors (43 M), and DuckDB then reads and decompresses a block of every column named: a manager's
 * top 100 holdings cost two to three times a page's target, and the context query before them more
 * (docs/benchmarks.md). Here a page is one or two records of a keyed file (docs/institutions.md, "Lookup
 * files").
 */
import type { BuildContext, LookupSpec } from '../../source.ts'
import {
  FILING_LINE,
  FLOW_LINE_COLUMNS,
  HOLDING_LINE_COLUMNS,
  LOOKUPS,
  MANAGER_QUARTER_KEY,
  QUARTER_LINE,
  QUARTER_MANAGER_KEY,
  SECTOR_LINE_COLUMNS,
  TOP_ROWS,
} from './contract.ts'

const arrayOf = (columns: readonly string[]) => `json_array(${columns.join(', ')})::VARCHAR`

export function form13fLookups({ parquet }: BuildContext): LookupSpec[] {
  // The Parquet of the quarterly tables is written a quarter per file, each sorted: read in file order,
  // its rows come in key order (lookup-files.ts keeps insertion order).
  const holdings = parquet('inst_holdings')
  // The lines a manager-quarter's first TOP_ROWS holdings make, in any order: counted on the rank alone, so
  // checking the files' line counts does not run their rankings a second time.
  const topHoldingRows = `(SELECT 1 FROM ${holdings} WHERE value_rank <= ${TOP_ROWS})`
  // Ranked by shares on the narrow columns, then joined back by row number (as the flows below).
  const holdingRows = parquet('inst_holdings', ', file_row_number = true')
  const bySharesKept = `SELECT qend, cik, file_row_number,
      row_number() OVER (PARTITION BY qend, cik ORDER BY shares DESC NULLS LAST, value_rank) AS pick
    FROM ${holdingRows} QUALIFY pick <= ${TOP_ROWS}`
  const byShares = `SELECT h.*, k.pick FROM ${holdingRows} h JOIN (${bySharesKept}) k USING (qend, cik, file_row_number)`
  // The flows' files are a quarter each, sorted: a row's number in its file is its place in the lists.
  // Ranked on those narrow columns, then joined back: a ranking carrying all 16 columns of the 183 M
  // rows spilled over 18 GB at full volume (and filled the disk).
  const flowRows = parquet('inst_flows', ', file_row_number = true')
  const kept = `SELECT qend, cik, file_row_number FROM ${flowRows} WHERE net_shares <> 0
    QUALIFY row_number() OVER (PARTITION BY qend, cik, net_shares > 0 ORDER BY file_row_number) <= ${TOP_ROWS}`
  const flows = `SELECT f.* FROM ${flowRows} f JOIN (${kept}) k USING (qend, cik, file_row_number)`
  const topFlowRows = `(SELECT 1 FROM (
      SELECT least(count(*), ${TOP_ROWS}) AS n FROM ${flowRows} WHERE net_shares <> 0 GROUP BY qend, cik, net_shares > 0
    ) g, range(g.n))`
  return [
    {
      name: 'instQuarters',
      path: LOOKUPS.instQuarters,
      rowsOf: 's.inst_quarters',
      sql: `SELECT q.cik, ${QUARTER_LINE} FROM s.inst_quarters q LEFT JOIN s.inst_changes c USING (cik, qend)
        ORDER BY q.cik, q.qend`,
    },
    {
      name: 'instFilings',
      path: LOOKUPS.instFilings,
      rowsOf: parquet('inst_filings'),
      sql: `SELECT cik, ${FILING_LINE} FROM ${parquet('inst_filings')}`,
    },
    {
      name: 'instTopHoldings',
      path: LOOKUPS.instTopHoldings,
      rowsOf: topHoldingRows,
      sql: `SELECT ${QUARTER_MANAGER_KEY.sql}, ${arrayOf(HOLDING_LINE_COLUMNS)} FROM ${holdings} WHERE value_rank <= ${TOP_ROWS}`,
    },
    {
      name: 'instTopHoldingsByShares',
      path: LOOKUPS.instTopHoldingsByShares,
      rowsOf: topHoldingRows,
      sql: `SELECT ${QUARTER_MANAGER_KEY.sql}, ${arrayOf(HOLDING_LINE_COLUMNS)} FROM (${byShares}) ORDER BY qend, cik, pick`,
    },
    {
      name: 'instTopFlows',
      path: LOOKUPS.instTopFlows,
      rowsOf: topFlowRows,
      sql: `SELECT ${QUARTER_MANAGER_KEY.sql}, ${arrayOf(FLOW_LINE_COLUMNS)} FROM (${flows}) ORDER BY qend, cik, file_row_number`,
    },
    {
      name: 'instSectors',
      path: LOOKUPS.instSectors,
      rowsOf: parquet('inst_sectors'),
      sql: `SELECT ${MANAGER_QUARTER_KEY.sql}, ${arrayOf(SECTOR_LINE_COLUMNS)} FROM ${parquet('inst_sectors')}`,
    },
  ]
}
