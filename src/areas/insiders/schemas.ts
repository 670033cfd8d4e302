/**
 * Insiders area shapes (docs/api/insiders.md). Wire names are camelCase and match the
 * reference exactly; a value the filing does not give is null.
 */
import type { TNumber } from '@sinclair/typebox'
import { t } from 'elysia'
import {
  Cik,
  CikOut,
  CursorParam,
  DateParam,
  limitQuery,
  Nullable,
  OutInteger,
  Pagination,
  QueryInteger,
  Ticker,
} from '../../http/schemas.ts'

const Str = (description: string) => Nullable(t.String({ description }))
const Num = (description: string) => Nullable(t.Number({ description }))
const Day = (description: string) => Nullable(t.String({ format: 'date', description }))
const Stamp = (description: string) =>
  Nullable(t.String({ description: `${description}; Eastern time, without a zone designator (2024-09-30T16:07:30)` }))
const Bool = (description: string) => t.Boolean({ description })
const Count = (description: string) => OutInteger({ description })
/** What insiders bought and sold of one measure and the net (buyShares, sellShares, netShares, …): figures.ts. */
const BuySellNet = <M extends 'Shares' | 'Value'>(measure: M) =>
  ({ [`buy${measure}`]: t.Number(), [`sell${measure}`]: t.Number(), [`net${measure}`]: t.Number() }) as Record<
    `${'buy' | 'sell' | 'net'}${M}`,
    TNumber
  >

export const Issuer = t.Object(
  { cik: CikOut, ticker: Str('Primary ticker'), name: Str('Issuer name') },
  { title: 'InsiderIssuer' },
)

export const Reporter = t.Object(
  {
    cik: CikOut,
    name: Str('Reporting owner name'),
    director: Bool('Reported as a director'),
    officer: Bool('Reported as an officer'),
    tenPercentOwner: Bool('Reported as a 10% owner'),
    officerTitle: Str('Officer title as reported'),
  },
  { title: 'InsiderReporter' },
)

export const Transaction = t.Object(
  {
    accessionNumber: t.String(),
    filingUrl: t.String({ format: 'uri' }),
    accepted: Stamp('When EDGAR accepted the filing'),
    issuer: Issuer,
    reporter: Nullable(Reporter),
    securityType: Str('Title of the security'),
    transactionDate: Day('Transaction date'),
    deemedExecutionDate: Day('Deemed execution date'),
    transactionCode: Str('Single-letter transaction code (P, S, A, M, F, G, ...)'),
    type: Nullable(t.Union([t.Literal('buy'), t.Literal('sell')], { description: 'P buy, S sell, else by A/D' })),
    shares: Num('Shares in the transaction'),
    pricePerShare: Num('USD per share'),
    value: Num(
      'shares × pricePerShare, USD, in cents; on a derivative row the derivative’s own price, so it enters no dollar total',
    ),
    acquiredDisposed: Nullable(t.Union([t.Literal('A'), t.Literal('D')])),
    sharesOwnedFollowingTransaction: Num('Shares owned after the transaction'),
    directOrIndirectOwnership: Str('D or I'),
    natureOfOwnership: Str('Nature of indirect ownership'),
    derivative: t.Boolean(),
    underlyingSecurityTitle: Str('Underlying security of a derivative'),
    underlyingSecurityShares: Num('Underlying shares'),
    exercisePrice: Num('Conversion or exercise price'),
    exerciseDate: Day('Date exercisable'),
    expirationDate: Day('Expiration date'),
    aff10b5One: Nullable(
      t.Boolean({
        description:
          'The filing’s Rule 10b5-1 plan checkbox (aff10b5One, ownership documents since April 2023); null where the source has none',
      }),
    ),
  },
  { title: 'InsiderTransaction' },
)

/** A query value from a fixed list, as a pattern (a union of literals loses its description in the OpenAPI document). */
const OneOf = (values: string[], description: string) =>
  t.String({ pattern: `^(${values.join('|')})$`, expected: values.join(', '), description })
/**
 * A true/false parameter, written as this area's other choices are: its 400 says "expected true, false",
 * where the shared BooleanParam says "true or false", and the API's bodies, 400s included, do not change.
 */
const InsiderBoolean = (description: string) => OneOf(['true', 'false'], description)

export const TransactionFilters = t.Object({
  acquiredDisposed: t.Optional(OneOf(['A', 'D'], 'A (acquired) or D (disposed)')),
  transactionCode: t.Optional(
    t.String({
      pattern: '^[A-Za-z]$',
      expected: 'a one-letter transaction code such as P or S',
      description: 'Transaction code, case-insensitive',
    }),
  ),
  derivative: t.Optional(InsiderBoolean('false: derivative rows are excluded; true: only derivative rows')),
  insiderRole: t.Optional(
    OneOf(['director', 'officer', 'tenPercentOwner', 'other'], "The reporter's reported role (its relationship box)"),
  ),
  // 64-bit: the largest double below 2^63, since the text is read into a double (2^63 - 1 itself rounds up to 2^63).
  minValue: t.Optional(
    QueryInteger({ minimum: 0, maximum: 2 ** 63 - 1024, description: 'Minimum value in USD (64-bit)' }),
  ),
  aff10b5One: t.Optional(
    InsiderBoolean(
      'true: transactions of filings that check the Rule 10b5-1 plan box; false: those that leave it clear',
    ),
  ),
  acceptedFrom: t.Optional(DateParam('Filings accepted on or after')),
  transactionFrom: t.Optional(DateParam('Transactions dated on or after')),
  transactionTo: t.Optional(DateParam('Transactions dated on or before')),
})
export type TransactionFilters = typeof TransactionFilters.static

/** A feed's page: `limit` rows after `cursor` (the previous page's `pagination.nextCursor`). */
export const feedLimit = (max: number) =>
  t.Object({ ...limitQuery(max, 50, 'Rows').properties, cursor: t.Optional(CursorParam) })

export const TransactionList = t.Object(
  {
    transactions: t.Array(Transaction),
    pagination: t.Object({
      limit: OutInteger(),
      hasMoreData: t.Boolean(),
      nextCursor: Nullable(
        t.String({ description: 'The `cursor` of the next page; null on the last page (docs/api/formats.md)' }),
      ),
    }),
    filters: t.Record(t.String(), t.Unknown()),
  },
  { title: 'InsiderTransactionList' },
)

export const ActivityQuery = t.Object({
  from: t.Optional(DateParam('Transactions on or after')),
  end: t.Optional(DateParam('Transactions on or before')),
})

export const Company = t.Object(
  {
    cik: CikOut,
    ticker: Str('Primary ticker'),
    name: Str('Issuer name'),
    latestAccessionNumber: Str('Latest ownership filing'),
    latestFilingUrl: Str('Its index page'),
    latestAccepted: Stamp('Its acceptance'),
    latestTransactionDate: Day('Latest transaction date'),
    filingCount: Count('Ownership filings'),
    transactionCount: Count('Transactions'),
    reporterCount: Count('Distinct reporting owners'),
  },
  { title: 'InsiderCompany' },
)

export const Person = t.Object(
  {
    cik: CikOut,
    name: Str('Reporting owner name'),
    director: Bool('Any filing says director'),
    officer: Bool('Any filing says officer'),
    tenPercentOwner: Bool('Any filing says 10% owner'),
    latestOfficerTitle: Str('Latest officer title'),
    latestIssuer: Nullable(Issuer),
    latestAccessionNumber: Str('Latest ownership filing'),
    latestFilingUrl: Str('Its index page'),
    latestAccepted: Stamp('Its acceptance'),
    latestTransactionDate: Day('Latest transaction date'),
    filingCount: Count('Ownership filings'),
    transactionCount: Count('Transactions'),
    issuerCount: Count('Distinct issuers'),
  },
  { title: 'InsiderPerson' },
)

export const DirectoryQuery = t.Object({
  q: t.Optional(
    t.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive substring of name, ticker or CIK' }),
  ),
})

export const CompanyList = t.Object(
  { data: t.Array(Company), pagination: Pagination, filters: t.Object({ q: Nullable(t.String()) }) },
  { title: 'InsiderCompaniesResponse' },
)
export const PersonList = t.Object(
  { data: t.Array(Person), pagination: Pagination, filters: t.Object({ q: Nullable(t.String()) }) },
  { title: 'InsiderPersonsResponse' },
)

export const Statistics = t.Object(
  {
    companyCount: Count(''),
    personCount: Count(''),
    filingCount: Count(''),
    transactionCount: Count(''),
    buyTransactionCount: Count(''),
    sellTransactionCount: Count(''),
    directionalTransactionCount: Count('buy + sell'),
    derivativeTransactionCount: Count(''),
    buySellRatio: Num('buy / sell counts; null without sells'),
    ...BuySellNet('Shares'),
    ...BuySellNet('Value'),
    latestTransactionDate: Day(''),
    latestAccepted: Stamp(''),
  },
  { title: 'InsiderStatisticsResponse' },
)

export const DailyQuery = t.Object({
  date: t.Optional(DateParam('Transaction date; default the latest covered')),
  openMarketOnly: t.Optional(
    InsiderBoolean(
      'true (default): open-market purchases and sales (codes P and S) of non-derivative securities; false: every non-derivative transaction, by its type. Derivative rows never count',
    ),
  ),
})

export const Leader = t.Object(
  {
    rank: Count('1 = largest'),
    issuer: Issuer,
    ...BuySellNet('Value'),
    buyShares: t.Number(),
    sellShares: t.Number(),
    buyTransactionCount: Count(''),
    sellTransactionCount: Count(''),
    transactionCount: Count(''),
    filingCount: Count(''),
    latestAccepted: Stamp(''),
  },
  { title: 'InsiderDailyLeader' },
)

export const DailyActivity = t.Object(
  {
    activityDate: t.String({ format: 'date' }),
    activityType: t.Union([t.Literal('top_buyers'), t.Literal('top_sellers')]),
    data: t.Array(Leader),
    filters: t.Object({
      activityDate: t.String(),
      activityType: t.String(),
      limit: OutInteger(),
      openMarketOnly: t.Boolean(),
    }),
  },
  { title: 'InsiderDailyActivityResponse' },
)

const Shares = {
  totalShares: t.Number(),
  directShares: t.Number(),
  indirectShares: t.Number(),
  unspecifiedOwnershipShares: t.Number(),
  nonDerivativeShares: t.Number(),
  derivativeShares: t.Number(),
  positionCount: Count('Positions summed'),
}

export const SecurityTypeTotal = t.Object(
  { securityType: Str('Security title'), ...Shares },
  { title: 'InsiderSecurityType' },
)

const Latest = {
  latestPositionDate: Day('Date of the latest reported balance'),
  latestAccepted: Stamp('Its filing'),
  latestAccessionNumber: Str('Its accession number'),
  latestFilingUrl: Str('Its index page'),
}

export const Owner = t.Object(
  {
    rank: Count('1 = most shares'),
    reporterCik: CikOut,
    reporterName: Str(''),
    director: t.Boolean(),
    officer: t.Boolean(),
    tenPercentOwner: t.Boolean(),
    officerTitle: Str(''),
    ...Shares,
    ...Latest,
    securityTypes: t.Array(SecurityTypeTotal),
  },
  { title: 'InsiderOwner' },
)

export const OwnersQuery = t.Object({
  includeDerivative: t.Optional(InsiderBoolean('Sum derivative positions (default false)')),
  includeNonDerivative: t.Optional(InsiderBoolean('Sum non-derivative positions (default true)')),
  activeSince: t.Optional(DateParam('Positions updated on or after; default five years before the request')),
})

const HoldingFilters = t.Object({
  includeDerivative: t.Boolean(),
  includeNonDerivative: t.Boolean(),
  activeSince: t.String({ format: 'date' }),
})

export const OwnersResponse = t.Object(
  {
    issuer: Issuer,
    filters: t.Object({ ...HoldingFilters.properties, limit: OutInteger() }),
    methodology: t.String(),
    owners: t.Array(Owner),
  },
  { title: 'InsiderOwnersResponse' },
)

const LatestFiling = {
  latestTransactionDate: Day(''),
  latestAccepted: Stamp(''),
  latestAccessionNumber: Str(''),
  latestFilingUrl: Str(''),
}

export const BuySellRatio = t.Object(
  {
    issuer: Issuer,
    buyTransactionCount: Count(''),
    sellTransactionCount: Count(''),
    directionalTransactionCount: Count(''),
    transactionCount: Count(''),
    buySellRatio: Num('buy / sell counts; null without sells'),
    ...LatestFiling,
  },
  { title: 'InsiderBuySellRatioResponse' },
)
/** An issuer's lifetime buy, sell and net of one measure: the net-shares and net-value responses. */
const IssuerNet = <M extends 'Shares' | 'Value'>(measure: M, title: string) =>
  t.Object({ issuer: Issuer, ...BuySellNet(measure), transactionCount: Count(''), ...LatestFiling }, { title })
export const NetShares = IssuerNet('Shares', 'InsiderNetSharesResponse')
export const NetValue = IssuerNet('Value', 'InsiderNetValueResponse')

export const Holding = t.Object(
  {
    issuer: Issuer,
    securityType: Str(''),
    currentShares: t.Number(),
    directOrIndirectOwnership: Str(''),
    natureOfOwnership: Str(''),
    derivative: t.Boolean(),
    underlyingSecurityTitle: Str(''),
    underlyingSecurityShares: Num(''),
    exercisePrice: Num(''),
    exerciseDate: Day(''),
    expirationDate: Day(''),
    latestPositionDate: Day(''),
    latestAccepted: Stamp(''),
    latestSourceForm: Str('FORM3, FORM4 or FORM5'),
    latestSourceKind: Str('FORM4_REPORTED_BALANCE (after a transaction) or FORM3_REPORTED_HOLDING (a holding row)'),
    latestAccessionNumber: Str(''),
    latestFilingUrl: Str(''),
  },
  { title: 'InsiderHolding' },
)

export const Holdings = t.Object({ cik: CikOut, holdings: t.Array(Holding) }, { title: 'InsiderHoldingsResponse' })

export const IssuerSummary = t.Object({
  issuer: Issuer,
  ...Shares,
  ...Latest,
  securityTypes: t.Array(SecurityTypeTotal),
})

export const HoldingsSummary = t.Object(
  { cik: CikOut, filters: HoldingFilters, methodology: t.String(), issuers: t.Array(IssuerSummary) },
  { title: 'InsiderHoldingsSummaryResponse' },
)

export const TickerParams = t.Object({ ticker: Ticker })
export const PersonParams = t.Object({ reporterCik: Cik })
export { Cik }
