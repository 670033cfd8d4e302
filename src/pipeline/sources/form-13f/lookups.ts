/**
 * The 13F lookup files (contract.ts LOOKUPS): what a manager's per-quarter pages read without a query.
 * At full volume a uniform draw lands on a cold part of inst_holdings (167 M rows), inst_flows (183 M) or
 * inst_sectors (43 M), and DuckDB then reads and decompresses a block of every column named: a manager's
 * top 100 holdings cost two to three times a page's target, and the context query before them more
 * (docs/benchmarks.md). Here a page is one or two records of a keyed file (docs/institutions.md, "Lookup
 * files").
 */
import { lookupOf } from '../../lookup-files.ts'
import type { BuildContext, LookupSpec } from '../../source.ts'
import {
  INST_FILING_BY_ACCESSION,
  INST_FILINGS,
  INST_QUARTERS,
  INST_SECTORS,
  INST_TOP_FLOWS,
  INST_TOP_HOLDINGS,
  INST_TOP_HOLDINGS_BY_SHARES,
  TOP_ROWS,
} from './contract.ts'

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
    lookupOf(INST_QUARTERS, {
      rowsOf: parquet('inst_quarters'),
      from: `FROM ${parquet('inst_quarters')} q LEFT JOIN ${parquet('inst_changes')} c USING (cik, qend) ORDER BY q.cik, q.qend DESC`,
    }),
    lookupOf(INST_FILINGS, { rowsOf: parquet('inst_filings'), from: `FROM ${parquet('inst_filings')}` }),
    lookupOf(INST_FILING_BY_ACCESSION, {
      rowsOf: parquet('inst_filings'),
      from: `FROM ${parquet('inst_filings')} ORDER BY ${INST_FILING_BY_ACCESSION.key.sql}, cik`,
    }),
    lookupOf(INST_TOP_HOLDINGS, { rowsOf: topHoldingRows, from: `FROM ${holdings} WHERE value_rank <= ${TOP_ROWS}` }),
    lookupOf(INST_TOP_HOLDINGS_BY_SHARES, {
      rowsOf: topHoldingRows,
      from: `FROM (${byShares}) ORDER BY qend, cik, pick`,
    }),
    lookupOf(INST_TOP_FLOWS, { rowsOf: topFlowRows, from: `FROM (${flows}) ORDER BY qend, cik, file_row_number` }),
    lookupOf(INST_SECTORS, { rowsOf: parquet('inst_sectors'), from: `FROM ${parquet('inst_sectors')}` }),
  ]
}
