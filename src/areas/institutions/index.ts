/**
 * Institutions routes (docs/api/institutions.md; the operations beyond the manager's directory as the
 * reference service has them): the 13F managers' directory, a manager, its filings and periods, holdings and their history,
 * quarter-over-quarter changes, buys and sells, sector and industry breakdowns, and the market-wide
 * activity of a quarter. Handlers only delegate (queries.ts); lists go through the snapshot's result
 * cache. Lists go out without Elysia's per-row response check (http/raw-json.ts says why; the tests check
 * every operation's bodies against its schema over HTTP). Every operation is open to every plan (FREE).
 */
import { Elysia, t } from 'elysia'
import { access } from '../../auth/access.ts'
import { queryConfig } from '../../config.ts'
import { sendJson } from '../../http/raw-json.ts'
import { errorResponses, PageNumber } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import { getActivity } from './activity.ts'
import { INSTITUTIONS_BENCH, INSTITUTIONS_BENCH_KEYS } from './bench.ts'
import { getFiling, listFilingPeriods, listFilings } from './filings.ts'
import { getBreakdown, getChanges, getFlows } from './flows.ts'
import { getHoldings, getHoldingsHistory } from './holdings.ts'
import { getInstitution, getProfile, listInstitutions } from './managers.ts'
import {
  Activity,
  Breakdown,
  Changes,
  CikParams,
  FilingParams,
  FilingPeriods,
  FilingsList,
  FilingsQuery,
  Flows,
  Holdings,
  HoldingsHistory,
  Institution,
  InstitutionFiling,
  InstitutionList,
  listLimit,
  ManagerSearch,
  NewOnlyQuery,
  Profile,
  QuarterQuery,
  SoldOutOnlyQuery,
  SortQuery,
  Year,
  YearQuery,
} from './schemas.ts'

const institutionsRoutes = ({ config, database }: AreaDeps) => {
  const settings = queryConfig(config)
  const limit = listLimit(config.MAX_LIMIT)
  const paged = t.Object({ page: PageNumber, limit })
  const doc = (operationId: string, summary: string, description: string) => ({
    ...access('FREE'),
    operationId,
    summary,
    description,
  })
  return new Elysia({ prefix: '/v1/institutions', tags: ['Institutions'] })
    .use(dbContext(database))
    .get(
      '',
      async ({ db, cacheKey, query }) =>
        sendJson(await db.cached(cacheKey, () => listInstitutions(db, settings, query))),
      {
        query: t.Composite([ManagerSearch, paged]),
        response: { 200: InstitutionList, ...errorResponses },
        detail: doc(
          'listInstitutions',
          'List 13F managers',
          'Every filer of a Form 13F (holdings report or notice), largest latest portfolio first. `q`: a case-insensitive ' +
            'substring of the name, or the CIK. Portfolio values are whole US dollars.',
        ),
      },
    )
    .get(
      '/activity',
      async ({ db, cacheKey, query }) =>
        sendJson(
          await db.cached(cacheKey, () =>
            getActivity(db, { year: query.year, quarter: query.quarter, limit: query.limit }),
          ),
        ),
      {
        query: t.Object({ year: t.Optional(Year), quarter: QuarterQuery.properties.quarter, limit }),
        response: { 200: Activity, ...errorResponses },
        detail: doc(
          'getInstitutionActivity',
          'Most bought and sold securities across managers',
          'Every manager’s change against the quarter before, added up per security (CUSIP and put/call): most bought and ' +
            'most sold by net value, and the securities most managers opened or closed a position in. `quarter` ' +
            'defaults to the latest complete quarter (its 45-day filing deadline passed), or the latest of `year`.',
        ),
      },
    )
    .get('/:cik', ({ db, params }) => getInstitution(db, settings, params.cik), {
      params: CikParams,
      response: { 200: Institution, ...errorResponses },
      detail: doc(
        'getInstitution',
        'Get a 13F manager',
        'The manager’s directory entry; 404 when the CIK filed no 13F.',
      ),
    })
    .get('/:cik/profile', ({ db, params, query }) => getProfile(db, settings, params.cik, query.quarter), {
      params: CikParams,
      query: QuarterQuery,
      response: { 200: Profile, ...errorResponses },
      detail: doc(
        'getInstitutionProfile',
        'A manager’s quarter at a glance',
        'Filing, position and security counts and the portfolio value of one quarter (default: the latest with holdings).',
      ),
    })
    .get(
      '/:cik/filings',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => listFilings(db, settings, params.cik, query))),
      {
        params: CikParams,
        query: t.Composite([FilingsQuery, paged]),
        response: { 200: FilingsList, ...errorResponses },
        detail: doc(
          'listInstitutionFilings',
          'A manager’s 13F filings',
          'Newest period first, and within a period the latest filing first; amendments and notices included.',
        ),
      },
    )
    .get(
      '/:cik/filings/:accessionNumber',
      ({ db, params }) => getFiling(db, settings, params.cik, params.accessionNumber),
      {
        params: FilingParams,
        response: { 200: InstitutionFiling, ...errorResponses },
        detail: doc(
          'getInstitutionFiling',
          'One 13F filing of a manager',
          '404 when the manager made no 13F filing of that number.',
        ),
      },
    )
    .get(
      '/:cik/filing-periods',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => listFilingPeriods(db, settings, params.cik, query.year))),
      {
        params: CikParams,
        query: YearQuery,
        response: { 200: FilingPeriods, ...errorResponses },
        detail: doc(
          'listInstitutionFilingPeriods',
          'A manager’s quarters and what was filed for each',
          'Per quarter: holdings reported, notice only, both (mixed), or only metadata; its filings.',
        ),
      },
    )
    .get(
      '/:cik/holdings',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => getHoldings(db, params.cik, query))),
      {
        params: CikParams,
        query: t.Composite([QuarterQuery, SortQuery, t.Object({ limit })]),
        response: { 200: Holdings, ...errorResponses },
        detail: doc(
          'getInstitutionHoldings',
          'A manager’s holdings in a quarter',
          'The positions that count for the quarter (a restatement replaces the original, new holdings add to it), ' +
            'largest first by `sort`. Values in whole US dollars whatever the filing’s unit.',
        ),
      },
    )
    .get(
      '/:cik/holdings/history',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => getHoldingsHistory(db, params.cik, query, settings.maxOffset))),
      {
        params: CikParams,
        query: t.Composite([YearQuery, QuarterQuery, SortQuery, paged]),
        response: { 200: HoldingsHistory, ...errorResponses },
        detail: doc(
          'getInstitutionHoldingsHistory',
          'A manager’s holdings quarter by quarter',
          'Four quarters per page, newest first, each with its `limit` largest holdings.',
        ),
      },
    )
    .get(
      '/:cik/changes',
      ({ db, cacheKey, params, query }) => db.cached(cacheKey, () => getChanges(db, params.cik, query.quarter)),
      {
        params: CikParams,
        query: QuarterQuery,
        response: { 200: Changes, ...errorResponses },
        detail: doc(
          'getInstitutionChanges',
          'A manager’s quarter against the one before',
          'Portfolio value, counts and flows against the calendar quarter before (zero when none was reported).',
        ),
      },
    )
    .get(
      '/:cik/buys',
      ({ db, cacheKey, params, query }) =>
        db.cached(cacheKey, () =>
          getFlows(db, settings, params.cik, 'buy', { ...query, only: query.newOnly === 'true' }),
        ),
      {
        params: CikParams,
        query: t.Composite([QuarterQuery, NewOnlyQuery, paged]),
        response: { 200: Flows, ...errorResponses },
        detail: doc(
          'getInstitutionBuys',
          'What a manager bought',
          'Securities whose shares rose against the quarter before, by shares bought × price, largest first.',
        ),
      },
    )
    .get(
      '/:cik/sells',
      ({ db, cacheKey, params, query }) =>
        db.cached(cacheKey, () =>
          getFlows(db, settings, params.cik, 'sell', { ...query, only: query.soldOutOnly === 'true' }),
        ),
      {
        params: CikParams,
        query: t.Composite([QuarterQuery, SoldOutOnlyQuery, paged]),
        response: { 200: Flows, ...errorResponses },
        detail: doc(
          'getInstitutionSells',
          'What a manager sold',
          'Securities whose shares fell against the quarter before, by shares sold × price, largest first.',
        ),
      },
    )
    .get(
      '/:cik/sectors',
      ({ db, cacheKey, params, query }) =>
        db.cached(cacheKey, () => getBreakdown(db, params.cik, 'sector', query.quarter)),
      {
        params: CikParams,
        query: QuarterQuery,
        response: { 200: Breakdown, ...errorResponses },
        detail: doc(
          'getInstitutionSectors',
          'A manager’s portfolio by sector',
          'From each issuer’s SIC code; holdings whose CUSIP maps to no issuer have a null sector.',
        ),
      },
    )
    .get(
      '/:cik/industries',
      ({ db, cacheKey, params, query }) =>
        db.cached(cacheKey, () => getBreakdown(db, params.cik, 'industry', query.quarter)),
      {
        params: CikParams,
        query: QuarterQuery,
        response: { 200: Breakdown, ...errorResponses },
        detail: doc('getInstitutionIndustries', 'A manager’s portfolio by industry', 'By the issuers’ SIC codes.'),
      },
    )
}

export const institutions: Area = {
  tag: 'Institutions',
  sources: ['form-13f'],
  routes: institutionsRoutes,
  bench: INSTITUTIONS_BENCH,
  benchKeys: INSTITUTIONS_BENCH_KEYS,
}
