/**
 * What area plugins receive (the configuration and the database), and the request context every area's
 * routes use: each request gets its own `db` (bound to one snapshot for the whole request, see
 * db/client.ts), released when the response is sent, and its result-cache key.
 */
import { Elysia } from 'elysia'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'

export type AreaDeps = { config: Config; database: Database }

/**
 * The request as a result-cache key: path and query string with the parameters sorted, the API key left
 * out (a result depends on the request, never on who asks; access was checked before the handler), and
 * `format` too (the cache keeps JSON; CSV and Arrow are written from it: src/areas/operation.ts).
 */
export function cacheKeyOf(url: string): string {
  const u = new URL(url)
  u.searchParams.delete('apiKey')
  u.searchParams.delete('format')
  u.searchParams.sort()
  return `${u.pathname}?${u.searchParams}`
}

/**
 * One number per Database, as the plugin's seed: Elysia de-duplicates a named plugin by its seed, which it
 * turns into JSON, and a Database holds what JSON cannot be (its lookup files' 64-bit keys).
 */
const seeds = new WeakMap<Database, number>()
let lastSeed = 0
const seedOf = (database: Database) => {
  if (!seeds.has(database)) seeds.set(database, ++lastSeed)
  return seeds.get(database)!
}

export const dbContext = (database: Database) =>
  new Elysia({ name: 'db-context', seed: seedOf(database) })
    .derive({ as: 'global' }, ({ request }) => ({ db: database.forRequest(), cacheKey: cacheKeyOf(request.url) }))
    .onAfterResponse({ as: 'global' }, ({ db }) => db?.release())
