/**
 * From the staged records (both paths) to the insider tables. The rules, each in one place:
 *
 * - A filing in a quarterly data set and as a text file is taken once, from the data set: the quarters
 *   are what every rebuild reuses unchanged (period files), so a filing's rows do not depend on whether
 *   its text file is still in the mirror; a filing in two quarters (a re-issued set) from the newest.
 * - The issuer is the filing's issuer (never the reporting owner); its ticker is the entity's primary
 *   ticker in the snapshot, else the symbol the filing gives (SYMBOL_SQL: `NONE` is no symbol).
 * - `accepted` is the filing's acceptance time from the filings table (submissions), else the text
 *   file's header (even when the data set's rows were taken); EDGAR writes it in Eastern time.
 * - The reporter of a transaction is the filing's first reporting owner by CIK (both paths number
 *   owners so): a filing with several owners gives each transaction once. Positions and person feeds
 *   credit every owner.
 * - The 10b5-1 flag is the ownership document's `aff10b5One`: the data sets have no such column, so a
 *   filing taken from a set has it from its text file when the mirror holds one (like `accepted`), else NULL.
 * - `value` = shares × price per share in cents (money.ts; NULL without a price); `type` (TYPE_SQL).
 */
import type { BuildDb } from '../../duck.ts'
import { cents } from './money.ts'

/**
 * buy or sell: an open-market purchase (P) is a buy and a sale (S) a sell whatever the A/D column says;
 * any other code by its acquired (A) or disposed (D) flag; NULL when the flag is neither.
 */
/**
 * A position's order after its issuer and owner: the rest of what makes it one position (its security and
 * how it is held), so that an owner's two holdings of one title, directly and indirectly, come out in the
 * same order from every build, in the table and in the lookup files the server reads in stored order.
 */
export const POSITION_TIES = 'security_title, derivative, direct_indirect, nature_of_ownership'

export const TYPE_SQL = `CASE WHEN transaction_code = 'P' THEN 'buy' WHEN transaction_code = 'S' THEN 'sell'
  WHEN acquired_disposed = 'A' THEN 'buy' WHEN acquired_disposed = 'D' THEN 'sell' END`

/**
 * The filing's trading symbol, where the issuer has no ticker of its own: filers of unlisted issuers write
 * `NONE`, `N/A` or `NA` (or nothing) there, which is no ticker.
 */
export const SYMBOL_SQL = `CASE WHEN upper(trim(f.issuer_ticker)) IN ('', 'NONE', 'N/A', 'NA', '-') THEN NULL
  ELSE upper(trim(f.issuer_ticker)) END`

/** All records, each filing from one path only (see above). */
async function chooseRecords(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TEMP VIEW v_insider_all AS
    SELECT *, 0 AS path FROM t_insider_dataset
    UNION ALL BY NAME
    SELECT *, 1 AS path, NULL AS quarter FROM stage_insider_texts`)
  await db.run(`CREATE OR REPLACE TABLE t_insider_chosen AS
    SELECT accession_number, path, quarter FROM v_insider_all WHERE record = 'filing'
    QUALIFY row_number() OVER (PARTITION BY accession_number ORDER BY path, quarter DESC NULLS LAST) = 1`)
  // A view, not a copy: the tables below each read the records they need from the Parquet (at full scale
  // about 30 million records of 35 columns, which a copy would hold in the build's memory or spill).
  await db.run(`CREATE OR REPLACE VIEW t_insider_records AS
    SELECT r.* EXCLUDE (path, quarter) FROM v_insider_all r
    JOIN t_insider_chosen c ON c.accession_number = r.accession_number AND c.path = r.path
      AND c.quarter IS NOT DISTINCT FROM r.quarter`)
}

export async function buildInsiderTables(db: BuildDb) {
  await chooseRecords(db)
  await db.runLarge(`CREATE OR REPLACE TABLE t_insider_filings AS
    WITH f AS (SELECT * FROM t_insider_records WHERE record = 'filing' AND issuer_cik IS NOT NULL),
    listed AS (SELECT accession_number, max(accepted_at) AS accepted_at FROM t_filings
               WHERE accession_number IN (SELECT accession_number FROM f) GROUP BY ALL),
    -- a text file's header knows the time even when the data set's rows were taken for its filing
    texts AS (SELECT accession_number, max(accepted_at) AS accepted_at, bool_or(aff10b5_one) AS aff10b5_one
              FROM stage_insider_texts WHERE record = 'filing' GROUP BY ALL),
    ent AS (SELECT cik, name, tickers[1] AS ticker FROM t_entities)
    SELECT f.accession_number, f.issuer_cik, coalesce(ent.name, f.issuer_name) AS issuer_name,
      coalesce(ent.ticker, ${SYMBOL_SQL}) AS issuer_ticker, f.form_type, f.filing_date, f.period_of_report,
      coalesce(l.accepted_at, f.accepted_at, x.accepted_at) AS accepted_at,
      coalesce(f.no_securities_owned, false) AS no_securities_owned,
      coalesce(f.aff10b5_one, x.aff10b5_one) AS aff10b5_one
    FROM f LEFT JOIN listed l USING (accession_number) LEFT JOIN texts x USING (accession_number)
    LEFT JOIN ent ON ent.cik = f.issuer_cik`)
  await db.runLarge(`CREATE OR REPLACE TABLE t_insider_owners AS
    SELECT accession_number, owner_cik, owner_name, coalesce(is_director, false) AS is_director,
      coalesce(is_officer, false) AS is_officer, coalesce(is_ten_percent_owner, false) AS is_ten_percent_owner,
      coalesce(is_other, false) AS is_other, officer_title,
      row_number() OVER (PARTITION BY accession_number ORDER BY owner_cik, seq)::INTEGER AS seq
    FROM t_insider_records WHERE record = 'owner' AND owner_cik IS NOT NULL
      AND accession_number IN (SELECT accession_number FROM t_insider_filings)
    QUALIFY row_number() OVER (PARTITION BY accession_number, owner_cik ORDER BY seq) = 1`)
  // Rows of both tables, numbered in document order: transactions first, non-derivative first.
  await db.runLarge(`CREATE OR REPLACE TABLE t_insider_rows AS
    SELECT r.accession_number, row_number() OVER (PARTITION BY r.accession_number
        ORDER BY r.record DESC, r.derivative, r.seq)::INTEGER AS row_seq, r.record, r.derivative, r.security_title,
      r.transaction_date, r.deemed_execution_date, r.transaction_code, r.shares, r.price_per_share,
      r.acquired_disposed, r.shares_owned_following, r.direct_indirect, r.nature_of_ownership, r.exercise_price,
      r.exercise_date, r.expiration_date, r.underlying_title, r.underlying_shares
    FROM t_insider_records r WHERE r.record IN ('transaction', 'holding')
      AND r.accession_number IN (SELECT accession_number FROM t_insider_filings)`)
  await db.runLarge(`CREATE OR REPLACE TABLE t_insider_transactions AS
    SELECT r.* EXCLUDE (record), f.issuer_cik, f.issuer_name, f.issuer_ticker, f.form_type, f.filing_date,
      f.accepted_at, f.aff10b5_one, o.owner_cik AS reporter_cik, o.owner_name AS reporter_name, o.is_director, o.is_officer,
      o.is_ten_percent_owner, o.is_other, o.officer_title,
      ${cents('r.shares * r.price_per_share')} AS value, ${TYPE_SQL} AS type
    FROM t_insider_rows r JOIN t_insider_filings f USING (accession_number)
    LEFT JOIN t_insider_owners o ON o.accession_number = r.accession_number AND o.seq = 1
    WHERE r.record = 'transaction'`)
  // Positions: each owner's latest reported balance of each security (title, derivative, direct or
  // indirect, nature) at each issuer, from transactions' "owned following" and holdings alike.
  await db.runLarge(`CREATE OR REPLACE TABLE t_insider_positions AS
    SELECT f.issuer_cik, f.issuer_name, f.issuer_ticker, o.owner_cik, o.owner_name, o.is_director, o.is_officer,
      o.is_ten_percent_owner, o.officer_title, r.security_title, r.derivative, r.direct_indirect,
      r.nature_of_ownership, r.shares_owned_following AS shares, r.underlying_title, r.underlying_shares,
      r.exercise_price, r.exercise_date, r.expiration_date,
      coalesce(r.transaction_date, f.period_of_report, f.filing_date) AS position_date, f.accepted_at,
      f.accession_number, f.form_type, r.record
    FROM t_insider_rows r JOIN t_insider_filings f USING (accession_number)
    JOIN t_insider_owners o ON o.accession_number = r.accession_number
    WHERE r.shares_owned_following IS NOT NULL
    QUALIFY row_number() OVER (
      PARTITION BY f.issuer_cik, o.owner_cik, r.security_title, r.derivative, r.direct_indirect, r.nature_of_ownership
      ORDER BY position_date DESC, f.accepted_at DESC NULLS LAST, f.accession_number DESC, r.row_seq DESC) = 1`)
  return {
    filings: await db.count('SELECT count(*) AS n FROM t_insider_filings'),
    transactions: await db.count('SELECT count(*) AS n FROM t_insider_transactions'),
  }
}
