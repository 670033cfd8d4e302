/**
 * Institutions shapes (docs/api/institutions.md): the managers' directory (InstitutionDTO) and the rest,
 * field names as the reference gives them. Values are whole US dollars; dates `YYYY-MM-DD`; received
 * times are the filing's acceptance, UTC. Quarters are `YYYYQn` labels of the period of report.
 */
import { t } from 'elysia'
import {
  AccessionNumber,
  BooleanParam,
  Cik,
  CikOut,
  LimitParam,
  Nullable,
  OutInteger,
  Pagination,
  QuarterParam,
  QueryInteger,
} from '../../http/schemas.ts'

const Int = (description?: string) => OutInteger(description ? { description } : undefined)
const Str = Nullable(t.String())
const Day = Nullable(t.String({ format: 'date' }))

export const Quarter = QuarterParam('Quarter of the period of report, `YYYYQn` (2024Q3 = period ending 2024-09-30)')
export const Year = QueryInteger({
  minimum: 1990,
  maximum: 2100,
  description: 'Calendar year of the periods of report',
})

export const CikParams = t.Object({ cik: Cik })
export const FilingParams = t.Object({
  cik: Cik,
  accessionNumber: t.String({
    ...AccessionNumber,
    description: 'Accession number of one of the manager’s 13F filings',
  }),
})

export const listLimit = (maxLimit: number) => LimitParam(maxLimit, 20, `Rows (at most ${maxLimit})`)

export const ManagerSearch = t.Object({
  q: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 200,
      expected: '1 to 200 characters',
      description: 'Case-insensitive substring of the manager’s name, or its CIK',
    }),
  ),
})
export const QuarterQuery = t.Object({ quarter: t.Optional(Quarter) })
export const FilingsQuery = t.Object({
  quarter: t.Optional(Quarter),
  formType: t.Optional(
    t.String({
      pattern: '^13[Ff]-(HR|NT|hr|nt)(/[Aa])?$',
      expected: 'a 13F form type: 13F-HR, 13F-HR/A, 13F-NT or 13F-NT/A',
      description: '13F-HR, 13F-HR/A, 13F-NT or 13F-NT/A',
    }),
  ),
})
export const YearQuery = t.Object({ year: t.Optional(Year) })
export const SortQuery = t.Object({
  sort: t.Optional(
    t.String({
      pattern: '^(value|shares|weight)$',
      expected: 'value, shares or weight',
      description: 'Order of the holdings, largest first: value (default), shares or weight',
    }),
  ),
})
export const NewOnlyQuery = t.Object({
  newOnly: t.Optional(BooleanParam('Only securities the manager did not hold the quarter before')),
})
export const SoldOutOnlyQuery = t.Object({
  soldOutOnly: t.Optional(BooleanParam('Only securities the manager no longer holds at all')),
})

export const Institution = t.Object(
  {
    cik: CikOut,
    name: Str,
    latestFormType: t.String(),
    latestAccessionNumber: t.String(),
    latestFilingDate: t.String({ format: 'date' }),
    latestPeriodOfReport: t.String({ format: 'date' }),
    latestReceivedDate: Nullable(t.String({ format: 'date-time' })),
    latestSourceUrl: t.String(),
    filingCount: Int(),
    latestPositionCount: Int(),
    latestSecurityCount: Int(),
    latestPortfolioValue: Int('Portfolio value of the latest filing’s quarter, whole US dollars'),
  },
  { title: 'InstitutionDTO' },
)
export const InstitutionList = t.Object({
  data: t.Array(Institution),
  pagination: Pagination,
  filters: t.Object({ q: Str }),
})

export const Manager = t.Object({
  type: t.String({
    description:
      'notice: a manager reporting for this one (cover page); included: an other included manager (summary page)',
  }),
  sequenceNumber: Nullable(Int()),
  managerCik: Str,
  managerName: Str,
  form13fFileNumber: Str,
  crdNumber: Str,
  secFileNumber: Str,
})

export const InstitutionFiling = t.Object(
  {
    form13fId: Int('The accession number’s 18 digits as an integer (0001699243-26-000005 → 169924326000005)'),
    formType: t.String(),
    reportType: Str,
    accessionNumber: t.String(),
    filingDate: t.String({ format: 'date' }),
    periodOfReport: t.String({ format: 'date' }),
    quarter: t.String(),
    receivedDate: Nullable(t.String({ format: 'date-time' })),
    sourceUrl: t.String(),
    isNotice: t.Boolean(),
    isAmendment: t.Boolean(),
    amendmentType: Str,
    hasInformationTable: t.Boolean(),
    holdingsLoadedCount: Int(),
    securityCount: Int(),
    portfolioValue: Int(),
    otherManagerCount: Int(),
    noticeManagerCount: Int(),
    holdingManagerLinkCount: Int(),
    noticeManagers: t.Array(Manager),
    otherManagers: t.Array(Manager),
  },
  { title: 'InstitutionFilingDTO' },
)

export const Profile = t.Object({
  cik: CikOut,
  name: Str,
  formType: Str,
  accessionNumber: Str,
  filingDate: Day,
  periodOfReport: t.String({ format: 'date' }),
  receivedDate: Nullable(t.String({ format: 'date-time' })),
  sourceUrl: Str,
  filingCount: Int('13F filings for the quarter'),
  positionCount: Int(),
  securityCount: Int(),
  portfolioValue: Int(),
  averagePositionValue: Nullable(Int()),
  otherManagerCount: Int(),
  filters: t.Object({ cik: CikOut, quarter: t.String() }),
})

export const FilingsList = t.Object({
  cik: CikOut,
  name: Str,
  filings: t.Array(InstitutionFiling),
  pagination: Pagination,
  filters: t.Object({ cik: CikOut, quarter: Str, formType: Str }),
})

export const FilingPeriods = t.Object({
  cik: CikOut,
  name: Str,
  periods: t.Array(
    t.Object({
      quarter: t.String(),
      periodOfReport: t.String({ format: 'date' }),
      periodStatus: t.String({ description: 'holdings_reported, notice_only, mixed or metadata_only' }),
      filingCount: Int(),
      holdingsFilingCount: Int(),
      noticeFilingCount: Int(),
      amendmentFilingCount: Int(),
      holdingsLoadedCount: Int(),
      noticeManagerCount: Int(),
      otherManagerCount: Int(),
      filings: t.Array(InstitutionFiling),
    }),
  ),
  filters: t.Object({ cik: CikOut, year: Nullable(Int()) }),
})

export const PeriodRef = t.Object({
  quarter: t.String(),
  periodOfReport: t.String({ format: 'date' }),
  filingDate: Day,
  accessionNumber: Str,
})

export const Holding = t.Object({
  ticker: Str,
  issuerCik: Str,
  issuerName: Str,
  titleOfClass: Str,
  cusip: Str,
  putCall: Str,
  shares: Nullable(Int()),
  shareType: Str,
  value: Nullable(Int()),
  weightPercent: Nullable(t.Number()),
  investmentDiscretion: Str,
  votingAuthoritySole: Nullable(Int()),
  votingAuthorityShared: Nullable(Int()),
  votingAuthorityNone: Nullable(Int()),
})

const Totals = {
  totalPositionCount: Int(),
  totalSecurityCount: Int(),
  totalPortfolioValue: Int(),
}

export const Holdings = t.Object({
  cik: CikOut,
  name: Str,
  period: PeriodRef,
  ...Totals,
  holdings: t.Array(Holding),
  pagination: Pagination,
  filters: t.Object({ cik: CikOut, quarter: t.String(), sort: t.String(), limit: Int() }),
})

export const HoldingsHistory = t.Object({
  cik: CikOut,
  name: Str,
  periods: t.Array(t.Object({ period: PeriodRef, ...Totals, holdings: t.Array(Holding) })),
  pagination: Pagination,
  filters: t.Object({ cik: CikOut, year: Nullable(Int()), quarter: Str, sort: t.String(), limit: Int() }),
})

export const FlowPeriod = t.Object({
  currentQuarter: t.String(),
  currentPeriodEnd: t.String({ format: 'date' }),
  priorQuarter: t.String(),
  priorPeriodEnd: t.String({ format: 'date' }),
})

const metric = (d: string) => Int(d)
export const Changes = t.Object({
  cik: CikOut,
  name: Str,
  period: t.Object({ ...FlowPeriod.properties, accessionNumber: Str, filingDate: Day }),
  metrics: t.Object({
    currentAum: metric('Portfolio value this quarter'),
    priorAum: metric('Portfolio value the quarter before (0 when none was reported)'),
    aumChange: metric('currentAum − priorAum'),
    aumChangePercent: Nullable(t.Number()),
    reportedValueReturnPercent: Nullable(t.Number({ description: '(aumChange − netActivityValue) / priorAum × 100' })),
    currentPositionCount: Int(),
    priorPositionCount: Int(),
    positionCountChange: Int(),
    currentSecurityCount: Int(),
    priorSecurityCount: Int(),
    securityCountChange: Int(),
    additionCount: Int('Securities held now and not the quarter before'),
    additionValue: Int(),
    disposalCount: Int('Securities held the quarter before and not now'),
    disposalValue: Int(),
    increasedCount: Int(),
    increasedValue: Int(),
    decreasedCount: Int(),
    decreasedValue: Int(),
    unchangedCount: Int(),
    unchangedValue: Int(),
    buyValue: Int('Shares bought × this quarter’s implied price, over every security'),
    sellValue: Int('Shares sold × the implied price, over every security'),
    netActivityValue: Int(),
    grossActivityValue: Int(),
    additionRatePercent: Nullable(t.Number()),
    disposalRatePercent: Nullable(t.Number()),
    turnoverPercent: Nullable(t.Number({ description: 'min(buyValue, sellValue) / mean AUM × 100' })),
  }),
  filters: t.Object({ cik: CikOut, quarter: t.String() }),
})

/** A security's shares and dollar values in the quarter, the quarter before, and the difference. */
const NetChange = {
  currentShares: Int(),
  priorShares: Int(),
  netShares: Int(),
  currentValue: Int(),
  priorValue: Int(),
  netValue: Int(),
}

export const Flow = t.Object({
  rank: Int(),
  ticker: Str,
  issuerCik: Str,
  cusip: t.String(),
  issuerName: Str,
  titleOfClass: Str,
  putCall: Str,
  ...NetChange,
  activityValue: Int(),
})
export const Flows = t.Object({
  cik: CikOut,
  name: Str,
  period: FlowPeriod,
  activityType: t.String({ description: 'buy or sell' }),
  securities: t.Array(Flow),
  pagination: Pagination,
  filters: t.Object({
    cik: CikOut,
    quarter: t.String(),
    newOnly: t.Optional(t.Boolean()),
    soldOutOnly: t.Optional(t.Boolean()),
  }),
})

export const Breakdown = t.Object({
  cik: CikOut,
  name: Str,
  period: PeriodRef,
  classificationLevel: t.String({ description: 'sector or industry' }),
  ...Totals,
  breakdown: t.Array(
    t.Object({
      rank: Int(),
      sector: Str,
      industry: Str,
      sicCode: Nullable(Int()),
      positionCount: Int(),
      securityCount: Int(),
      value: Int(),
      portfolioWeightPercent: Nullable(t.Number()),
    }),
  ),
  filters: t.Object({ cik: CikOut, quarter: t.String() }),
})

const ActivityItem = t.Object({
  ticker: Str,
  cusip: t.String(),
  issuerName: Str,
  titleOfClass: Str,
  putCall: Str,
  filerCount: Int(),
  priorFilerCount: Int(),
  ...NetChange,
})
export const Activity = t.Object({
  period: t.Object({
    currentQuarter: t.String(),
    currentPeriodEnd: t.String({ format: 'date' }),
    previousQuarter: t.String(),
    previousPeriodEnd: t.String({ format: 'date' }),
  }),
  mostBought: t.Array(ActivityItem),
  mostSold: t.Array(ActivityItem),
  newPositions: t.Array(ActivityItem),
  closedPositions: t.Array(ActivityItem),
  pagination: t.Object({ limit: Int() }),
  filters: t.Object({ year: Nullable(Int()), quarter: t.String(), limit: Int() }),
})
