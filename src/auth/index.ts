/**
 * Auth for the API under /v1/: who is calling (the API key), how much they may call (the plan's
 * per-minute, per-hour and per-day budgets) and what (the operation's minimum plan and feature, from
 * access.ts). The paths of `keyOnly` (the MCP endpoint) need a known, unrevoked key, refused as /v1 refuses
 * one, but are not counted: each tool call there is a /v1 request of its own, counted and checked here.
 * Everything else (/health, /ready, /metrics, /openapi) is open and carries no X-RateLimit-* headers. Use
 * this plugin before the area plugins: its onBeforeHandle is a global hook, and Elysia applies hooks only
 * to routes registered after them.
 */
import { Elysia } from 'elysia'
import { ApiError } from '../http/errors.ts'
import { stateOf } from '../http/request-state.ts'
import type { AppRoutes, RouteInfo } from '../http/routes.ts'
import { accessOf } from './access.ts'
import type { KeyStore } from './key-store.ts'
import { noKeyHeaders, RateLimiter, rateLimitHeaders } from './rate-limiter.ts'

export { access, missingAccess } from './access.ts'
export { ensureKeysFile, KeyStore } from './key-store.ts'
export { FEATURES } from './plans.ts'

export type AuthOptions = {
  store: KeyStore
  /** The clock, in Unix milliseconds; tests pass their own. */
  now?: () => number
  /** The app's routes, read when a request comes: each /v1 route declares its plan and feature (access.ts). */
  routes: AppRoutes
  /** Paths outside /v1/ that need a key but count no request (see above). */
  keyOnly?: readonly string[]
  /** The counters, shared by every server thread of the process (rate-limiter.ts); a new one when absent. */
  rateTable?: SharedArrayBuffer
}

const API_PREFIX = '/v1/'
const HOW_TO_SEND = 'send it in the x-api-key header (or, for local development, the apiKey query parameter)'

/** The key a request sends: the header wins when both are sent; an empty header counts as absent. */
export const sentKey = (request: Request, url: URL): string | null =>
  request.headers.get('x-api-key') || url.searchParams.get('apiKey')

/**
 * Finds the key and checks that it is known and not revoked: its record and plan, or an ApiError (401, or
 * 403 when revoked). Marks the request as the key's (the request log names it).
 */
function identify(request: Request, url: URL, store: KeyStore, limiter: RateLimiter, now: number) {
  const key = sentKey(request, url)
  if (!key) throw new ApiError('missing_api_key', `Missing API key: ${HOW_TO_SEND}.`, {}, noKeyHeaders(now))
  const record = store.lookup(key)
  if (!record)
    throw new ApiError(
      'invalid_api_key',
      `Invalid API key: this server does not know the key sent; ${HOW_TO_SEND}.`,
      {},
      noKeyHeaders(now),
    )
  const plan = store.plans[record.plan]
  if (!plan) throw new Error(`key ${record.id} has plan ${record.plan}, which the keys file does not define`)
  if (record.revokedAt !== null) {
    throw new ApiError(
      'api_key_revoked',
      `This API key was revoked at ${record.revokedAt}; ask the operator for a new one.`,
      { revokedAt: record.revokedAt },
      rateLimitHeaders(limiter.peek(record.id, plan)),
    )
  }
  // Accepted from here on (even if over its budget): the request log names the key.
  stateOf(request).key = { id: record.id, name: record.name, plan: record.plan, features: record.features }
  return { record, plan }
}

/**
 * Finds the key, checks it and counts the request. Returns the X-RateLimit-* headers, or throws an
 * ApiError that carries them (the error handler copies an ApiError's headers onto the answer).
 */
function admit(request: Request, url: URL, store: KeyStore, limiter: RateLimiter, now: number): Record<string, string> {
  const { record, plan } = identify(request, url, store, limiter, now)
  const decision = limiter.take(record.id, plan)
  const headers = rateLimitHeaders(decision.report)
  if (!decision.allowed) {
    const { window, limit } = decision.blocking
    const seconds = decision.retryAfterSeconds
    throw new ApiError(
      'rate_limited',
      `Rate limit exceeded: the ${record.plan} plan allows ${limit.toLocaleString('en-US')} requests per ${window}; retry in ${seconds} seconds.`,
      { window, limit, retryAfter: seconds },
      { ...headers, 'retry-after': String(seconds) },
    )
  }
  return headers
}

/** Throws a 403 when the key's plan ranks below the operation's minimum or lacks its feature. */
function checkAccess(request: Request, route: RouteInfo | undefined, pattern: string, store: KeyStore): void {
  const rule = accessOf(route)
  // missingAccess stops the app from starting without a rule, so this is a bug: fail closed (500, logged).
  if (!rule) throw new Error(`no access rule for ${request.method} ${pattern}`)
  const key = stateOf(request).key
  if (!key) throw new Error(`auth did not run for ${request.method} ${pattern}`)
  const keyLevel = store.plans[key.plan]?.level ?? -Infinity
  const needed = store.plans[rule.plan]?.level ?? Infinity
  if (keyLevel < needed) {
    throw new ApiError(
      'plan_too_low',
      `This operation requires the ${rule.plan} plan or higher; this key is on the ${key.plan} plan.`,
      { requiredPlan: rule.plan, keyPlan: key.plan },
    )
  }
  if (rule.feature && !key.features.includes(rule.feature)) {
    const held = key.features.length ? key.features.join(', ') : 'none'
    throw new ApiError(
      'feature_not_enabled',
      `This operation requires the ${rule.feature} feature, which this key (${key.plan} plan; features: ${held}) does not have.`,
      { requiredFeature: rule.feature, keyFeatures: key.features },
    )
  }
}

export function auth({ store, now = Date.now, routes, keyOnly = [], rateTable }: AuthOptions) {
  const limiter = new RateLimiter(now, rateTable)
  return (
    new Elysia({ name: 'auth' })
      // onRequest is always app-wide (it takes no `as`) and runs before routing, so unknown /v1/ paths are counted and get headers too.
      .onRequest(({ request, set }) => {
        const url = new URL(request.url)
        if (url.pathname.startsWith(API_PREFIX)) Object.assign(set.headers, admit(request, url, store, limiter, now()))
        // The router answers `/mcp/` as `/mcp`.
        else if (keyOnly.includes(url.pathname.replace(/(.)\/$/, '$1'))) identify(request, url, store, limiter, now())
      })
      .onBeforeHandle({ as: 'global' }, ({ request, route }) => {
        if (route.startsWith(API_PREFIX)) checkAccess(request, routes.find(request.method, route), route, store)
      })
  )
}
