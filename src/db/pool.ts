/**
 * A small pool of DuckDB connections: one query per connection at a time (node-neo #142: concurrent
 * queries on one connection are unsafe), a bounded waiting queue (past it, ServerBusy → 503, which
 * keeps p99 bounded under overload), prepared statements cached per connection by SQL text, and a
 * per-query timeout that interrupts the query.
 *
 * Queries marked batchable that wait for a connection with the same text are run as one: each DuckDB
 * query pays a fixed cost (DuckDB plans a prepared statement again for its values) that 16 point lookups
 * in one UNION ALL share (docs/architecture.md, Batched queries, has the figures). Only queries that
 * would have waited anyway are merged, so one request alone never waits for others. (An IN list instead
 * would read every row group between the smallest and the largest key.)
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api'
import { QueryTimeout, ServerBusy } from './errors.ts'
import type { Sql } from './sql.ts'

/**
 * Distinct statement texts kept prepared per connection; a query's text depends only on which filters it
 * uses, and a merged query's also on how many it merges (2 to MAX_BATCH for each of ~6 kinds).
 */
const STATEMENTS_PER_CONNECTION = 256

/**
 * Merged lookups at most. 4 keys already save most of the fixed cost, 16 only a little more
 * (docs/benchmarks.md); a bigger batch would gain little and make more requests wait for one query.
 */
const MAX_BATCH = 16

type Pooled = { conn: DuckDBConnection; statements: Map<string, DuckDBPreparedStatement> }
type Job = { q: Sql; batchable: boolean; resolve: (rows: unknown[]) => void; reject: (e: unknown) => void }

/**
 * `batchable`: the query may run merged with others of the same text, each as a subquery of one UNION
 * ALL. Its rows keep their order within its branch, but an ORDER BY of its own would then sort only
 * inside the subquery: so only point lookups and reads in stored order (a filer's page) say so.
 */
export type QueryOptions = { batchable?: boolean }

export type PoolOptions = { size: number; queueLimit: number; timeoutMs: number }
export type PoolStats = { size: number; busy: number; waiting: number }

export class ConnectionPool {
  private readonly free: Pooled[]
  private readonly queue: Job[] = []
  private busy = 0
  private closed = false
  private idleWaiters: (() => void)[] = []
  /** Queries answered as part of a merged query, for /metrics. */
  batched = 0

  private constructor(
    private readonly connections: Pooled[],
    private readonly options: PoolOptions,
  ) {
    this.free = [...connections]
  }

  /** Opens `size` connections and runs `setup` statements on each (e.g. `SET schema`). */
  static async open(instance: DuckDBInstance, options: PoolOptions, setup: string[] = []) {
    const pooled: Pooled[] = []
    for (let i = 0; i < options.size; i++) {
      const conn = await instance.connect()
      for (const statement of setup) await conn.run(statement)
      pooled.push({ conn, statements: new Map() })
    }
    return new ConnectionPool(pooled, options)
  }

  stats(): PoolStats {
    return { size: this.connections.length, busy: this.busy, waiting: this.queue.length }
  }

  /** Rows as JSON-ready objects (DuckDB's JSON conversion: dates as strings, BIGINT as strings unless cast in SQL). */
  all<T>(q: Sql, options: QueryOptions = {}): Promise<T[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      const job: Job = { q, batchable: options.batchable ?? false, resolve, reject }
      const pooled = this.free.pop()
      if (pooled) {
        this.busy++
        void this.run(pooled, [job])
      } else if (this.queue.length >= this.options.queueLimit) {
        reject(new ServerBusy())
      } else {
        this.queue.push(job)
      }
    }) as Promise<T[]>
  }

  private async run(pooled: Pooled, jobs: Job[]) {
    const q = jobs.length === 1 ? jobs[0]!.q : merged(jobs)
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      pooled.conn.interrupt()
    }, this.options.timeoutMs)
    try {
      const statement = await this.statement(pooled, q.text)
      statement.bind([...q.values])
      const rows = (await statement.runAndReadAll()).getRowObjectsJson()
      if (jobs.length === 1) jobs[0]!.resolve(rows)
      else {
        this.batched += jobs.length
        const parts: unknown[][] = jobs.map(() => [])
        for (const { [BATCH_COLUMN]: i, ...row } of rows) parts[i as number]!.push(row)
        for (const [i, job] of jobs.entries()) job.resolve(parts[i]!)
      }
    } catch (e) {
      const error = timedOut ? new QueryTimeout(jobs[0]!.q.text) : e
      for (const job of jobs) job.reject(error)
    } finally {
      clearTimeout(timer)
      this.release(pooled)
    }
  }

  private async statement(pooled: Pooled, text: string) {
    const cached = pooled.statements.get(text)
    if (cached) {
      // Re-insert: Map order is the LRU order.
      pooled.statements.delete(text)
      pooled.statements.set(text, cached)
      return cached
    }
    const prepared = await pooled.conn.prepare(text)
    pooled.statements.set(text, prepared)
    if (pooled.statements.size > STATEMENTS_PER_CONNECTION) {
      const [oldest, old] = pooled.statements.entries().next().value!
      pooled.statements.delete(oldest)
      old.destroySync()
    }
    return prepared
  }

  private release(pooled: Pooled) {
    this.busy--
    const next = this.queue.shift()
    if (next) {
      this.busy++
      return void this.run(pooled, next.batchable ? this.takeBatch(next) : [next])
    }
    this.free.push(pooled)
    if (this.busy === 0 && this.idleWaiters.length) for (const done of this.idleWaiters.splice(0)) done()
  }

  /** `first` and up to MAX_BATCH - 1 more queued batchable jobs of its text, oldest first. */
  private takeBatch(first: Job): Job[] {
    const jobs = [first]
    for (let i = 0; i < this.queue.length && jobs.length < MAX_BATCH; ) {
      const job = this.queue[i]!
      if (job.batchable && job.q.text === first.q.text) {
        jobs.push(job)
        this.queue.splice(i, 1)
      } else i++
    }
    return jobs
  }

  /** Waits for running and queued queries to finish, then closes every connection. */
  async close() {
    if (this.closed) return
    this.closed = true
    if (this.busy > 0 || this.queue.length > 0) await new Promise<void>((r) => this.idleWaiters.push(r))
    for (const { conn, statements } of this.connections) {
      for (const s of statements.values()) s.destroySync()
      conn.closeSync()
    }
  }
}

const BATCH_COLUMN = '__batch'

/** One query for several of the same text: each one's rows tagged with its index in `jobs`. */
function merged(jobs: Job[]): Sql {
  return {
    text: jobs.map((job, i) => `SELECT ${i} AS ${BATCH_COLUMN}, * FROM (${job.q.text})`).join('\nUNION ALL\n'),
    values: jobs.flatMap((job) => job.q.values),
  }
}
