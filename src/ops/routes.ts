/**
 * Operations endpoints, outside /v1 and without an API key (load balancers and Prometheus call them):
 * liveness, readiness with the served snapshot, and metrics.
 */
import { Elysia, t } from 'elysia'
import type { Database } from '../db/client.ts'
import { SnapshotUnavailable } from '../db/errors.ts'
import { OutInteger } from '../http/schemas.ts'
import type { Metrics } from './metrics.ts'

const Ready = t.Object({
  status: t.Literal('ready'),
  snapshot: t.Object({
    id: t.String(),
    builtAt: t.String({ format: 'date-time' }),
    schemaVersion: OutInteger(),
    rows: t.Record(t.String(), OutInteger()),
  }),
})

export const opsRoutes = (database: Database, metrics: Metrics) =>
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
    .get('/metrics', ({ set }) => {
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8'
      const pool = database.poolStats()
      const cache = database.cacheStats()
      const snapshot = database.snapshot
      return metrics.render([
        {
          name: 'secds_db_pool_connections',
          help: 'DuckDB connections of the served snapshot, by state.',
          values: [
            { labels: { state: 'busy' }, value: pool.busy },
            { labels: { state: 'idle' }, value: pool.size - pool.busy },
          ],
        },
        { name: 'secds_db_pool_waiting', help: 'Queries waiting for a connection.', values: [{ value: pool.waiting }] },
        {
          name: 'secds_db_batched_queries',
          help: 'Queries of the served snapshot answered as part of one merged query (they waited for a connection together).',
          values: [{ value: pool.batched }],
        },
        {
          name: 'secds_db_snapshot_generations',
          help: 'Snapshots with open connections (2 while an old one finishes its requests).',
          values: [{ value: pool.generations }],
        },
        {
          name: 'secds_result_cache_lookups',
          help: 'Result-cache lookups for the served snapshot, by outcome.',
          values: [
            { labels: { outcome: 'hit' }, value: cache.hits },
            { labels: { outcome: 'miss' }, value: cache.misses },
          ],
        },
        {
          name: 'secds_result_cache_bytes',
          help: 'Bytes of JSON text held by the result cache of the served snapshot.',
          values: [{ value: cache.bytes }],
        },
        {
          name: 'secds_snapshot_info',
          help: 'The served snapshot (value 1).',
          values: snapshot ? [{ labels: { snapshot: snapshot.id }, value: 1 }] : [],
        },
        {
          name: 'secds_process_resident_memory_bytes',
          help: 'Resident set size of the server process.',
          values: [{ value: process.memoryUsage.rss() }],
        },
      ])
    })
