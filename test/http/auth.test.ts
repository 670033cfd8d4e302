/**
 * Keys, plans and budgets through the real app: where the key may be sent, the X-RateLimit-* headers,
 * 429 with Retry-After on an injected clock, 403 for a revoked key, and a request log that names the
 * key without ever containing it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { generateKey, readKeysFile, writeKeysFile } from '../../src/auth/keys-file.ts'
import { DEFAULT_PLANS } from '../../src/auth/plans.ts'
import { memorySink } from '../../src/lib/log.ts'
import { openTestApi, type Reply, writeTestKeys } from '../helpers/api.ts'
import { operationsOf } from '../helpers/operations.ts'

/** A minute boundary; each test moves the clock to a minute of its own, so budgets start fresh. */
const START = Date.parse('2026-01-05T10:00:00Z')
const clock = { t: START }
const atMinute = (n: number, seconds = 0) => (clock.t = START + n * 60_000 + seconds * 1000)
const endOfMinute = () => String(Math.floor(clock.t / 60_000) * 60 + 60)

let api: Awaited<ReturnType<typeof openTestApi>>

beforeAll(async () => {
  api = await openTestApi({ config: { LOG_REQUESTS: true }, now: () => clock.t })
  atMinute(0)
})
afterAll(() => api.close())

const limits = (res: Reply) => ['limit', 'remaining', 'reset'].map((h) => res.headers.get(`x-ratelimit-${h}`))
/** onAfterResponse (which logs and counts) runs after app.handle resolves: waits for its log lines. */
const settle = () => api.settled()

function expectError(res: Reply, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code })
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id')!)
}

describe('where the key goes', () => {
  test('the x-api-key header and the apiKey query parameter both work', async () => {
    atMinute(1)
    expect((await api.get('/v1/filings?limit=1', { key: api.keys.LITE })).status).toBe(200)
    expect((await api.get(`/v1/filings?limit=1&apiKey=${api.keys.LITE}`, { key: null })).status).toBe(200)
    expect((await api.get(`/v1/entities/QFD?apiKey=${api.keys.PRO}`, { key: null })).status).toBe(200)
  })

  test('the header wins when both are sent', async () => {
    atMinute(2)
    expectError(await api.get(`/v1/filings?apiKey=${api.keys.LITE}`, { key: generateKey() }), 401, 'invalid_api_key')
    expectError(await api.get(`/v1/filings?apiKey=${api.keys.LITE}`, { key: 'garbage' }), 401, 'invalid_api_key')
    const res = await api.get(`/v1/filings?limit=1&apiKey=${generateKey()}`, { key: api.keys.PRO })
    expect(res.status).toBe(200)
    expect(limits(res)[0]).toBe(String(DEFAULT_PLANS.PRO.perMinute))
  })

  test('an empty header counts as absent', async () => {
    atMinute(3)
    expect((await api.get(`/v1/filings?limit=1&apiKey=${api.keys.LITE}`, { key: '' })).status).toBe(200)
    expectError(await api.get('/v1/filings', { key: '' }), 401, 'missing_api_key')
  })
})

describe('401 without a usable key', () => {
  test.each([
    ['missing', null, 'missing_api_key'],
    ['unknown', generateKey(), 'invalid_api_key'],
    ['malformed', 'secds_short', 'invalid_api_key'],
  ] as const)('%s key → 401 %s with X-RateLimit-* 0/0/now', async (_, key, code) => {
    atMinute(4, 17.5)
    const res = await api.get('/v1/filings', { key })
    expectError(res, 401, code)
    expect(limits(res)).toEqual(['0', '0', String(Math.floor(clock.t / 1000))])
  })

  test('an unknown /v1 path still needs a key', async () => {
    expectError(await api.get('/v1/no-such-thing', { key: null }), 401, 'missing_api_key')
  })
})

describe('X-RateLimit-* on every answer', () => {
  test.each(['FREE', 'LITE', 'PRO', 'ENTERPRISE'] as const)(
    "a 200 for a %s key carries the plan's per-minute budget",
    async (plan) => {
      atMinute(5)
      const perMinute = DEFAULT_PLANS[plan].perMinute
      const first = await api.get('/v1/filings?limit=1', { key: api.keys[plan] })
      expect(first.status).toBe(200)
      expect(limits(first)).toEqual([String(perMinute), String(perMinute - 1), endOfMinute()])
      const second = await api.get('/v1/entities?limit=1', { key: api.keys[plan] })
      expect(limits(second)).toEqual([String(perMinute), String(perMinute - 2), endOfMinute()])
    },
  )

  test('every /v1 operation answers 200 with the headers', async () => {
    atMinute(6)
    const paths = operationsOf(api.app).map((op) => op.path())
    expect(paths).toHaveLength(api.app.routes.filter((r) => r.path.startsWith('/v1/')).length)
    let remaining = DEFAULT_PLANS.ENTERPRISE.perMinute
    for (const path of paths) {
      const res = await api.get(path)
      remaining--
      expect({ path, status: res.status }).toEqual({ path, status: 200 })
      expect(limits(res)).toEqual([String(DEFAULT_PLANS.ENTERPRISE.perMinute), String(remaining), endOfMinute()])
    }
  })

  test('operations endpoints outside /v1 need no key and carry no budget', async () => {
    for (const path of ['/health', '/ready', '/metrics', '/openapi/json']) {
      const res = await api.get(path, { key: null })
      expect({ path, status: res.status, limit: res.headers.get('x-ratelimit-limit') }).toEqual({
        path,
        status: 200,
        limit: null,
      })
    }
  })
})

describe('429 past the budget', () => {
  test('the FREE key gets 10 requests a minute, then 429 with Retry-After; the next minute passes again', async () => {
    atMinute(10, 15)
    for (let i = 1; i <= 10; i++) {
      const res = await api.get('/v1/filings?limit=1', { key: api.keys.FREE })
      expect({ i, status: res.status, remaining: res.headers.get('x-ratelimit-remaining') }).toEqual({
        i,
        status: 200,
        remaining: String(10 - i),
      })
    }
    clock.t += 20_000
    const refused = await api.get('/v1/filings?limit=1', { key: api.keys.FREE })
    expectError(refused, 429, 'rate_limited')
    expect(refused.headers.get('retry-after')).toBe('25')
    expect(limits(refused)).toEqual(['10', '0', endOfMinute()])
    expect(refused.body.error.details).toEqual({ window: 'minute', limit: 10, retryAfter: 25 })
    expect(refused.body.error.message).toContain('FREE')
    // A refused request costs nothing, and other keys are not affected.
    expect((await api.get('/v1/filings?limit=1', { key: api.keys.FREE })).headers.get('retry-after')).toBe('25')
    expect((await api.get('/v1/filings?limit=1', { key: api.keys.LITE })).status).toBe(200)

    atMinute(11, 1)
    const again = await api.get('/v1/filings?limit=1', { key: api.keys.FREE })
    expect(again.status).toBe(200)
    expect(limits(again)).toEqual(['10', '9', endOfMinute()])
  })
})

describe('403 for a revoked key', () => {
  test('revoking in the keys file and reloading the store refuses the key, and only that key', async () => {
    atMinute(20)
    const keysFile = join(api.root, 'revocable-keys.json')
    const keys = writeTestKeys(keysFile)
    const log = memorySink()
    const store = new KeyStore(keysFile, { log })
    const app = createApp({
      config: { ...api.config, LOG_REQUESTS: false },
      database: api.database,
      keys: store,
      log,
      now: () => clock.t,
    })
    const get = async (path: string, key?: string) => {
      const res = await app.handle(new Request(`http://localhost${path}`, { headers: key ? { 'x-api-key': key } : {} }))
      const text = await res.text()
      return { status: res.status, headers: res.headers, body: JSON.parse(text), text }
    }
    expect((await get('/v1/filings?limit=1', keys.LITE)).status).toBe(200)

    const { file } = readKeysFile(keysFile)
    const revokedAt = '2026-01-05T10:19:00.000Z'
    writeKeysFile(keysFile, { ...file, keys: file.keys.map((k) => (k.name === 'test-lite' ? { ...k, revokedAt } : k)) })
    store.reload()

    const refused = await get('/v1/filings?limit=1', keys.LITE)
    expectError(refused, 403, 'api_key_revoked')
    expect(refused.body.error.details).toEqual({ revokedAt })
    expect(limits(refused)).toEqual(['500', '499', endOfMinute()])
    // The header wins even when it holds the revoked key.
    expectError(await get(`/v1/filings?limit=1&apiKey=${keys.PRO}`, keys.LITE), 403, 'api_key_revoked')
    expect((await get('/v1/filings?limit=1', keys.PRO)).status).toBe(200)
  })
})

describe('the request log', () => {
  test('names the key by its name and never contains a key, whether sent in the header or the query', async () => {
    atMinute(30)
    const unknown = generateKey()
    const byHeader = await api.get('/v1/filings?limit=1', { key: api.keys.LITE })
    const byQuery = await api.get(`/v1/entities?limit=1&apiKey=${api.keys.PRO}`, { key: null })
    const refused = await api.get(`/v1/filings?apiKey=${unknown}`, { key: null })
    await settle()
    const line = (res: Reply) => api.log.lines.find((l) => l.request_id === res.headers.get('x-request-id'))
    expect(line(byHeader)).toMatchObject({ method: 'GET', route: '/v1/filings', status: 200, key: 'test-lite' })
    expect(line(byQuery)).toMatchObject({ method: 'GET', route: '/v1/entities', status: 200, key: 'test-pro' })
    expect(line(refused)).toMatchObject({ status: 401, key: null })
    const everything = JSON.stringify(api.log.lines)
    for (const key of [...Object.values(api.keys), unknown]) expect(everything).not.toContain(key)
    expect(everything).not.toContain('apiKey')
  })
})
