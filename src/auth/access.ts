/**
 * Who may call what: ONE table from "METHOD route pattern" (Elysia's pattern, as in `app.routes`) to
 * the operation's minimum plan and the feature it needs, if any. An area that adds a /v1/ route adds
 * its row here; the app refuses to start while a row is missing (missingAccessRows), so an operation
 * cannot ship open by accident.
 */
import { publicRoute } from '../http/route-names.ts'
import type { BuiltInPlan, Feature } from './plans.ts'

export type Access = { plan: BuiltInPlan; feature?: Feature }
export type AccessTable = Readonly<Record<string, Access>>

const FREE: Access = { plan: 'FREE' }

export const ACCESS: AccessTable = {
  // Filings
  'GET /v1/filings': FREE,
  'GET /v1/filings/form-types': FREE,
  'GET /v1/filings/:accessionNumber': FREE,
  'GET /v1/filings/:cik/:accessionNumber': FREE,
  'GET /v1/filings/:cik/:accessionNumber/documents': FREE,
  // Entities
  'GET /v1/entities': FREE,
  'GET /v1/entities/sic-codes': FREE,
  'GET /v1/entities/:identifier': FREE,
  'GET /v1/entities/:identifier/filings': FREE,
}

/**
 * The table's key for a request or route, in its public form (src/http/route-names.ts). HEAD is
 * answered by the GET route. A trailing slash is dropped because a `.get('/')` under a prefix is
 * registered as `/v1/filings/`.
 */
export function accessKey(method: string, pattern: string): string {
  const trimmed = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
  const path = publicRoute(trimmed)
  return `${method === 'HEAD' ? 'GET' : method} ${path}`
}

/** The row for a matched route, or undefined when the table has none. */
export const accessFor = (method: string, pattern: string, table: AccessTable = ACCESS): Access | undefined =>
  table[accessKey(method, pattern)]

/** `/v1/` routes with no row in the table, as "GET /v1/…" strings; empty when every route is covered. */
export function missingAccessRows(routes: readonly { method: string; path: string }[], table: AccessTable = ACCESS): string[] {
  const missing = routes
    .filter((r) => r.path.startsWith('/v1/'))
    .map((r) => accessKey(r.method, r.path))
    .filter((key) => !Object.hasOwn(table, key))
  return [...new Set(missing)]
}
