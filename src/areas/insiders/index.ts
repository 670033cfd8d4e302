/**
 * Insiders routes (docs/api/insiders.md): the transaction feeds, the directories, the statistics, the
 * daily leaders, owners and the lifetime figures of an issuer, and a person's filings and holdings (as
 * the reference has them). Handlers only delegate (queries.ts, holdings.ts); lists go
 * through the snapshot's result cache. The feeds go out without Elysia's per-row check (http/raw-json.ts:
 * their rows are the build's lines; test/http/response-schemas.test.ts checks them against the schema). Daily leaders, buy-sell ratio, net shares and net value need LITE
 * and SEC_API_ENDPOINTS (net value alike: the same kind of data); the rest is FREE.
 */
import { Elysia, t } from 'elysia'
import { access } from '../../auth/access.ts'
import { queryConfig } from '../../config.ts'
import { sendJson } from '../../http/raw-json.ts'
import { errorResponses, pageQuery, QueryInteger } from '../../http/schemas.ts'
import { parseCik } from '../../lib/ids.ts'
import type { Area } from '../area.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import { INSIDERS_BENCH, INSIDERS_BENCH_KEYS } from './bench.ts'
import { getPerson, listCompanies, listPersons } from './directories.ts'
import { listActivity, listPersonTransactions, listTransactions } from './feeds.ts'
import { buySellRatio, dailyLeaders, getStatistics, netShares, netValue } from './figures.ts'
import { holdingsSummary, listHoldings, listOwners } from './holdings.ts'
import {
  ActivityQuery,
  BuySellRatio,
  CompanyList,
  DailyActivity,
  DailyQuery,
  DirectoryQuery,
  feedLimit,
  Holdings,
  HoldingsSummary,
  NetShares,
  NetValue,
  OwnersQuery,
  OwnersResponse,
  Person,
  PersonList,
  PersonParams,
  Statistics,
  TickerParams,
  TransactionFilters,
  TransactionList,
} from './schemas.ts'

const insidersRoutes = ({ config, database }: AreaDeps) => {
  const settings = queryConfig(config)
  const max = config.MAX_LIMIT
  const feedQuery = t.Composite([TransactionFilters, feedLimit(max)])
  const limitOnly = t.Object({
    limit: QueryInteger({ minimum: 1, maximum: max, default: Math.min(20, max), description: 'Rows' }),
  })
  const free = (operationId: string, summary: string, description: string) => ({
    ...access('FREE'),
    operationId,
    summary,
    description,
  })
  const lite = (operationId: string, summary: string, description: string) => ({
    ...access('LITE', 'SEC_API_ENDPOINTS'),
    operationId,
    summary,
    description,
  })
  const feedHelp =
    'Newest acceptance first, then transaction date. Filters combine with AND and are echoed normalized. ' +
    'A transaction belongs to its issuer; a filing with several reporting owners gives each transaction once, with the first owner by CIK as reporter.'
  const leadersHelp =
    'Per transaction date (default: the latest date the scope ranks anyone of the side); 404 when no transaction is dated that day. ' +
    'Ranks open-market purchases and sales (codes P and S) of non-derivative securities; `openMarketOnly=false` ranks every non-derivative transaction by its type. ' +
    'A derivative row never enters a dollar total: its price is the derivative’s own (an exercise or conversion price).'
  return new Elysia({ prefix: '/v1/insiders', tags: ['Insiders'] })
    .use(dbContext(database))
    .get(
      '/transactions',
      async ({ db, cacheKey, query }) =>
        sendJson(await db.cached(cacheKey, () => listTransactions(db, settings, query))),
      {
        query: feedQuery,
        response: { 200: TransactionList, ...errorResponses },
        detail: free('listInsiderTransactions', 'Insider transactions of every issuer', feedHelp),
      },
    )
    .get('/companies', ({ db, cacheKey, query }) => db.cached(cacheKey, () => listCompanies(db, settings, query)), {
      query: t.Composite([DirectoryQuery, pageQuery(max)]),
      response: { 200: CompanyList, ...errorResponses },
      detail: free(
        'listInsiderCompanies',
        'Issuers with insider filings',
        'Most recently filed about first; `q` is a case-insensitive substring of the name, ticker or 10-digit CIK.',
      ),
    })
    .get('/persons', ({ db, cacheKey, query }) => db.cached(cacheKey, () => listPersons(db, settings, query)), {
      query: t.Composite([DirectoryQuery, pageQuery(max)]),
      response: { 200: PersonList, ...errorResponses },
      detail: free(
        'listInsiderPersons',
        'Reporting owners',
        'Most recently filing first; `q` is a case-insensitive substring of the name, the 10-digit CIK, or the latest issuer name or ticker.',
      ),
    })
    .get('/statistics', ({ db, cacheKey }) => db.cached(cacheKey, () => getStatistics(db)), {
      response: { 200: Statistics, ...errorResponses },
      detail: free('getInsiderStatistics', 'Insider statistics', 'Counts, shares and values over everything covered.'),
    })
    .get(
      '/activity/buying',
      async ({ db, cacheKey, query }) =>
        sendJson(await db.cached(cacheKey, () => listActivity(db, settings, 'A', query))),
      {
        query: t.Composite([ActivityQuery, feedLimit(max)]),
        response: { 200: TransactionList, ...errorResponses },
        detail: free(
          'listInsiderBuying',
          'Insider acquisitions',
          'Acquisitions (A) dated from `from` to `end`, in feed order.',
        ),
      },
    )
    .get(
      '/activity/selling',
      async ({ db, cacheKey, query }) =>
        sendJson(await db.cached(cacheKey, () => listActivity(db, settings, 'D', query))),
      {
        query: t.Composite([ActivityQuery, feedLimit(max)]),
        response: { 200: TransactionList, ...errorResponses },
        detail: free(
          'listInsiderSelling',
          'Insider disposals',
          'Disposals (D) dated from `from` to `end`, in feed order.',
        ),
      },
    )
    .get(
      '/activity/daily/top-buyers',
      ({ db, cacheKey, query }) => db.cached(cacheKey, () => dailyLeaders(db, 'top_buyers', query)),
      {
        query: t.Composite([DailyQuery, limitOnly]),
        response: { 200: DailyActivity, ...errorResponses },
        detail: lite('getInsiderTopBuyers', 'Issuers by insider buy value on a day', leadersHelp),
      },
    )
    .get(
      '/activity/daily/top-sellers',
      ({ db, cacheKey, query }) => db.cached(cacheKey, () => dailyLeaders(db, 'top_sellers', query)),
      {
        query: t.Composite([DailyQuery, limitOnly]),
        response: { 200: DailyActivity, ...errorResponses },
        detail: lite('getInsiderTopSellers', 'Issuers by insider sell value on a day', leadersHelp),
      },
    )
    .get('/person/:reporterCik', ({ db, params }) => getPerson(db, settings, parseCik(params.reporterCik)), {
      params: PersonParams,
      response: { 200: Person, ...errorResponses },
      detail: free('getInsiderPerson', 'A reporting owner', '404 when no ownership filing names the CIK.'),
    })
    .get(
      '/person/:reporterCik/transactions',
      async ({ db, cacheKey, params, query }) =>
        sendJson(
          await db.cached(cacheKey, () => listPersonTransactions(db, settings, query, parseCik(params.reporterCik))),
        ),
      {
        params: PersonParams,
        query: feedQuery,
        response: { 200: TransactionList, ...errorResponses },
        detail: free(
          'listInsiderPersonTransactions',
          "A reporting owner's transactions",
          `Every filing naming them. ${feedHelp}`,
        ),
      },
    )
    .get(
      '/person/:reporterCik/holdings',
      ({ db, params }) => listHoldings(db, settings, parseCik(params.reporterCik), false),
      {
        params: PersonParams,
        response: { 200: Holdings, ...errorResponses },
        detail: free(
          'listInsiderPersonHoldings',
          "A reporting owner's positions",
          'The latest reported balance of each security at each issuer.',
        ),
      },
    )
    .get(
      '/person/:reporterCik/holdings/summary',
      ({ db, params, query }) => holdingsSummary(db, settings, parseCik(params.reporterCik), query, new Date()),
      {
        params: PersonParams,
        query: OwnersQuery,
        response: { 200: HoldingsSummary, ...errorResponses },
        detail: free(
          'getInsiderPersonHoldingsSummary',
          "A reporting owner's holdings per issuer",
          'Sums per issuer and security title; see methodology.',
        ),
      },
    )
    .get(
      '/person/:reporterCik/ownership',
      ({ db, params }) => listHoldings(db, settings, parseCik(params.reporterCik), true),
      {
        params: PersonParams,
        response: { 200: Holdings, ...errorResponses },
        detail: free(
          'listInsiderPersonOwnership',
          "A reporting owner's current ownership",
          'The positions with shares left.',
        ),
      },
    )
    .get(
      '/:ticker/transactions',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => listTransactions(db, settings, query, params.ticker))),
      {
        params: TickerParams,
        query: feedQuery,
        response: { 200: TransactionList, ...errorResponses },
        detail: free(
          'listInsiderTransactionsOfCompany',
          'Insider transactions of one issuer',
          `404 for an unknown ticker. ${feedHelp}`,
        ),
      },
    )
    .get(
      '/:ticker/owners',
      ({ db, cacheKey, params, query }) =>
        db.cached(cacheKey, () => listOwners(db, settings, params.ticker, query, new Date())),
      {
        params: TickerParams,
        query: t.Composite([OwnersQuery, limitOnly]),
        response: { 200: OwnersResponse, ...errorResponses },
        detail: free(
          'listInsiderOwners',
          'Reporting owners of an issuer by current shares',
          'Latest reported balances summed per owner and security title (see methodology); 404 when the issuer has no insider data.',
        ),
      },
    )
    .get('/:ticker/buy-sell-ratio', ({ db, params }) => buySellRatio(db, settings, params.ticker), {
      params: TickerParams,
      response: { 200: BuySellRatio, ...errorResponses },
      detail: lite(
        'getInsiderBuySellRatio',
        'Lifetime insider buy and sell counts',
        '404 when the ticker has no insider data.',
      ),
    })
    .get('/:ticker/net-shares', ({ db, params }) => netShares(db, settings, params.ticker), {
      params: TickerParams,
      response: { 200: NetShares, ...errorResponses },
      detail: lite(
        'getInsiderNetShares',
        'Lifetime insider shares acquired, disposed and net',
        '404 when the ticker has no insider data.',
      ),
    })
    .get('/:ticker/net-value', ({ db, params }) => netValue(db, settings, params.ticker), {
      params: TickerParams,
      response: { 200: NetValue, ...errorResponses },
      detail: lite(
        'getInsiderNetValue',
        'Lifetime insider value acquired, disposed and net',
        '404 when the ticker has no insider data.',
      ),
    })
}

export const insiders: Area = {
  tag: 'Insiders',
  sources: ['insider-transactions'],
  routes: insidersRoutes,
  bench: INSIDERS_BENCH,
  benchKeys: INSIDERS_BENCH_KEYS,
}
