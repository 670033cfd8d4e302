/**
 * Financials routes (docs/api/financials.md, first part): the company lookup, the concept search, a filing's XBRL block,
 * its five as-reported statements and its three standardized ones, all from the SEC's Financial Statement
 * Data Sets (docs/financials.md). Handlers only delegate, through the snapshot's result cache; SQL in
 * lookup.ts, statements.ts and standardized.ts; shapes in schemas.ts. The filing-level bodies (a hundred
 * rows of a dozen fields) go out without Elysia's per-row check (http/raw-json.ts): test/financials/
 * schemas-hold.test.ts checks every filing of the fixture against the schemas instead. The standardized
 * statements need plan LITE and feature SEC_API_ENDPOINTS; the rest is open to every plan.
 */
import { Elysia } from 'elysia'
import { access } from '../../auth/access.ts'
import { queryConfig } from '../../config.ts'
import { sendJson } from '../../http/raw-json.ts'
import { errorResponses } from '../../http/schemas.ts'
import type { StatementCode } from '../../pipeline/sources/financial-statements/contract.ts'
import type { CanonicalStatement } from '../../reference/canonical-metrics.ts'
import type { Area } from '../area.ts'
import { type AreaDeps, dbContext } from '../context.ts'
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
import { segmentRoutes } from './segment-routes.ts'
import { seriesRoutes } from './series-routes.ts'
import { standardized } from './standardized.ts'
import { asReported, xbrlBlock } from './statements.ts'

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

const financialsRoutes = (deps: AreaDeps) => {
  const { config, database } = deps
  const { maxOffset } = queryConfig(config)
  let app = new Elysia({ prefix: '/v1/financials', tags: ['Financials'] })
    .use(dbContext(database))
    .get(
      '/companies/search',
      ({ db, cacheKey, query }) => db.cached(cacheKey, () => searchCompanies(db, query, maxOffset)),
      {
        query: CompanySearchQuery,
        response: { 200: CompanySearchResponse, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'searchFinancialCompanies',
          summary: 'Look up a company and its 10-K and 10-Q filings',
          description:
            'The issuer (by `cik`, which wins, or by `ticker`, resolved like everywhere else) and its 10-K, 10-Q, 10-K/A and 10-Q/A ' +
            'filings of the Financial Statement Data Sets, newest accepted first. `issuer` is null and `filings` empty when nothing matches; ' +
            '400 when neither cik nor ticker is given.',
        },
      },
    )
    .get(
      '/concepts/search',
      ({ db, cacheKey, query }) => db.cached(cacheKey, () => searchConcepts(db, query, maxOffset)),
      {
        query: ConceptQuery,
        response: { 200: ConceptList, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'searchFinancialConcepts',
          summary: 'Search tags (concepts)',
          description:
            'Tags of the data sets whose code or label contains `q` (case-insensitive), then those whose documentation alone does. ' +
            '`version` is a partial match of the taxonomy version (a custom tag has its accession number); `custom` keeps custom or standard tags only.',
        },
      },
    )
    .get(
      '/filings/:accessionNumber/xbrl',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => xbrlBlock(db, params.accessionNumber, query.roleUri))),
      {
        params: FilingParams,
        query: XbrlQuery,
        response: { 200: FinancialXbrl, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'getFilingXbrl',
          summary: "A filing's statements as presented",
          description:
            'Each statement (FSDS report, identified by the URL of its R file in the filing folder) with its periods and its lines in ' +
            'presentation order, each with its consolidated values by period key. `roleUri` keeps the statements whose URI or label contains it. ' +
            '404 when the data sets do not have the filing.',
        },
      },
    )
  for (const [segment, stmt, operationId, name] of AS_REPORTED)
    app = app.get(
      `/filings/:accessionNumber/statements/${segment}`,
      async ({ db, cacheKey, params }) =>
        sendJson(await db.cached(cacheKey, () => asReported(db, params.accessionNumber, stmt))),
      {
        params: FilingParams,
        response: { 200: CompanyFinancialStatement, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId,
          summary: `A filing's ${name}, as reported`,
          description: `Every presented line of the ${name} (stmt ${stmt}) with each of its values and value context, and its tag's metadata. 404 when the filing is unknown, has no financial data, or lacks the statement.`,
        },
      },
    )
  for (const [segment, statement, operationId, title] of STANDARDIZED)
    app = app.get(
      `/filings/:accessionNumber/statements/${segment}/standardized`,
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => standardized(db, params.accessionNumber, statement, query))),
      {
        params: FilingParams,
        query: StandardizedQuery,
        response: {
          200: statement === 'balanceSheet' ? StandardizedBalanceSheet : StandardizedFlowStatement(title),
          ...errorResponses,
        },
        detail: {
          ...access('LITE', 'SEC_API_ENDPOINTS'),
          operationId,
          summary: `A filing's standardized ${segment.replace('-', ' ')}`,
          description:
            'The canonical metrics of the statement (docs/api/financials.md lists them) under short camelCase keys, each null when the filing does not report it, ' +
            'chosen by the rule table src/reference/canonical-metrics.json (`sourceTag`, `ruleId`, `confidence` say which rule). ' +
            "`endDate` (YYYYMMDD) and `qtrs` pick the period; by default the filing's own period end and the statement's natural span " +
            '(income: a quarter for a 10-Q, a year for a 10-K; cash flow: year to date; balance sheet: an instant). 404 when nothing is reported at that period.',
        },
      },
    )
  return app.use(seriesRoutes(deps)).use(segmentRoutes(deps))
}

export const financials: Area = {
  tag: 'Financials',
  sources: ['financial-statements', 'company-facts'],
  routes: financialsRoutes,
  bench: FINANCIALS_BENCH,
  benchKeys: FINANCIALS_BENCH_KEYS,
}
