/**
 * Financials routes, each operation declared once (src/areas/operation.ts): the company lookup, the
 * concept search, a filing's XBRL block, its five as-reported statements and its three standardized ones,
 * all from the SEC's Financial Statement Data Sets (docs/financials.md); then the series and rankings
 * (series-routes.ts) and segment revenue (segment-routes.ts). Every one is cached: lists, rankings and
 * bodies assembled from many lines. Handlers receive the area's store (store/index.ts: every read of the
 * area, SQL, lookup files and memos); the operations in lookup.ts, statements.ts and standardized.ts
 * check parameters and shape bodies; shapes in schemas.ts. The standardized statements need plan LITE
 * and feature SEC_API_ENDPOINTS; the rest here is open to every plan.
 */
import { queryConfig } from '../../config.ts'
import type { StatementCode } from '../../pipeline/sources/financial-statements/contract.ts'
import type { CanonicalStatement } from '../../reference/canonical-metrics.ts'
import type { Area } from '../area.ts'
import type { AreaDeps } from '../context.ts'
import { areaRoutes, operationsOf } from '../operation.ts'
import { FINANCIALS_BENCH, FINANCIALS_BENCH_KEYS } from './bench.ts'
import { searchCompanies, searchConcepts } from './lookup.ts'
import {
  CompanyFinancialStatement,
  CompanySearchQuery,
  CompanySearchResponse,
  ConceptList,
  ConceptQuery,
  FilingParams,
  FinancialXbrl,
  StandardizedBalanceSheet,
  StandardizedFlowStatement,
  StandardizedQuery,
  XbrlQuery,
} from './schemas.ts'
import { segmentOperations } from './segment-routes.ts'
import { seriesOperations } from './series-routes.ts'
import { standardized } from './standardized.ts'
import { asReported, xbrlBlock } from './statements.ts'
import { financialsStore } from './store/index.ts'

const defineOperation = operationsOf(financialsStore)

/** The as-reported statements: path segment, FSDS statement code, operation id, name. */
const AS_REPORTED: [string, StatementCode, string, string][] = [
  ['income-statement', 'IS', 'getIncomeStatement', 'income statement'],
  ['balance-sheet', 'BS', 'getBalanceSheet', 'balance sheet'],
  ['cash-flow', 'CF', 'getCashFlowStatement', 'cash flow statement'],
  ['stockholders-equity', 'SE', 'getStockholdersEquityStatement', "statement of stockholders' equity (FSDS's EQ)"],
  ['comprehensive-income', 'CI', 'getComprehensiveIncomeStatement', 'statement of comprehensive income'],
]

const STANDARDIZED: [string, CanonicalStatement, string, string][] = [
  ['income-statement', 'income', 'getStandardizedIncomeStatement', 'CanonicalIncomeStatement'],
  ['balance-sheet', 'balanceSheet', 'getStandardizedBalanceSheet', 'CanonicalBalanceSheet'],
  ['cash-flow', 'cashFlow', 'getStandardizedCashFlow', 'CanonicalCashFlow'],
]

const financialsOperations = (deps: AreaDeps) => {
  const { maxOffset, archivesUrl } = queryConfig(deps.config)
  return [
    defineOperation({
      path: '/companies/search',
      plan: 'FREE',
      operationId: 'searchFinancialCompanies',
      rows: 'filings',
      summary: 'Look up a company and its 10-K and 10-Q filings',
      description:
        'The issuer (by `cik`, which wins, or by `ticker`, resolved like everywhere else) and its 10-K, 10-Q, 10-K/A and 10-Q/A ' +
        'filings of the Financial Statement Data Sets, newest accepted first. `issuer` is null and `filings` empty when nothing matches; ' +
        '400 when neither cik nor ticker is given.',
      query: CompanySearchQuery,
      response: CompanySearchResponse,
      handler: ({ store, query }) => searchCompanies(store, query, maxOffset),
    }),
    defineOperation({
      path: '/concepts/search',
      plan: 'FREE',
      operationId: 'searchFinancialConcepts',
      rows: 'data',
      summary: 'Search tags (concepts)',
      description:
        'Tags of the data sets whose code or label contains `q` (case-insensitive), then those whose documentation alone does. ' +
        '`version` is a partial match of the taxonomy version (a custom tag has its accession number); `custom` keeps custom or standard tags only.',
      query: ConceptQuery,
      response: ConceptList,
      handler: ({ store, query }) => searchConcepts(store, query, maxOffset),
    }),
    defineOperation({
      path: '/filings/:accessionNumber/xbrl',
      plan: 'FREE',
      operationId: 'getFilingXbrl',
      rows: 'statements.rows',
      summary: "A filing's statements as presented",
      description:
        'Each statement (FSDS report, identified by the URL of its R file in the filing folder) with its periods and its lines in ' +
        'presentation order, each with its consolidated values by period key. `roleUri` keeps the statements whose URI or label contains it. ' +
        '404 when the data sets do not have the filing.',
      params: FilingParams,
      query: XbrlQuery,
      response: FinancialXbrl,
      handler: ({ store, params, query }) => xbrlBlock(store, archivesUrl, params.accessionNumber, query.roleUri),
    }),
    ...AS_REPORTED.map(([segment, stmt, operationId, name]) =>
      defineOperation({
        path: `/filings/:accessionNumber/statements/${segment}`,
        plan: 'FREE',
        operationId,
        rows: 'rows',
        summary: `A filing's ${name}, as reported`,
        description: `Every presented line of the ${name} (stmt ${stmt}) with each of its values and value context, and its tag's metadata. 404 when the filing is unknown, has no financial data, or lacks the statement.`,
        params: FilingParams,
        response: CompanyFinancialStatement,
        handler: ({ store, params }) => asReported(store, params.accessionNumber, stmt),
      }),
    ),
    ...STANDARDIZED.map(([segment, statement, operationId, title]) =>
      defineOperation({
        path: `/filings/:accessionNumber/statements/${segment}/standardized`,
        plan: 'LITE',
        feature: 'SEC_API_ENDPOINTS',
        operationId,
        rows: 'metrics',
        summary: `A filing's standardized ${segment.replace('-', ' ')}`,
        description:
          'The canonical metrics of the statement under short camelCase keys (docs/api/financials.md lists them), each null when the filing does not report it, ' +
          'chosen by the rule table src/reference/canonical-metrics.json (`sourceTag`, `ruleId`, `confidence` say which rule). ' +
          "`endDate` (YYYYMMDD) and `qtrs` pick the period; by default the filing's own period end and the statement's natural span " +
          '(income: a quarter for a 10-Q, a year for a 10-K; cash flow: year to date; balance sheet: an instant). 404 when nothing is reported at that period.',
        params: FilingParams,
        query: StandardizedQuery,
        response: statement === 'balanceSheet' ? StandardizedBalanceSheet : StandardizedFlowStatement(title),
        handler: ({ store, params, query }) => standardized(store, params.accessionNumber, statement, query),
      }),
    ),
    ...seriesOperations(maxOffset),
    ...segmentOperations(),
  ]
}

export const financials: Area = {
  tag: 'Financials',
  sources: ['financial-statements', 'company-facts'],
  routes: (deps) => areaRoutes(deps, { prefix: '/v1/financials', tag: 'Financials' }, financialsOperations(deps)),
  bench: FINANCIALS_BENCH,
  benchKeys: FINANCIALS_BENCH_KEYS,
}
