/**
 * The metric and ratio series of a company and the rankings of companies by a metric or a ratio, all
 * precomputed by the build from companyfacts (the company-facts source). Every one needs plan LITE and
 * feature SEC_API_ENDPOINTS. The operations in series.ts and rankings.ts (reads in store/series-points.ts and
 * store/rankings.ts); shapes in series-schemas.ts.
 */
import { operationsOf } from '../operation.ts'
import { metricTop, ratioTop } from './rankings.ts'
import { restatements, topRestatements } from './restatements.ts'
import { IssuerParams } from './segment-schemas.ts'
import { metricSeries, ratioSeries } from './series.ts'
import {
  MetricSeriesQuery,
  MetricSeriesResponse,
  MetricTopQuery,
  MetricTopResponse,
  RatioSeriesQuery,
  RatioSeriesResponse,
  RatioTopQuery,
  RatioTopResponse,
  RestatementsQuery,
  RestatementsResponse,
  RestatementTopQuery,
  RestatementTopResponse,
} from './series-schemas.ts'
import { financialsStore } from './store/index.ts'

const defineOperation = operationsOf(financialsStore)

/** Mounted under the area's prefix (/v1/financials). */
export const seriesOperations = (maxOffset: number) => [
  defineOperation({
    path: '/metrics',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getFinancialMetrics',
    rows: 'series.points',
    summary: "A company's metric series",
    description:
      'One series per symbol, source and period length (0 instant, 1 quarter, 4 year), points in chronological order: one per period, ' +
      'from the latest filing that reports it (`adsh`, `form`, `filed`, `accepted`), with the tag and rule that gave it. Canonical keys ' +
      '(docs/api/financials.md) by the rule table; raw tags by their local name. A fourth quarter no filing reports alone is the year minus the ' +
      'first three quarters (`strategy: "derived"`). Each point says whether a later filing restated it (`restated`, `firstReported`). ' +
      'Beyond the reference: `asOf` answers as known at the end of a day (US Eastern), `vintage=first` as first reported, `ttm=true` ' +
      'trailing-twelve-month sums (docs/api/financials.md, Point in time). 404 when the company or the data is unknown; 400 for an unknown key or qtrs.',
    query: MetricSeriesQuery,
    response: MetricSeriesResponse,
    handler: ({ store, query }) => metricSeries(store, query),
  }),
  defineOperation({
    path: '/:issuer/restatements',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getFinancialRestatements',
    summary: "A company's restated periods (beyond the reference)",
    description:
      'Each period of a metric that a later filing reported with another value, newest period first: every value in filing order ' +
      '(the first reported, then each change) with its filing, and the change from the first-reported value to the latest. ' +
      'Every canonical key unless `symbols` says which. 404 when the company is unknown.',
    rows: 'data.values',
    params: IssuerParams,
    query: RestatementsQuery,
    response: RestatementsResponse,
    handler: ({ store, params, query }) => restatements(store, params.issuer, query, maxOffset),
  }),
  defineOperation({
    path: '/restatements/top',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getTopRestatements',
    summary: "The whole market's largest restatements of a quarter (beyond the reference)",
    description:
      'Each change of a USD canonical metric that a filing filed in the quarter made to a period another filing had reported, ' +
      'largest change first: the company, the period, the value before and the filing that reported it, the value after and the ' +
      'filing that changed it. Every row is a step of that company’s `/{issuer}/restatements` ledger; a fourth quarter derived from ' +
      'the year is left out. Default quarter: the latest with a restatement of the metric. 400 for an unknown metric; 404 when no ' +
      'filing ever restated it.',
    rows: 'data',
    query: RestatementTopQuery,
    response: RestatementTopResponse,
    handler: ({ store, query }) => topRestatements(store, query, maxOffset),
  }),
  defineOperation({
    path: '/ratios',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getFinancialRatios',
    rows: 'series.points',
    summary: "A company's ratio series",
    description:
      'Precalculated ratios (liquidity, leverage, profitability, efficiency; docs/financials.md lists the definitions), each point with ' +
      'the canonical metrics it was computed from. A ratio whose denominator is zero or missing has no point. 400 for an unknown ratio or group.',
    query: RatioSeriesQuery,
    response: RatioSeriesResponse,
    handler: ({ store, query }) => ratioSeries(store, query),
  }),
  defineOperation({
    path: '/metrics/top',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getTopCompaniesByMetric',
    rows: 'companies',
    summary: 'Companies ranked by a metric',
    description:
      'Annual (a fiscal year, default the latest whose reports are in) or quarterly (`quarter` 1–4, default the current one) values of a canonical metric, largest first. USD only, computed by the build.',
    query: MetricTopQuery,
    response: MetricTopResponse,
    handler: ({ store, query }) => metricTop(store, query),
  }),
  defineOperation({
    path: '/ratios/top',
    plan: 'LITE',
    feature: 'SEC_API_ENDPOINTS',
    operationId: 'getTopCompaniesByRatio',
    rows: 'companies',
    summary: 'Companies ranked by a ratio',
    description:
      "Each company's latest value of the ratio (within `startDate`/`endDate` when given) over `qtrs` quarters, largest first; USD components only.",
    query: RatioTopQuery,
    response: RatioTopResponse,
    handler: ({ store, query }) => ratioTop(store, query),
  }),
]
