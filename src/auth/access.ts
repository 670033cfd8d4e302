/**
 * Who may call what: each /v1 route declares its minimum plan and the feature it needs, if any, next to
 * itself, in its OpenAPI `detail` (`...access('LITE', 'SEC_API_ENDPOINTS')`), so the OpenAPI document shows
 * it too (`x-minimum-plan`, `x-feature`). Auth reads the matched route's rule; the app refuses to start
 * while a /v1 route has none (missingAccess), so an operation cannot ship open by accident.
 */
import type { BuiltInPlan, Feature } from './plans.ts'

export type Access = { plan: BuiltInPlan; feature?: Feature }

const PLAN = 'x-minimum-plan'
const FEATURE = 'x-feature'

/**
 * The rule in words, the first line of the operation's OpenAPI description: the docs page (Swagger UI)
 * shows descriptions but not `x-` fields, and a caller needs to know which key to send.
 */
export const accessNote = ({ plan, feature }: Access) =>
  `**Minimum plan:** ${plan} (or a plan above it)${feature ? `. **Feature:** ${feature} (the key must hold it)` : ''}.`

/** The `detail` fields of a route's rule: spread them into its detail. */
export const access = (plan: BuiltInPlan, feature?: Feature) => ({
  [PLAN]: plan,
  ...(feature ? { [FEATURE]: feature } : {}),
})

export type RouteWithDetail = { method: string; path: string; hooks?: { detail?: unknown } }

/** A route's rule, from its detail; undefined when it declares none. */
export function accessOf(route: RouteWithDetail | undefined): Access | undefined {
  const detail = route?.hooks?.detail as Record<string, unknown> | undefined
  const plan = detail?.[PLAN] as BuiltInPlan | undefined
  if (!plan) return undefined
  const feature = detail?.[FEATURE] as Feature | undefined
  return feature ? { plan, feature } : { plan }
}

/** `/v1/` routes without a rule, as "GET /v1/…" strings; empty when every route has one. */
export function missingAccess(routes: readonly RouteWithDetail[]): string[] {
  const missing = routes.filter((r) => r.path.startsWith('/v1/') && !accessOf(r)).map((r) => `${r.method} ${r.path}`)
  return [...new Set(missing)]
}
