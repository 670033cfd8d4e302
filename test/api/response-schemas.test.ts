/**
 * What the lists send matches their schemas, although the hot ones go out without Elysia's check
 * (src/http/raw-json.ts), and response schemas hold no transform. One transform anywhere in a route's response schema (Elysia's
 * `t.Integer` and `t.Numeric` are transforms, made for query text) makes Elysia run every response of
 * that route through TypeBox's encoder before checking it: 16% of a 100-filing page's CPU time.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { TransformKind, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Entity, EntityList, SicCodeList } from '../../src/areas/entities/schemas.ts'
import { FilingList } from '../../src/areas/common/filing-schemas.ts'
import { FormTypeList } from '../../src/areas/filings/schemas.ts'
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

test('list and entity bodies sent over HTTP match their schemas', async () => {
  const cases: [string, TSchema][] = [
    ['/v1/filings?limit=100', FilingList],
    ['/v1/filings?formTypes=10-K,8-K,4&limit=30&page=2', FilingList],
    ['/v1/filings?cik=804753&startDate=2000-01-01', FilingList],
    ['/v1/entities/QFD/filings?limit=5', FilingList],
    ['/v1/entities?limit=100', EntityList],
    ['/v1/entities?q=inc&entityType=company', EntityList],
    ['/v1/entities/804753', Entity],
    ['/v1/filings/form-types?limit=100', FormTypeList],
    ['/v1/entities/sic-codes', SicCodeList],
  ]
  for (const [path, schema] of cases) {
    const res = await api.get(path)
    expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'application/json;charset=utf-8'])
    expect([path, [...Value.Errors(schema, res.body)].map((e) => `${e.path}: ${e.message}`)]).toEqual([path, []])
    const rows = Array.isArray(res.body.data) ? res.body.data : [res.body]
    expect(rows.length).toBeGreaterThan(0)
  }
})
