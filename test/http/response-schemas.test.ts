/**
 * What every operation sends matches its 200 schema (the check of src/areas/operation.ts, which the tests
 * turn on, reads each body too; this one says which paths are asked for): each operation of the app (test/helpers/operations.ts) at its example path, bare,
 * with its query examples and with its largest page. And response schemas hold no transform. One
 * transform anywhere in a route's response schema (Elysia's `t.Integer` and `t.Numeric` are transforms,
 * made for query text) makes Elysia run every response of that route through TypeBox's encoder before
 * checking it: 16% of a 100-filing page's CPU time.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { TransformKind, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { openTestApi } from '../helpers/api.ts'
import { knownOf, type Operation, operationsOf, queryExamples, rowsOf } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => (api = await openTestApi()))
afterAll(() => api.close())

/** Paths inside a schema to each transform it holds. */
function transformsIn(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return []
  const own = TransformKind in (schema as object) ? [at || '(root)'] : []
  return own.concat(Object.entries(schema).flatMap(([key, value]) => transformsIn(value, `${at}.${key}`)))
}

test('no response schema of any route holds a transform', () => {
  const found = api.app.routes.flatMap((route) => {
    const response = (route.hooks as { response?: Record<string, TSchema> }).response ?? {}
    return Object.entries(response).flatMap(([status, schema]) =>
      transformsIn(schema).map((at) => `${route.method} ${route.path} ${status}${at}`),
    )
  })
  expect(found).toEqual([])
  // The check can see one: a query schema with page and limit holds t.Integer's transforms.
  const filings = api.app.routes.find((r) => r.path === '/v1/filings')!
  expect(transformsIn((filings.hooks as { query?: TSchema }).query).length).toBeGreaterThan(0)
})

/**
 * `query` with a real cursor in place of the example's (a well-formed one of no row: test/helpers/operations.ts):
 * the next page's cursor of the operation's first page of one row.
 */
async function withCursor(op: Operation, query: Record<string, string>) {
  if (query.cursor === undefined) return query
  const first = await api.get(op.path({}, { limit: '1' }))
  return { ...query, cursor: (first.body as { pagination: { nextCursor: string } }).pagination.nextCursor }
}

test('every operation sends bodies that match its 200 schema: bare, with every query example, and its largest page', async () => {
  let checked = 0
  for (const op of operationsOf(api.app)) {
    // The largest JSON page: CSV and Arrow take a larger limit (jsonMaximum: src/areas/operation.ts).
    const limitSchema = op.queryParams.find((p) => p.name === 'limit')?.schema
    const limit = (limitSchema?.jsonMaximum ?? limitSchema?.maximum) as number | undefined
    const paths = [
      op.path(),
      ...(op.queryParams.length ? [op.path({}, await withCursor(op, queryExamples(op)))] : []),
      ...(limit ? [op.path({}, { limit: String(limit) })] : []),
    ]
    for (const path of paths) {
      const res = await api.get(path)
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'application/json;charset=utf-8'])
      expect([path, [...Value.Errors(op.response, res.body)].map((e) => `${e.path}: ${e.message}`)]).toEqual([path, []])
      const rows = rowsOf(res.body) ?? [res.body]
      expect({ path, rows: rows.length > 0 }).toEqual({ path, rows: true })
      checked++
    }
  }
  expect(checked).toBeGreaterThanOrEqual(19)
})

test('each query parameter alone, at its example, gives rows that match the schema', async () => {
  for (const op of operationsOf(api.app)) {
    for (const p of op.queryParams) {
      const path = op.path({}, await withCursor(op, { [p.name]: knownOf(op, p.name)! }))
      const res = await api.get(path)
      expect([
        path,
        res.status,
        [...Value.Errors(op.response, res.body)].length,
        rowsOf(res.body)?.length !== 0,
      ]).toEqual([path, 200, 0, true])
    }
  }
})
