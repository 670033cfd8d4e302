/**
 * The 13F source's contract: the serving tables the Institutions area (src/areas/institutions) reads, and
 * the lookup files written from them (LOOKUPS). `qend` is a quarter's last day (a DATE), `quarter` its
 * `YYYYQn` label (rules.ts); values are whole dollars. The server now reads `inst_quarters`,
 * `inst_changes`, `inst_filings` and `inst_sectors` only through the lookup files; `inst_holdings` and
 * `inst_flows` through them for a first page, by query for what the files do not hold.
 */
import { type TObject, Type } from '@sinclair/typebox'
import { columnKey, packedKey } from '../../contract.ts'
import { lookupsOf, readModel } from '../../read-model.ts'
import { servingTable, servingTablesOf } from '../../serving-table.ts'
import { accessionKeyOf } from '../submissions/contract/index.ts'

const text = Type.String()
const nullableText = Type.Union([Type.String(), Type.Null()])
const count = Type.Number()
const nullableNumber = Type.Union([Type.Number(), Type.Null()])

/** A holding's values in the holdings files, in this order (a JSON array: a third of an object's bytes). */
export const HoldingLine = Type.Object({
  ticker: nullableText,
  issuer_cik: nullableNumber,
  issuer_name: nullableText,
  title_of_class: nullableText,
  cusip: nullableText,
  put_call: nullableText,
  shares: nullableNumber,
  share_type: nullableText,
  value: nullableNumber,
  investment_discretion: nullableText,
  voting_sole: nullableNumber,
  voting_shared: nullableNumber,
  voting_none: nullableNumber,
})

/** A buy or sell's values in the flows file, in this order; `change` lets the new-only and sold-out-only lists filter. */
export const FlowLine = Type.Object({
  cusip: text,
  put_call: nullableText,
  ticker: nullableText,
  issuer_cik: nullableNumber,
  issuer_name: nullableText,
  title_of_class: nullableText,
  current_shares: count,
  prior_shares: count,
  net_shares: count,
  current_value: count,
  prior_value: count,
  net_value: count,
  activity_value: count,
  change: text,
})

/** A breakdown row's values in the sectors file, in this order (the weight is computed from the quarter's total). */
export const SectorLine = Type.Object({
  level: text,
  rank: count,
  sector: nullableText,
  industry: nullableText,
  sic: nullableNumber,
  positions: count,
  securities: count,
  value: count,
})

const columnsOfLine = (line: TObject) => Object.keys(line.properties)

/**
 * The serving tables. Each is a copy of the snapshot's Parquet table of its name (index.ts), which is
 * written in the order its `key` gives (the table's `orderBy`): the copy keeps that order without an
 * ORDER BY of its own. The holdings and flows are not copied (servedFromParquet), nor are the tables the
 * server reads only from lookup files (buildOnly: the build reads their Parquet).
 */
export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'inst_managers',
    holds: "a 13F manager with its latest filing and latest holdings' figures",
    columns: [
      'cik',
      'name',
      'name_upper',
      'latest_form',
      'latest_accession',
      'latest_filed',
      'latest_period',
      'latest_accepted',
      'filing_count',
      'latest_positions',
      'latest_securities',
      'latest_value',
      'latest_qend',
      'latest_holdings_qend',
    ],
    key: 'latest_value DESC, cik',
  }),
  servingTable({
    name: 'inst_filings',
    buildOnly: true,
    holds:
      "a manager's 13F filing (holdings report or notice, amendments included) with its value and the other managers it names",
    columns: [
      'cik',
      'qend',
      'quarter',
      'period',
      'seq',
      'accession',
      'form',
      'filed',
      'accepted_at',
      'report_type',
      'is_amendment',
      'amendment_type',
      'amendment_no',
      'role',
      'effective',
      'holdings_loaded',
      'security_count',
      'manager_link_count',
      'value',
      'other_manager_count',
      'notice_manager_count',
      'managers',
    ],
    key: 'cik, qend DESC, seq DESC',
  }),
  servingTable({
    name: 'inst_quarters',
    buildOnly: true,
    holds:
      "a manager's quarter: its filings' counts, positions, securities and value, and whether it is the default quarter",
    columns: [
      'cik',
      'qend',
      'quarter',
      'period',
      'accession',
      'latest_accession',
      'filing_count',
      'holdings_filing_count',
      'notice_filing_count',
      'amendment_filing_count',
      'holdings_loaded_count',
      'notice_manager_count',
      'other_manager_count',
      'positions',
      'securities',
      'value',
      'period_status',
      'name',
      'form',
      'filed',
      'accepted_at',
      'is_default',
    ],
    key: 'cik, qend',
  }),
  // The key, then the values the holdings lookup files carry too.
  servingTable({
    name: 'inst_holdings',
    holds: "a manager's position in a security (and put or call) at a quarter, ranked by value",
    columns: ['cik', 'qend', 'value_rank', ...columnsOfLine(HoldingLine)],
    // Written a quarter per file (the build's quarter batches): quarter first, then manager and rank.
    key: 'qend, cik, value_rank',
    servedFromParquet: true,
  }),
  servingTable({
    name: 'inst_flows',
    holds: "a manager's change in a security between a quarter and the one before (a buy or a sell)",
    columns: ['cik', 'qend', ...columnsOfLine(FlowLine)],
    // A list of buys or sells is read in this order: the rank is the row's position (no ORDER BY).
    key: 'qend, cik, activity_value DESC, cusip, put_call',
    servedFromParquet: true,
  }),
  servingTable({
    name: 'inst_changes',
    buildOnly: true,
    holds:
      "a manager's quarter against the one before: assets, positions, additions, disposals, increases and decreases",
    columns: [
      'cik',
      'qend',
      'quarter',
      'period',
      'prior_quarter',
      'prior_period',
      'current_aum',
      'prior_aum',
      'current_positions',
      'prior_positions',
      'current_securities',
      'prior_securities',
      'addition_count',
      'addition_value',
      'disposal_count',
      'disposal_value',
      'increased_count',
      'increased_value',
      'decreased_count',
      'decreased_value',
      'unchanged_count',
      'unchanged_value',
      'buy_value',
      'sell_value',
    ],
    key: 'cik, qend',
  }),
  servingTable({
    name: 'inst_sectors',
    buildOnly: true,
    holds: "a manager's holdings of a quarter by sector or industry (`level`), ranked, with their weight",
    columns: ['cik', 'qend', ...columnsOfLine(SectorLine), 'weight_percent'],
    key: 'cik, qend, level, rank',
  }),
  servingTable({
    name: 'inst_activity',
    holds: "a security's rank in one of a quarter's market-wide lists (`list`: most bought, most sold, …)",
    columns: [
      'qend',
      'quarter',
      'list',
      'rank',
      'ticker',
      'cusip',
      'issuer_name',
      'title_of_class',
      'put_call',
      'filer_count',
      'prior_filer_count',
      'current_shares',
      'prior_shares',
      'net_shares',
      'current_value',
      'prior_value',
      'net_value',
    ],
    key: 'qend, list, rank',
  }),
)

/** A serving table's columns as a SELECT list. */
export const columnsOf = (table: keyof typeof SERVING_TABLES & string) => SERVING_TABLES[table]!.columns.join(', ')

/**
 * Rows kept per list in the lookup files: a page of the largest `limit` (MAX_LIMIT's default, 100) and one
 * more, so a first page (and `hasMoreData`) comes from the file; a deeper page or a larger `limit` is a query.
 */
export const TOP_ROWS = 101

/** A quarter part of a key: the quarter ending `qend` (`2024-09-30`) as YYYYQ (20243). */
const quarterPart = {
  sql: 'year(qend) * 10 + quarter(qend)',
  of: (qend: string) => +qend.slice(0, 4) * 10 + Math.ceil(+qend.slice(5, 7) / 3),
}

/**
 * The key of a (quarter, manager) in the files written in the quarter-major order of inst_holdings and
 * inst_flows: the quarter as YYYYQ, times 10^10, plus the CIK (at most 10 digits).
 */
export const QUARTER_MANAGER_KEY = packedKey<{ qend: string; cik: number }>({
  qend: quarterPart,
  cik: { sql: 'cik', of: (cik) => cik, size: 10_000_000_000 },
})

/** The key of a (manager, quarter) in the file written in inst_sectors' manager-major order: CIK × 10^5 + YYYYQ. */
export const MANAGER_QUARTER_KEY = packedKey<{ cik: number; qend: string }>({
  cik: { sql: 'cik', of: (cik) => cik },
  qend: { ...quarterPart, size: 100_000 },
})

const numberOf = (columns: string) => Object.fromEntries(columns.split(/\s+/).map((c) => [c, count]))

/** A quarter's inst_changes row (null when the manager reported no holdings that quarter). */
const ChangesLine = Type.Union([
  Type.Object(
    numberOf(`current_aum prior_aum current_positions prior_positions current_securities prior_securities
addition_count addition_value disposal_count disposal_value increased_count increased_value decreased_count
decreased_value unchanged_count unchanged_value buy_value sell_value`),
  ),
  Type.Null(),
])

/**
 * A manager's quarter in `instQuarters`: the inst_quarters row the operations start from (names as the
 * area's records use them; `accession` falls back to the quarter's latest filing, `quarter_accession`
 * does not) and, under `changes`, its inst_changes row.
 */
export const QuarterLine = Type.Object({
  cik: count,
  name: nullableText,
  qend: text,
  period: text,
  /** The quarter's filing, else its latest filing. */
  accession: nullableText,
  /** The quarter's filing only. */
  quarter_accession: nullableText,
  form: nullableText,
  filed: nullableText,
  accepted_at: nullableText,
  filing_count: count,
  holdings_filing_count: count,
  notice_filing_count: count,
  amendment_filing_count: count,
  holdings_loaded_count: count,
  notice_manager_count: count,
  other_manager_count: nullableNumber,
  positions: nullableNumber,
  securities: nullableNumber,
  value: nullableNumber,
  period_status: text,
  is_default: Type.Union([Type.Boolean(), Type.Null()]),
  changes: ChangesLine,
})

/** A filing's line in `instFilings`: its inst_filings row (dates and time as text; `managers` the JSON text the table holds). */
export const FilingLine = Type.Object({
  cik: count,
  qend: text,
  period: text,
  accession: text,
  form: text,
  filed: text,
  accepted_at: nullableText,
  report_type: nullableText,
  is_amendment: Type.Boolean(),
  amendment_type: nullableText,
  role: text,
  holdings_loaded: count,
  security_count: count,
  manager_link_count: count,
  value: count,
  other_manager_count: count,
  notice_manager_count: count,
  managers: nullableText,
})

/** The columns of `q` (inst_quarters) and `c` (inst_changes) the quarter line names, where both tables have one. */
const QUARTER_SQL = {
  cik: 'q.cik',
  name: 'q.name',
  qend: 'q.qend::VARCHAR',
  period: 'q.period::VARCHAR',
  accession: 'coalesce(q.accession, q.latest_accession)',
  quarter_accession: 'q.accession',
  form: 'q.form',
  filed: 'q.filed::VARCHAR',
  accepted_at: 'q.accepted_at::VARCHAR',
  value: 'q.value',
  positions: 'q.positions',
  securities: 'q.securities',
  changes: `CASE WHEN c.cik IS NOT NULL THEN json_object(${Object.keys(ChangesLine.anyOf[0].properties)
    .map((c) => `'${c}', c.${c}`)
    .join(', ')}) END`,
}

export const INST_QUARTERS = readModel({
  name: 'instQuarters',
  path: 'lookup/inst-quarters',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'object',
  fields: QuarterLine,
  sql: QUARTER_SQL,
  order: 'newest quarter first',
  // Most requests want the latest quarter with holdings: newest first, it is in the key's first frame,
  // and a small frame is all they decompress of a manager's decades of quarters.
  frameBytes: 4096,
})

export const INST_FILINGS = readModel({
  name: 'instFilings',
  path: 'lookup/inst-filings',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'object',
  fields: FilingLine,
  sql: {
    qend: 'qend::VARCHAR',
    period: 'period::VARCHAR',
    filed: 'filed::VARCHAR',
    accepted_at: 'accepted_at::VARCHAR',
  },
  order: "inst_filings' order: newest quarter, latest filing first",
})

/**
 * Each 13F filing by its accession number: its `instFilings` line, for the operation on one filing (a
 * manager's filings run to hundreds, and one drawn at random lay a few frames into them).
 */
export const INST_FILING_BY_ACCESSION = readModel({
  name: 'instFilingByAccession',
  path: 'lookup/inst-filing-by-accession',
  key: accessionKeyOf('accession'),
  keyIs: 'acc_key',
  line: 'object',
  fields: FilingLine,
  sql: INST_FILINGS.sql,
  order: 'by CIK (one line per filer of the accession number)',
  // One line a request: a small frame is all it decompresses.
  frameBytes: 2048,
})

/** Each (quarter, manager)'s first TOP_ROWS holdings by value rank. */
export const INST_TOP_HOLDINGS = readModel({
  name: 'instTopHoldings',
  path: 'lookup/inst-top-holdings',
  key: QUARTER_MANAGER_KEY,
  keyIs: 'QUARTER_MANAGER_KEY (quarter, CIK)',
  line: 'array',
  fields: HoldingLine,
  order: 'value rank',
})

/** The same by shares. */
export const INST_TOP_HOLDINGS_BY_SHARES = readModel({
  ...INST_TOP_HOLDINGS,
  name: 'instTopHoldingsByShares',
  path: 'lookup/inst-top-holdings-by-shares',
  order: 'shares, largest first, then value rank',
})

/**
 * Each (quarter, manager)'s first TOP_ROWS buys (net_shares > 0) and first TOP_ROWS sells (net_shares < 0),
 * together in inst_flows' stored order.
 */
export const INST_TOP_FLOWS = readModel({
  name: 'instTopFlows',
  path: 'lookup/inst-top-flows',
  key: QUARTER_MANAGER_KEY,
  keyIs: 'QUARTER_MANAGER_KEY (quarter, CIK)',
  line: 'array',
  fields: FlowLine,
  order: "inst_flows' stored order (activity value, largest first)",
})

/** Each (manager, quarter)'s sector and industry rows. */
export const INST_SECTORS = readModel({
  name: 'instSectors',
  path: 'lookup/inst-sectors',
  key: MANAGER_QUARTER_KEY,
  keyIs: 'MANAGER_QUARTER_KEY (CIK, quarter)',
  line: 'array',
  fields: SectorLine,
  order: 'level, rank',
})

export const LOOKUPS = lookupsOf(
  INST_FILINGS,
  INST_FILING_BY_ACCESSION,
  INST_QUARTERS,
  INST_TOP_HOLDINGS,
  INST_TOP_HOLDINGS_BY_SHARES,
  INST_TOP_FLOWS,
  INST_SECTORS,
)
