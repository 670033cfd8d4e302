import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { ACCESS, accessFor, missingAccessRows } from '../../src/auth/access.ts'

describe('missingAccessRows', () => {
  test('every route of the first two areas has a FREE row without a feature', () => {
    const routes = Object.keys(ACCESS).map((row) => ({ method: row.split(' ')[0]!, path: row.split(' ')[1]! }))
    expect(routes.length).toBe(9)
    expect(missingAccessRows(routes)).toEqual([])
    expect(Object.values(ACCESS).every((a) => a.plan === 'FREE' && a.feature === undefined)).toBe(true)
  })

  test('lists /v1/ routes without a row, once, and ignores the rest', () => {
    const routes = [
      { method: 'GET', path: '/v1/filings' },
      { method: 'GET', path: '/v1/insiders/:ticker/net-shares' },
      { method: 'HEAD', path: '/v1/insiders/:ticker/net-shares' },
      { method: 'POST', path: '/v1/filings' },
      { method: 'GET', path: '/health' },
      { method: 'GET', path: '/openapi/json' },
    ]
    expect(missingAccessRows(routes)).toEqual(['GET /v1/insiders/:ticker/net-shares', 'POST /v1/filings'])
  })

  test('reads an Elysia app\'s routes, where .get("/") under a prefix ends in a slash', () => {
    const app = new Elysia()
      .use(new Elysia({ prefix: '/v1/filings' }).get('/', () => []).get('/:accessionNumber', () => ({})))
      .use(new Elysia({ prefix: '/v1/secret' }).get('/', () => []))
      .get('/health', () => 'ok')
    expect(app.routes.map((r) => r.path)).toContain('/v1/filings/')
    expect(missingAccessRows(app.routes)).toEqual(['GET /v1/secret'])
    expect(accessFor('HEAD', '/v1/filings/', ACCESS)).toEqual({ plan: 'FREE' })
  })
})
