/**
 * What the Institutions operations read, computed once by the build: the small tables made from what the
 * quarter batches (quarter-batches.ts) gathered: each manager's quarters with their totals, its changes
 * against the calendar quarter before, the market-wide activity lists per quarter and the managers'
 * directory. The holdings, flows and sector breakdowns are made by the batches themselves.
 */
import type { BuildDb } from '../../duck.ts'

/** Rows kept per activity list and quarter (the operation's largest `limit`). */
export const ACTIVITY_LIST_ROWS = 100

/**
 * Per manager and quarter with a filing: its filings' counts and the quarter's totals (t13_held, made by
 * the quarter batches), and what the period holds.
 */
export async function buildQuarters(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_quarters AS
    WITH filed AS (
      SELECT cik, qend, any_value(quarter) AS quarter, max(period) AS period, count(*) AS filing_count,
        count(*) FILTER (WHERE role <> 'notice') AS holdings_filing_count,
        count(*) FILTER (WHERE role = 'notice') AS notice_filing_count,
        count(*) FILTER (WHERE is_amendment) AS amendment_filing_count,
        sum(holdings_loaded) AS holdings_loaded_count, sum(notice_manager_count) AS notice_manager_count,
        max(other_manager_count) FILTER (WHERE effective) AS other_manager_count,
        -- The filing that holds the quarter's table: the original or restatement that counts (else a new-holdings one).
        coalesce(arg_max(accession, seq) FILTER (WHERE effective AND role <> 'new_holdings'),
          arg_max(accession, seq) FILTER (WHERE effective)) AS accession,
        arg_max(accession, seq) AS latest_accession
      FROM t13_filings GROUP BY cik, qend
    )
    SELECT f.*, coalesce(h.positions, 0) AS positions, coalesce(h.securities, 0) AS securities,
      coalesce(h.value, 0) AS value,
      CASE WHEN f.holdings_filing_count > 0 AND f.notice_filing_count > 0 THEN 'mixed'
        WHEN coalesce(h.positions, 0) > 0 OR f.holdings_filing_count > 0 AND f.holdings_loaded_count > 0 THEN 'holdings_reported'
        WHEN f.notice_filing_count > 0 THEN 'notice_only' ELSE 'metadata_only' END AS period_status
    FROM filed f LEFT JOIN t13_held h USING (cik, qend)`)
  return db.count('SELECT count(*) AS n FROM t13_quarters')
}

/** Per manager and quarter: the changes against the quarter before (the changes operation's metrics). */
export async function buildChanges(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_changes AS
    SELECT q.cik, q.qend, q.quarter, q.period, p.quarter AS prior_quarter, p.period AS prior_period,
      q.value AS current_aum, coalesce(p.value, 0) AS prior_aum, q.positions AS current_positions,
      coalesce(p.positions, 0) AS prior_positions, q.securities AS current_securities,
      coalesce(p.securities, 0) AS prior_securities, f.* EXCLUDE (cik, qend)
    FROM t13_quarters q JOIN t13_flow_totals f USING (cik, qend)
    LEFT JOIN t13_quarters p ON p.cik = q.cik AND p.qend = last_day(q.qend - INTERVAL 3 MONTH)`)
  return db.count('SELECT count(*) AS n FROM t13_changes')
}

/**
 * Market-wide activity per quarter (every manager's flows added up per security, by the quarter batches):
 * most bought and most sold by net value, and the securities most managers opened (new) or closed (sold
 * out) a position in.
 */
export async function buildActivity(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_activity AS
    WITH lists AS (
      SELECT 'mostBought' AS list, *, row_number() OVER (PARTITION BY qend ORDER BY net_value DESC, cusip, put_call) AS rank
      FROM t13_activity_securities WHERE net_value > 0 AND net_shares > 0
      UNION ALL
      SELECT 'mostSold', *, row_number() OVER (PARTITION BY qend ORDER BY net_value, cusip, put_call) FROM t13_activity_securities
      WHERE net_value < 0 AND net_shares < 0
      UNION ALL
      SELECT 'newPositions', *, row_number() OVER (PARTITION BY qend ORDER BY opened DESC, current_value DESC, cusip, put_call)
      FROM t13_activity_securities WHERE opened > 0
      UNION ALL
      SELECT 'closedPositions', *, row_number() OVER (PARTITION BY qend ORDER BY closed DESC, prior_value DESC, cusip, put_call)
      FROM t13_activity_securities WHERE closed > 0
    )
    SELECT f13_quarter_label(qend) AS quarter, * FROM lists WHERE rank <= ${ACTIVITY_LIST_ROWS}`)
  return db.count('SELECT count(*) AS n FROM t13_activity')
}

/** The managers' directory: each filer of a 13F with its latest filing and that filing's quarter's totals. */
export async function buildManagers(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_managers AS
    WITH latest AS (
      SELECT cik, arg_max(accession, (filed, accepted_at, accession)) AS accession, count(*) AS filing_count
      FROM t13_filings GROUP BY cik
    )
    SELECT l.cik, coalesce(e.name, f.manager_name) AS name, f.form AS latest_form, f.accession AS latest_accession,
      f.filed AS latest_filed, f.period AS latest_period, f.accepted_at AS latest_accepted, l.filing_count,
      coalesce(q.positions, 0) AS latest_positions, coalesce(q.securities, 0) AS latest_securities,
      coalesce(q.value, 0) AS latest_value, max(q2.qend) AS latest_qend,
      coalesce(max(q2.qend) FILTER (WHERE q2.positions > 0), max(q2.qend)) AS latest_holdings_qend
    FROM latest l JOIN t13_filings f USING (accession)
    LEFT JOIN t_entities e ON e.cik = l.cik
    LEFT JOIN t13_quarters q ON q.cik = f.cik AND q.qend = f.qend
    LEFT JOIN t13_quarters q2 ON q2.cik = l.cik
    GROUP BY ALL`)
  return db.count('SELECT count(*) AS n FROM t13_managers')
}
