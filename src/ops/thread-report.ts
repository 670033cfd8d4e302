/**
 * What one server thread tells a scrape of /metrics: its request metrics, its DuckDB pool, its result
 * cache and the snapshot it serves. Each thread has its own database and cache (src/server/), so a scrape
 * gathers every thread's report and adds them up into the process's figures.
 */
import type { Database } from '../db/client.ts'
import { type Gauge, Metrics, type MetricsState } from './metrics.ts'

export type ThreadReport = {
  thread: number
  metrics: MetricsState
  pool: { size: number; busy: number; waiting: number; batched: number; generations: number }
  cache: { hits: number; misses: number; bytes: number }
  snapshot?: string
}

/** Every thread's report: the one thread's own, or all threads' gathered by the main thread. */
export type GatherReports = () => Promise<ThreadReport[]>

export function threadReport(thread: number, metrics: Metrics, database: Database): ThreadReport {
  const { size, busy, waiting, batched, generations } = database.poolStats()
  const { hits, misses, bytes } = database.cacheStats()
  return {
    thread,
    metrics: metrics.state(),
    pool: { size, busy, waiting, batched, generations },
    cache: { hits, misses, bytes },
    snapshot: database.snapshot?.id,
  }
}

const total = (reports: ThreadReport[], value: (r: ThreadReport) => number) =>
  reports.reduce((sum, r) => sum + value(r), 0)

/** The exposition text of the reports, added up; the process's memory is read here. */
export function renderReports(reports: ThreadReport[]): string {
  const busy = total(reports, (r) => r.pool.busy)
  const gauges: Gauge[] = [
    {
      name: 'secds_db_pool_connections',
      help: 'DuckDB connections of the served snapshot, by state (all server threads).',
      values: [
        { labels: { state: 'busy' }, value: busy },
        { labels: { state: 'idle' }, value: total(reports, (r) => r.pool.size) - busy },
      ],
    },
    {
      name: 'secds_db_pool_waiting',
      help: 'Queries waiting for a connection.',
      values: [{ value: total(reports, (r) => r.pool.waiting) }],
    },
    {
      name: 'secds_db_batched_queries',
      help: 'Queries of the served snapshot answered as part of one merged query (they waited for a connection together).',
      values: [{ value: total(reports, (r) => r.pool.batched) }],
    },
    {
      name: 'secds_db_snapshot_generations',
      help: 'Snapshots with open connections in a server thread (2 while an old one finishes its requests).',
      values: [{ value: Math.max(0, ...reports.map((r) => r.pool.generations)) }],
    },
    {
      name: 'secds_result_cache_lookups',
      help: 'Result-cache lookups for the served snapshot, by outcome.',
      values: [
        { labels: { outcome: 'hit' }, value: total(reports, (r) => r.cache.hits) },
        { labels: { outcome: 'miss' }, value: total(reports, (r) => r.cache.misses) },
      ],
    },
    {
      name: 'secds_result_cache_bytes',
      help: 'Bytes of JSON text held by the result caches of the served snapshot.',
      values: [{ value: total(reports, (r) => r.cache.bytes) }],
    },
    {
      name: 'secds_snapshot_info',
      help: 'The served snapshot (value 1); two while the server threads move to a new one.',
      values: [...new Set(reports.flatMap((r) => (r.snapshot ? [r.snapshot] : [])))].map((snapshot) => ({
        labels: { snapshot },
        value: 1,
      })),
    },
    {
      name: 'secds_server_threads',
      help: 'Threads serving requests (SERVER_THREADS).',
      values: [{ value: reports.length }],
    },
    {
      name: 'secds_thread_requests_total',
      help: 'Requests answered, by server thread (how evenly the threads share the connections).',
      type: 'counter',
      values: reports.map((r) => ({
        labels: { thread: String(r.thread) },
        value: r.metrics.requests.reduce((sum, q) => sum + q.count, 0),
      })),
    },
    {
      name: 'secds_process_resident_memory_bytes',
      help: 'Resident set size of the server process.',
      values: [{ value: process.memoryUsage.rss() }],
    },
  ]
  return Metrics.sum(reports.map((r) => r.metrics)).render(gauges)
}
