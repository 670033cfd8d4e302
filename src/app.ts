/**
 * The whole API as one Elysia app: request id first, then the one error handler, the query checks,
 * logging and metrics, auth, the docs, the operations endpoints, the MCP endpoint, then every area of
 * src/areas/index.ts.
 * Order matters: hooks registered first run first, and the error handler must be in place before
 * anything can throw.
 */
import { type AnyElysia, Elysia } from 'elysia'
import pkg from '../package.json' with { type: 'json' }
import { AREAS } from './areas/index.ts'
import { missingAccess } from './auth/access.ts'
import { auth } from './auth/index.ts'
import type { KeyStore } from './auth/key-store.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { errorHandler } from './http/errors.ts'
import { registerFormats } from './http/formats.ts'
import { queryEncoding } from './http/query-encoding.ts'
import { queryRepeats } from './http/query-repeats.ts'
import { unknownParameters } from './http/query-unknown.ts'
import { requestId } from './http/request-id.ts'
import { appRoutes } from './http/routes.ts'
import { consoleSink, type LogSink } from './lib/log.ts'
import { MCP_PATH, mcp } from './mcp/index.ts'
import { docs } from './ops/docs.ts'
import { Metrics } from './ops/metrics.ts'
import { observability } from './ops/observability.ts'
import { opsRoutes } from './ops/routes.ts'
import { type GatherReports, threadReport } from './ops/thread-report.ts'

export type AppOptions = {
  config: Config
  database: Database
  keys: KeyStore
  log?: LogSink
  /** The clock of the rate limiter (tests move it). */
  now?: () => number
  /** Set by a server thread (src/server/): its request metrics, read by the main thread for a scrape. */
  metrics?: Metrics
  /** The rate counters every server thread shares (src/auth/rate-limiter.ts); a new one when absent. */
  rateTable?: SharedArrayBuffer
  /** Every thread's report for /metrics; without it, this app's alone (one thread). */
  gatherReports?: GatherReports
}

export function createApp({
  config,
  database,
  keys,
  log = consoleSink,
  now,
  metrics = new Metrics(),
  rateTable,
  gatherReports = async () => [threadReport(0, metrics, database)],
}: AppOptions) {
  // Ours win over the formats plugins register when they load (see formats.ts).
  registerFormats()
  const deps = { config, database }
  // The parts registered first read the final app's routes (to name bad parameters, label logs, find a
  // route's plan), known only once it is built: one lookup, filled on first use.
  let app: AnyElysia | undefined
  const routes = appRoutes(() => app?.routes ?? [])
  const base: AnyElysia = new Elysia()
    .use(requestId)
    .use(errorHandler(routes, log))
    .use(queryEncoding)
    .use(queryRepeats(routes))
    .use(unknownParameters(routes))
    .use(observability(metrics, log, config.LOG_REQUESTS, routes))
    .use(auth({ store: keys, now, routes, keyOnly: [MCP_PATH], rateTable }))
    .use(docs(config, pkg.version))
    .use(opsRoutes(database, gatherReports))
    // Its tool calls are requests to the final app, routes and hooks included.
    .use(
      mcp({
        routes,
        handle: (request) => app!.handle(request),
        version: pkg.version,
        resultBudget: config.MCP_RESULT_CHARS,
      }),
    )
  app = AREAS.reduce((composed, area) => composed.use(area.routes(deps)), base)
  // Every /v1 operation must say which plan and feature it needs, next to itself (src/auth/access.ts).
  const missing = missingAccess(app.routes)
  if (missing.length) throw new Error(`routes without a minimum plan (access() in their detail): ${missing.join(', ')}`)
  return app
}

export type App = ReturnType<typeof createApp>
