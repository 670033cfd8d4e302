/**
 * The insider-transactions source's contract: the serving tables the Insiders area (src/areas/insiders)
 * reads, their columns in stored order and how each is sorted. Both the build (serving.ts) and the area
 * import it; test/pipeline/contracts.test.ts checks the built database against it.
 */
import { Type } from '@sinclair/typebox'
import { columnKey, packedKey, yyyymmddPart } from '../../contract.ts'
import { lookupsOf, readModel } from '../../read-model.ts'
import { servingTable, servingTablesOf } from '../../serving-table.ts'

/** The columns a feed line holds after `pos`: what the feed's equality filters read (src/areas/insiders/store/feed-lines.ts). */
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
 * line of the `transactions` lookup file at its `pos` (INSIDER_TRANSACTIONS): a page reads narrow rows, then
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

const text = Type.String()
const number = Type.Number()
const flag = Type.Boolean()
const nullableText = Type.Union([Type.String(), Type.Null()])
const nullableNumber = Type.Union([Type.Number(), Type.Null()])
const nullableFlag = Type.Union([Type.Boolean(), Type.Null()])

/** What a feed line holds after `pos`: the columns of the equality filters (src/areas/insiders/store/feed-lines.ts). */
const FEED_FIELDS = {
  pos: number,
  acquired_disposed: nullableText,
  transaction_code: nullableText,
  derivative: nullableFlag,
  is_director: nullableFlag,
  is_officer: nullableFlag,
  is_ten_percent_owner: nullableFlag,
  is_other: nullableFlag,
}

/** Each transaction of an issuer by issuer CIK, in feed order: an issuer's feed. */
export const INSIDER_ISSUER_FEED = readModel({
  name: 'insiderIssuerFeed',
  path: 'lookup/insider-issuer-feed',
  key: columnKey('issuer_cik::BIGINT'),
  keyIs: 'issuer CIK',
  line: 'array',
  fields: Type.Object(FEED_FIELDS),
  order: 'feed order (pos)',
})

/** Each transaction of a reporting owner by person CIK, in feed order, with the person's own name and title. */
export const INSIDER_PERSON_FEED = readModel({
  name: 'insiderPersonFeed',
  path: 'lookup/insider-person-feed',
  key: columnKey('person_cik::BIGINT'),
  keyIs: 'person CIK',
  line: 'array',
  fields: Type.Object({ ...FEED_FIELDS, owner_name: nullableText, officer_title: nullableText }),
  order: 'feed order (pos)',
})

/** Each (side, transaction date)'s first DAY_HEADS feed positions, ascending, by FEED_DAY_KEY: the activity windows. */
export const INSIDER_FEED_DAY_HEADS = readModel({
  name: 'insiderFeedDayHeads',
  path: 'lookup/insider-feed-day-heads',
  key: FEED_DAY_KEY,
  keyIs: 'FEED_DAY_KEY (transaction date, side)',
  line: 'list',
  fields: Type.Object({ pos: number }),
  sql: { pos: 'pos ORDER BY pos' },
  order: 'one line per key: its positions ascending',
})

/** Each day's ranked issuers by LEADERS_KEY (date, scope, type), in rank order: the daily leaders. */
export const INSIDER_DAILY_LEADERS = readModel({
  name: 'insiderDailyLeaders',
  path: 'lookup/insider-daily-leaders',
  key: LEADERS_KEY,
  keyIs: 'LEADERS_KEY (date, scope, type)',
  line: 'object',
  fields: Type.Object({
    rank: number,
    issuer_cik: number,
    issuer_ticker: nullableText,
    issuer_name: nullableText,
    buy_value: number,
    sell_value: number,
    net_value: number,
    buy_shares: number,
    sell_shares: number,
    buy_count: number,
    sell_count: number,
    transaction_count: number,
    filing_count: number,
    latest_accepted: nullableText,
  }),
  sql: { latest_accepted: 'latest_accepted::VARCHAR' },
  order: 'rank',
})

/** A position as the positions files hold it (dates, time and accession key as text). */
const POSITION_FIELDS = Type.Object({
  issuer_cik: number,
  issuer_ticker: nullableText,
  issuer_name: nullableText,
  owner_cik: number,
  owner_name: nullableText,
  is_director: flag,
  is_officer: flag,
  is_ten_percent_owner: flag,
  officer_title: nullableText,
  security_title: nullableText,
  derivative: flag,
  direct_indirect: nullableText,
  nature_of_ownership: nullableText,
  shares: number,
  underlying_title: nullableText,
  underlying_shares: nullableNumber,
  exercise_price: nullableNumber,
  exercise_date: nullableText,
  expiration_date: nullableText,
  position_date: nullableText,
  accepted_at: nullableText,
  acc: text,
  form_type: nullableText,
  record: text,
})
const POSITION_SQL = {
  exercise_date: 'exercise_date::VARCHAR',
  expiration_date: 'expiration_date::VARCHAR',
  position_date: 'position_date::VARCHAR',
  accepted_at: 'accepted_at::VARCHAR',
  acc: 'acc_key::VARCHAR',
}

/** Each position by issuer CIK, then owner CIK and security: the owners page. */
export const INSIDER_POSITIONS_BY_ISSUER = readModel({
  name: 'insiderPositionsByIssuer',
  path: 'lookup/insider-positions-by-issuer',
  key: columnKey('issuer_cik::BIGINT'),
  keyIs: 'issuer CIK',
  line: 'object',
  fields: POSITION_FIELDS,
  sql: POSITION_SQL,
  order: 'owner CIK, then security',
})

/** Each position by owner CIK, then issuer CIK and security: a person's holdings. */
export const INSIDER_POSITIONS_BY_OWNER = readModel({
  name: 'insiderPositionsByOwner',
  path: 'lookup/insider-positions-by-owner',
  key: columnKey('owner_cik::BIGINT'),
  keyIs: 'owner CIK',
  line: 'object',
  fields: POSITION_FIELDS,
  sql: POSITION_SQL,
  order: 'issuer CIK, then security',
})

/** Each person's `insider_persons` row by CIK (the accession key and times as text): a page of `q` matches and the person pages read it. */
export const INSIDER_PERSONS = readModel({
  name: 'insiderPersons',
  path: 'lookup/insider-persons',
  key: columnKey('cik::BIGINT'),
  keyIs: 'CIK',
  line: 'object',
  fields: Type.Object({
    cik: number,
    name: nullableText,
    is_director: flag,
    is_officer: flag,
    is_ten_percent_owner: flag,
    latest_officer_title: nullableText,
    latest_issuer_cik: nullableNumber,
    latest_issuer_ticker: nullableText,
    latest_issuer_name: nullableText,
    latest_acc: nullableText,
    latest_accepted: nullableText,
    latest_transaction_date: nullableText,
    filing_count: number,
    transaction_count: number,
    issuer_count: number,
  }),
  sql: {
    latest_acc: 'latest_acc_key::VARCHAR',
    latest_accepted: 'latest_accepted::VARCHAR',
    latest_transaction_date: 'latest_transaction_date::VARCHAR',
  },
  order: 'one line per CIK',
})

/** The persons holding each trigram of their search text, by trigram, in directory order. */
export const INSIDER_PERSON_GRAMS = readModel({
  name: 'insiderPersonGrams',
  path: 'lookup/insider-person-grams',
  key: columnKey<bigint>('gram'),
  keyIs: 'trigram (nameGramKey)',
  line: 'array',
  fields: Type.Object({ position: number, cik: number, name_lower: text }),
  order: 'directory position',
})

const party = (cik: string) => `lpad(${cik}::VARCHAR, 10, '0')`

/**
 * A transaction's line in the lookup file: its DTO (docs/api/insiders.md, The transaction) as JSON, without `filingUrl` (the server's
 * archive address makes it from `issuer.cik` and `accessionNumber`). `reporter` is the filing's reporter;
 * the person feed puts the person in its place.
 */
export const INSIDER_TRANSACTIONS = readModel({
  name: 'insiderTransactions',
  path: 'lookup/insider-transactions',
  key: columnKey('pos::BIGINT'),
  keyIs: 'feed position',
  line: 'object',
  fields: Type.Object({
    accessionNumber: text,
    accepted: nullableText,
    issuer: Type.Object({ cik: text, ticker: nullableText, name: nullableText }),
    reporter: Type.Union([
      Type.Object({
        cik: text,
        name: nullableText,
        director: nullableFlag,
        officer: nullableFlag,
        tenPercentOwner: nullableFlag,
        officerTitle: nullableText,
      }),
      Type.Null(),
    ]),
    securityType: nullableText,
    transactionDate: nullableText,
    deemedExecutionDate: nullableText,
    transactionCode: nullableText,
    type: nullableText,
    shares: nullableNumber,
    pricePerShare: nullableNumber,
    value: nullableNumber,
    acquiredDisposed: nullableText,
    sharesOwnedFollowingTransaction: nullableNumber,
    directOrIndirectOwnership: nullableText,
    natureOfOwnership: nullableText,
    derivative: nullableFlag,
    underlyingSecurityTitle: nullableText,
    underlyingSecurityShares: nullableNumber,
    exercisePrice: nullableNumber,
    exerciseDate: nullableText,
    expirationDate: nullableText,
    aff10b5One: nullableFlag,
  }),
  sql: {
    accessionNumber: 'accession_number',
    accepted: "strftime(accepted_at, '%Y-%m-%dT%H:%M:%S')",
    issuer: `json_object('cik', ${party('issuer_cik')}, 'ticker', issuer_ticker, 'name', issuer_name)`,
    reporter: `CASE WHEN reporter_cik IS NOT NULL THEN json_object('cik', ${party('reporter_cik')},
    'name', reporter_name, 'director', is_director, 'officer', is_officer, 'tenPercentOwner', is_ten_percent_owner,
    'officerTitle', officer_title) END`,
    securityType: 'security_title',
    transactionDate: 'transaction_date::VARCHAR',
    deemedExecutionDate: 'deemed_execution_date::VARCHAR',
    transactionCode: 'transaction_code',
    pricePerShare: 'price_per_share',
    acquiredDisposed: "CASE WHEN acquired_disposed IN ('A', 'D') THEN acquired_disposed END",
    sharesOwnedFollowingTransaction: 'shares_owned_following',
    directOrIndirectOwnership: 'direct_indirect',
    natureOfOwnership: 'nature_of_ownership',
    underlyingSecurityTitle: 'underlying_title',
    underlyingSecurityShares: 'underlying_shares',
    exercisePrice: 'exercise_price',
    exerciseDate: 'exercise_date::VARCHAR',
    expirationDate: 'expiration_date::VARCHAR',
    aff10b5One: 'aff10b5_one',
  },
  order: 'one line per position',
})

export const LOOKUPS = lookupsOf(
  INSIDER_TRANSACTIONS,
  INSIDER_PERSON_GRAMS,
  INSIDER_PERSONS,
  INSIDER_POSITIONS_BY_ISSUER,
  INSIDER_POSITIONS_BY_OWNER,
  INSIDER_DAILY_LEADERS,
  INSIDER_FEED_DAY_HEADS,
  INSIDER_ISSUER_FEED,
  INSIDER_PERSON_FEED,
)

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
export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'insider_feed',
    holds: "a transaction's feed position with the columns the feed's filters read",
    columns: ['pos', ...FEED_FILTER_COLUMNS],
    orderBy: 'pos',
    key: `pos (${FEED_ORDER})`,
  }),
  servingTable({
    name: 'insider_issuer_feed',
    holds: 'insider_feed again, by issuer',
    columns: ['pos', ...FEED_FILTER_COLUMNS],
    orderBy: 'issuer_cik, pos',
  }),
  servingTable({
    name: 'insider_person_feed',
    holds: "a transaction once per reporting owner of its filing, with that person's own relationship",
    columns: ['person_cik', 'pos', ...FEED_FILTER_COLUMNS, ...PERSON_COLUMNS_OF_FEED],
    orderBy: 'person_cik, pos',
  }),
  servingTable({
    name: 'insider_companies',
    holds: 'an issuer with its counts, totals and latest filing, and its position in the directory',
    columns: ['issuer_cik', 'ticker', 'name', 'search_text', ...ISSUER_FIGURES, 'position'],
    orderBy: 'position',
    key: 'position (latest_accepted DESC, issuer_cik)',
  }),
  servingTable({
    name: 'insider_persons',
    holds: 'a reporting owner with its roles, latest issuer and filing, counts, and its position in the directory',
    columns: PERSON_COLUMNS,
    orderBy: 'position',
    key: 'position (latest_accepted DESC, cik)',
  }),
  servingTable({
    name: 'insider_person_gram_counts',
    holds: "a trigram of the persons' search texts with the number of persons having it",
    columns: ['gram', 'n'],
    orderBy: 'gram',
  }),
  servingTable({
    name: 'insider_days',
    holds: 'a transaction date with its number of transactions',
    columns: ['activity_date', 'transaction_count'],
    orderBy: 'activity_date',
  }),
  servingTable({
    name: 'insider_feed_days',
    // The stretch of the feed an activity window's page can lie in, so its scan reads only that (zonemaps on pos).
    holds: 'the first and last feed positions of each side (acquired_disposed) and transaction date',
    columns: ['acquired_disposed', 'transaction_date', 'first_pos', 'last_pos'],
    orderBy: 'acquired_disposed, transaction_date',
  }),
  servingTable({
    name: 'insider_statistics',
    holds: 'the statistics over everything covered, in one row',
    columns: STATISTICS_COLUMNS,
    key: '(one row)',
  }),
)

/** `activity_type` values of the daily leaders, as the API names them. */
export const ACTIVITY_TYPES = ['top_buyers', 'top_sellers'] as const
