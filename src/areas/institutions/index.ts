/**
 * Institutions routes, each operation declared once (src/areas/operation.ts): the 13F managers'
 * directory, a manager, its filings and periods, holdings and their history, quarter-over-quarter
 * changes, buys and sells, sector and industry breakdowns, and the market-wide activity of a quarter.
 * Handlers receive the area's store (store/index.ts: all its data access) and delegate to the functions
 * that check the parameters and shape what it reads. A manager, its profile, one filing and its changes
 * are point lookups (one record by key); the rest is cached. Every operation is open to every plan (FREE).
 */
import { t } from 'elysia'
import { queryConfig } from '../../config.ts'
import { PageNumber } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import type { AreaDeps } from '../context.ts'
import { areaRoutes, operationsOf } from '../operation.ts'
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
import { institutionsStore } from './store/index.ts'

const defineOperation = operationsOf(institutionsStore)

const institutionsOperations = ({ config }: AreaDeps) => {
  const settings = queryConfig(config)
  const limit = listLimit(config.MAX_LIMIT)
  const paged = t.Object({ page: PageNumber, limit })
  return [
    defineOperation({
      path: '',
      plan: 'FREE',
      operationId: 'listInstitutions',
      rows: 'data',
      summary: 'List 13F managers',
      description:
        'Every filer of a Form 13F (holdings report or notice), largest latest portfolio first. `q`: a case-insensitive ' +
        'substring of the name, or the CIK. Portfolio values are whole US dollars.',
      query: t.Composite([ManagerSearch, paged]),
      response: InstitutionList,
      handler: ({ store, query }) => listInstitutions(store, settings, query),
    }),
    defineOperation({
      path: '/activity',
      plan: 'FREE',
      operationId: 'getInstitutionActivity',
      rows: { lists: ['mostBought', 'mostSold', 'newPositions', 'closedPositions'] },
      summary: 'Most bought and sold securities across managers',
      description:
        'Every manager’s change against the quarter before, added up per security (CUSIP and put/call): most bought and ' +
        'most sold by net value, and the securities most managers opened or closed a position in. `quarter` ' +
        'defaults to the latest complete quarter (its 45-day filing deadline passed), or the latest of `year`.',
      query: t.Object({ year: t.Optional(Year), quarter: QuarterQuery.properties.quarter, limit }),
      response: Activity,
      handler: ({ store, query }) =>
        getActivity(store, { year: query.year, quarter: query.quarter, limit: query.limit }),
    }),
    defineOperation({
      path: '/:cik',
      plan: 'FREE',
      operationId: 'getInstitution',
      summary: 'Get a 13F manager',
      description: 'The manager’s directory entry; 404 when the CIK filed no 13F.',
      params: CikParams,
      response: Institution,
      pointLookup: true,
      handler: ({ store, params }) => getInstitution(store, settings, params.cik),
    }),
    defineOperation({
      path: '/:cik/profile',
      plan: 'FREE',
      operationId: 'getInstitutionProfile',
      summary: 'A manager’s quarter at a glance',
      description:
        'Filing, position and security counts and the portfolio value of one quarter (default: the latest with holdings).',
      params: CikParams,
      query: QuarterQuery,
      response: Profile,
      pointLookup: true,
      handler: ({ store, params, query }) => getProfile(store, settings, params.cik, query.quarter),
    }),
    defineOperation({
      path: '/:cik/filings',
      plan: 'FREE',
      operationId: 'listInstitutionFilings',
      rows: 'filings',
      summary: 'A manager’s 13F filings',
      description: 'Newest period first, and within a period the latest filing first; amendments and notices included.',
      params: CikParams,
      query: t.Composite([FilingsQuery, paged]),
      response: FilingsList,
      handler: ({ store, params, query }) => listFilings(store, settings, params.cik, query),
    }),
    defineOperation({
      path: '/:cik/filings/:accessionNumber',
      plan: 'FREE',
      operationId: 'getInstitutionFiling',
      summary: 'One 13F filing of a manager',
      description: '404 when the manager made no 13F filing of that number.',
      params: FilingParams,
      response: InstitutionFiling,
      pointLookup: true,
      handler: ({ store, params }) => getFiling(store, settings, params.cik, params.accessionNumber),
    }),
    defineOperation({
      path: '/:cik/filing-periods',
      plan: 'FREE',
      operationId: 'listInstitutionFilingPeriods',
      rows: 'periods.filings',
      summary: 'A manager’s quarters and what was filed for each',
      description: 'Per quarter: holdings reported, notice only, both (mixed), or only metadata; its filings.',
      params: CikParams,
      query: YearQuery,
      response: FilingPeriods,
      handler: ({ store, params, query }) => listFilingPeriods(store, settings, params.cik, query.year),
    }),
    defineOperation({
      path: '/:cik/holdings',
      plan: 'FREE',
      operationId: 'getInstitutionHoldings',
      rows: 'holdings',
      summary: 'A manager’s holdings in a quarter',
      description:
        'The positions that count for the quarter (a restatement replaces the original, new holdings add to it), ' +
        'largest first by `sort`, page by page. Values in whole US dollars whatever the filing’s unit.',
      params: CikParams,
      query: t.Composite([QuarterQuery, SortQuery, paged]),
      response: Holdings,
      handler: ({ store, params, query }) => getHoldings(store, params.cik, query, settings.maxOffset),
    }),
    defineOperation({
      path: '/:cik/holdings/history',
      plan: 'FREE',
      operationId: 'getInstitutionHoldingsHistory',
      rows: 'periods.holdings',
      summary: 'A manager’s holdings quarter by quarter',
      description: 'Four quarters per page, newest first, each with its `limit` largest holdings.',
      params: CikParams,
      query: t.Composite([YearQuery, QuarterQuery, SortQuery, paged]),
      response: HoldingsHistory,
      handler: ({ store, params, query }) => getHoldingsHistory(store, params.cik, query, settings.maxOffset),
    }),
    defineOperation({
      path: '/:cik/changes',
      plan: 'FREE',
      operationId: 'getInstitutionChanges',
      summary: 'A manager’s quarter against the one before',
      description:
        'Portfolio value, counts and flows against the calendar quarter before (zero when none was reported).',
      params: CikParams,
      query: QuarterQuery,
      response: Changes,
      // The quarter's line of instQuarters holds its inst_changes row: one record by key.
      pointLookup: true,
      handler: ({ store, params, query }) => getChanges(store, params.cik, query.quarter),
    }),
    defineOperation({
      path: '/:cik/buys',
      plan: 'FREE',
      operationId: 'getInstitutionBuys',
      rows: 'securities',
      summary: 'What a manager bought',
      description: 'Securities whose shares rose against the quarter before, by shares bought × price, largest first.',
      params: CikParams,
      query: t.Composite([QuarterQuery, NewOnlyQuery, paged]),
      response: Flows,
      handler: ({ store, params, query }) =>
        getFlows(store, settings, params.cik, 'buy', { ...query, only: query.newOnly === 'true' }),
    }),
    defineOperation({
      path: '/:cik/sells',
      plan: 'FREE',
      operationId: 'getInstitutionSells',
      rows: 'securities',
      summary: 'What a manager sold',
      description: 'Securities whose shares fell against the quarter before, by shares sold × price, largest first.',
      params: CikParams,
      query: t.Composite([QuarterQuery, SoldOutOnlyQuery, paged]),
      response: Flows,
      handler: ({ store, params, query }) =>
        getFlows(store, settings, params.cik, 'sell', { ...query, only: query.soldOutOnly === 'true' }),
    }),
    defineOperation({
      path: '/:cik/sectors',
      plan: 'FREE',
      operationId: 'getInstitutionSectors',
      rows: 'breakdown',
      summary: 'A manager’s portfolio by sector',
      description: 'From each issuer’s SIC code; holdings whose CUSIP maps to no issuer have a null sector.',
      params: CikParams,
      query: QuarterQuery,
      response: Breakdown,
      handler: ({ store, params, query }) => getBreakdown(store, params.cik, 'sector', query.quarter),
    }),
    defineOperation({
      path: '/:cik/industries',
      plan: 'FREE',
      operationId: 'getInstitutionIndustries',
      rows: 'breakdown',
      summary: 'A manager’s portfolio by industry',
      description: 'By the issuers’ SIC codes.',
      params: CikParams,
      query: QuarterQuery,
      response: Breakdown,
      handler: ({ store, params, query }) => getBreakdown(store, params.cik, 'industry', query.quarter),
    }),
  ]
}

export const institutions: Area = {
  tag: 'Institutions',
  sources: ['form-13f'],
  routes: (deps) => areaRoutes(deps, { prefix: '/v1/institutions', tag: 'Institutions' }, institutionsOperations(deps)),
  bench: INSTITUTIONS_BENCH,
  benchKeys: INSTITUTIONS_BENCH_KEYS,
}
