/**
 * What the Institutions operations read, computed once by the build per manager and quarter: the
 * quarter's totals and its changes against the calendar quarter before, the flows per security (buys,
 * sells, new and sold-out positions), the sector and industry breakdowns, the managers' directory, and the
 * market-wide activity lists per quarter. A security is a CUSIP with its put/call flag (an option on a
 * stock is not the stock); a position is one information-table row.
 */
import type { BuildDb } from '../../duck.ts'

/** Rows kept per activity list and quarter (the operation's largest `limit`). */
export const ACTIVITY_LIST_ROWS = 100

export async function buildQuarters(db: BuildDb) {
  // Holdings with their issuer (the CUSIP map) and sector: what the holdings, sectors and flows read.
  // A view: the holdings table is written from it once, ranked (views.ts); flows and sectors group it.
  await db.run(`CREATE OR REPLACE VIEW t13_positions AS
    SELECT h.*, c.issuer_name AS mapped_name, c.title_of_class AS mapped_title, c.ticker, c.issuer_cik, c.sic,
      s.sector, s.industry_title AS industry
    FROM t13_holdings h LEFT JOIN t13_cusips c USING (cusip)
    LEFT JOIN (SELECT sic_code, sector, industry_title FROM t_sic_codes) s ON s.sic_code = c.sic`)
  // Each manager's securities per quarter, in one pass over the positions (a chain of views at EDGAR's
  // volume): the quarters' totals, both sides of the flows and the breakdowns all read this table.
  await db.run(`CREATE OR REPLACE TABLE t13_securities AS
    SELECT cik, qend, cusip, coalesce(put_call, '') AS put_call, count(*) AS positions,
      -- The CUSIP's name and class as the map gives them (a filer's own spellings differ row to row).
      any_value(mapped_name) AS issuer_name, any_value(mapped_title) AS title_of_class, any_value(ticker) AS ticker,
      any_value(issuer_cik) AS issuer_cik, any_value(sic) AS sic, any_value(sector) AS sector,
      any_value(industry) AS industry, sum(shares) AS shares, sum(value) AS value
    FROM t13_positions GROUP BY cik, qend, cusip, coalesce(put_call, '')`)
  await db.run(`CREATE OR REPLACE TABLE t13_quarters AS
    WITH by_cusip AS (
      -- Distinct CUSIPs counted as groups, not by count(DISTINCT): plain aggregates spill to disk.
      SELECT cik, qend, cusip, sum(positions) AS positions, sum(value) AS value FROM t13_securities GROUP BY ALL
    ),
    held AS (
      SELECT cik, qend, sum(positions) AS positions, count(cusip) AS securities, coalesce(sum(value), 0) AS value
      FROM by_cusip GROUP BY cik, qend
    ),
    filed AS (
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
    FROM filed f LEFT JOIN held h USING (cik, qend)`)
  return db.count('SELECT count(*) AS n FROM t13_quarters')
}

/**
 * Flows: per manager, quarter with holdings, and security held in it or in the calendar quarter before:
 * current and prior shares and values, and what the change is. A sold-out security appears in the
 * quarter it left the table. Activity value is the shares traded at the quarter's implied price (the
 * prior quarter's for a sale out of the whole position). The table is stored by manager, quarter and
 * activity value, largest first, so a list of buys or sells is its rows in stored order: the rank is the
 * position, and no ranking sort is needed beyond the one that writes the table.
 */
export async function buildFlows(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_flows AS
    WITH sec AS (
      SELECT cik, qend, cusip, put_call, issuer_name, title_of_class, ticker, issuer_cik, shares, value
      FROM t13_securities WHERE cusip IS NOT NULL
    ),
    reported AS (SELECT cik, qend FROM t13_quarters WHERE positions > 0),
    cur AS (SELECT s.* FROM sec s SEMI JOIN reported USING (cik, qend)),
    prior AS (SELECT s.*, last_day(s.qend + INTERVAL 3 MONTH) AS next_qend FROM sec s),
    joined AS (
      SELECT coalesce(c.cik, p.cik) AS cik, coalesce(c.qend, p.next_qend) AS qend, coalesce(c.cusip, p.cusip) AS cusip,
        coalesce(c.put_call, p.put_call) AS put_call, coalesce(c.issuer_name, p.issuer_name) AS issuer_name,
        coalesce(c.title_of_class, p.title_of_class) AS title_of_class, coalesce(c.ticker, p.ticker) AS ticker,
        coalesce(c.issuer_cik, p.issuer_cik) AS issuer_cik,
        coalesce(c.shares, 0) AS current_shares, coalesce(p.shares, 0) AS prior_shares,
        coalesce(c.value, 0) AS current_value, coalesce(p.value, 0) AS prior_value, c.cik IS NOT NULL AS held_now,
        p.cik IS NOT NULL AS held_before
      FROM cur c FULL OUTER JOIN prior p
        ON p.cik = c.cik AND p.next_qend = c.qend AND p.cusip = c.cusip AND p.put_call = c.put_call
    )
    SELECT j.*, f13_quarter_label(j.qend) AS quarter, j.current_shares - j.prior_shares AS net_shares,
      j.current_value - j.prior_value AS net_value,
      CASE WHEN NOT held_before THEN 'new' WHEN NOT held_now THEN 'sold_out'
        WHEN current_shares > prior_shares THEN 'increased' WHEN current_shares < prior_shares THEN 'decreased'
        ELSE 'unchanged' END AS change,
      round(abs(j.current_shares - j.prior_shares) * CASE
        WHEN j.current_shares > 0 AND j.current_value IS NOT NULL THEN j.current_value::DOUBLE / j.current_shares
        WHEN j.prior_shares > 0 THEN j.prior_value::DOUBLE / j.prior_shares ELSE 0 END)::BIGINT AS activity_value
    FROM joined j SEMI JOIN reported r ON r.cik = j.cik AND r.qend = j.qend`)
  return db.count('SELECT count(*) AS n FROM t13_flows')
}

/** Per manager and quarter: the changes against the quarter before (the changes operation's metrics). */
export async function buildChanges(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_changes AS
    WITH f AS (
      SELECT cik, qend,
        count(*) FILTER (WHERE change = 'new') AS addition_count, coalesce(sum(current_value) FILTER (WHERE change = 'new'), 0) AS addition_value,
        count(*) FILTER (WHERE change = 'sold_out') AS disposal_count, coalesce(sum(prior_value) FILTER (WHERE change = 'sold_out'), 0) AS disposal_value,
        count(*) FILTER (WHERE change = 'increased') AS increased_count, coalesce(sum(activity_value) FILTER (WHERE change = 'increased'), 0) AS increased_value,
        count(*) FILTER (WHERE change = 'decreased') AS decreased_count, coalesce(sum(activity_value) FILTER (WHERE change = 'decreased'), 0) AS decreased_value,
        count(*) FILTER (WHERE change = 'unchanged') AS unchanged_count, coalesce(sum(current_value) FILTER (WHERE change = 'unchanged'), 0) AS unchanged_value,
        coalesce(sum(activity_value) FILTER (WHERE net_shares > 0), 0) AS buy_value,
        coalesce(sum(activity_value) FILTER (WHERE net_shares < 0), 0) AS sell_value
      FROM t13_flows GROUP BY cik, qend
    )
    SELECT q.cik, q.qend, q.quarter, q.period, p.quarter AS prior_quarter, p.period AS prior_period,
      q.value AS current_aum, coalesce(p.value, 0) AS prior_aum, q.positions AS current_positions,
      coalesce(p.positions, 0) AS prior_positions, q.securities AS current_securities,
      coalesce(p.securities, 0) AS prior_securities, f.* EXCLUDE (cik, qend)
    FROM t13_quarters q JOIN f USING (cik, qend)
    LEFT JOIN t13_quarters p ON p.cik = q.cik AND p.qend = last_day(q.qend - INTERVAL 3 MONTH)`)
  return db.count('SELECT count(*) AS n FROM t13_changes')
}

/** Sector and industry breakdowns per manager and quarter (a holding of an unmapped CUSIP: sector null). */
export async function buildSectors(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_sectors AS
    WITH totals AS (SELECT cik, qend, sum(value) AS total FROM t13_securities GROUP BY cik, qend),
    -- A CUSIP has one issuer, so one sector and SIC code: per CUSIP first, then counted as rows.
    by_cusip AS (
      SELECT cik, qend, cusip, any_value(sector) AS sector, any_value(industry) AS industry, any_value(sic) AS sic,
        sum(positions) AS positions, sum(value) AS value
      FROM t13_securities GROUP BY cik, qend, cusip
    ),
    grouped AS (
      SELECT cik, qend, 'sector' AS level, sector, NULL::VARCHAR AS industry, NULL::INTEGER AS sic,
        sum(positions) AS positions, count(cusip) AS securities, coalesce(sum(value), 0) AS value
      FROM by_cusip GROUP BY cik, qend, sector
      UNION ALL
      SELECT cik, qend, 'industry', any_value(sector), any_value(industry), sic, sum(positions), count(cusip),
        coalesce(sum(value), 0)
      FROM by_cusip GROUP BY cik, qend, sic
    )
    SELECT g.*, f13_quarter_label(g.qend) AS quarter,
      row_number() OVER (PARTITION BY g.cik, g.qend, g.level ORDER BY g.value DESC, g.sector NULLS LAST, g.sic NULLS LAST) AS rank,
      CASE WHEN t.total > 0 THEN round(g.value * 100.0 / t.total, 4) END AS weight_percent
    FROM grouped g JOIN totals t USING (cik, qend)`)
  return db.count('SELECT count(*) AS n FROM t13_sectors')
}

/**
 * Market-wide activity per quarter (every manager's flows added up per security): most bought and most
 * sold by net value, and the securities most managers opened (new) or closed (sold out) a position in.
 */
export async function buildActivity(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_activity AS
    WITH sec AS (
      SELECT qend, cusip, put_call, any_value(ticker) AS ticker, any_value(issuer_name) AS issuer_name,
        any_value(title_of_class) AS title_of_class,
        count(*) FILTER (WHERE held_now) AS filer_count, count(*) FILTER (WHERE held_before) AS prior_filer_count,
        count(*) FILTER (WHERE change = 'new') AS opened, count(*) FILTER (WHERE change = 'sold_out') AS closed,
        sum(current_shares) AS current_shares, sum(prior_shares) AS prior_shares, sum(net_shares) AS net_shares,
        sum(current_value) AS current_value, sum(prior_value) AS prior_value, sum(net_value) AS net_value
      FROM t13_flows GROUP BY qend, cusip, put_call
    ),
    lists AS (
      SELECT 'mostBought' AS list, *, row_number() OVER (PARTITION BY qend ORDER BY net_value DESC, cusip, put_call) AS rank
      FROM sec WHERE net_value > 0 AND net_shares > 0
      UNION ALL
      SELECT 'mostSold', *, row_number() OVER (PARTITION BY qend ORDER BY net_value, cusip, put_call) FROM sec
      WHERE net_value < 0 AND net_shares < 0
      UNION ALL
      SELECT 'newPositions', *, row_number() OVER (PARTITION BY qend ORDER BY opened DESC, current_value DESC, cusip, put_call)
      FROM sec WHERE opened > 0
      UNION ALL
      SELECT 'closedPositions', *, row_number() OVER (PARTITION BY qend ORDER BY closed DESC, prior_value DESC, cusip, put_call)
      FROM sec WHERE closed > 0
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
