/**
 * The columns of the Form 13F tables, for docs/data-dictionary.md (checked as submissions/dictionary.ts
 * says). The rules behind them (quarters, the value unit, amendments, notices, the CUSIP map) are in
 * docs/institutions.md. Dollar values of the inst_* tables are whole dollars (the value unit rule applied);
 * a sum over positions is stored as DOUBLE (DuckDB writes its 128-bit sums so), exact below 2^53.
 */
import type { ColumnDoc, TableSchema } from '../../source.ts'

const MANAGER_CIK: ColumnDoc = ['BIGINT', "the manager's CIK (the 13F filer)"]
const QEND: ColumnDoc = ['DATE', "the quarter's last day, e.g. `2024-09-30` (the quarter of the period of report)"]
const QUARTER: ColumnDoc = ['VARCHAR', "the quarter's label, `YYYYQn` (e.g. `2024Q3`)"]
const PERIOD: ColumnDoc = ['DATE', 'the period of report, as filed']
const ACCESSION: ColumnDoc = ['VARCHAR', "a filing's accession number, `##########-##-######`"]
const SUM = (what: string): ColumnDoc => ['DOUBLE', what]
const CUSIP: ColumnDoc = ['VARCHAR', "the security's CUSIP, upper case"]
const PUT_CALL: ColumnDoc = ['VARCHAR', '`PUT` or `CALL` for an option position; NULL for the security itself']
const TICKER: ColumnDoc = ['VARCHAR', "the issuer's ticker, from the CUSIP map (NULL below its confidence threshold)"]
const ISSUER_CIK: ColumnDoc = ['BIGINT', "the issuer's CIK, from the CUSIP map (NULL below its confidence threshold)"]
const ISSUER_NAME: ColumnDoc = ['VARCHAR', "the issuer's name as the filers typed it (the CUSIP map's most given)"]
const TITLE: ColumnDoc = ['VARCHAR', 'the title of the class, e.g. `COM`, `CL A`']
const ACCEPTED =
  "acceptance time: the filings table's (as EDGAR writes it), else the filing text's header (Eastern, converted to UTC)"
const VOTING = (kind: string): ColumnDoc => ['BIGINT', `shares over which the manager has ${kind} voting authority`]

export const INFOTABLE_COLUMNS: TableSchema = {
  accession: ACCESSION,
  row_key: ['BIGINT', "the row's key in the data set (`INFOTABLE_SK`)"],
  issuer_name: ['VARCHAR', "the issuer's name, as the filer typed it (`NAMEOFISSUER`)"],
  title_of_class: ['VARCHAR', 'the title of the class (`TITLEOFCLASS`)'],
  cusip: ['VARCHAR', 'the CUSIP, upper case'],
  figi: ['VARCHAR', 'the FIGI, where given'],
  value_reported: [
    'BIGINT',
    '`VALUE` as reported: thousands of dollars before 2023-01-03, dollars since (some filers kept the other unit: inst_* apply the rule)',
  ],
  shares: ['BIGINT', 'shares or principal amount (`SSHPRNAMT`)'],
  share_type: ['VARCHAR', '`SH` shares or `PRN` principal amount'],
  put_call: PUT_CALL,
  investment_discretion: ['VARCHAR', '`SOLE`, `DFND` (shared-defined) or `OTR` (shared-other)'],
  other_manager: ['VARCHAR', 'the numbers of the other managers included (`OTHERMANAGER`), as reported'],
  voting_sole: VOTING('sole'),
  voting_shared: VOTING('shared'),
  voting_none: ['BIGINT', 'shares over which the manager has no voting authority'],
  data_set: [
    'VARCHAR',
    'the data set, e.g. `2023q4` or `01dec2024-28feb2025` (Hive partition: in the folder name `data_set=…`, not in the files)',
  ],
}

export const CUSIP_COLUMNS: TableSchema = {
  cusip: CUSIP,
  issuer_name: ['VARCHAR', 'the name most information-table rows give the CUSIP'],
  title_of_class: ['VARCHAR', 'the title of class most rows give it'],
  confidence: [
    'DOUBLE',
    'the share of rows giving that name × 1 when exactly one listed entity has the name, 0.8 when one unlisted entity has it, else 0',
  ],
  issuer_cik: ['BIGINT', "the issuer entity's CIK; NULL when the confidence is under 0.75"],
  ticker: ['VARCHAR', "the issuer's primary ticker; NULL when the confidence is under 0.75"],
  sic: ['INTEGER', "the issuer's SIC code; NULL when the confidence is under 0.75"],
}

export const MANAGER_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  name: ['VARCHAR', "the manager's name: its entity's, else its latest cover page's"],
  name_upper: ['VARCHAR', '`name` in upper case, for the name search'],
  latest_form: ['VARCHAR', 'the form of its latest 13F filing (by filing date, acceptance time, accession number)'],
  latest_accession: ['VARCHAR', "that filing's accession number"],
  latest_filed: ['DATE', "that filing's filing date"],
  latest_period: ['DATE', "that filing's period of report"],
  latest_accepted: ['TIMESTAMP', `that filing's ${ACCEPTED}`],
  filing_count: ['BIGINT', 'how many 13F filings it has made'],
  latest_positions: ['BIGINT', "the positions of the latest filing's quarter"],
  latest_securities: ['BIGINT', "the distinct CUSIPs of the latest filing's quarter"],
  latest_value: SUM("the value of the latest filing's quarter, in dollars"),
  latest_qend: ['DATE', 'the last day of its latest quarter with a filing'],
  latest_holdings_qend: [
    'DATE',
    'the last day of its latest quarter with holdings (its default quarter), else `latest_qend`',
  ],
}

export const FILING_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  quarter: QUARTER,
  period: PERIOD,
  seq: [
    'BIGINT',
    "the filing's order among the manager's filings for the quarter (by filing date, acceptance time, accession number)",
  ],
  accession: ACCESSION,
  form: ['VARCHAR', '`13F-HR`, `13F-HR/A`, `13F-NT` or `13F-NT/A`'],
  filed: ['DATE', 'the filing date'],
  accepted_at: ['TIMESTAMP', `the ${ACCEPTED}; NULL when neither has it`],
  report_type: ['VARCHAR', "the cover page's report type, e.g. `13F HOLDINGS REPORT`, `13F NOTICE REPORT`"],
  is_amendment: ['BOOLEAN', 'an amendment'],
  amendment_type: ['VARCHAR', "an amendment's type: `RESTATEMENT` or `NEW HOLDINGS`"],
  amendment_no: ['INTEGER', "the amendment's number"],
  role: [
    'VARCHAR',
    'what it does to the quarter: `original`, `restatement` (replaces what came before), `new_holdings` (adds positions) or `notice`',
  ],
  effective: ['BOOLEAN', 'its holdings count in the quarter (the amendment rule, docs/institutions.md)'],
  holdings_loaded: ['BIGINT', 'its information-table rows'],
  security_count: ['BIGINT', 'the distinct CUSIPs of its rows'],
  manager_link_count: ['BIGINT', 'its rows that name another manager'],
  value: SUM('the value of its rows, in dollars'),
  other_manager_count: ['BIGINT', "the other managers it includes (its cover page's list)"],
  notice_manager_count: ['BIGINT', 'the managers a notice names as reporting for the filer'],
  managers: [
    'VARCHAR',
    'those other managers as a JSON array of {type (`notice` or `included`), sequenceNumber, managerCik, managerName, form13fFileNumber, crdNumber, secFileNumber}; NULL when none',
  ],
}

export const QUARTER_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  quarter: QUARTER,
  period: ['DATE', 'the latest period of report of its filings for the quarter'],
  accession: [
    'VARCHAR',
    "the filing that holds the quarter's table: the original or restatement that counts, else a new-holdings one",
  ],
  latest_accession: ['VARCHAR', "the quarter's latest filing"],
  filing_count: ['BIGINT', "the manager's filings for the quarter"],
  holdings_filing_count: ['BIGINT', 'of which holdings reports (not notices)'],
  notice_filing_count: ['BIGINT', 'of which notices'],
  amendment_filing_count: ['BIGINT', 'of which amendments'],
  holdings_loaded_count: SUM('the information-table rows of those filings'),
  notice_manager_count: SUM('the managers their notices name'),
  other_manager_count: ['BIGINT', 'the other managers the counting filings include (the most any gives)'],
  positions: ['BIGINT', 'the positions that count (rows of the effective filings)'],
  securities: ['BIGINT', 'the distinct CUSIPs of those positions'],
  value: SUM('their value, in dollars'),
  period_status: ['VARCHAR', '`holdings_reported`, `notice_only`, `mixed` (holdings and notices) or `metadata_only`'],
  name: ['VARCHAR', "the manager's name"],
  form: ['VARCHAR', "the form of the quarter's filing (`accession`, else `latest_accession`)"],
  filed: ['DATE', 'its filing date'],
  accepted_at: ['TIMESTAMP', `its ${ACCEPTED}`],
  is_default: ['BOOLEAN', "the manager's default quarter (its latest with holdings)"],
}

/** A position's columns, in inst_holdings. */
export const HOLDING_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  value_rank: ['BIGINT', "the position's rank by value within the manager's quarter (1 = largest)"],
  ticker: TICKER,
  issuer_cik: ISSUER_CIK,
  issuer_name: ['VARCHAR', "the issuer's name as this filer typed it"],
  title_of_class: ['VARCHAR', 'the title of the class as this filer typed it'],
  cusip: CUSIP,
  put_call: PUT_CALL,
  shares: ['BIGINT', 'shares or principal amount'],
  share_type: ['VARCHAR', '`SH` shares or `PRN` principal amount'],
  value: ['BIGINT', 'its value, in dollars'],
  investment_discretion: ['VARCHAR', '`SOLE`, `DFND` or `OTR`'],
  voting_sole: VOTING('sole'),
  voting_shared: VOTING('shared'),
  voting_none: ['BIGINT', 'shares over which the manager has no voting authority'],
}

export const FLOW_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  cusip: CUSIP,
  put_call: PUT_CALL,
  ticker: TICKER,
  issuer_cik: ISSUER_CIK,
  issuer_name: ISSUER_NAME,
  title_of_class: TITLE,
  current_shares: SUM("shares held at the quarter's end (0 when sold out)"),
  prior_shares: SUM('shares held at the end of the calendar quarter before (0 when new)'),
  net_shares: SUM('`current_shares` − `prior_shares`'),
  current_value: SUM("the position's value at the quarter's end, in dollars"),
  prior_value: SUM('its value at the end of the quarter before, in dollars'),
  net_value: SUM('`current_value` − `prior_value`'),
  activity_value: [
    'BIGINT',
    "the shares traded valued at the quarter's implied price (the prior quarter's for a position sold out): |Δshares| × value / shares, in dollars",
  ],
  change: ['VARCHAR', '`new`, `sold_out`, `increased`, `decreased` or `unchanged`'],
}

export const CHANGE_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  quarter: QUARTER,
  period: PERIOD,
  prior_quarter: ['VARCHAR', 'the calendar quarter before, when the manager has a filing for it'],
  prior_period: ['DATE', 'its period of report'],
  current_aum: SUM("the quarter's value (assets under management), in dollars"),
  prior_aum: SUM("the quarter before's, in dollars (0 without one)"),
  current_positions: ['BIGINT', "the quarter's positions"],
  prior_positions: ['BIGINT', "the quarter before's"],
  current_securities: ['BIGINT', "the quarter's distinct CUSIPs"],
  prior_securities: ['BIGINT', "the quarter before's"],
  addition_count: ['BIGINT', 'securities new in the quarter'],
  addition_value: SUM('their value now, in dollars'),
  disposal_count: ['BIGINT', 'securities sold out'],
  disposal_value: SUM('their value before, in dollars'),
  increased_count: ['BIGINT', 'securities whose shares grew'],
  increased_value: SUM('their activity value, in dollars'),
  decreased_count: ['BIGINT', 'securities whose shares shrank'],
  decreased_value: SUM('their activity value, in dollars'),
  unchanged_count: ['BIGINT', 'securities with the same shares'],
  unchanged_value: SUM('their value now, in dollars'),
  buy_value: SUM('the activity value of every security bought (shares up), in dollars'),
  sell_value: SUM('the activity value of every security sold (shares down), in dollars'),
}

export const SECTOR_COLUMNS: TableSchema = {
  cik: MANAGER_CIK,
  qend: QEND,
  level: ['VARCHAR', '`sector` (by sector) or `industry` (by SIC code)'],
  rank: ['BIGINT', "the row's rank by value within the manager's quarter and level (1 = largest)"],
  sector: [
    'VARCHAR',
    "the sector of the issuers' SIC codes (src/reference/sectors.ts); NULL for CUSIPs the map does not resolve",
  ],
  industry: ['VARCHAR', "the SIC code's industry title (level `industry`)"],
  sic: ['INTEGER', 'the SIC code (level `industry`)'],
  positions: SUM('the positions in it'),
  securities: ['BIGINT', 'the distinct CUSIPs in it'],
  value: SUM('their value, in dollars'),
  weight_percent: ['DOUBLE', "its share of the quarter's value, in percent (4 decimals)"],
}

export const ACTIVITY_COLUMNS: TableSchema = {
  qend: QEND,
  quarter: QUARTER,
  list: [
    'VARCHAR',
    '`mostBought` (by net value), `mostSold`, `newPositions` (most managers opening), `closedPositions` (most closing); 100 rows each',
  ],
  rank: ['BIGINT', 'the rank within the list and quarter (1 = first)'],
  ticker: TICKER,
  cusip: CUSIP,
  issuer_name: ISSUER_NAME,
  title_of_class: TITLE,
  put_call: PUT_CALL,
  filer_count: ['BIGINT', "managers holding the security at the quarter's end"],
  prior_filer_count: ['BIGINT', 'managers holding it at the end of the quarter before'],
  current_shares: SUM('their shares now'),
  prior_shares: SUM('their shares before'),
  net_shares: SUM('`current_shares` − `prior_shares`'),
  current_value: SUM('their value now, in dollars'),
  prior_value: SUM('their value before, in dollars'),
  net_value: SUM('`current_value` − `prior_value`'),
}

/** The columns of each inst_* table, by name. */
export const INST_COLUMNS: Record<string, TableSchema> = {
  inst_managers: MANAGER_COLUMNS,
  inst_filings: FILING_COLUMNS,
  inst_quarters: QUARTER_COLUMNS,
  inst_holdings: HOLDING_COLUMNS,
  inst_flows: FLOW_COLUMNS,
  inst_changes: CHANGE_COLUMNS,
  inst_sectors: SECTOR_COLUMNS,
  inst_activity: ACTIVITY_COLUMNS,
}
