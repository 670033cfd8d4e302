/**
 * The one DuckDB instance of the process and the snapshot it serves. Each snapshot is a generation:
 * its serving database attached under its own name, its own connection pool (prepared statements are
 * bound to the tables they were prepared against), its memos (data derived from the snapshot) and its
 * result cache. A request binds to the current generation at its first query and keeps it to the end,
 * so when CURRENT changes, new requests use the new snapshot while requests in flight finish on the old
 * one; the old generation closes when its last request is done.
 */

import { type FSWatcher, watch } from 'node:fs'
import { DuckDBInstance } from '@duckdb/node-api'
import type { Config } from '../config.ts'
import { KeyedFile } from '../lib/keyed-file.ts'
import { errorFields, type LogSink } from '../lib/log.ts'
import {
  attachStatement,
  connectionSetup,
  currentId,
  detachStatement,
  dropParquetViewsStatement,
  parquetViewStatements,
  readSnapshot,
  type Snapshot,
  warmUpLookups,
} from './catalog.ts'
import { SnapshotUnavailable } from './errors.ts'
import type { LookupName } from './lookup-names.ts'
import { ConnectionPool, type PoolStats, type QueryOptions } from './pool.ts'
import { ResultCache } from './result-cache.ts'
import type { Sql } from './sql.ts'

/** A snapshot memo's declaration (made with defineMemo, src/db/memo.ts, which says what a memo is). */
export type Memo<T> = {
  /** Unique among the memos. */
  name: string
  /** The serving tables or lookup files it reads. */
  from: readonly string[]
  /** What it holds, in a few words. */
  holds: string
  /** Its value for this snapshot, or for one `variant` of it. */
  compute(db: Db, variant?: string): Promise<T>
}

export type AnyMemo = Memo<unknown>

/** What queries need: rows for a statement, and which snapshot they come from. */
export type Db = {
  all<T>(q: Sql, options?: QueryOptions): Promise<T[]>
  one<T>(q: Sql, options?: QueryOptions): Promise<T | undefined>
  /**
   * A memo's value for this snapshot (src/db/memo.ts), computed once per snapshot and `variant`
   * (concurrent callers share it).
   */
  memo<T>(memo: Memo<T>, variant?: string): Promise<T>
  /**
   * One of the snapshot's lookup files (point lookups without a query: lib/keyed-file.ts), by the name the
   * source's contract gives it; a snapshot without it is unavailable (503), not a bug of the request.
   */
  lookup(name: LookupName): KeyedFile
}

type Lookups = ReadonlyMap<string, KeyedFile>

/** Every lookup file the snapshot's manifest lists, opened. */
function openLookups(snapshot: Snapshot): Lookups {
  const opened: [string, KeyedFile][] = []
  try {
    for (const [name, base] of Object.entries(snapshot.lookups)) opened.push([name, KeyedFile.open(base)])
    return new Map(opened)
  } catch (e) {
    for (const [, file] of opened) file.close()
    throw e
  }
}

class Generation {
  refs = 0
  retired = false
  readonly memos = new Map<string, Promise<unknown>>()
  constructor(
    readonly snapshot: Snapshot,
    readonly pool: ConnectionPool,
    readonly results: ResultCache,
    readonly lookups: Lookups,
  ) {}
}

type DbConfig = Pick<
  Config,
  | 'DATASETS_DIR'
  | 'DB_CONNECTIONS'
  | 'DB_QUEUE_LIMIT'
  | 'DUCKDB_THREADS'
  | 'DUCKDB_MEMORY_LIMIT'
  | 'QUERY_TIMEOUT_MS'
  | 'RESPONSE_CACHE_MB'
>

export class Database {
  private current?: Generation
  /** Generations with a pool still open: the current one and retired ones finishing their requests. */
  private readonly live = new Set<Generation>()
  private reloading: Promise<unknown> = Promise.resolve()
  private watcher?: FSWatcher
  private poller?: ReturnType<typeof setInterval>
  /** Why no snapshot is served, for /ready and the log. */
  unavailableReason?: string

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly config: DbConfig,
    private readonly log: LogSink,
  ) {}

  static async open(config: DbConfig, log: LogSink): Promise<Database> {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(config.DUCKDB_THREADS),
      memory_limit: config.DUCKDB_MEMORY_LIMIT,
      // The server never installs or downloads anything.
      autoinstall_known_extensions: 'false',
      // DuckDB's default, stated because lists rely on it: a query without ORDER BY returns a table's
      // rows in stored order, so a page of a table stored in list order needs no sort.
      preserve_insertion_order: 'true',
    })
    const setup = await instance.connect()
    // Late materialization turns a filtered top-N into a join on row ids that scans the whole table:
    // a CIK's newest filings took five times as long with it (docs/architecture.md). Our lists read at
    // most a page of rows, so it never pays here.
    await setup.run('SET GLOBAL late_materialization_max_rows = 0')
    // The in-place Parquet tables (the 13F holdings and flows, ~56 files each) are read a few row groups at
    // a time: their footers are parsed once and kept, not again for every query.
    await setup.run('SET GLOBAL parquet_metadata_cache = true')
    setup.closeSync()
    const db = new Database(instance, config, log)
    await db.reload()
    return db
  }

  get snapshot(): Snapshot | undefined {
    return this.current?.snapshot
  }

  /** A per-request handle: binds to the current generation at its first query; release() when the response is sent. */
  forRequest(): RequestDb {
    return new RequestDb(this)
  }

  /** @internal for RequestDb */
  acquire(): Generation {
    const gen = this.current
    if (!gen) throw new SnapshotUnavailable(this.unavailableReason ?? 'no snapshot')
    gen.refs++
    return gen
  }

  /** @internal for RequestDb */
  release(gen: Generation) {
    gen.refs--
    if (gen.retired && gen.refs === 0) void this.closeGeneration(gen)
  }

  /** Serves what CURRENT names now, if it differs from what is served. Calls are serialized. */
  reload(): Promise<{ changed: boolean; id?: string }> {
    const run = this.reloading.then(() => this.reloadNow())
    this.reloading = run.catch(() => undefined)
    return run
  }

  /** reload() without waiting: a failure is logged (a watch, SIGHUP), and the old snapshot stays served. */
  reloadLogged(): void {
    void this.reload().catch((e) => this.log.error({ level: 'error', event: 'reload_failed', ...errorFields(e) }))
  }

  private async reloadNow(): Promise<{ changed: boolean; id?: string }> {
    const id = currentId(this.config.DATASETS_DIR)
    if (id && id === this.current?.snapshot.id) return { changed: false, id }
    let snapshot: Snapshot
    try {
      snapshot = readSnapshot(this.config.DATASETS_DIR)
    } catch (e) {
      // Keep serving the old snapshot when the new pointer is unusable.
      this.unavailableReason = (e as Error).message
      this.log.error({ level: 'error', event: 'snapshot_unusable', ...errorFields(e) })
      return { changed: false, id: this.current?.snapshot.id }
    }
    const admin = await this.instance.connect()
    try {
      await admin.run(attachStatement(snapshot))
      for (const statement of parquetViewStatements(snapshot)) await admin.run(statement)
    } finally {
      admin.closeSync()
    }
    const started = performance.now()
    await warmUpLookups(snapshot)
    this.log.info({
      level: 'info',
      event: 'snapshot_warmed',
      snapshot: snapshot.id,
      duration_ms: Math.round(performance.now() - started),
    })
    const lookups = openLookups(snapshot)
    let pool: ConnectionPool
    try {
      pool = await ConnectionPool.open(
        this.instance,
        {
          size: this.config.DB_CONNECTIONS,
          queueLimit: this.config.DB_QUEUE_LIMIT,
          timeoutMs: this.config.QUERY_TIMEOUT_MS,
        },
        connectionSetup(snapshot),
      )
    } catch (e) {
      closeLookups(lookups)
      throw e
    }
    const previous = this.current
    this.current = new Generation(snapshot, pool, new ResultCache(this.config.RESPONSE_CACHE_MB * 2 ** 20), lookups)
    this.live.add(this.current)
    this.unavailableReason = undefined
    this.log.info({
      level: 'info',
      event: 'snapshot_served',
      snapshot: snapshot.id,
      previous: previous?.snapshot.id ?? null,
    })
    if (previous) {
      previous.retired = true
      if (previous.refs === 0) void this.closeGeneration(previous)
    }
    return { changed: true, id: snapshot.id }
  }

  private async closeGeneration(gen: Generation) {
    this.live.delete(gen)
    try {
      closeLookups(gen.lookups)
      await gen.pool.close()
      // Detached, its file can be deleted (the build prunes old snapshots).
      const admin = await this.instance.connect()
      await admin.run(detachStatement(gen.snapshot))
      await admin.run(dropParquetViewsStatement(gen.snapshot))
      admin.closeSync()
    } catch (e) {
      this.log.error({ level: 'error', event: 'snapshot_close_failed', snapshot: gen.snapshot.id, ...errorFields(e) })
    }
  }

  /**
   * Follows CURRENT: a file-system watch reacts at once, and a slow poll catches what a watch can
   * miss (network file systems, a datasets folder created after start).
   */
  watch(pollMs = 5000) {
    const onChange = () => this.reloadLogged()
    try {
      this.watcher = watch(this.config.DATASETS_DIR, (_event, file) => {
        if (file === 'CURRENT') onChange()
      })
    } catch {
      // No folder yet: the poll will notice it.
    }
    this.poller = setInterval(() => {
      if (currentId(this.config.DATASETS_DIR) !== this.current?.snapshot.id) onChange()
    }, pollMs)
    this.poller.unref?.()
  }

  poolStats(): PoolStats & { generations: number; batched: number } {
    const stats = this.current?.pool.stats() ?? { size: 0, busy: 0, waiting: 0 }
    return { ...stats, generations: this.live.size, batched: this.current?.pool.batched ?? 0 }
  }

  /** The current snapshot's result cache: hits, misses, entries and bytes (for /metrics). */
  cacheStats() {
    const c = this.current?.results
    return { hits: c?.hits ?? 0, misses: c?.misses ?? 0, ...(c?.size ?? { entries: 0, bytes: 0 }) }
  }

  async close() {
    this.watcher?.close()
    if (this.poller) clearInterval(this.poller)
    await this.reloading
    if (this.current) {
      closeLookups(this.current.lookups)
      await this.current.pool.close()
    }
    this.current = undefined
    this.instance.closeSync()
  }
}

/** The Db a request uses: one generation for all of its queries. */
export class RequestDb implements Db {
  private gen?: Generation
  constructor(private readonly database: Database) {}

  private generation() {
    this.gen ??= this.database.acquire()
    return this.gen
  }

  all<T>(q: Sql, options?: QueryOptions): Promise<T[]> {
    try {
      return this.generation().pool.all<T>(q, options)
    } catch (e) {
      return Promise.reject(e)
    }
  }

  async one<T>(q: Sql, options?: QueryOptions): Promise<T | undefined> {
    return (await this.all<T>(q, options))[0]
  }

  /**
   * The answer's JSON text for `key` (a normalized request) from this snapshot's cache, else computed
   * and offered to it (kept when asked for a second time: ResultCache.offer). Failures (404s included)
   * are not kept.
   */
  async cached(key: string, compute: () => Promise<string>): Promise<string> {
    const { results } = this.generation()
    const hit = results.get(key)
    if (hit !== undefined) return hit
    const text = await compute()
    results.offer(key, text)
    return text
  }

  memo<T>(memo: Memo<T>, variant?: string): Promise<T> {
    const { memos } = this.generation()
    const key = variant === undefined ? memo.name : `${memo.name}:${variant}`
    let value = memos.get(key) as Promise<T> | undefined
    if (!value) {
      value = memo.compute(this, variant)
      memos.set(key, value)
      // A failure is not remembered: the next request tries again.
      value.catch(() => memos.delete(key))
    }
    return value
  }

  lookup(name: LookupName): KeyedFile {
    const file = this.generation().lookups.get(name)
    if (!file) throw new SnapshotUnavailable(`the served snapshot has no lookup file ${name}: rebuild it`)
    return file
  }

  release() {
    if (this.gen) this.database.release(this.gen)
    this.gen = undefined
  }
}

function closeLookups(lookups: Lookups) {
  for (const file of lookups.values()) file.close()
}
