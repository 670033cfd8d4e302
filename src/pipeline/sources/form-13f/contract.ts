/**
 * The 13F source's contract: the serving tables the Institutions area (src/areas/institutions) reads, and
 * the lookup files written from them (LOOKUPS). `qend` is a quarter's last day (a DATE), `quarter` its
 * `YYYYQn` label (rules.ts); values are whole dollars. The server now reads `inst_quarters`,
 * `inst_changes`, `inst_filings` and `inst_sectors` only through the lookup files; `inst_holdings` and
 * `inst_flows` through them for a first page, by query for what the files do not hold.
 */
import { packedKey } from '../../contract.ts'
/** A holding's values in the holdings files, in this order (a JSON array: a third of an object's bytes). */
export const HOLDING_LINE_COLUMNS = [
  'ticker',
  'issuer_cik',
  'issuer_name',
  'title_of_class',
  'cusip',
  'put_call',
  'shares',
  'share_type',
  'value',
  'investment_discretion',
  'voting_sole',
  'voting_shared',
  'voting_none',
] as const

/** A buy or sell's values in the flows file, in this order; `change` lets the new-only and sold-out-only lists filter. */
export const FLOW_LINE_COLUMNS = [
  'cusip',
  'put_call',
  'ticker',
  'issuer_cik',
  'issuer_name',
  'title_of_class',
  'current_shares',
  'prior_shares',
  'net_shares',
  'current_value',
  'prior_value',
  'net_value',
  'activity_value',
  'change',
] as const

/** A breakdown row's values in the sectors file, in this order (the weight is computed from the quarter's total). */
export const SECTOR_LINE_COLUMNS = [
  'level',
  'rank',
  'sector',
  'industry',
  'sic',
  'positions',
  'securities',
  'value',
] as const

export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  inst_managers: {
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
    sortedBy: 'latest_value DESC, cik',
  },
  inst_filings: {
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
    sortedBy: 'cik, qend DESC, seq DESC',
  },
  inst_quarters: {
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
    sortedBy: 'cik, qend',
  },
  // The key, then the values the holdings lookup files carry too.
  inst_holdings: {
    columns: ['cik', 'qend', 'value_rank', ...HOLDING_LINE_COLUMNS],
    // Written a quarter per file (the build's quarter batches): quarter first, then manager and rank.
    sortedBy: 'qend, cik, value_rank',
  },
  inst_flows: {
    columns: ['cik', 'qend', ...FLOW_LINE_COLUMNS],
    // A list of buys or sells is read in this order: the rank is the row's position (no ORDER BY).
    sortedBy: 'qend, cik, activity_value DESC, cusip, put_call',
  },
  inst_changes: {
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
    sortedBy: 'cik, qend',
  },
  inst_sectors: {
    columns: ['cik', 'qend', ...SECTOR_LINE_COLUMNS, 'weight_percent'],
    sortedBy: 'cik, qend, level, rank',
  },
  inst_activity: {
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
    sortedBy: 'qend, list, rank',
  },
}

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

/**
 * A manager's quarter in `instQuarters`: the inst_quarters row the operations start from (names as the
 * area's records use them; `accession` falls back to the quarter's latest filing, `quarter_accession`
 * does not) and, under `changes`, its inst_changes row (null when it reported no holdings).
 */
export const QUARTER_LINE = `json_object('cik', q.cik, 'name', q.name, 'qend', q.qend::VARCHAR, 'period', q.period::VARCHAR,
  'accession', coalesce(q.accession, q.latest_accession), 'quarter_accession', q.accession, 'form', q.form,
  'filed', q.filed::VARCHAR, 'accepted_at', q.accepted_at::VARCHAR, 'filing_count', q.filing_count,
  'holdings_filing_count', q.holdings_filing_count, 'notice_filing_count', q.notice_filing_count,
  'amendment_filing_count', q.amendment_filing_count, 'holdings_loaded_count', q.holdings_loaded_count,
  'notice_manager_count', q.notice_manager_count, 'other_manager_count', q.other_manager_count,
  'positions', q.positions, 'securities', q.securities, 'value', q.value, 'period_status', q.period_status,
  'is_default', q.is_default, 'changes', CASE WHEN c.cik IS NOT NULL THEN json_object(
    'current_aum', c.current_aum, 'prior_aum', c.prior_aum, 'current_positions', c.current_positions,
    'prior_positions', c.prior_positions, 'current_securities', c.current_securities,
    'prior_securities', c.prior_securities, 'addition_count', c.addition_count, 'addition_value', c.addition_value,
    'disposal_count', c.disposal_count, 'disposal_value', c.disposal_value, 'increased_count', c.increased_count,
    'increased_value', c.increased_value, 'decreased_count', c.decreased_count, 'decreased_value', c.decreased_value,
    'unchanged_count', c.unchanged_count, 'unchanged_value', c.unchanged_value, 'buy_value', c.buy_value,
    'sell_value', c.sell_value) END)::VARCHAR`

/**
 * A filing's line in `instFilings`: its inst_filings row as the area's FilingRecord names it (dates and
 * time as text; `managers` the JSON text the table holds).
 */
export const FILING_LINE = `json_object('cik', cik, 'qend', qend::VARCHAR, 'period', period::VARCHAR, 'accession', accession,
  'form', form, 'filed', filed::VARCHAR, 'accepted_at', accepted_at::VARCHAR, 'report_type', report_type,
  'is_amendment', is_amendment, 'amendment_type', amendment_type, 'role', role, 'holdings_loaded', holdings_loaded,
  'security_count', security_count, 'manager_link_count', manager_link_count, 'value', value,
  'other_manager_count', other_manager_count, 'notice_manager_count', notice_manager_count, 'managers', managers)::VARCHAR`

export const LOOKUPS = {
  /** Each manager's filings (FILING_LINE) by CIK, in inst_filings' order (newest quarter, latest filing first). */
  instFilings: 'lookup/inst-filings',
  /** Each manager's quarters (QUARTER_LINE) by CIK, oldest first: every per-manager operation's context, and changes. */
  instQuarters: 'lookup/inst-quarters',
  /** Each (quarter, manager)'s first TOP_ROWS holdings by value rank (HOLDING_LINE_COLUMNS), by QUARTER_MANAGER_KEY. */
  instTopHoldings: 'lookup/inst-top-holdings',
  /** The same by shares (largest first, then value rank). */
  instTopHoldingsByShares: 'lookup/inst-top-holdings-by-shares',
  /**
   * Each (quarter, manager)'s first TOP_ROWS buys (net_shares > 0) and first TOP_ROWS sells (net_shares < 0),
   * together in inst_flows' stored order (FLOW_LINE_COLUMNS), by QUARTER_MANAGER_KEY.
   */
  instTopFlows: 'lookup/inst-top-flows',
  /** Each (manager, quarter)'s sector and industry rows (SECTOR_LINE_COLUMNS) by MANAGER_QUARTER_KEY, as stored. */
  instSectors: 'lookup/inst-sectors',
} as const
