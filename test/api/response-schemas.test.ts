/**
 * Response schemas hold no transform. One transform anywhere in a route's response schema (Elysia's
 * `t.Integer` and `t.Numeric` are transforms, made for query text) makes Elysia run every response of
 * that route through TypeBox's encoder before checking it: 16% of a 100-filing page's CPU time.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { TransformKind, type TSchema } from '@sinclair/typebox'
import { openTestApi } from '../helpers/api.ts'

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
    return Object.entries(response).flatMap(([status, schema]) => transformsIn(schema).map((at) => `${route.method} ${route.path} ${status}${at}`))
  })
  expect(found).toEqual([])
  // The check can see one: a query schema with page and limit holds t.Integer's transforms.
  const filings = api.app.routes.find((r) => r.path === '/v1/filings')!
  expect(transformsIn((filings.hooks as { query?: TSchema }).query).length).toBeGreaterThan(0)
})
