/**
 * The app's /v1 operations, read from the app itself (`app.routes`), for the tests that go over every
 * operation and every parameter (errors, parameters, response schemas, OpenAPI, auth): a new area's routes
 * are in them without a line of test code. What the routes cannot say is which values exist in the fixture
 * snapshot; EXAMPLES says it, once per parameter NAME (not per operation), from the generator's fixed cast
 * (src/sample/cast.ts). test/http/operations.test.ts fails when a parameter has no example, so a route
 * cannot be skipped silently.
 */

import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { publicParam, publicPattern, type RouteInfo } from '../../src/http/routes.ts'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'

type Example = {
  /** a value the sample snapshot holds: the operation answers 200 with rows */
  known: string
  /** for a path parameter: well-formed values that name nothing in the snapshot (404) */
  unknown?: string[]
  /**
   * values the operation must refuse with a 400 naming this parameter, fixed here rather than read from
   * the schema, so that a schema loosened by mistake fails the tests (test/http/errors.test.ts)
   */
  invalid: string[]
}

/**
 * One example per parameter name, path and query alike. Path values name the cast's large issuer
 * (Quillfeather Dynamics, CIK 804753, ticker QFD) and its 10-K, so every combination exists; query values
 * each keep rows in every list that takes them (a filter that matched nothing would check no row).
 */
export const EXAMPLES: Record<string, Example> = {
  cik: { known: String(CAST.largeIssuer.cik), unknown: ['9999999999', '1'], invalid: ['abc', '12345678901'] },
  accessionNumber: {
    known: CAST_ACCESSIONS.tenK,
    unknown: ['0000000000-00-000000', '000000000000000000'],
    invalid: ['123', '0000320193-24-00012X', '0000320193-24-1'],
  },
  identifier: { known: 'QFD', unknown: ['ZZZZZZ', '9999999999', '12345678901', 'ABCDEFGHIJKL'], invalid: ['AB!'] },
  ticker: { known: 'QFD', unknown: ['ZZZZZZ', '9999999999'], invalid: ['A B'] },
  formTypes: { known: '10-K,8-K', invalid: ["10-K'", '10-K;8-K'] },
  startDate: { known: '2020-01-01', invalid: ['2024-02-30', '2023-13-01', '2024/01/02'] },
  // A date for the filing lists; the standardized statements also read it, and 2025-12-31 is the 10-K's period end.
  endDate: { known: '2025-12-31', invalid: ['2024-02-30', '2023-13-01', '2024/01/02', '20240231'] },
  entityType: { known: 'company', invalid: ['robot'] },
  // A day the cast's large issuer had filed its latest 10-K.
  asOf: { known: '2026-06-30', invalid: ['2024-02-30', '2024/01/02', 'yesterday'] },
  vintage: { known: 'first', invalid: ['second', 'FIRST'] },
  ttm: { known: 'true', invalid: ['yes', '1'] },
  // In Quillfeather's name and in standard tag labels ("Other comprehensive income").
  q: { known: 'ther', invalid: ['', 'a'.repeat(201)] },
  page: { known: '1', invalid: ['0', '-1', 'abc', '1.5', '0x1F', '1e3'] },
  limit: { known: '5', invalid: ['0', '101', '', '1.5', '0b11', ' 2'] },
  // Insiders: the cast's insider of the large issuer, and a transaction date with open-market sales (seed 1).
  reporterCik: { known: String(CAST.insiderA.cik), unknown: ['9999999999', '1'], invalid: ['abc', '12345678901'] },
  acquiredDisposed: { known: 'A', invalid: ['X', 'AD', ''] },
  transactionCode: { known: 'm', invalid: ['PP', '1', ''] },
  derivative: { known: 'false', invalid: ['yes', '1', ''] },
  insiderRole: { known: 'officer', invalid: ['ceo', ''] },
  // The cast's insider A checks the 10b5-1 box on the QFD Form 4 of the text files (exercises, M).
  aff10b5One: { known: 'true', invalid: ['yes', '1', ''] },
  openMarketOnly: { known: 'false', invalid: ['no', '0', ''] },
  minValue: { known: '0', invalid: ['-1', '9223372036854775808', '1e3', 'abc', '99999999999999999999'] },
  acceptedFrom: { known: '2006-01-01', invalid: ['2024-02-30', '2024/01/02'] },
  transactionFrom: { known: '2006-01-01', invalid: ['2024-02-30', '2023-13-01'] },
  transactionTo: { known: '2026-12-31', invalid: ['2024-02-30', 'today'] },
  from: { known: '2006-01-01', invalid: ['2024-02-30', '2024/01/02'] },
  end: { known: '2026-12-31', invalid: ['2024-02-30', '2023-13-01'] },
  date: { known: '2025-09-12', invalid: ['2024-02-30', '20240102', 'latest'] },
  includeDerivative: { known: 'true', invalid: ['yes', ''] },
  includeNonDerivative: { known: 'true', invalid: ['no', ''] },
  activeSince: { known: '2006-01-01', invalid: ['2024-02-30', '2024/01/02'] },
  qtrs: { known: '4', invalid: ['9', '5', '-1', 'abc', '1.5'] },
  roleUri: { known: 'balance', invalid: ['', 'x'.repeat(10_000)] },
  version: { known: 'us-gaap', invalid: ['', 'v'.repeat(101)] },
  custom: { known: 'false', invalid: ['maybe', '1', ''] },
  // Institutions: the quarter labels, years, sorts and flags of the 13F operations.
  quarter: { known: '2026Q2', invalid: ['2026Q5', '2026-Q1', 'Q3', '20261', ''] },
  formType: { known: '13F-HR', invalid: ["13F-HR'", '10-K', ''] },
  year: { known: '2026', invalid: ['1989', '2101', 'abc', '2026.5', ''] },
  sort: { known: 'value', invalid: ['price', 'VALUE', ''] },
  newOnly: { known: 'false', invalid: ['yes', '1', ''] },
  soldOutOnly: { known: 'false', invalid: ['yes', '1', ''] },
  // Financials series and rankings: a canonical key and a raw tag of the large issuer, ratio ids and groups.
  symbols: { known: 'revenue,AccountsPayableCurrent', invalid: ['', 'foo_bar', 'rev;enue', 'Assets-Net'] },
  source: { known: 'all', invalid: ['both', 'RAW', ''] },
  ratio: { known: 'operating_cash_flow_ratio', invalid: ['', 'current', 'Current_Ratio', 'roe;'] },
  group: { known: 'liquidity', invalid: ['solvency', 'Liquidity', ''] },
  metric: { known: 'revenue', invalid: ['', 'Revenues', 'foo_bar'] },
  quarterly: { known: 'false', invalid: ['yes', '1', ''] },
  // Segments: the large issuer (by ticker), its product/service axis, its fiscal years.
  issuer: { known: 'QFD', unknown: ['ZZZZZZ', '9999999999', '12345678901'], invalid: ['AB!', 'A B'] },
  axis: { known: 'ProductOrService', invalid: ['', 'Product Or Service', 'a;b'] },
  segmentType: { known: 'product,service', invalid: ['products', 'Product', '', 'product;service'] },
  period: { known: '2025', invalid: ['2025Q1', 'FY2025', '25', ''] },
  periods: { known: '2024,2025', invalid: ['2024;2025', '2024,', 'FY2024', ''] },
  // The answer's format (docs/api/formats.md): the sweeps read JSON bodies; test/http/exports.test.ts the others.
  format: { known: 'json', invalid: ['xml', 'CSV', 'parquet', ''] },
  // The insider feeds' cursor: well formed (position 0, a mark no row has: a page answers 400, stale); the
  // tests that need a page take a real one from a first page (firstCursor). Text no page gave is refused.
  cursor: { known: 'MC4wMDAwMDAwMDAwMDAwMDAw', invalid: ['', 'abc', 'MA==', 'a b', 'LTE', 'MA'] },
}

/**
 * Query values an operation needs besides the one under test: a search needs its subject (the company
 * lookup a cik or a ticker, the concept search `q`), so a sweep that sends one parameter alone adds these.
 */
export const BASE_QUERY: Record<string, Record<string, string>> = {
  searchFinancialCompanies: { ticker: 'QFD' },
  searchFinancialConcepts: { q: 'ther' },
  getFinancialMetrics: { cik: String(CAST.largeIssuer.cik), symbols: 'revenue' },
  getFinancialRatios: { cik: String(CAST.largeIssuer.cik) },
  getTopCompaniesByMetric: { metric: 'revenue' },
  getTopRestatements: { metric: 'revenue' },
}

/**
 * Known values of the operations under a path prefix whose resources are not the large issuer's: under
 * `/v1/institutions` a CIK is a 13F manager's (the cast's Harrowgate Capital) and an accession number one
 * of its 13F filings. Unknown and invalid values stay those of EXAMPLES.
 */
export const KNOWN_BY_PREFIX: Record<string, Record<string, string>> = {
  '/v1/institutions': { cik: String(CAST.manager.cik), accessionNumber: '0001699243-26-000003', q: 'harrow' },
  // A fiscal quarter (1–4) and year of a quarterly ranking.
  '/v1/financials/metrics/top': { quarter: '2', year: '2025' },
  // A quarter the cast's large issuer filed a 10-K restating its prior years in.
  '/v1/financials/restatements/top': { quarter: '2026Q1' },
  // The geography variants' axis.
  '/v1/financials/:issuer/segments/geography': { axis: 'StatementGeographical' },
  // A day with an open-market purchase (P): the top buyers rank only those by default (seed 1 has no day
  // with both a purchase and a sale; the shared `date` has sales).
  '/v1/insiders/activity/daily/top-buyers': { date: '2026-07-16' },
}

/** The known example of a parameter for an operation (its route's prefix may name its own). */
export function knownOf(op: { route: string }, name: string): string | undefined {
  for (const [prefix, values] of Object.entries(KNOWN_BY_PREFIX))
    if (op.route.startsWith(prefix) && values[name] !== undefined) return values[name]
  return EXAMPLES[name]?.known
}

/** The array fields that hold a response's rows, by the names the reference uses. */
const ROW_FIELDS = ['data', 'filings', 'transactions', 'owners', 'holdings', 'issuers']

/**
 * A list response's rows: the array itself, its named rows field, else for a paged body every array it
 * holds (an institution's filings, buys and sells, the activity lists); undefined for a body that is not
 * a list (one filing, a breakdown).
 */
export function rowsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body
  const b = (body ?? {}) as Record<string, unknown>
  const named = ROW_FIELDS.map((k) => b[k]).find(Array.isArray) as unknown[] | undefined
  if (named) return named
  if ('pagination' in b) return (Object.values(b).filter(Array.isArray) as unknown[][]).flat()
  return undefined
}

export type Param = {
  /** the name clients see (OpenAPI, error details) */
  name: string
  /** the router's name in the route's path (`/v1/filings/:cik` takes an accession number) */
  routerName: string
  in: 'path' | 'query'
  schema: TSchema
}

export type Operation = {
  method: string
  /** the router's pattern, as in app.routes */
  route: string
  /** the pattern with public parameter names: `/v1/filings/:accessionNumber` */
  pattern: string
  operationId: string
  params: Param[]
  pathParams: Param[]
  queryParams: Param[]
  /** the 200 response schema */
  response: TSchema
  /**
   * The path with each path parameter's known example, or the value given by public name; `query`
   * appended after the operation's BASE_QUERY (which it overrides).
   */
  path(values?: Record<string, string>, query?: Record<string, string>): string
  /** The path (known examples) with `name=text` appended as is, unencoded, and BASE_QUERY without `name`. */
  withRaw(name: string, text: string): string
}

type Route = RouteInfo & { hooks?: { query?: unknown; params?: unknown; detail?: unknown; response?: unknown } }

const properties = (schema: unknown) =>
  (schema as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {}

/** Every /v1 operation of the app, in route order. */
export function operationsOf(app: { routes: readonly Route[] }): Operation[] {
  return app.routes
    .filter((r) => r.path.startsWith('/v1/'))
    .map((r) => {
      const routeParams = properties(r.hooks?.params)
      const pathParams = [...r.path.matchAll(/:(\w+)/g)].map(([, routerName]) => ({
        name: publicParam(r, routerName!),
        routerName: routerName!,
        in: 'path' as const,
        schema: routeParams[routerName!]!,
      }))
      const queryParams = Object.entries(properties(r.hooks?.query)).map(([name, schema]) => ({
        name,
        routerName: name,
        in: 'query' as const,
        schema,
      }))
      const detail = r.hooks?.detail as { operationId?: string } | undefined
      return {
        method: r.method,
        route: r.path,
        pattern: publicPattern(r),
        operationId: detail?.operationId ?? `${r.method} ${r.path}`,
        params: [...pathParams, ...queryParams],
        pathParams,
        queryParams,
        response: (r.hooks?.response as Record<number, TSchema> | undefined)?.[200] as TSchema,
        path(values = {}, query = {}) {
          const filled = r.path.replace(/:(\w+)/g, (_, routerName: string) => {
            const name = publicParam(r, routerName)
            const value = values[name] ?? knownOf({ route: r.path }, name)
            if (value === undefined)
              throw new Error(
                `no example value for the path parameter ${name} of ${r.method} ${r.path}: add one to EXAMPLES in test/helpers/operations.ts`,
              )
            return value
          })
          const search = new URLSearchParams({ ...BASE_QUERY[detail?.operationId ?? ''], ...query }).toString()
          return search ? `${filled}?${search}` : filled
        },
        withRaw(name, text) {
          const base = Object.entries(BASE_QUERY[detail?.operationId ?? ''] ?? {}).filter(([k]) => k !== name)
          const path = this.path({}, {})
          const bare = path.split('?')[0]!
          const search = new URLSearchParams(base).toString()
          return `${bare}?${search ? `${search}&` : ''}${name}=${text}`
        },
      }
    })
}

/** Whether the app refuses `text` for a parameter: its schema rejects it, or decoding it fails (an integer out of range). */
export function rejects(param: Param, text: string): boolean {
  try {
    Value.Decode(param.schema, text)
    return false
  } catch {
    return true
  }
}

/** The example values of the operation's query parameters, every one at once. */
export const queryExamples = (op: Operation) =>
  Object.fromEntries(op.queryParams.map((p) => [p.name, knownOf(op, p.name) ?? '']))
