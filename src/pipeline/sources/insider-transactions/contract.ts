/**
 * The insider-transactions source's contract: the serving tables the Insiders area (src/areas/insiders)
 * reads, their columns in stored order and how each is sorted. Both the build (serving.ts) and the area
 * import it; test/pipeline/contracts.test.ts checks the built database against it.
 */
import { packedKey, yyyymmddPart } from '../../contract.ts'

/** The columns a feed line holds after `pos`: what the feed's equality filters read (src/areas/insiders/feed-lines.ts). */
export const FEED_LINE_COLUMNS = [
  'acquired_disposed',
  'transaction_code',
  'derivative',
  'is_director',
  'is_officer',
  'is_ten_percent_owner',
  'is_other',
] as const

/**
 * What the feed tables hold besides `pos`: the columns the filters read. The transaction itself is a
 * line of the `transactions` lookup file at its `pos` (TRANSACTION_LINE): a page reads narrow rows, then
 * its lines. Reading every column of a page of 51 rows from DuckDB took ten times as long as the
 * positions alone (string columns decompressed a vector at a time; docs/benchmarks.md).
 */
export const FEED_FILTER_COLUMNS = [
  'issuer_cik',
  ...FEED_LINE_COLUMNS,
  'aff10b5_one',
  'value',
  'accepted_at',
  'transaction_date',
] as const

/** The feed's order (unique: the accession number and the filing's row order end it); `pos` numbers it from 0. */
export const FEED_ORDER = 'accepted_at DESC NULLS LAST, transaction_date DESC NULLS LAST, acc_key DESC, row_seq'

/** The person feed's reporter: the person's own owner record of the filing. */
export const PERSON_COLUMNS_OF_FEED = ['owner_name', 'officer_title'] as const

/**
 * A transaction's line in the lookup file: its DTO (docs/api/insiders.md, The transaction) as JSON, without `filingUrl` (the server's
 * archive address makes it from `issuer.cik` and `accessionNumber`). `reporter` is the filing's reporter;
 * the person feed puts the person in its place.
 */
export const TRANSACTION_LINE = `json_object(
  'accessionNumber', accession_number,
  'accepted', strftime(accepted_at, '%Y-%m-%dT%H:%M:%S'),
  'issuer', json_object('cik', lpad(issuer_cik::VARCHAR, 10, '0'), 'ticker', issuer_ticker, 'name', issuer_name),
  'reporter', CASE WHEN reporter_cik IS NOT NULL THEN json_object('cik', lpad(reporter_cik::VARCHAR, 10, '0'),
    'name', reporter_name, 'director', is_director, 'officer', is_officer, 'tenPercentOwner', is_ten_percent_owner,
    'officerTitle', officer_title) END,
  'securityType', security_title,
  'transactionDate', transaction_date::VARCHAR,
  'deemedExecutionDate', deemed_execution_date::VARCHAR,
  'transactionCode', transaction_code,
  'type', type,
  'shares', shares,
  'pricePerShare', price_per_share,
  'value', value,
  'acquiredDisposed', CASE WHEN acquired_disposed IN ('A', 'D') THEN acquired_disposed END,
  'sharesOwnedFollowingTransaction', shares_owned_following,
  'directOrIndirectOwnership', direct_indirect,
  'natureOfOwnership', nature_of_ownership,
  'derivative', derivative,
  'underlyingSecurityTitle', underlying_title,
  'underlyingSecurityShares', underlying_shares,
  'exercisePrice', exercise_price,
  'exerciseDate', exercise_date::VARCHAR,
  'expirationDate', expiration_date::VARCHAR,
  'aff10b5One', aff10b5_one)::VARCHAR`

export const LOOKUPS = {
  /** Each transaction's DTO (without filingUrl, which the server adds), by feed position (the manifest's name). */
  insiderTransactions: 'lookup/insider-transactions',
  /** The persons holding each trigram of their search text (PERSON_GRAM_LINE), by trigram, in directory order. */
  insiderPersonGrams: 'lookup/insider-person-grams',
  /** Each person's directory row (PERSON_LINE) by CIK: a page of `q` matches and the person pages read it. */
  insiderPersons: 'lookup/insider-persons',
  /** Each position (POSITION_LINE) by issuer CIK, then owner CIK and security: the owners page. */
  insiderPositionsByIssuer: 'lookup/insider-positions-by-issuer',
  /** Each position (POSITION_LINE) by owner CIK, then issuer CIK and security: a person's holdings. */
  insiderPositionsByOwner: 'lookup/insider-positions-by-owner',
  /** Each day's ranked issuers (LEADER_LINE) by LEADERS_KEY (date, scope, type), in rank order: the daily leaders. */
  insiderDailyLeaders: 'lookup/insider-daily-leaders',
  /** Each (side, transaction date)'s first DAY_HEADS feed positions, ascending, by FEED_DAY_KEY: the activity windows. */
  insiderFeedDayHeads: 'lookup/insider-feed-day-heads',
  /** Each transaction of an issuer (FEED_LINE) by issuer CIK, in feed order: an issuer's feed. */
  insiderIssuerFeed: 'lookup/insider-issuer-feed',
  /** Each transaction of a reporting owner (PERSON_FEED_LINE) by person CIK, in feed order: a person's feed. */
  insiderPersonFeed: 'lookup/insider-person-feed',
} as const

/** A transaction's line in `insiderIssuerFeed`: a JSON array of pos and FEED_LINE_COLUMNS. */
export const FEED_LINE = `json_array(pos, ${FEED_LINE_COLUMNS.join(', ')})::VARCHAR`

/** A transaction's line in `insiderPersonFeed`: FEED_LINE's values (the person's own roles), then its name and title. */
export const PERSON_FEED_LINE = `json_array(pos, ${FEED_LINE_COLUMNS.join(', ')}, ${PERSON_COLUMNS_OF_FEED.join(', ')})::VARCHAR`

/** Feed positions kept per (side, day) in `insiderFeedDayHeads`: a page of up to 100 (the default MAX_LIMIT) and one more. */
export const DAY_HEADS = 101

/** The key of a (side, transaction date) in `insiderFeedDayHeads`: YYYYMMDD × 2, plus 1 for disposals ('D'). */
export const FEED_DAY_KEY = packedKey<{ date: string; side: string }>({
  date: yyyymmddPart('transaction_date'),
  side: { sql: "CASE acquired_disposed WHEN 'D' THEN 1 ELSE 0 END", of: (side) => (side === 'D' ? 1 : 0), size: 2 },
})

/**
 * The key of a day's leaders of one type and scope in `insiderDailyLeaders`: YYYYMMDD × 4, plus 2 for every
 * non-derivative transaction (not only the open-market ones), plus 1 for the sellers.
 */
export const LEADERS_KEY = packedKey<{ date: string; openMarketOnly: boolean; type: string }>({
  date: yyyymmddPart('activity_date'),
  openMarketOnly: { sql: 'CASE WHEN open_market_only THEN 0 ELSE 1 END', of: (only) => (only ? 0 : 1), size: 2 },
  type: {
    sql: "CASE activity_type WHEN 'top_sellers' THEN 1 ELSE 0 END",
    of: (t) => (t === 'top_sellers' ? 1 : 0),
    size: 2,
  },
})

/** An issuer's line in `insiderDailyLeaders`: its ranked row (serving.ts dailyLeaders) as the server reads it. */
export const LEADER_LINE = `json_object('rank', rank, 'issuer_cik', issuer_cik, 'issuer_ticker', issuer_ticker,
  'issuer_name', issuer_name, 'buy_value', buy_value, 'sell_value', sell_value, 'net_value', net_value, 'buy_shares', buy_shares,
  'sell_shares', sell_shares, 'buy_count', buy_count, 'sell_count', sell_count, 'transaction_count', transaction_count,
  'filing_count', filing_count, 'latest_accepted', latest_accepted::VARCHAR)::VARCHAR`

/** A position's line in the positions lookup files: its row as the server reads it (dates, time and accession key as text). */
export const POSITION_LINE = `json_object('issuer_cik', issuer_cik, 'issuer_ticker', issuer_ticker, 'issuer_name', issuer_name,
  'owner_cik', owner_cik, 'owner_name', owner_name, 'is_director', is_director, 'is_officer', is_officer,
  'is_ten_percent_owner', is_ten_percent_owner, 'officer_title', officer_title, 'security_title', security_title,
  'derivative', derivative, 'direct_indirect', direct_indirect, 'nature_of_ownership', nature_of_ownership,
  'shares', shares, 'underlying_title', underlying_title, 'underlying_shares', underlying_shares,
  'exercise_price', exercise_price, 'exercise_date', exercise_date::VARCHAR, 'expiration_date', expiration_date::VARCHAR,
  'position_date', position_date::VARCHAR, 'accepted_at', accepted_at::VARCHAR, 'acc', acc_key::VARCHAR,
  'form_type', form_type, 'record', record)::VARCHAR`

/**
 * A person's line in `insiderPersons`: its `insider_persons` row as the server reads it (the
 * accession key and times as text, as DuckDB renders them).
 */
export const PERSON_LINE = `json_object('cik', cik, 'name', name, 'is_director', is_director, 'is_officer', is_officer,
  'is_ten_percent_owner', is_ten_percent_owner, 'latest_officer_title', latest_officer_title,
  'latest_issuer_cik', latest_issuer_cik, 'latest_issuer_ticker', latest_issuer_ticker,
  'latest_issuer_name', latest_issuer_name, 'latest_acc', latest_acc_key::VARCHAR,
  'latest_accepted', latest_accepted::VARCHAR, 'latest_transaction_date', latest_transaction_date::VARCHAR,
  'filing_count', filing_count, 'transaction_count', transaction_count, 'issuer_count', issuer_count)::VARCHAR`

/** A person's line under each trigram of its search text: directory position, CIK, search text. */
export const PERSON_GRAM_LINE = `json_array(position, cik, name_lower)::VARCHAR`

/** Lifetime and latest figures of an issuer (companies directory, buy-sell-ratio, net-shares, net-value). */
const ISSUER_FIGURES = [
  'filing_count',
  'transaction_count',
  'reporter_count',
  'buy_count',
  'sell_count',
  'buy_shares',
  'sell_shares',
  'buy_value',
  'sell_value',
  'net_value',
  'latest_acc_key',
  'latest_accepted',
  'latest_transaction_date',
]

const PERSON_COLUMNS = [
  'cik',
  'name',
  'name_lower',
  'is_director',
  'is_officer',
  'is_ten_percent_owner',
  'latest_officer_title',
  'latest_issuer_cik',
  'latest_issuer_ticker',
  'latest_issuer_name',
  'latest_acc_key',
  'latest_accepted',
  'latest_transaction_date',
  'filing_count',
  'transaction_count',
  'issuer_count',
  'position',
]

const STATISTICS_COLUMNS = [
  'company_count',
  'person_count',
  'filing_count',
  'transaction_count',
  'buy_count',
  'sell_count',
  'derivative_count',
  'buy_shares',
  'sell_shares',
  'buy_value',
  'sell_value',
  'net_value',
  'latest_transaction_date',
  'latest_accepted',
  'latest_purchase_date',
  'latest_sale_date',
  'latest_buy_date',
  'latest_sell_date',
]

/**
 * The serving tables. The issuer and person feeds are also read through lookup files (LOOKUPS) when the
 * filters are equalities. The daily leaders and the positions are lookup files only (the server reads
 * nothing else of them), and persons by CIK are the `insiderPersons` file written from `insider_persons`.
 */
export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  insider_feed: { columns: ['pos', ...FEED_FILTER_COLUMNS], sortedBy: `pos (${FEED_ORDER})` },
  insider_issuer_feed: { columns: ['pos', ...FEED_FILTER_COLUMNS], sortedBy: 'issuer_cik, pos' },
  insider_person_feed: {
    columns: ['person_cik', 'pos', ...FEED_FILTER_COLUMNS, ...PERSON_COLUMNS_OF_FEED],
    sortedBy: 'person_cik, pos',
  },
  insider_companies: {
    columns: ['issuer_cik', 'ticker', 'name', 'search_text', ...ISSUER_FIGURES, 'position'],
    sortedBy: 'position (latest_accepted DESC, issuer_cik)',
  },
  insider_persons: { columns: PERSON_COLUMNS, sortedBy: 'position (latest_accepted DESC, cik)' },
  insider_person_gram_counts: { columns: ['gram', 'n'], sortedBy: 'gram' },
  insider_days: { columns: ['activity_date', 'transaction_count'], sortedBy: 'activity_date' },
  /**
   * The first and last feed positions of each (acquired_disposed, transaction_date): the stretch of the
   * feed an activity window's page can lie in, so its scan reads only that (zonemaps on pos).
   */
  insider_feed_days: {
    columns: ['acquired_disposed', 'transaction_date', 'first_pos', 'last_pos'],
    sortedBy: 'acquired_disposed, transaction_date',
  },
  insider_statistics: { columns: STATISTICS_COLUMNS, sortedBy: '(one row)' },
}

/** `activity_type` values of the daily leaders, as the API names them. */
export const ACTIVITY_TYPES = ['top_buyers', 'top_sellers'] as const
