import { beforeEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { access } from '../../src/auth/access.ts'
import { auth } from '../../src/auth/index.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { generateKey, type KeyRecord, newKeyRecord, writeKeysFile } from '../../src/auth/keys-file.ts'
import { errorHandler } from '../../src/http/errors.ts'
import { requestId } from '../../src/http/request-id.ts'
import { stateOf } from '../../src/http/request-state.ts'
import { appRoutes, type RouteInfo } from '../../src/http/routes.ts'
import { memorySink } from '../../src/lib/log.ts'
import { tempDir } from '../helpers/snapshot.ts'

// Test-only routes declare the gates no real route uses yet, next to themselves as real routes do.
const FREE = { detail: { summary: 'test', ...access('FREE') } }
const START = Date.parse('2026-01-05T10:00:00Z')

let clock: { t: number }
let keys: Record<'free' | 'lite' | 'revoked', string>
let app: { handle(request: Request): Promise<Response> }

beforeEach(() => {
  const path = join(tempDir('auth'), 'keys.json')
  const made = {
    free: newKeyRecord({ keys: [] }, { name: 'free-key', plan: 'FREE', features: [] }),
    lite: newKeyRecord({ keys: [] }, { name: 'lite-key', plan: 'LITE', features: ['SEC_API_ENDPOINTS'] }),
    revoked: newKeyRecord({ keys: [] }, { name: 'old-key', plan: 'FREE', features: [] }),
  }
  const revoked: KeyRecord = { ...made.revoked.record, revokedAt: '2026-01-04T09:00:00.000Z' }
  writeKeysFile(path, { keys: [made.free.record, made.lite.record, revoked] })
  keys = { free: made.free.key, lite: made.lite.key, revoked: made.revoked.key }
  clock = { t: START }
  const now = () => clock.t
  let built: { routes: RouteInfo[]; handle(request: Request): Promise<Response> } | undefined
  const routes = appRoutes(() => built?.routes ?? [])
  built = new Elysia()
    .use(requestId)
    .use(errorHandler(routes, memorySink()))
    .use(auth({ store: new KeyStore(path, { now }), now, routes }))
    .use(
      new Elysia({ prefix: '/v1/filings' })
        .get('/', () => ({ data: [] }), FREE)
        .get('/:accessionNumber', ({ params }) => ({ id: params.accessionNumber }), FREE),
    )
    .get('/v1/test/lite', () => 'lite', { detail: { summary: 'test', ...access('LITE') } })
    .get('/v1/test/feature', () => 'feature', { detail: { summary: 'test', ...access('FREE', 'SEC_API_ENDPOINTS') } })
    .get('/v1/test/whoami', ({ request }) => stateOf(request).key ?? null, FREE)
    .get('/v1/test/open', () => 'open')
    .get('/health', () => 'ok')
  app = built!
})

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await app.handle(new Request(`http://localhost${path}`, { headers, method }))
  const text = await res.text()
  return {
    status: res.status,
    headers: res.headers,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  }
}
const limits = (h: Headers) => [h.get('x-ratelimit-limit'), h.get('x-ratelimit-remaining'), h.get('x-ratelimit-reset')]
const resetAt = (iso: string) => String(Date.parse(iso) / 1000)

function expectError(res: Awaited<ReturnType<typeof get>>, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message', 'request_id'])
  expect(res.body.error.code).toBe(code)
  expect(res.body.error.request_id).toBe(res.headers.get('x-request-id'))
}

describe('auth plugin', () => {
  test('accepts the key in the header or the apiKey parameter; the header wins', async () => {
    expect((await get('/v1/filings', { 'x-api-key': keys.free })).status).toBe(200)
    expect((await get(`/v1/filings?apiKey=${keys.free}`)).status).toBe(200)
    expect((await get(`/v1/test/lite?apiKey=${keys.free}`, { 'x-api-key': keys.lite })).status).toBe(200)
    expectError(await get(`/v1/test/lite?apiKey=${keys.lite}`, { 'x-api-key': keys.free }), 403, 'plan_too_low')
  })

  test('an accepted request carries the budget in X-RateLimit-* and names the key for the log', async () => {
    const res = await get('/v1/test/whoami', { 'x-api-key': keys.lite })
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'lite-key',
      plan: 'LITE',
      features: ['SEC_API_ENDPOINTS'],
    })
    expect(limits(res.headers)).toEqual(['500', '499', resetAt('2026-01-05T10:01:00Z')])
    const head = await get('/v1/filings/0000320193-24-000123', { 'x-api-key': keys.free }, 'HEAD')
    expect([head.status, ...limits(head.headers)]).toEqual([200, '10', '9', resetAt('2026-01-05T10:01:00Z')])
  })

  test.each([
    ['no key', {}, 'missing_api_key', 'Missing API key: send it in the x-api-key header'],
    [
      'an unknown key',
      { 'x-api-key': generateKey() },
      'invalid_api_key',
      'Invalid API key: this server does not know the key sent',
    ],
    ['garbage', { 'x-api-key': 'hunter2' }, 'invalid_api_key', 'Invalid API key'],
  ])('401 for %s, with limit 0, remaining 0, reset now', async (_, headers, code, message) => {
    clock.t = START + 1500
    const res = await get('/v1/filings', headers)
    expectError(res, 401, code)
    expect(res.body.error.message).toStartWith(message)
    expect(limits(res.headers)).toEqual(['0', '0', String(START / 1000 + 1)])
  })

  test('403 for a revoked key, which costs no budget', async () => {
    const res = await get('/v1/filings', { 'x-api-key': keys.revoked })
    expectError(res, 403, 'api_key_revoked')
    expect(res.body.error.message).toBe(
      'This API key was revoked at 2026-01-04T09:00:00.000Z; ask the operator for a new one.',
    )
    expect(limits(res.headers)).toEqual(['10', '10', resetAt('2026-01-05T10:01:00Z')])
  })

  test('403 when the plan is too low or the feature is missing, naming both sides', async () => {
    const low = await get('/v1/test/lite', { 'x-api-key': keys.free })
    expectError(low, 403, 'plan_too_low')
    expect(low.body.error.message).toBe(
      'This operation requires the LITE plan or higher; this key is on the FREE plan.',
    )
    expect(limits(low.headers)).toEqual(['10', '9', resetAt('2026-01-05T10:01:00Z')])
    const noFeature = await get('/v1/test/feature', { 'x-api-key': keys.free })
    expectError(noFeature, 403, 'feature_not_enabled')
    expect(noFeature.body.error.message).toBe(
      'This operation requires the SEC_API_ENDPOINTS feature, which this key (FREE plan; features: none) does not have.',
    )
    expect((await get('/v1/test/feature', { 'x-api-key': keys.lite })).status).toBe(200)
  })

  test('429 past the minute budget with Retry-After; the next minute passes again', async () => {
    for (let i = 0; i < 10; i++) expect((await get('/v1/filings', { 'x-api-key': keys.free })).status).toBe(200)
    clock.t = START + 20_000
    const res = await get('/v1/filings', { 'x-api-key': keys.free })
    expectError(res, 429, 'rate_limited')
    expect(res.body.error.message).toBe(
      'Rate limit exceeded: the FREE plan allows 10 requests per minute; retry in 40 seconds.',
    )
    expect(res.body.error.details).toEqual({ window: 'minute', limit: 10, retryAfter: 40 })
    expect(res.headers.get('retry-after')).toBe('40')
    expect(limits(res.headers)).toEqual(['10', '0', resetAt('2026-01-05T10:01:00Z')])
    clock.t = START + 60_000
    const next = await get('/v1/filings', { 'x-api-key': keys.free })
    // 10 of the hour's 30 used before, the refused one not counted, this one counted: 19 left.
    expect([next.status, ...limits(next.headers)]).toEqual([200, '10', '9', resetAt('2026-01-05T10:02:00Z')])
  })

  test('unknown /v1/ paths are authenticated and counted; other paths are open and carry no X-RateLimit-*', async () => {
    expectError(await get('/v1/nothing-here'), 401, 'missing_api_key')
    const unknown = await get('/v1/nothing-here', { 'x-api-key': keys.free })
    expectError(unknown, 404, 'not_found')
    expect(limits(unknown.headers)).toEqual(['10', '9', resetAt('2026-01-05T10:01:00Z')])
    const health = await get('/health')
    expect([health.status, ...limits(health.headers)]).toEqual([200, null, null, null])
  })

  test('a /v1/ route that declares no plan fails closed: 500, never open (the app refuses to start with one)', async () => {
    expectError(await get('/v1/test/open', { 'x-api-key': keys.lite }), 500, 'internal_error')
  })
})
