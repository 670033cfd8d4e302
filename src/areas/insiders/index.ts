/**
 * Insiders routes, each operation declared once (src/areas/operation.ts): the transaction feeds, the
 * directories, the statistics, the daily leaders, owners and the lifetime figures of an issuer, and a
 * person's filings and holdings. Handlers receive the area's store (store/index.ts: every read of the
 * data) and only delegate to the functions that check the parameters and shape what it reads
 * (directories.ts, feeds.ts, figures.ts, holdings.ts). A person, a person's positions and an issuer's
 * lifetime figures are point lookups (one record by key); the rest is cached. Daily leaders, buy-sell ratio, net shares and net value need LITE
 * and SEC_API_ENDPOINTS (net value alike: the same kind of data); the rest is FREE.
 */
import { t } from 'elysia'
import { queryConfig } from '../../config.ts'
import { limitQuery, pageQuery } from '../../http/schemas.ts'
import { parseCik } from '../../lib/ids.ts'
import type { Area } from '../area.ts'
import type { AreaDeps } from '../context.ts'
import { areaRoutes, operationsOf } from '../operation.ts'
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
import { insidersStore } from './store/index.ts'

const feedHelp =
  'Newest acceptance first, then transaction date. Filters combine with AND and are echoed normalized. ' +
  'A transaction belongs to its issuer; a filing with several reporting owners gives each transaction once, with the first owner by CIK as reporter.'
const leadersHelp =
  'Per transaction date (default: the latest date the scope ranks anyone of the side); 404 when no transaction is dated that day. ' +
  'Ranks open-market purchases and sales (codes P and S) of non-derivative securities; `openMarketOnly=false` ranks every non-derivative transaction by its type. ' +
  'A derivative row never enters a dollar total: its price is the derivative’s own (an exercise or conversion price).'

const defineOperation = operationsOf(insidersStore)

const insidersOperations = ({ config }: AreaDeps) => {
  const settings = queryConfig(config)
  const max = config.MAX_LIMIT
  const feedQuery = t.Composite([TransactionFilters, feedLimit(max)])
  const limitOnly = limitQuery(max, 20, 'Rows')
  return [
    defineOperation({
      path: '/transactions',
      plan: 'FREE',
      operationId: 'listInsiderTransactions',
      rows: 'transactions',
      summary: 'Insider transactions of every issuer',
      description: feedHelp,
      query: feedQuery,
      response: TransactionList,
      handler: ({ store, query }) => listTransactions(store, settings, query),
    }),
    defineOperation({
      path: '/companies',
      plan: 'FREE',
      operationId: 'listInsiderCompanies',
      rows: 'data',
      summary: 'Issuers with insider filings',
      description:
        'Most recently filed about first; `q` is a case-insensitive substring of the name, ticker or 10-digit CIK.',
      query: t.Composite([DirectoryQuery, pageQuery(max)]),
      response: CompanyList,
      handler: ({ store, query }) => listCompanies(store, settings, query),
    }),
    defineOperation({
      path: '/persons',
      plan: 'FREE',
      operationId: 'listInsiderPersons',
      rows: 'data',
      summary: 'Reporting owners',
      description:
        'Most recently filing first; `q` is a case-insensitive substring of the name, the 10-digit CIK, or the latest issuer name or ticker.',
      query: t.Composite([DirectoryQuery, pageQuery(max)]),
      response: PersonList,
      handler: ({ store, query }) => listPersons(store, settings, query),
    }),
    defineOperation({
      path: '/statistics',
      plan: 'FREE',
      operationId: 'getInsiderStatistics',
      summary: 'Insider statistics',
      description: 'Counts, shares and values over everything covered.',
      response: Statistics,
      handler: ({ store }) => getStatistics(store),
    }),
    defineOperation({
      path: '/activity/buying',
      plan: 'FREE',
      operationId: 'listInsiderBuying',
      rows: 'transactions',
      summary: 'Insider acquisitions',
      description: 'Acquisitions (A) dated from `from` to `end`, in feed order.',
      query: t.Composite([ActivityQuery, feedLimit(max)]),
      response: TransactionList,
      handler: ({ store, query }) => listActivity(store, settings, 'A', query),
    }),
    defineOperation({
      path: '/activity/selling',
      plan: 'FREE',
      operationId: 'listInsiderSelling',
      rows: 'transactions',
      summary: 'Insider disposals',
      description: 'Disposals (D) dated from `from` to `end`, in feed order.',
      query: t.Composite([ActivityQuery, feedLimit(max)]),
      response: TransactionList,
      handler: ({ store, query }) => listActivity(store, settings, 'D', query),
    }),
    defineOperation({
      path: '/activity/daily/top-buyers',
      plan: 'LITE',
      feature: 'SEC_API_ENDPOINTS',
      operationId: 'getInsiderTopBuyers',
      rows: 'data',
      summary: 'Issuers by insider buy value on a day',
      description: leadersHelp,
      query: t.Composite([DailyQuery, limitOnly]),
      response: DailyActivity,
      handler: ({ store, query }) => dailyLeaders(store, 'top_buyers', query),
    }),
    defineOperation({
      path: '/activity/daily/top-sellers',
      plan: 'LITE',
      feature: 'SEC_API_ENDPOINTS',
      operationId: 'getInsiderTopSellers',
      rows: 'data',
      summary: 'Issuers by insider sell value on a day',
      description: leadersHelp,
      query: t.Composite([DailyQuery, limitOnly]),
      response: DailyActivity,
      handler: ({ store, query }) => dailyLeaders(store, 'top_sellers', query),
    }),
    defineOperation({
      path: '/person/:reporterCik',
      plan: 'FREE',
      operationId: 'getInsiderPerson',
      summary: 'A reporting owner',
      description: '404 when no ownership filing names the CIK.',
      params: PersonParams,
      response: Person,
      pointLookup: true,
      handler: ({ store, params }) => getPerson(store, settings, parseCik(params.reporterCik)),
    }),
    defineOperation({
      path: '/person/:reporterCik/transactions',
      plan: 'FREE',
      operationId: 'listInsiderPersonTransactions',
      rows: 'transactions',
      summary: "A reporting owner's transactions",
      description: `Every filing naming them. ${feedHelp}`,
      params: PersonParams,
      query: feedQuery,
      response: TransactionList,
      handler: ({ store, params, query }) =>
        listPersonTransactions(store, settings, query, parseCik(params.reporterCik)),
    }),
    defineOperation({
      path: '/person/:reporterCik/holdings',
      plan: 'FREE',
      operationId: 'listInsiderPersonHoldings',
      rows: 'holdings',
      summary: "A reporting owner's positions",
      description: 'The latest reported balance of each security at each issuer.',
      params: PersonParams,
      response: Holdings,
      pointLookup: true,
      handler: ({ store, params }) => listHoldings(store, settings, parseCik(params.reporterCik), false),
    }),
    defineOperation({
      path: '/person/:reporterCik/holdings/summary',
      plan: 'FREE',
      operationId: 'getInsiderPersonHoldingsSummary',
      rows: 'issuers',
      summary: "A reporting owner's holdings per issuer",
      description: 'Sums per issuer and security title; see methodology.',
      params: PersonParams,
      query: OwnersQuery,
      response: HoldingsSummary,
      handler: ({ store, params, query }) =>
        holdingsSummary(store, settings, parseCik(params.reporterCik), query, new Date()),
    }),
    defineOperation({
      path: '/person/:reporterCik/ownership',
      plan: 'FREE',
      operationId: 'listInsiderPersonOwnership',
      rows: 'holdings',
      summary: "A reporting owner's current ownership",
      description: 'The positions with shares left.',
      params: PersonParams,
      response: Holdings,
      pointLookup: true,
      handler: ({ store, params }) => listHoldings(store, settings, parseCik(params.reporterCik), true),
    }),
    defineOperation({
      path: '/:ticker/transactions',
      plan: 'FREE',
      operationId: 'listInsiderTransactionsOfCompany',
      rows: 'transactions',
      summary: 'Insider transactions of one issuer',
      description: `404 for an unknown ticker. ${feedHelp}`,
      params: TickerParams,
      query: feedQuery,
      response: TransactionList,
      handler: ({ store, params, query }) => listTransactions(store, settings, query, params.ticker),
    }),
    defineOperation({
      path: '/:ticker/owners',
      plan: 'FREE',
      operationId: 'listInsiderOwners',
      rows: 'owners',
      summary: 'Reporting owners of an issuer by current shares',
      description:
        'Latest reported balances summed per owner and security title (see methodology); 404 when the issuer has no insider data.',
      params: TickerParams,
      query: t.Composite([OwnersQuery, limitOnly]),
      response: OwnersResponse,
      handler: ({ store, params, query }) => listOwners(store, settings, params.ticker, query, new Date()),
    }),
    defineOperation({
      path: '/:ticker/buy-sell-ratio',
      plan: 'LITE',
      feature: 'SEC_API_ENDPOINTS',
      operationId: 'getInsiderBuySellRatio',
      summary: 'Lifetime insider buy and sell counts',
      description: '404 when the ticker has no insider data.',
      params: TickerParams,
      response: BuySellRatio,
      pointLookup: true,
      handler: ({ store, params }) => buySellRatio(store, settings, params.ticker),
    }),
    defineOperation({
      path: '/:ticker/net-shares',
      plan: 'LITE',
      feature: 'SEC_API_ENDPOINTS',
      operationId: 'getInsiderNetShares',
      summary: 'Lifetime insider shares acquired, disposed and net',
      description: '404 when the ticker has no insider data.',
      params: TickerParams,
      response: NetShares,
      pointLookup: true,
      handler: ({ store, params }) => netShares(store, settings, params.ticker),
    }),
    defineOperation({
      path: '/:ticker/net-value',
      plan: 'LITE',
      feature: 'SEC_API_ENDPOINTS',
      operationId: 'getInsiderNetValue',
      summary: 'Lifetime insider value acquired, disposed and net',
      description: '404 when the ticker has no insider data.',
      params: TickerParams,
      response: NetValue,
      pointLookup: true,
      handler: ({ store, params }) => netValue(store, settings, params.ticker),
    }),
  ]
}

export const insiders: Area = {
  tag: 'Insiders',
  sources: ['insider-transactions'],
  routes: (deps) => areaRoutes(deps, { prefix: '/v1/insiders', tag: 'Insiders' }, insidersOperations(deps)),
  bench: INSIDERS_BENCH,
  benchKeys: INSIDERS_BENCH_KEYS,
}
