/**
 * Operations endpoints, outside /v1 and without an API key (load balancers and Prometheus call them):
 * liveness, readiness with the served snapshot, and metrics.
 */
import { Elysia, t } from 'elysia'
import type { Database } from '../db/client.ts'
import { SnapshotUnavailable } from '../db/errors.ts'
import { OutInteger } from '../http/schemas.ts'
import { type GatherReports, renderReports } from './thread-report.ts'

const Ready = t.Object({
  status: t.Literal('ready'),
  snapshot: t.Object({
    id: t.String(),
    builtAt: t.String({ format: 'date-time' }),
    schemaVersion: OutInteger(),
    rows: t.Record(t.String(), OutInteger()),
  }),
})

export const opsRoutes = (database: Database, gatherReports: GatherReports) =>
  new Elysia({ name: 'ops', detail: { hide: true } })
    .get('/health', () => ({ status: 'ok' as const }), { response: t.Object({ status: t.Literal('ok') }) })
    .get(
      '/ready',
      () => {
        const snapshot = database.snapshot
        if (!snapshot) throw new SnapshotUnavailable(database.unavailableReason ?? 'no snapshot')
        const { id, builtAt, schemaVersion, rows } = snapshot
        return { status: 'ready' as const, snapshot: { id, builtAt, schemaVersion, rows } }
      },
      { response: Ready },
    )
    // Every thread's figures, added up: a scrape answered by any thread reports the whole process.
    .get('/metrics', async ({ set }) => {
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8'
      return renderReports(await gatherReports())
    })
