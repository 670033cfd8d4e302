/**
 * Financials routes (docs/api/financials.md, second part): the metric and ratio series of a company and the rankings
 * of companies by a metric or a ratio, all precomputed by the build from companyfacts (company-facts
 * source). Every one needs plan LITE and feature SEC_API_ENDPOINTS. SQL in series.ts and
 * rankings.ts; shapes in series-schemas.ts. Bodies of hundreds of points go out without Elysia's per-row
 * check (http/raw-json.ts): test/http/response-schemas.test.ts checks them against the schemas.
 */
import { Elysia } from 'elysia'
import { access } from '../../auth/access.ts'
import { sendJson } from '../../http/raw-json.ts'
import { errorResponses } from '../../http/schemas.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import { metricTop, ratioTop } from './rankings.ts'
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
} from './series-schemas.ts'

export const seriesRoutes = ({ database }: AreaDeps) =>
  // Mounted by the area's app, whose prefix (/v1/financials) these paths take.
  new Elysia({ tags: ['Financials'] })
    .use(dbContext(database))
    .get(
      '/metrics',
      async ({ db, cacheKey, query }) => sendJson(await db.cached(cacheKey, () => metricSeries(db, query))),
      {
        query: MetricSeriesQuery,
        response: { 200: MetricSeriesResponse, ...errorResponses },
        detail: {
          ...access('LITE', 'SEC_API_ENDPOINTS'),
          operationId: 'getFinancialMetrics',
          summary: "A company's metric series",
          description:
            'One series per symbol, source and period length (0 instant, 1 quarter, 4 year), points in chronological order: one per period, ' +
            'from the latest filing that reports it (`adsh`, `form`, `filed`, `accepted`), with the tag and rule that gave it. Canonical keys ' +
            '(docs/api/financials.md lists them) by the rule table; raw tags by their local name. A fourth quarter no filing reports alone is the year minus the ' +
            'first three quarters (`strategy: "derived"`). 404 when the company or the data is unknown; 400 for an unknown key or qtrs.',
        },
      },
    )
    .get(
      '/ratios',
      async ({ db, cacheKey, query }) => sendJson(await db.cached(cacheKey, () => ratioSeries(db, query))),
      {
        query: RatioSeriesQuery,
        response: { 200: RatioSeriesResponse, ...errorResponses },
        detail: {
          ...access('LITE', 'SEC_API_ENDPOINTS'),
          operationId: 'getFinancialRatios',
          summary: "A company's ratio series",
          description:
            'Precalculated ratios (liquidity, leverage, profitability, efficiency; docs/financials.md lists the definitions), each point with ' +
            'the canonical metrics it was computed from. A ratio whose denominator is zero or missing has no point. 400 for an unknown ratio or group.',
        },
      },
    )
    .get(
      '/metrics/top',
      async ({ db, cacheKey, query }) => sendJson(await db.cached(cacheKey, () => metricTop(db, query))),
      {
        query: MetricTopQuery,
        response: { 200: MetricTopResponse, ...errorResponses },
        detail: {
          ...access('LITE', 'SEC_API_ENDPOINTS'),
          operationId: 'getTopCompaniesByMetric',
          summary: 'Companies ranked by a metric',
          description:
            'Annual (a fiscal year, default the latest whose reports are in) or quarterly (`quarter` 1–4, default the current one) values of a canonical metric, largest first. USD only, computed by the build.',
        },
      },
    )
    .get(
      '/ratios/top',
      async ({ db, cacheKey, query }) => sendJson(await db.cached(cacheKey, () => ratioTop(db, query))),
      {
        query: RatioTopQuery,
        response: { 200: RatioTopResponse, ...errorResponses },
        detail: {
          ...access('LITE', 'SEC_API_ENDPOINTS'),
          operationId: 'getTopCompaniesByRatio',
          summary: 'Companies ranked by a ratio',
          description:
            "Each company's latest value of the ratio (within `startDate`/`endDate` when given) over `qtrs` quarters, largest first; USD components only.",
        },
      },
    )
