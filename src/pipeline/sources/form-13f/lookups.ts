/**
 * The 13F lookup files (contract.ts LOOKUPS): what a manager's per-quarter pages read without a query.
 * At full volume a uniform draw lands on a cold part of inst_holdings (167 M rows), inst_flows (183 M) or
 * inst_sectors (43 M), and DuckDB then reads and decompresses a block of every column named: a manager's
 * top 100 holdings cost two to three times a page's target, and the context query before them more
 * (docs/benchmarks.md). Here a page is one or two records of a keyed file (docs/institutions.md, "Lookup
 * files").
 */

import type { InRange } from '../../key-ranges.ts'
import { lookupOf } from '../../lookup-files.ts'
import type { BuildContext, LookupSpec } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import {
  INST_FILING_BY_ACCESSION,
  INST_FILINGS,
  INST_QUARTERS,
  INST_SECTORS,
  INST_TOP_FLOWS,
  INST_TOP_HOLDINGS,
  INST_TOP_HOLDINGS_BY_SHARES,
  QUARTER_MANAGER_KEY,
  TOP_ROWS,
} from './contract.ts'
import { QUARTER_BATCHES_STEP } from './quarter-parts.ts'

/**
 * Holdings or flows per run of quarters in the rankings below: a few quarters' at full volume (a quarter
 * holds 3 to 4 million), all of them at a tenth of it and below, where one query costs less than several.
 */
const ROWS_PER_QUARTER_RUN = 10_000_000

/** A QUARTER_MANAGER_KEY's quarter (YYYYQ). */
const quarterOf = (key: bigint) => Number(QUARTER_MANAGER_KEY.leading(key))

/**
 * A quarter's lines of the top holdings and flows come from its holdings and flows files alone (which
 * hold the issuer columns they show): a nightly takes the lines of every quarter it took unchanged
 * (quarter-parts.ts) from the last snapshot's files, and writes the others' (those made again, and any the
 * last snapshot had that this one has not).
 */
const QUARTER_LINES: LookupSpec['takesLines'] = {
  groupOf: quarterOf,
  madeAgain: async ({ parts, previous }) => {
    const now = parts[QUARTER_BATCHES_STEP]
    if (!now) return undefined
    const before = previous?.manifest.parts?.[QUARTER_BATCHES_STEP] ?? {}
    const made = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter((qend) => !now[qend]?.reused)
    return {
      groups: made.map((qend) => quarterOf(QUARTER_MANAGER_KEY.pack({ qend, cik: 0 }))).sort((a, b) => a - b),
      // A list, not IN: DuckDB makes a long IN list a join, and the lines must come in the files' order.
      holds: (column) => `list_contains([${made.map((q) => `${quote(q)}::DATE`).join(', ')}]::DATE[], ${column})`,
    }
  },
}

export function form13fLookups({ parquet }: BuildContext): LookupSpec[] {
  // The Parquet of the quarterly tables is written a quarter per file, each sorted: read in file order,
  // its rows come in key order (lookup-files.ts keeps insertion order).
  const holdings = parquet('inst_holdings')
  // The lines a manager-quarter's first TOP_ROWS holdings make, in any order: counted on the rank alone, so
  // checking the files' line counts does not run their rankings a second time.
  const topHoldingRows = `(SELECT 1 FROM ${holdings} WHERE value_rank <= ${TOP_ROWS})`
  // Ranked by shares on the narrow columns, then joined back by row number (as the flows below).
  const holdingRows = parquet('inst_holdings', ', file_row_number = true')
  const bySharesKept = (inRange: InRange) => `SELECT qend, cik, file_row_number,
      row_number() OVER (PARTITION BY qend, cik ORDER BY shares DESC NULLS LAST, value_rank) AS pick
    FROM ${holdingRows} WHERE ${inRange('qend')} QUALIFY pick <= ${TOP_ROWS}`
  const byShares = (inRange: InRange) => `SELECT h.*, k.pick FROM ${holdingRows} h
    JOIN (${bySharesKept(inRange)}) k USING (qend, cik, file_row_number) WHERE ${inRange('h.qend')}`
  // The flows' files are a quarter each, sorted: a row's number in its file is its place in the lists.
  // Ranked on those narrow columns, then joined back: a ranking carrying all 16 columns of the 183 M
  // rows spilled over 18 GB at full volume (and filled the disk).
  const flowRows = parquet('inst_flows', ', file_row_number = true')
  const kept = (inRange: InRange) => `SELECT qend, cik, file_row_number FROM ${flowRows}
    WHERE net_shares <> 0 AND ${inRange('qend')}
    QUALIFY row_number() OVER (PARTITION BY qend, cik, net_shares > 0 ORDER BY file_row_number) <= ${TOP_ROWS}`
  const flows = (inRange: InRange) => `SELECT f.* FROM ${flowRows} f
    JOIN (${kept(inRange)}) k USING (qend, cik, file_row_number) WHERE ${inRange('f.qend')}`
  const topFlowRows = `(SELECT 1 FROM (
      SELECT least(count(*), ${TOP_ROWS}) AS n FROM ${flowRows} WHERE net_shares <> 0 GROUP BY qend, cik, net_shares > 0
    ) g, range(g.n))`
  // Both rankings a run of quarters at a time (their key leads with the quarter): over every quarter at once,
  // their windows and sorts spilled some 10 GB at full volume, on a disk the snapshot being written fills.
  const inQuarters = (of: string) => ({ column: 'qend', of, parts: 24, rowsPerPart: ROWS_PER_QUARTER_RUN })
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
    lookupOf(INST_TOP_HOLDINGS, {
      rowsOf: topHoldingRows,
      takesLines: QUARTER_LINES,
      from: (inRange) => `FROM ${holdings} WHERE value_rank <= ${TOP_ROWS} AND ${inRange('qend')}`,
    }),
    lookupOf(INST_TOP_HOLDINGS_BY_SHARES, {
      rowsOf: topHoldingRows,
      takesLines: QUARTER_LINES,
      ranges: inQuarters(parquet('inst_holdings')),
      from: (inRange) => `FROM (${byShares(inRange)}) ORDER BY qend, cik, pick`,
    }),
    lookupOf(INST_TOP_FLOWS, {
      rowsOf: topFlowRows,
      takesLines: QUARTER_LINES,
      ranges: inQuarters(parquet('inst_flows')),
      from: (inRange) => `FROM (${flows(inRange)}) ORDER BY qend, cik, file_row_number`,
    }),
    lookupOf(INST_SECTORS, { rowsOf: parquet('inst_sectors'), from: `FROM ${parquet('inst_sectors')}` }),
  ]
}
