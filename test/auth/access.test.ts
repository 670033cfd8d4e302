import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { access, accessOf, missingAccess } from '../../src/auth/access.ts'

describe('access rules declared next to each route', () => {
  test('access() is a detail fragment that accessOf reads back', () => {
    expect(access('FREE')).toEqual({ 'x-minimum-plan': 'FREE' })
    expect(access('LITE', 'SEC_API_ENDPOINTS')).toEqual({ 'x-minimum-plan': 'LITE', 'x-feature': 'SEC_API_ENDPOINTS' })
    expect(
      accessOf({
        method: 'GET',
        path: '/v1/x',
        hooks: { detail: { summary: 's', ...access('PRO', 'SEC_API_ENDPOINTS') } },
      }),
    ).toEqual({
      plan: 'PRO',
      feature: 'SEC_API_ENDPOINTS',
    })
    expect(accessOf({ method: 'GET', path: '/v1/x', hooks: { detail: { summary: 's' } } })).toBeUndefined()
    expect(accessOf(undefined)).toBeUndefined()
  })

  test('missingAccess lists /v1/ routes of an Elysia app without a rule, once, and ignores the rest', () => {
    const app = new Elysia()
      .use(
        new Elysia({ prefix: '/v1/filings' })
          .get('/', () => [], { detail: { summary: 'listed', ...access('FREE') } })
          .get('/:accessionNumber', () => ({}), { detail: { summary: 'listed', ...access('FREE') } }),
      )
      .use(
        new Elysia({ prefix: '/v1/secret' })
          .get('/', () => [])
          .get('/:id', () => ({}), { detail: { summary: 'no rule' } }),
      )
      .get('/health', () => 'ok')
    expect(missingAccess(app.routes)).toEqual(['GET /v1/secret/', 'GET /v1/secret/:id'])
  })
})
