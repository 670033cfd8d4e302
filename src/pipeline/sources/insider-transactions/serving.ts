/**
 * The insider tables of the serving database, each sorted on the key its operations filter by, and the
 * aggregates the build computes so that no request does (docs/insiders.md):
 *
 * - three copies of the transaction feed's filter columns with each row's feed position: every issuer
 *   (feed order), by issuer, and by person (a row per reporting owner of the filing, with the person's own
 *   relationship); the transactions themselves are lines of a lookup file by position (insiderLookups);
 * - the directories with their counts and latest filing: companies (issuers) and persons (owners), and
 *   the persons' search trigrams;
 * - each transaction date's issuers ranked by buy value and by sell value, and positions (each owner's
 *   latest reported balance per security) by issuer and by owner: only as lookup files (insiderLookups),
 *   the server reads nothing else of them;
 * - the statistics over everything covered, in one row.
 */
import { lookupOf } from '../../lookup-files.ts'
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext, LookupSpec } from '../../source.ts'
import { ACC_KEY, nameGramSql } from '../submissions/contract/index.ts'
import {
  DAY_HEADS,
  FEED_FILTER_COLUMNS,
  FEED_ORDER,
  INSIDER_DAILY_LEADERS,
  INSIDER_FEED_DAY_HEADS,
  INSIDER_ISSUER_FEED,
  INSIDER_PERSON_FEED,
  INSIDER_PERSON_GRAMS,
  INSIDER_PERSONS,
  INSIDER_POSITIONS_BY_ISSUER,
  INSIDER_POSITIONS_BY_OWNER,
  INSIDER_TRANSACTIONS,
  SERVING_TABLES,
} from './contract.ts'
import { POSITION_TIES } from './derive.ts'
import { cents, IN_DOLLAR_TOTALS, OPEN_MARKET } from './money.ts'

const FILTERS = FEED_FILTER_COLUMNS.join(', ')

/**
 * A transaction counts towards "latest" (and the leaders' default day) only when dated on or before its
 * filing's acceptance (or filing date): filers mistype years, and a 2204 sale is no one's latest.
 */
const SANE_DATE = `transaction_date <= coalesce(accepted_at::DATE, filing_date)`

/** The transactions with their feed position (the same numbering in the tables and the lookup file). */
const positioned = (parquet: BuildContext['parquet']) =>
  `(SELECT *, ${ACC_KEY} AS acc_key, row_number() OVER (ORDER BY ${FEED_ORDER.replaceAll('acc_key', ACC_KEY)}) - 1 AS pos
    FROM ${parquet('insider_transactions')})`

/** A table of the snapshot with each row's `acc_key`. */
const withAccKey = (parquet: BuildContext['parquet'], table: string) =>
  `(SELECT *, ${ACC_KEY} AS acc_key FROM ${parquet(table)})`

const buy = `type = 'buy'`
const sell = `type = 'sell'`

/** A dollar total of one side: the side's non-derivative values, in cents, 0 without any (money.ts). */
const dollars = (side: string) => `coalesce(${cents(`sum(value) FILTER (${side} AND ${IN_DOLLAR_TOTALS})`)}, 0)`

/**
 * Each transaction date's issuers ranked by buy value and by sell value (INSIDER_DAILY_LEADERS' fields), in two
 * scopes (money.ts): the open-market purchases and sales of non-derivative securities (the default), and
 * every non-derivative transaction by its type (`openMarketOnly=false`). A derivative row is in neither.
 * A leader's figures are those of the transactions its scope counts. Only the `insiderDailyLeaders`
 * lookup file holds them: the server reads nothing else of them.
 */
const dailyLeaders = (parquet: BuildContext['parquet']) => `
  WITH counted AS (
    -- One read of the transactions for both scopes: each row once per scope that counts it.
    SELECT t.*, s.open_market_only FROM ${withAccKey(parquet, 'insider_transactions')} t
    JOIN (VALUES (true), (false)) s(open_market_only) ON NOT s.open_market_only OR ${OPEN_MARKET}
    WHERE t.transaction_date IS NOT NULL AND ${IN_DOLLAR_TOTALS}),
  day AS (SELECT transaction_date AS activity_date, open_market_only, issuer_cik, any_value(issuer_ticker) AS issuer_ticker,
                 any_value(issuer_name) AS issuer_name, ${dollars(buy)} AS buy_value, ${dollars(sell)} AS sell_value,
                 coalesce(sum(shares) FILTER (${buy}), 0) AS buy_shares, coalesce(sum(shares) FILTER (${sell}), 0) AS sell_shares,
                 count(*) FILTER (${buy}) AS buy_count, count(*) FILTER (${sell}) AS sell_count,
                 count(*) AS transaction_count, count(DISTINCT acc_key) AS filing_count, max(accepted_at) AS latest_accepted
               FROM counted GROUP BY ALL),
  ranked AS (
    SELECT *, 'top_buyers' AS activity_type, row_number() OVER (PARTITION BY activity_date, open_market_only
        ORDER BY buy_value DESC, buy_shares DESC, issuer_cik) AS rank
    FROM day WHERE buy_value > 0 OR buy_count > 0
    UNION ALL
    SELECT *, 'top_sellers' AS activity_type, row_number() OVER (PARTITION BY activity_date, open_market_only
        ORDER BY sell_value DESC, sell_shares DESC, issuer_cik) AS rank
    FROM day WHERE sell_value > 0 OR sell_count > 0)
  SELECT activity_date, activity_type, open_market_only, rank::INTEGER AS rank, issuer_cik, issuer_ticker, issuer_name,
    buy_value, sell_value, ${cents('buy_value - sell_value')} AS net_value, buy_shares, sell_shares, buy_count,
    sell_count, transaction_count, filing_count, latest_accepted
  FROM ranked`

const T = SERVING_TABLES

export function insiderServing({ parquet }: BuildContext): string[] {
  const tx = withAccKey(parquet, 'insider_transactions')
  const owners = withAccKey(parquet, 'insider_owners')
  const filings = withAccKey(parquet, 'insider_filings')
  const personRole = new Set(['is_director', 'is_officer', 'is_ten_percent_owner', 'is_other'])
  return [
    createServingTable(T.insider_feed, `SELECT pos, ${FILTERS} FROM ${positioned(parquet)}`),
    createServingTable(T.insider_issuer_feed, `SELECT pos, ${FILTERS} FROM s.insider_feed`),
    // A row per reporting owner of the filing, filtered by the person's own relationship.
    createServingTable(
      T.insider_person_feed,
      `SELECT o.owner_cik AS person_cik, f.pos, ${FEED_FILTER_COLUMNS.map((c) => (personRole.has(c) ? `o.${c}` : `f.${c}`)).join(', ')},
        o.owner_name, o.officer_title
      FROM ${positioned(parquet)} f JOIN ${owners} o ON o.acc_key = f.acc_key`,
    ),
    createServingTable(
      T.insider_companies,
      `WITH latest AS (SELECT issuer_cik, arg_max(acc_key, (accepted_at, acc_key)) AS latest_acc_key,
                        max(accepted_at) AS latest_accepted, count(*) AS filing_count,
                        arg_max(issuer_ticker, (accepted_at, acc_key)) AS ticker, arg_max(issuer_name, (accepted_at, acc_key)) AS name
                      FROM ${filings} GROUP BY issuer_cik),
      reporters AS (SELECT f.issuer_cik, count(DISTINCT o.owner_cik) AS reporter_count
                    FROM ${filings} f JOIN ${owners} o USING (acc_key) GROUP BY ALL),
      figures AS (SELECT issuer_cik, count(*) AS transaction_count, count(*) FILTER (${buy}) AS buy_count,
                    count(*) FILTER (${sell}) AS sell_count, coalesce(sum(shares) FILTER (${buy}), 0) AS buy_shares,
                    coalesce(sum(shares) FILTER (${sell}), 0) AS sell_shares, ${dollars(buy)} AS buy_value,
                    ${dollars(sell)} AS sell_value,
                    max(transaction_date) FILTER (${SANE_DATE}) AS latest_transaction_date
                  FROM ${tx} GROUP BY issuer_cik)
      SELECT l.issuer_cik, l.ticker, l.name,
        lower(concat_ws(' ', l.name, l.ticker, lpad(l.issuer_cik::VARCHAR, 10, '0'))) AS search_text,
        l.filing_count, coalesce(x.transaction_count, 0) AS transaction_count, coalesce(r.reporter_count, 0) AS reporter_count,
        coalesce(x.buy_count, 0) AS buy_count, coalesce(x.sell_count, 0) AS sell_count,
        coalesce(x.buy_shares, 0) AS buy_shares, coalesce(x.sell_shares, 0) AS sell_shares,
        coalesce(x.buy_value, 0) AS buy_value, coalesce(x.sell_value, 0) AS sell_value,
        coalesce(${cents('x.buy_value - x.sell_value')}, 0) AS net_value,
        l.latest_acc_key, l.latest_accepted, x.latest_transaction_date,
        row_number() OVER (ORDER BY l.latest_accepted DESC NULLS LAST, l.issuer_cik) - 1 AS position
      FROM latest l LEFT JOIN figures x USING (issuer_cik) LEFT JOIN reporters r USING (issuer_cik)`,
    ),
    createServingTable(
      T.insider_persons,
      `WITH filed AS (SELECT o.owner_cik AS cik, o.owner_name, o.is_director, o.is_officer, o.is_ten_percent_owner,
                       o.officer_title, f.issuer_cik, f.issuer_ticker, f.issuer_name, f.acc_key, f.accepted_at
                     FROM ${owners} o JOIN ${filings} f USING (acc_key)),
      people AS (SELECT cik, arg_max(owner_name, (accepted_at, acc_key)) AS name, bool_or(is_director) AS is_director,
                   bool_or(is_officer) AS is_officer, bool_or(is_ten_percent_owner) AS is_ten_percent_owner,
                   arg_max(officer_title, (accepted_at, acc_key)) FILTER (officer_title IS NOT NULL) AS latest_officer_title,
                   arg_max(issuer_cik, (accepted_at, acc_key)) AS latest_issuer_cik,
                   arg_max(issuer_ticker, (accepted_at, acc_key)) AS latest_issuer_ticker,
                   arg_max(issuer_name, (accepted_at, acc_key)) AS latest_issuer_name,
                   arg_max(acc_key, (accepted_at, acc_key)) AS latest_acc_key, max(accepted_at) AS latest_accepted,
                   count(*) AS filing_count, count(DISTINCT issuer_cik) AS issuer_count
                 FROM filed GROUP BY cik),
      trades AS (SELECT person_cik AS cik, count(*) AS transaction_count,
                   max(transaction_date) FILTER (transaction_date <= accepted_at::DATE OR accepted_at IS NULL) AS latest_transaction_date
                 FROM s.insider_person_feed GROUP BY ALL)
      -- q matches the name, the 10-digit CIK, and the latest issuer's name and ticker (whose insider it is)
      SELECT p.cik, p.name,
        lower(concat_ws(' ', p.name, lpad(p.cik::VARCHAR, 10, '0'), p.latest_issuer_name, p.latest_issuer_ticker)) AS name_lower,
        p.is_director, p.is_officer, p.is_ten_percent_owner, p.latest_officer_title, p.latest_issuer_cik,
        p.latest_issuer_ticker, p.latest_issuer_name, p.latest_acc_key, p.latest_accepted, t.latest_transaction_date,
        p.filing_count, coalesce(t.transaction_count, 0) AS transaction_count, p.issuer_count,
        row_number() OVER (ORDER BY p.latest_accepted DESC NULLS LAST, p.cik) - 1 AS position
      FROM people p LEFT JOIN trades t USING (cik)`,
    ),
    createServingTable(T.insider_person_gram_counts, `SELECT gram, count(*) AS n FROM (${PERSON_GRAMS}) GROUP BY gram`),
    createServingTable(
      T.insider_days,
      `SELECT transaction_date AS activity_date, count(*) AS transaction_count
      FROM ${tx} WHERE transaction_date IS NOT NULL GROUP BY ALL`,
    ),
    // An old window's first transactions sit deep in the feed, behind row groups whose dates span it only
    // through a few mistyped or late-reported ones: the scan from the top read them all (over a page's target).
    createServingTable(
      T.insider_feed_days,
      `SELECT acquired_disposed, transaction_date, min(pos) AS first_pos, max(pos) AS last_pos
      FROM s.insider_feed WHERE ${FEED_DAY} GROUP BY ALL`,
    ),
    createServingTable(
      T.insider_statistics,
      `SELECT company_count, person_count, filing_count, transaction_count, buy_count, sell_count, derivative_count,
        buy_shares, sell_shares, buy_value, sell_value, ${cents('buy_value - sell_value')} AS net_value,
        latest_transaction_date, latest_accepted, latest_purchase_date, latest_sale_date, latest_buy_date, latest_sell_date
      FROM (SELECT (SELECT count(*) FROM s.insider_companies) AS company_count,
        (SELECT count(*) FROM s.insider_persons) AS person_count,
        (SELECT count(*) FROM ${filings}) AS filing_count,
        count(*) AS transaction_count, count(*) FILTER (${buy}) AS buy_count, count(*) FILTER (${sell}) AS sell_count,
        count(*) FILTER (derivative) AS derivative_count,
        coalesce(sum(shares) FILTER (${buy}), 0) AS buy_shares, coalesce(sum(shares) FILTER (${sell}), 0) AS sell_shares,
        ${dollars(buy)} AS buy_value, ${dollars(sell)} AS sell_value,
        max(transaction_date) FILTER (${SANE_DATE}) AS latest_transaction_date,
        max(accepted_at) AS latest_accepted,
        -- the daily leaders' default dates (the latest sane day each scope ranks anyone of the side):
        -- an open-market purchase or sale, and any non-derivative buy or sell
        max(transaction_date) FILTER (${SANE_DATE} AND ${IN_DOLLAR_TOTALS} AND transaction_code = 'P') AS latest_purchase_date,
        max(transaction_date) FILTER (${SANE_DATE} AND ${IN_DOLLAR_TOTALS} AND transaction_code = 'S') AS latest_sale_date,
        max(transaction_date) FILTER (${SANE_DATE} AND ${IN_DOLLAR_TOTALS} AND ${buy}) AS latest_buy_date,
        max(transaction_date) FILTER (${SANE_DATE} AND ${IN_DOLLAR_TOTALS} AND ${sell}) AS latest_sell_date
      FROM ${tx})`,
    ),
  ]
}

/**
 * Each person under every trigram of its search text (name, CIK, latest issuer), once: `q` on the
 * persons directory reads the lines of its rarest trigram (src/areas/insiders/store/person-search.ts)
 * instead of every person's text (a substring no one has scanned all 300,000 texts: docs/benchmarks.md).
 */
const PERSON_GRAMS = `SELECT DISTINCT ${nameGramSql('i')} AS gram, position, cik, name_lower
  FROM (SELECT position, cik, name_lower, unnest(range(1, length(name_lower) - 1)) AS i FROM s.insider_persons)`

/** The transactions an activity window can list: dated, acquired or disposed. */
const FEED_DAY = `transaction_date IS NOT NULL AND acquired_disposed IN ('A', 'D')`

/** Every transaction's DTO by feed position: what each feed page reads after its positions. */
export const insiderLookups = ({ parquet }: BuildContext): LookupSpec[] => {
  const positions = withAccKey(parquet, 'insider_positions')
  return [
    lookupOf(INSIDER_PERSON_GRAMS, {
      rowsOf: `(${PERSON_GRAMS})`,
      from: `FROM (${PERSON_GRAMS}) ORDER BY gram, position`,
    }),
    // A page of persons by CIK from DuckDB (cik IN a list of 26) scanned every column of the 306,000 rows
    // (the IN filter is not pushed into the scan): over ten times a page's target.
    lookupOf(INSIDER_PERSONS, { rowsOf: 's.insider_persons', from: 'FROM s.insider_persons ORDER BY cik' }),
    // An issuer's or an owner's positions: 24 columns read from DuckDB on cold blocks cost most of a page's
    // target (uniform draws). Written straight from the positions (700k rows, a short sort): the server
    // reads them only through these files.
    lookupOf(INSIDER_POSITIONS_BY_ISSUER, {
      rowsOf: positions,
      from: `FROM ${positions} ORDER BY issuer_cik, owner_cik, ${POSITION_TIES}`,
    }),
    lookupOf(INSIDER_POSITIONS_BY_OWNER, {
      rowsOf: positions,
      from: `FROM ${positions} ORDER BY owner_cik, issuer_cik, ${POSITION_TIES}`,
    }),
    // A day's leaders as a query read 15 columns on cold blocks: up to more than the page's target. Written
    // straight from the ranking (no count: it would rank again); the server reads them only here.
    lookupOf(INSIDER_DAILY_LEADERS, {
      from: `FROM (${dailyLeaders(parquet)}) ORDER BY activity_date, open_market_only DESC, activity_type, rank`,
    }),
    // An activity window's page is the smallest positions among its days' heads (src/areas/insiders/store/windows.ts).
    lookupOf(INSIDER_FEED_DAY_HEADS, {
      rowsOf: 's.insider_feed_days',
      from: `FROM (
        SELECT transaction_date, acquired_disposed, pos FROM s.insider_feed WHERE ${FEED_DAY}
        QUALIFY row_number() OVER (PARTITION BY acquired_disposed, transaction_date ORDER BY pos) <= ${DAY_HEADS})
      GROUP BY 1 ORDER BY 1`,
    }),
    // An issuer's or a person's feed page: the positions as a query cost most of its target on cold blocks; these lines
    // answer the pages whose filters are equalities (src/areas/insiders/store/feed-lines.ts), in stored order.
    lookupOf(INSIDER_ISSUER_FEED, { rowsOf: 's.insider_issuer_feed', from: 'FROM s.insider_issuer_feed' }),
    lookupOf(INSIDER_PERSON_FEED, { rowsOf: 's.insider_person_feed', from: 'FROM s.insider_person_feed' }),
    lookupOf(INSIDER_TRANSACTIONS, {
      rowsOf: parquet('insider_transactions'),
      from: `FROM ${positioned(parquet)} ORDER BY pos`,
    }),
  ]
}
