/**
 * One error shape from every source (Datasette's test_error_shape): validation, routing, methods,
 * missing resources, auth, an unserved snapshot and an internal failure all answer
 * `{ error: { code, message, details, request_id } }` with the status of the code. The sweeps over
 * operations and parameters read them from the app (test/helpers/operations.ts).
 */

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { generateKey } from '../../src/auth/keys-file.ts'
import { Database } from '../../src/db/client.ts'
import { ERROR_STATUS, type ErrorCode } from '../../src/http/error-codes.ts'
import { memorySink } from '../../src/lib/log.ts'
import { openTestApi, type Reply, writeTestKeys } from '../helpers/api.ts'
import { BAD, INVALID, leaksIn } from '../helpers/bad-inputs.ts'
import { testConfig } from '../helpers/config.ts'
import { EXAMPLES, type Operation, operationsOf, type Param, rejects } from '../helpers/operations.ts'
import { tempDir } from '../helpers/snapshot.ts'

let api: Awaited<ReturnType<typeof openTestApi>>

beforeAll(async () => {
  api = await openTestApi()
})
afterAll(() => api.close())

function expectError(res: Reply, code: ErrorCode) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: ERROR_STATUS[code], code })
  expect(Object.keys(res.body)).toEqual(['error'])
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message', 'request_id'])
  expect(res.body.error.message).toBeString()
  expect(res.body.error.message.length).toBeGreaterThan(10)
  expect(res.body.error.details).toBeObject()
  expect(res.body.error.request_id).toBeString()
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id')!)
  expect(res.headers.get('content-type')).toStartWith('application/json')
}

describe('invalid parameters answer 400 invalid_parameter naming the parameter', () => {
  /** What a refused value got, as a comparable object, and what it should get: a 400 naming the parameter alone. */
  async function refusal(op: Operation, p: Param, value: string) {
    const path = p.in === 'path' ? op.path({ [p.name]: encodeURIComponent(value) }) : op.path({}, { [p.name]: value })
    const res = await api.get(path)
    const error = res.body?.error
    const got = {
      status: res.status,
      code: error?.code,
      details: Object.keys(error?.details ?? {}),
      expected: String(error?.details?.[p.name]).startsWith('expected'),
      named: String(error?.message).includes(p.name),
      requestId: error?.request_id === res.headers.get('x-request-id'),
    }
    const want = {
      status: 400,
      code: 'invalid_parameter',
      details: [p.name],
      expected: true,
      named: true,
      requestId: true,
    }
    return Bun.deepEquals(got, want) ? undefined : { path, got }
  }

  test('every parameter of every operation refuses its pinned invalid values (EXAMPLES), whatever its schema says', async () => {
    const problems: unknown[] = []
    let requests = 0
    for (const op of operationsOf(api.app)) {
      for (const p of op.params) {
        for (const value of EXAMPLES[p.name]!.invalid) {
          requests++
          const problem = await refusal(op, p, value)
          if (problem) problems.push(problem)
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([])
    expect(requests).toBeGreaterThanOrEqual(100)
  })

  test('every parameter of every operation: each value of INVALID its schema refuses is a 400 naming it alone', async () => {
    const problems: unknown[] = []
    const unchecked: string[] = []
    let requests = 0
    for (const op of operationsOf(api.app)) {
      for (const p of op.params) {
        // An empty path segment routes nowhere: a 404 (test/http/parameters.test.ts), not this parameter's 400.
        const values = INVALID.filter((v) => !(p.in === 'path' && v === '') && rejects(p, v))
        if (values.length === 0) unchecked.push(`${op.operationId} ${p.name}`)
        for (const value of values) {
          requests++
          const problem = await refusal(op, p, value)
          if (problem) problems.push(problem)
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([])
    // Each parameter refuses some value of INVALID; one that refused none would go unchecked: add a value.
    expect(unchecked).toEqual([])
    expect(requests).toBeGreaterThan(150)
  })

  test('several bad parameters: details names each one and the message lists them', async () => {
    const res = await api.get('/v1/filings?page=abc&limit=0&cik=x&startDate=2024-13-01')
    expectError(res, 'invalid_parameter')
    expect(Object.keys(res.body.error.details).sort()).toEqual(['cik', 'limit', 'page', 'startDate'])
    for (const name of ['cik', 'limit', 'page', 'startDate']) expect(res.body.error.message).toContain(name)
  })

  test('startDate after endDate names both', async () => {
    const res = await api.get('/v1/filings?startDate=2024-05-01&endDate=2024-01-01')
    expectError(res, 'invalid_parameter')
    expect(Object.keys(res.body.error.details).sort()).toEqual(['endDate', 'startDate'])
  })

  test('paging past MAX_OFFSET is a 400 naming page on every paged operation; the deepest allowed page is answered', async () => {
    const paged = operationsOf(api.app).filter((op) =>
      ['page', 'limit'].every((n) => op.queryParams.some((p) => p.name === n)),
    )
    expect(paged.length).toBeGreaterThanOrEqual(5)
    const deepest = api.config.MAX_OFFSET / 100 + 1
    for (const op of paged) {
      const past = await api.get(op.path({}, { page: String(deepest + 1), limit: '100' }))
      expectError(past, 'invalid_parameter')
      expect({ op: op.operationId, details: Object.keys(past.body.error.details) }).toEqual({
        op: op.operationId,
        details: ['page'],
      })
      const last = await api.get(op.path({}, { page: String(deepest), limit: '100' }))
      expect({ op: op.operationId, status: last.status }).toEqual({ op: op.operationId, status: 200 })
    }
  })

  test('a malformed percent-encoding in a query value is a 400 naming the parameter, not a search for the raw text', async () => {
    for (const path of ['/v1/entities?q=%E0%A4%A', '/v1/entities?limit=5&q=ab%ZZ', '/v1/filings?formTypes=10-K%FF']) {
      const res = await api.get(path)
      const name = path.includes('formTypes') ? 'formTypes' : 'q'
      expect({ path, status: res.status, code: res.body.error.code, details: res.body.error.details }).toEqual({
        path,
        status: 400,
        code: 'invalid_parameter',
        details: { [name]: 'is not valid percent-encoded UTF-8' },
      })
    }
    // valid encodings, a '+' for a space and a literal '%' written as %25 are still fine
    expect((await api.get('/v1/entities?q=%C3%A9t%C3%A9+inc')).status).toBe(200)
    expect((await api.get('/v1/entities?q=100%25')).status).toBe(200)
  })

  test('a malformed percent-encoding in the path is a 400, not a crash', async () => {
    const res = await api.get('/v1/entities/%E0%A4%A')
    expect(res.status).toBe(400)
    expect(['invalid_parameter', 'invalid_request']).toContain(res.body.error.code)
    expect(res.body.error.request_id).toBe(res.headers.get('x-request-id')!)
  })
})

describe('routing, methods, resources and keys', () => {
  test.each([
    ['/v1/no-such-thing', 'not_found'],
    ['/v1/filings/0000320193/0000320193-24-000123/nope', 'not_found'],
    ['/no-such-thing', 'not_found'],
  ] as const)('GET %s → %s', async (path, code) => {
    expectError(await api.get(path), code)
  })

  test('every path parameter of every operation: a well-formed value that names nothing is a 404 not_found', async () => {
    let requests = 0
    for (const op of operationsOf(api.app)) {
      for (const p of op.pathParams) {
        for (const value of EXAMPLES[p.name]!.unknown!) {
          const path = op.path({ [p.name]: value })
          const res = await api.get(path)
          expect({ path, status: res.status }).toEqual({ path, status: 404 })
          expectError(res, 'not_found')
          requests++
        }
      }
    }
    expect(requests).toBeGreaterThanOrEqual(10)
  })

  test('every operation: another method is a 405 with an Allow header', async () => {
    for (const op of operationsOf(api.app)) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await api.get(op.path(), { method })
        expectError(res, 'method_not_allowed')
        expect({ path: op.path(), method, allow: res.headers.get('allow') }).toEqual({
          path: op.path(),
          method,
          allow: 'GET, HEAD',
        })
      }
    }
  })

  test('no key → 401 missing_api_key; an unknown or malformed key → 401 invalid_api_key', async () => {
    expectError(await api.get('/v1/filings', { key: null }), 'missing_api_key')
    expectError(await api.get('/v1/filings', { key: generateKey() }), 'invalid_api_key')
    expectError(await api.get('/v1/filings', { key: 'not-a-key' }), 'invalid_api_key')
  })
})

describe('X-Request-Id', () => {
  test('a sane incoming id is echoed in the header and the body', async () => {
    const res = await api.get('/v1/filings?limit=0', { headers: { 'x-request-id': 'proxy-1234.abc:def_9' } })
    expect(res.headers.get('x-request-id')).toBe('proxy-1234.abc:def_9')
    expect(res.body.error.request_id).toBe('proxy-1234.abc:def_9')
    expect(
      (await api.get('/v1/filings?limit=1', { headers: { 'x-request-id': 'ok-2' } })).headers.get('x-request-id'),
    ).toBe('ok-2')
  })

  test.each([
    ['with spaces', 'a b c'],
    ['200 characters', 'x'.repeat(200)],
    ['quotes', 'a"b'],
    ['empty', ''],
  ])('an insane one (%s) is replaced by a generated id', async (_, incoming) => {
    const res = await api.get('/v1/no-such-thing', { headers: { 'x-request-id': incoming } })
    const id = res.headers.get('x-request-id')!
    expect(id).not.toBe(incoming)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(res.body.error.request_id).toBe(id)
  })

  test('every request without an id gets a different one', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await api.get('/v1/filings?limit=1')).headers.get('x-request-id')),
    )
    expect(new Set(ids).size).toBe(3)
  })
})

describe('bad input sweep: every operation, every parameter', () => {
  test('answers below 500 and never shows engine text, paths or stacks', async () => {
    const problems: string[] = []
    let requests = 0
    for (const op of operationsOf(api.app)) {
      const paths = [
        ...op.pathParams.flatMap((p) => BAD.map((value) => op.path({ [p.name]: value }))),
        ...op.queryParams.flatMap((p) => BAD.map((value) => op.withRaw(p.name, value))),
      ]
      for (const path of paths) {
        const res = await api.get(path)
        requests++
        const leaks = leaksIn(res.text)
        if (res.status >= 500 || leaks.length)
          problems.push(`${path.slice(0, 120)} → ${res.status} ${leaks.join(' ')} ${res.text.slice(0, 200)}`)
      }
    }
    expect(requests).toBeGreaterThan(300)
    expect(problems).toEqual([])
  })
})

describe('snapshot_unavailable: no snapshot built yet', () => {
  test('every /v1 operation and /ready answer 503 snapshot_unavailable with Retry-After', async () => {
    const root = tempDir('errors-empty')
    const datasets = join(root, 'datasets')
    mkdirSync(datasets)
    const keysFile = join(root, 'keys.json')
    const keys = writeTestKeys(keysFile)
    const config = testConfig({
      DATASETS_DIR: datasets,
      KEYS_FILE: keysFile,
      LOG_REQUESTS: false,
      WATCH_SNAPSHOTS: false,
    })
    const log = memorySink()
    const database = await Database.open(config, log)
    try {
      const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log })
      // Every operation, at its example path (which no snapshot holds now), and /ready.
      for (const path of [...operationsOf(app).map((op) => op.path()), '/ready']) {
        const res = await app.handle(new Request(`http://localhost${path}`, { headers: { 'x-api-key': keys.PRO } }))
        const text = await res.text()
        expectError({ status: res.status, headers: res.headers, body: JSON.parse(text), text }, 'snapshot_unavailable')
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(leaksIn(text)).toEqual([])
        expect(text).not.toContain(root)
      }
    } finally {
      await database.close()
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('internal_error: a failure nobody planned for', () => {
  let broken: Awaited<ReturnType<typeof openTestApi>>
  beforeAll(async () => {
    // A serving database that lost a table: the server attaches it as it is and fails on first use.
    broken = await openTestApi({
      prepare: async (dir) => {
        const instance = await DuckDBInstance.create(join(dir, 'serving.duckdb'))
        const conn = await instance.connect()
        await conn.run('DROP TABLE sic_codes')
        conn.closeSync()
        instance.closeSync()
      },
    })
  })
  afterAll(() => broken.close())

  test('is a generic 500 without engine text, paths or stack; the log has the real error under the request id', async () => {
    const res = await broken.get('/v1/entities/sic-codes')
    expectError(res, 'internal_error')
    expect(res.body.error.details).toEqual({})
    expect(leaksIn(res.text)).toEqual([])
    expect(res.text).not.toContain(broken.root)
    expect(res.text).not.toContain('sic_codes')
    const logged = broken.log.lines.filter((l) => l.level === 'error' && l.request_id === res.body.error.request_id)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ route: '/v1/entities/sic-codes', error: expect.stringContaining('sic_codes') })
    // The rest of the snapshot is still served.
    expect((await broken.get('/v1/filings?limit=1')).status).toBe(200)
  })
})
