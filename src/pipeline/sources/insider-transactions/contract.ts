/**
 * The insider-transactions source's contract: the serving tables the Insiders area (src/areas/insiders)
 * reads, their columns in stored order and how each is sorted. Both the build (serving.ts) and the area
 * import it; test/pipeline/contracts.test.ts checks the built database against it.
 */

/** A transaction as every feed serves it (SPEC 2.5): the row and its filing, issuer and reporter. */
export const FEED_COLUMNS = [
  'acc_key',
  'row_seq',
  'issuer_cik',
  'issuer_ticker',
  'issuer_name',
  'reporter_cik',
  'reporter_name',
  'is_director',
  'is_officer',
  'is_ten_percent_owner',
  'is_other',
  'officer_title',
  'security_title',
  'transaction_date',
  'deemed_execution_date',
  'transaction_code',
  'type',
  'shares',
  'price_per_share',
  'value',
  'acquired_disposed',
  'shares_owned_following',
  'direct_indirect',
  'nature_of_ownership',
  'derivative',
  'underlying_title',
  'underlying_shares',
  'exercise_price',
  'exercise_date',
  'expiration_date',
  'accepted_at',
] as const

/** The feed's order: newest acceptance first, then transaction date, then the filing's own row order. */
export const FEED_ORDER = 'accepted_at DESC NULLS LAST, transaction_date DESC NULLS LAST, acc_key DESC, row_seq'

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

const POSITION_COLUMNS = [
  'issuer_cik',
  'issuer_ticker',
  'issuer_name',
  'owner_cik',
  'owner_name',
  'is_director',
  'is_officer',
  'is_ten_percent_owner',
  'officer_title',
  'security_title',
  'derivative',
  'direct_indirect',
  'nature_of_ownership',
  'shares',
  'underlying_title',
  'underlying_shares',
  'exercise_price',
  'exercise_date',
  'expiration_date',
  'position_date',
  'accepted_at',
  'acc_key',
  'form_type',
  'record',
]

const LEADER_COLUMNS = [
  'activity_date',
  'activity_type',
  'rank',
  'issuer_cik',
  'issuer_ticker',
  'issuer_name',
  'buy_value',
  'sell_value',
  'buy_shares',
  'sell_shares',
  'buy_count',
  'sell_count',
  'transaction_count',
  'filing_count',
  'latest_accepted',
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
  'latest_transaction_date',
  'latest_accepted',
  'latest_buy_date',
  'latest_sell_date',
]

export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  insider_feed: { columns: [...FEED_COLUMNS], sortedBy: FEED_ORDER },
  insider_issuer_feed: { columns: [...FEED_COLUMNS], sortedBy: `issuer_cik, ${FEED_ORDER}` },
  insider_person_feed: { columns: ['person_cik', ...FEED_COLUMNS], sortedBy: `person_cik, ${FEED_ORDER}` },
  insider_companies: {
    columns: ['issuer_cik', 'ticker', 'name', 'search_text', ...ISSUER_FIGURES, 'position'],
    sortedBy: 'position (latest_accepted DESC, issuer_cik)',
  },
  insider_persons: { columns: PERSON_COLUMNS, sortedBy: 'position (latest_accepted DESC, cik)' },
  insider_persons_by_cik: { columns: PERSON_COLUMNS, sortedBy: 'cik' },
  insider_daily_leaders: { columns: LEADER_COLUMNS, sortedBy: 'activity_date, activity_type, rank' },
  insider_days: { columns: ['activity_date', 'transaction_count'], sortedBy: 'activity_date' },
  insider_positions_by_issuer: { columns: POSITION_COLUMNS, sortedBy: 'issuer_cik, owner_cik, security_title' },
  insider_positions_by_owner: { columns: POSITION_COLUMNS, sortedBy: 'owner_cik, issuer_cik, security_title' },
  insider_statistics: { columns: STATISTICS_COLUMNS, sortedBy: '(one row)' },
}

/** `activity_type` values of insider_daily_leaders, as the API names them. */
export const ACTIVITY_TYPES = ['top_buyers', 'top_sellers'] as const
