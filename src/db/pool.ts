/**
 * A small pool of DuckDB connections: one query per connection at a time (node-neo #142: concurrent
 * queries on one connection are unsafe), a bounded waiting queue (past it, ServerBusy → 503, which
 * keeps p99 bounded under overload), prepared statements cached per connection by SQL text, and a
 * per-query timeout that interrupts the query.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api'
import { QueryTimeout, ServerBusy } from './errors.ts'
import type { Sql } from './sql.ts'

/** Distinct statement texts kept prepared per connection; a query's text depends only on which filters it uses. */
const STATEMENTS_PER_CONNECTION = 128

type Pooled = { conn: DuckDBConnection; statements: Map<string, DuckDBPreparedStatement> }

export type PoolOptions = { size: number; queueLimit: number; timeoutMs: number }
export type PoolStats = { size: number; busy: number; waiting: number }

export class ConnectionPool {
  private readonly free: Pooled[]
  private readonly waiters: ((c: Pooled) => void)[] = []
  private busy = 0
  private closed = false
  private idleWaiters: (() => void)[] = []

  private constructor(private readonly connections: Pooled[], private readonly options: PoolOptions) {
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
    return { size: this.connections.length, busy: this.busy, waiting: this.waiters.length }
  }

  /** Rows as JSON-ready objects (DuckDB's JSON conversion: dates as strings, BIGINT as strings unless cast in SQL). */
  async all<T>(q: Sql): Promise<T[]> {
    const pooled = await this.acquire()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      pooled.conn.interrupt()
    }, this.options.timeoutMs)
    try {
      const statement = await this.statement(pooled, q.text)
      statement.bind([...q.values])
      const reader = await statement.runAndReadAll()
      return reader.getRowObjectsJson() as T[]
    } catch (e) {
      throw timedOut ? new QueryTimeout(q.text) : e
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

  private acquire(): Promise<Pooled> {
    const pooled = this.free.pop()
    if (pooled) {
      this.busy++
      return Promise.resolve(pooled)
    }
    if (this.waiters.length >= this.options.queueLimit) return Promise.reject(new ServerBusy())
    return new Promise((resolve) => this.waiters.push((p) => { this.busy++; resolve(p) }))
  }

  private release(pooled: Pooled) {
    this.busy--
    const next = this.waiters.shift()
    if (next) return next(pooled)
    this.free.push(pooled)
    if (this.busy === 0 && this.idleWaiters.length) for (const done of this.idleWaiters.splice(0)) done()
  }

  /** Waits for running and queued queries to finish, then closes every connection. */
  async close() {
    if (this.closed) return
    this.closed = true
    if (this.busy > 0 || this.waiters.length > 0) await new Promise<void>((r) => this.idleWaiters.push(r))
    for (const { conn, statements } of this.connections) {
      for (const s of statements.values()) s.destroySync()
      conn.closeSync()
    }
  }
}
