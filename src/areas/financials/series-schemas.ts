/**
 * Shapes of the metric and ratio series and their rankings (docs/api/financials.md, Metric series, Ratio
 * series, Rankings; the reference's FinancialMetricSeriesResponse, FinancialRatioSeriesResponse,
 * FinancialMetricRankingResponse, FinancialRatioRankingResponse). Field names are the reference's, exactly.
 */
import { t } from 'elysia'
import {
  BooleanParam,
  Cik,
  DateParam,
  LimitParam,
  Nullable,
  OutInteger,
  OutYyyymmdd,
  PageNumber,
  Pagination,
  QuarterParam,
  QueryInteger,
  Ticker,
} from '../../http/schemas.ts'
import { CANONICAL_KEYS } from '../../reference/canonical-metrics.ts'
import { RATIO_GROUPS, RATIOS } from '../../reference/financial-ratios.ts'
import { CompanyIssuer } from './schemas.ts'

const Accepted = Nullable(
  t.String({
    description:
      'Acceptance date and time, US Eastern, as the data sets give it (no zone); null when they lack the filing',
    examples: ['2025-08-01T16:30:27'],
  }),
)

/** Pattern-checked strings rather than unions (see entities/schemas.ts EntityTypeParam). */
const oneOf = (values: readonly string[], description: string) =>
  t.String({
    pattern: `^(${values.join('|')})$`,
    enum: [...values],
    expected: `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
    description,
  })

const Qtrs = QueryInteger({
  minimum: 0,
  maximum: 4,
  description: 'Period length in quarters: 0 instant, 1 quarter, 4 year (2 and 3 are answered 400)',
})
const Company = {
  cik: t.Optional(
    t.String({ ...Cik, description: 'CIK, digits, zero-padding optional; takes precedence over ticker' }),
  ),
  ticker: t.Optional(
    t.String({ ...Ticker, description: 'Ticker, exact, case-insensitive; ignored when cik is given' }),
  ),
}
const Window = {
  startDate: t.Optional(DateParam('Periods ending on or after this date')),
  endDate: t.Optional(DateParam('Periods ending on or before this date')),
}
/** The point-in-time parameters (docs/api/financials.md, Point in time). */
export const PointInTime = {
  asOf: t.Optional(
    DateParam(
      'Answer as known at the end of this day (US Eastern): only filings accepted on or before it, each period its latest value by then',
    ),
  ),
  vintage: t.Optional(
    oneOf(['first', 'latest'], 'latest (default): each period’s latest value; first: its value as first reported'),
  ),
}
const Ttm = {
  ttm: t.Optional(
    BooleanParam(
      'true: trailing-twelve-month series of the duration symbols instead (the sum of the latest four quarters at each quarter end); instants have none',
    ),
  ),
}

/** Where a client finds the canonical metric keys and ratio ids; an unknown one's 400 says it too. */
export const KEYS_LISTED = 'listed in the OpenAPI document (/openapi) and docs/api/financials.md'
/** The keys and ids in the parameters' descriptions, so the OpenAPI document lists them (the values are checked by the handlers). */
const METRIC_KEYS = `The canonical metric keys: ${CANONICAL_KEYS.join(', ')}.`
const RATIO_IDS = `The ratio ids, by group: ${RATIO_GROUPS.map(
  (g) =>
    `${g}: ${RATIOS.filter((r) => r.group === g)
      .map((r) => r.id)
      .join(', ')}`,
).join('; ')}.`
const GROUPS = [...RATIO_GROUPS, 'all']
const Group = oneOf(GROUPS, 'Ratio group: liquidity, leverage, profitability, efficiency, or all (default)')

const FilingFields = {
  adsh: t.String({ description: 'Accession number of the filing the value is taken from (the latest reporting it)' }),
  cik: OutInteger(),
  ticker: Nullable(t.String()),
  entityName: Nullable(t.String()),
  form: t.String(),
  fiscalYear: Nullable(OutInteger({ description: "The period's fiscal year (as first reported)" })),
  fiscalPeriod: Nullable(t.String({ description: "The period's fiscal period: FY, Q1, Q2, Q3, Q4" })),
  period: Nullable(OutYyyymmdd),
  filed: OutYyyymmdd,
  accepted: Accepted,
  endDate: OutYyyymmdd,
  quarters: OutInteger({ description: '0 instant, 1 quarter, 4 year' }),
}

/** A restated point's value as first reported, and the filing that reported it. */
const FirstReported = t.Object(
  {
    value: t.Number(),
    adsh: t.String(),
    form: Nullable(t.String()),
    filed: OutYyyymmdd,
    accepted: Accepted,
  },
  { title: 'FinancialFirstReported' },
)

const TtmQuarter = t.Object(
  { endDate: OutYyyymmdd, value: t.Number(), adsh: t.String(), strategy: t.String() },
  { title: 'FinancialTtmQuarter' },
)

export const MetricSeriesQuery = t.Object({
  ...Company,
  symbols: t.String({
    minLength: 1,
    maxLength: 2000,
    pattern: '^[A-Za-z0-9_ ,]+$',
    expected: 'comma-separated canonical metric keys and/or raw tag names',
    description: `Comma-separated canonical metric keys (lower case) and/or raw tag local names (Revenues). ${METRIC_KEYS}`,
  }),
  source: t.Optional(oneOf(['raw', 'canonical', 'all'], 'raw, canonical or all (default)')),
  version: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 100,
      description: 'Partial match of the taxonomy version of raw tags (us-gaap/2024)',
    }),
  ),
  ...Window,
  qtrs: t.Optional(Qtrs),
  limit: LimitParam(100, 40, 'Latest periods per series (at most 100)'),
  ...PointInTime,
  ...Ttm,
})
export type MetricSeriesQuery = typeof MetricSeriesQuery.static

const MetricPoint = t.Object(
  {
    ...FilingFields,
    unit: t.String(),
    value: t.Number(),
    tag: t.String({
      description:
        "The tag the point's filing reported the value under: as of a day or as first reported, an earlier filing's may be another of the key's (a filer that renamed its revenue tag)",
    }),
    version: Nullable(
      t.String({ description: "The tag's taxonomy version; null as of a day where the filing's tag is not today's" }),
    ),
    label: Nullable(t.String()),
    custom: OutInteger({ description: '1 for a custom tag (companyfacts has none), else 0' }),
    datatype: Nullable(t.String()),
    segments: t.Null({ description: 'Always null: a series is the consolidated figure' }),
    coreg: t.Null(),
    strategy: t.String({
      description:
        "statement (the tag the filing's statement presents), priority (the rule order), guard (the first choice was smaller than a part the filing reports), raw (the tag itself) or derived (a quarter no filing reports alone)",
    }),
    ruleId: Nullable(t.String({ examples: ['rev.priority.2'] })),
    confidence: t.Number(),
    restated: t.Boolean({
      description:
        'true when a filing (known by asOf, when given) reported the period with another value than the first-reported one',
    }),
    firstReported: Nullable(FirstReported),
    ttmOf: t.Optional(
      t.Array(TtmQuarter, {
        description: 'Only on a trailing-twelve-month point: the four quarters it sums, oldest first',
      }),
    ),
    derivedFrom: t.Optional(
      t.Array(t.String(), {
        description:
          'Only on a derived quarter: the accession numbers of the filings its values came from, adsh first (the longer period: six or nine months to date, or the year), then those of the values subtracted',
        examples: [['0001640147-24-000207', '0001640147-24-000135']],
      }),
    ),
  },
  { title: 'FinancialMetricPoint' },
)

export const MetricSeriesResponse = t.Object(
  {
    issuer: CompanyIssuer,
    filters: t.Object({
      symbols: t.Array(t.String()),
      source: t.String(),
      version: Nullable(t.String()),
      startDate: Nullable(t.String({ format: 'date' })),
      endDate: Nullable(t.String({ format: 'date' })),
      qtrs: Nullable(OutInteger()),
      limit: OutInteger(),
      asOf: t.Optional(Nullable(t.String({ format: 'date' }))),
      vintage: t.Optional(t.String()),
      ttm: t.Optional(t.Boolean()),
    }),
    series: t.Array(
      t.Object(
        {
          symbol: t.String(),
          ttm: t.Optional(t.Boolean({ description: 'true on a trailing-twelve-month series' })),
          source: t.String({ description: 'canonical or raw' }),
          version: Nullable(t.String({ description: 'The version filter applied to a raw series, else null' })),
          quarters: OutInteger(),
          label: Nullable(t.String()),
          points: t.Array(MetricPoint),
        },
        { title: 'FinancialMetricSeries' },
      ),
    ),
  },
  { title: 'FinancialMetricSeriesResponse' },
)

const Component = t.Object({ metric: t.String(), value: t.Number(), unit: t.String() })
const RatioMeta = {
  label: t.String(),
  description: t.String(),
  formula: t.String(),
}

export const RatioSeriesQuery = t.Object({
  ...Company,
  ratio: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 1000,
      pattern: '^[a-z0-9_ ,]+$',
      expected: `comma-separated ratio identifiers (${KEYS_LISTED}) such as current_ratio,gross_margin`,
      description: `Comma-separated ratio identifiers; omit for every ratio of the group. ${RATIO_IDS}`,
    }),
  ),
  group: t.Optional(Group),
  ...Window,
  qtrs: t.Optional(Qtrs),
  limit: LimitParam(100, 40, 'Latest periods per ratio (at most 100)'),
  ...PointInTime,
  ...Ttm,
})
export type RatioSeriesQuery = typeof RatioSeriesQuery.static

const RatioPoint = t.Object(
  {
    ...FilingFields,
    value: t.Number(),
    unit: t.String(),
    components: t.Array(Component),
    restated: t.Boolean({
      description: 'true when the ratio had another value as first known (its terms were restated)',
    }),
    firstReported: Nullable(FirstReported),
  },
  { title: 'FinancialRatioPoint' },
)

export const RatioSeriesResponse = t.Object(
  {
    issuer: CompanyIssuer,
    filters: t.Object({
      ratios: t.Array(t.String()),
      group: t.String(),
      startDate: Nullable(t.String({ format: 'date' })),
      endDate: Nullable(t.String({ format: 'date' })),
      qtrs: Nullable(OutInteger()),
      limit: OutInteger(),
      asOf: t.Optional(Nullable(t.String({ format: 'date' }))),
      vintage: t.Optional(t.String()),
      ttm: t.Optional(t.Boolean()),
    }),
    series: t.Array(
      t.Object(
        {
          ratio: t.String(),
          ttm: t.Optional(t.Boolean({ description: 'true on a trailing-twelve-month series' })),
          group: t.String(),
          ...RatioMeta,
          unit: t.String({ description: 'decimal, turns or days' }),
          points: t.Array(RatioPoint),
        },
        { title: 'FinancialRatioSeries' },
      ),
    ),
  },
  { title: 'FinancialRatioSeriesResponse' },
)

const Ranked = {
  rank: OutInteger({ description: '1 = the largest value' }),
  sic: Nullable(OutInteger()),
  countryInc: Nullable(t.String()),
}

export const MetricTopQuery = t.Object({
  metric: t.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[a-z_]+$',
    expected: `a canonical metric key (${KEYS_LISTED}) such as revenue`,
    description: `Canonical metric key. ${METRIC_KEYS}`,
  }),
  quarterly: t.Optional(BooleanParam('true: quarterly ranking')),
  year: t.Optional(
    QueryInteger({ minimum: 1990, maximum: 2100, description: 'Fiscal year; default the latest complete one' }),
  ),
  quarter: t.Optional(
    oneOf(['1', '2', '3', '4'], 'Fiscal quarter of a quarterly ranking; default the current quarter'),
  ),
  limit: LimitParam(100, 10, 'Companies (at most 100)'),
  ...PointInTime,
})
export type MetricTopQuery = typeof MetricTopQuery.static

export const MetricTopResponse = t.Object(
  {
    filters: t.Object({
      metric: t.String(),
      basis: t.String({ description: 'annual or quarterly' }),
      year: OutInteger(),
      quarter: Nullable(OutInteger()),
      qtrs: OutInteger(),
      unit: t.String({ description: 'USD: rankings are USD-only until currency conversion is available' }),
      limit: OutInteger(),
      asOf: t.Optional(Nullable(t.String({ format: 'date' }))),
      vintage: t.Optional(t.String()),
    }),
    companies: t.Array(
      t.Object(
        {
          ...Ranked,
          metric: t.String(),
          label: t.String(),
          ...FilingFields,
          unit: t.String(),
          value: t.Number(),
          sourceTag: t.String({
            description: 'The tag the filing reported the value under (as of a day: that filing’s)',
          }),
          sourceVersion: Nullable(t.String()),
          strategy: t.String(),
          ruleId: Nullable(t.String()),
          confidence: t.Number(),
        },
        { title: 'FinancialMetricRankingCompany' },
      ),
    ),
  },
  { title: 'FinancialMetricRankingResponse' },
)

export const RatioTopQuery = t.Object({
  ratio: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[a-z0-9_]+$',
      expected: `a ratio identifier (${KEYS_LISTED}) such as current_ratio`,
      description: `Ratio identifier; default the group's first ratio. ${RATIO_IDS}`,
    }),
  ),
  group: t.Optional(Group),
  ...Window,
  qtrs: t.Optional(Qtrs),
  limit: LimitParam(100, 10, 'Companies (at most 100)'),
  ...PointInTime,
})
export type RatioTopQuery = typeof RatioTopQuery.static

export const RatioTopResponse = t.Object(
  {
    filters: t.Object({
      ratio: t.String(),
      group: t.String(),
      startDate: Nullable(t.String({ format: 'date' })),
      endDate: Nullable(t.String({ format: 'date' })),
      qtrs: OutInteger(),
      limit: OutInteger(),
      asOf: t.Optional(Nullable(t.String({ format: 'date' }))),
      vintage: t.Optional(t.String()),
    }),
    companies: t.Array(
      t.Object(
        {
          ...Ranked,
          ratio: t.String(),
          group: t.String(),
          ...RatioMeta,
          ...FilingFields,
          value: t.Number(),
          unit: t.String(),
          components: t.Array(Component),
        },
        { title: 'FinancialRatioRankingCompany' },
      ),
    ),
  },
  { title: 'FinancialRatioRankingResponse' },
)

export const RestatementsQuery = t.Object({
  symbols: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 2000,
      pattern: '^[A-Za-z0-9_ ,]+$',
      expected: 'comma-separated canonical metric keys and/or raw tag names',
      description: 'Comma-separated canonical metric keys and/or raw tag names; omit for every canonical key',
    }),
  ),
  source: t.Optional(oneOf(['raw', 'canonical', 'all'], 'raw, canonical or all (default)')),
  ...Window,
  qtrs: t.Optional(Qtrs),
  page: PageNumber,
  limit: LimitParam(100, 20, 'Restated periods per page (at most 100)'),
})
export type RestatementsQuery = typeof RestatementsQuery.static

/** The filing that reported a value of a restated period (the ledger's and the market's restatements). */
const ReportedBy = {
  adsh: t.String(),
  form: Nullable(t.String()),
  filed: OutYyyymmdd,
  accepted: Accepted,
  tag: t.String({
    description:
      'The tag the filing reported the value under (a filer that renamed its tag names the old one in its earlier filings)',
  }),
}

const RestatedValue = t.Object(
  {
    vintage: OutInteger({ description: '1 = first reported, then each change in filing order' }),
    value: t.Number(),
    change: Nullable(t.Number({ description: 'From the value before it; null on the first' })),
    ...ReportedBy,
  },
  { title: 'FinancialRestatedValue' },
)

export const RestatementsResponse = t.Object(
  {
    issuer: CompanyIssuer,
    filters: t.Object({
      symbols: Nullable(t.Array(t.String())),
      source: t.String(),
      startDate: Nullable(t.String({ format: 'date' })),
      endDate: Nullable(t.String({ format: 'date' })),
      qtrs: Nullable(OutInteger()),
    }),
    data: t.Array(
      t.Object(
        {
          symbol: t.String(),
          source: t.String({ description: 'canonical or raw' }),
          quarters: OutInteger({ description: '0 instant, 1 quarter, 4 year' }),
          endDate: OutYyyymmdd,
          firstReported: t.Number(),
          latest: t.Number(),
          change: t.Number({ description: 'latest − firstReported' }),
          changePercent: Nullable(t.Number({ description: 'change / |firstReported|; null when that is 0' })),
          values: t.Array(RestatedValue),
        },
        { title: 'FinancialRestatedPeriod' },
      ),
    ),
    pagination: Pagination,
  },
  { title: 'FinancialRestatementsResponse' },
)

export const RestatementTopQuery = t.Object({
  metric: MetricTopQuery.properties.metric,
  quarter: t.Optional(
    QuarterParam(
      'Calendar quarter the restating filings were filed in, `YYYYQn`; default the latest with a restatement of the metric',
    ),
  ),
  page: PageNumber,
  limit: LimitParam(100, 20, 'Restatements per page (at most 100)'),
})
export type RestatementTopQuery = typeof RestatementTopQuery.static

/** A value of a restated period and the filing that reported it: before the change, and the change. */
const RestatementValue = (title: string) =>
  t.Object(
    {
      vintage: OutInteger({ description: '1 = first reported, then each change in filing order (as the ledger)' }),
      value: t.Number(),
      ...ReportedBy,
    },
    { title },
  )

export const RestatementTopResponse = t.Object(
  {
    filters: t.Object({
      metric: t.String(),
      quarter: t.String({ description: 'The quarter the restating filings were filed in, `YYYYQn`' }),
      unit: t.String({ description: 'USD: the changes are ranked in dollars' }),
      limit: OutInteger(),
    }),
    data: t.Array(
      t.Object(
        {
          rank: OutInteger({ description: '1 = the largest change (absolute)' }),
          cik: OutInteger(),
          ticker: Nullable(t.String()),
          entityName: Nullable(t.String()),
          sic: Nullable(OutInteger()),
          countryInc: Nullable(t.String()),
          metric: t.String(),
          label: t.String(),
          quarters: OutInteger({ description: '0 instant, 1 quarter, 4 year' }),
          endDate: OutYyyymmdd,
          fiscalYear: Nullable(OutInteger({ description: "The period's fiscal year (as first reported)" })),
          fiscalPeriod: Nullable(t.String()),
          unit: t.String(),
          previous: RestatementValue('FinancialRestatementBefore'),
          restated: RestatementValue('FinancialRestatementAfter'),
          change: t.Number({ description: 'restated.value − previous.value' }),
          changePercent: Nullable(t.Number({ description: 'change / |previous.value|; null when that is 0' })),
        },
        { title: 'FinancialMarketRestatement' },
      ),
    ),
    pagination: Pagination,
  },
  { title: 'FinancialRestatementRankingResponse' },
)
