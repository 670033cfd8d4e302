/**
 * Docs coverage as a test (Datasette's test_docs): every /v1 operation is in the OpenAPI document with
 * one area tag, a summary, a description, an operationId, a 200 schema and the shared error responses;
 * the docs page works offline.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { publicPattern, type RouteInfo } from '../../src/http/routes.ts'
import { AREA_TAGS } from '../../src/ops/docs.ts'
import { openTestApi } from '../helpers/api.ts'
import { operationsOf } from '../helpers/operations.ts'

type Parameter = {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: Record<string, unknown>
}
type Operation = {
  'x-minimum-plan'?: string
  'x-feature'?: string
  tags?: string[]
  summary?: string
  description?: string
  operationId?: string
  parameters?: Parameter[]
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; tags?: { name: string }[] }

let api: Awaited<ReturnType<typeof openTestApi>>
let doc: Document
let operations: { path: string; method: string; op: Operation }[]
/** The documented paths of the operations that page: those whose route takes page and limit (test/helpers/operations.ts). */
let listOperations: string[]

/** The route `/v1/filings/:cik` → `/v1/filings/{accessionNumber}` */
const documentedPath = (route: RouteInfo) => publicPattern(route).replace(/:(\w+)/g, '{$1}')
const ERROR_STATUSES = ['400', '401', '403', '404', '429', '500', '503']

beforeAll(async () => {
  api = await openTestApi()
  const res = await api.get('/openapi/json', { key: null })
  expect(res.status).toBe(200)
  doc = res.body
  operations = api.app.routes
    .filter((r) => r.path.startsWith('/v1/'))
    .map((r) => ({
      path: documentedPath(r),
      method: r.method.toLowerCase(),
      op: doc.paths[documentedPath(r)]![r.method.toLowerCase()]!,
    }))
  listOperations = operationsOf(api.app)
    .filter((o) => ['page', 'limit'].every((name) => o.queryParams.some((p) => p.name === name)))
    .map((o) => o.pattern.replace(/:(\w+)/g, '{$1}'))
})
afterAll(() => api.close())

const jsonSchema = (op: Operation, status: string) => op.responses?.[status]?.content?.['application/json']?.schema

describe('GET /openapi/json', () => {
  test('is an OpenAPI 3 document served without a key', () => {
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.tags?.map((t) => t.name)).toEqual([...AREA_TAGS])
  })

  test('documents every /v1 route of the app, and nothing else under /v1', () => {
    expect(operations.length).toBeGreaterThanOrEqual(9)
    for (const { path, method, op } of operations)
      expect({ path, method, documented: op !== undefined }).toEqual({ path, method, documented: true })
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`))
    expect(documented.sort()).toEqual(operations.map((o) => `${o.method} ${o.path}`).sort())
  })

  test('every operation has exactly one area tag, a summary, a description and a unique operationId', () => {
    for (const { path, op } of operations) {
      expect({ path, tags: op.tags?.length }).toEqual({ path, tags: 1 })
      expect(AREA_TAGS).toContain(op.tags![0] as (typeof AREA_TAGS)[number])
      expect({ path, summary: (op.summary?.length ?? 0) > 5 }).toEqual({ path, summary: true })
      expect({ path, description: (op.description?.length ?? 0) > 20 }).toEqual({ path, description: true })
      expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/)
    }
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length)
  })

  test('the tag matches the area of the path', () => {
    for (const { path, op } of operations) {
      const area = path.split('/')[2]!
      expect({ path, tag: op.tags![0]!.toLowerCase() }).toEqual({ path, tag: area })
    }
  })

  test('every operation has a 200 schema and the error responses with the ErrorResponse schema', () => {
    for (const { path, op } of operations) {
      const ok = jsonSchema(op, '200')
      expect({ path, ok: ok !== undefined && ('type' in ok || 'anyOf' in ok) }).toEqual({ path, ok: true })
      for (const status of ERROR_STATUSES) {
        const schema = jsonSchema(op, status) as
          | { title?: string; properties?: { error?: { required?: string[] } } }
          | undefined
        expect({ path, status, title: schema?.title }).toEqual({ path, status, title: 'ErrorResponse' })
        expect([...(schema?.properties?.error?.required ?? [])].sort()).toEqual([
          'code',
          'details',
          'message',
          'request_id',
        ])
      }
    }
  })

  test('every parameter has a description, in itself or in its schema', () => {
    for (const { path, op } of operations) {
      for (const p of op.parameters ?? []) {
        const description = p.description ?? (p.schema?.description as string | undefined)
        expect({ path, parameter: p.name, described: (description?.length ?? 0) > 3 }).toEqual({
          path,
          parameter: p.name,
          described: true,
        })
      }
    }
  })

  test('path parameters are the ones in the documented path, all required', () => {
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path')
      expect({ path, names: declared.map((p) => p.name) }).toEqual({ path, names: inPath })
      for (const p of declared) expect(p.required).toBe(true)
    }
  })

  const pageParams = (path: string) => {
    const params = doc.paths[path]!.get!.parameters ?? []
    return {
      page: params.find((p) => p.name === 'page' && p.in === 'query'),
      limit: params.find((p) => p.name === 'limit' && p.in === 'query'),
    }
  }

  /** Limits docs/api/financials.md states otherwise: the company lookup's 25 and the concept search's 50. */
  const DEFAULT_LIMITS: Record<string, number> = {
    '/v1/financials/companies/search': 25,
    '/v1/financials/concepts/search': 50,
  }

  test('every operation that pages documents page (default 1) and limit (default 20 unless its page says, at most 100)', () => {
    expect(listOperations.length).toBeGreaterThanOrEqual(5)
    for (const path of listOperations) {
      const { page, limit } = pageParams(path)
      expect({ path, page: page?.schema }).toMatchObject({ path, page: { default: 1, minimum: 1 } })
      expect({ path, limit: limit?.schema }).toMatchObject({
        path,
        limit: { default: DEFAULT_LIMITS[path] ?? 20, minimum: 1 },
      })
      // Of a JSON page; an operation whose body is rows takes more in CSV and Arrow (docs/api/formats.md).
      const { maximum, jsonMaximum } = limit!.schema as { maximum: number; jsonMaximum?: number }
      expect({ path, jsonMaximum: jsonMaximum ?? maximum }).toEqual({ path, jsonMaximum: 100 })
    }
  })

  // A parameter with a default is optional for the client; generated SDKs would otherwise demand it on every call.
  test('page and limit are not marked required', () => {
    for (const path of listOperations) {
      const { page, limit } = pageParams(path)
      expect({ path, page: page?.required ?? false, limit: limit?.required ?? false }).toEqual({
        path,
        page: false,
        limit: false,
      })
    }
  })

  test('filters other than page and limit have no default: leaving one out filters nothing', () => {
    for (const { path, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'query' || p.name === 'page' || p.name === 'limit') continue
        expect({ path, parameter: p.name, default: p.schema?.default }).toEqual({
          path,
          parameter: p.name,
          default: undefined,
        })
      }
    }
  })

  test('/v1/filings/{accessionNumber} is documented under that name, not the router name {cik}', () => {
    expect(doc.paths['/v1/filings/{cik}']).toBeUndefined()
    const op = doc.paths['/v1/filings/{accessionNumber}']?.get
    expect(op?.operationId).toBe('getFilingsByAccession')
    // `format`: its body, the filing's rows, is rows too (docs/api/formats.md).
    expect(op?.parameters?.map((p) => [p.in, p.name])).toEqual([
      ['path', 'accessionNumber'],
      ['query', 'format'],
    ])
    expect(op?.parameters?.[0]?.schema?.pattern).toBe('^(\\d{10}-\\d{2}-\\d{6}|\\d{18})$')
    expect(doc.paths['/v1/filings/{cik}/{accessionNumber}']?.get?.parameters?.map((p) => p.name)).toEqual([
      'cik',
      'accessionNumber',
    ])
  })

  test('operations endpoints and the docs themselves are not in the document', () => {
    for (const path of ['/health', '/ready', '/metrics', '/openapi', '/openapi/json'])
      expect(doc.paths[path]).toBeUndefined()
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/v1/'))).toEqual([])
  })

  // The docs page shows descriptions, not x- fields: a caller reads the plan and feature there.
  test("every operation's description starts with its minimum plan and feature", () => {
    for (const { path, op } of operations) {
      const first = op.description?.split('\n\n')[0] ?? ''
      const plan = /^\*\*Minimum plan:\*\* ([A-Z]+) /.exec(first)?.[1]
      const feature = /\*\*Feature:\*\* ([A-Z_]+) /.exec(first)?.[1]
      expect({ path, plan, feature }).toEqual({ path, plan: op['x-minimum-plan'], feature: op['x-feature'] })
      expect(['FREE', 'LITE', 'PRO', 'ENTERPRISE']).toContain(plan!)
    }
  })

  test('the document is the same when fetched again', async () => {
    expect((await api.get('/openapi/json', { key: null })).body).toEqual(doc)
  })
})

/**
 * The docs page at `/openapi` and at `/openapi/`: each loads its assets and the OpenAPI document by URLs
 * resolved against the page's own, as a browser resolves them (a relative URL that works at one of the
 * two fails at the other).
 */
describe.each(['/openapi', '/openapi/'])('GET %s', (page) => {
  test('is an HTML page that loads only local assets, and both assets are served', async () => {
    const res = await api.get(page, { key: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/html')
    const tags = res.text.match(/<(script|link)\b[^>]*>/g) ?? []
    expect(tags.length).toBeGreaterThanOrEqual(2)
    for (const tag of tags) expect(tag).not.toMatch(/https?:\/\//)
    const scripts = [...res.text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!)
    const styles = [...res.text.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBe(1)
    expect(styles.length).toBe(1)
    for (const [url, type] of [
      [scripts[0]!, /javascript/],
      [styles[0]!, /text\/css/],
    ] as const) {
      const asset = await api.get(resolved(page, url), { key: null })
      expect({ url, status: asset.status }).toEqual({ url, status: 200 })
      expect(asset.headers.get('content-type')).toMatch(type)
      expect(asset.text.length).toBeGreaterThan(10_000)
    }
  })

  test('loads the OpenAPI document', async () => {
    const res = await api.get(page, { key: null })
    const options = /SwaggerUIBundle\((\{.*?\})\)/s.exec(res.text)?.[1]
    const url = (JSON.parse(options ?? '{}') as { url?: string }).url
    expect(url).toBeString()
    const spec = await api.get(resolved(page, url!), { key: null })
    expect([resolved(page, url!), spec.status]).toEqual(['/openapi/json', 200])
    expect(spec.body).toEqual(doc)
  })
})

/** `url` as a browser resolves it on the page at `page`: its path. */
const resolved = (page: string, url: string) => new URL(url, `http://localhost${page}`).pathname
