/**
 * After every response: one JSON log line (method, route, status, duration, request id, key name;
 * never the key or the query string, which may hold it) and the request metrics.
 */
import { Elysia } from 'elysia'
import { stateOf } from '../http/request-state.ts'
import type { AppRoutes } from '../http/routes.ts'
import type { LogSink } from '../lib/log.ts'
import type { Metrics } from './metrics.ts'
import { routeLabeler } from './route-label.ts'

export const observability = (metrics: Metrics, log: LogSink, logRequests: boolean, routes: AppRoutes) => {
  const label = routeLabeler(routes)
  return new Elysia({ name: 'observability', seed: metrics }).onAfterResponse(
    { as: 'global' },
    ({ request, route, set }) => {
      const state = stateOf(request)
      const ms = performance.now() - state.startedAt
      const status = typeof set.status === 'number' ? set.status : 200
      const pattern = label(request.method, route, request.url)
      metrics.observe(request.method, pattern, status, ms / 1000)
      if (logRequests) {
        log.info({
          time: new Date().toISOString(),
          method: request.method,
          route: pattern,
          status,
          duration_ms: Math.round(ms * 100) / 100,
          request_id: state.id,
          key: state.key?.name ?? null,
        })
      }
    },
  )
}
