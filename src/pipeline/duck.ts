/**
 * The build's DuckDB: one instance on a scratch database file (so staged tables live on disk, not in RAM),
 * with a memory limit and a spill folder, so memory stays bounded when the input is far larger than RAM.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type DuckDBConnection, type DuckDBDataChunk, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api'
import { RssWatch } from '../lib/rss-watch.ts'

export type BuildDbOptions = {
  file: string
  tempDir: string
  threads: number
  memoryLimit: string
  /** Where to say that a statement is being run again on one thread. */
  log?: (line: string) => void
}

export class BuildDb {
  /** Statements that ran out of memory on several threads and were run again on one (see runLarge), oldest first. */
  readonly retriedOnOneThread: string[] = []

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly conn: DuckDBConnection,
    private readonly threads: number,
    private readonly log?: (line: string) => void,
    private readonly tempDir?: string,
  ) {}

  static async open(o: BuildDbOptions) {
    const instance = await DuckDBInstance.create(o.file, {
      threads: String(o.threads),
      memory_limit: o.memoryLimit,
      temp_directory: o.tempDir,
      // Row order only matters where a query says ORDER BY; dropping it lets scans and COPY run in parallel.
      preserve_insertion_order: 'false',
    })
    const conn = await instance.connect()
    return new BuildDb(instance, conn, o.threads, o.log, o.tempDir)
  }

  /** Runs a statement; one that takes long gets a line of its own (sayIfLong), whichever way it is run. */
  async run(sql: string, params?: DuckDBValue[]) {
    const watch = new SpillWatch(this.tempDir)
    try {
      await this.conn.run(sql, params)
    } finally {
      watch.stop()
    }
    this.sayIfLong(watch, sql)
  }

  /**
   * A statement over the whole input (the big sorts). DuckDB spills them to disk, yet with several
   * threads one can still fail with "Out of Memory Error" (the by-date sort did, now and then, before it
   * was cut into date ranges). One thread holds fewer buffers of its own but took nearly twice as long
   * for that sort (docs/benchmarks.md), so it is the retry, not the rule. Only statements that leave nothing behind when
   * they fail may use this (CREATE TABLE AS, INSERT, COPY TO one file).
   */
  async runLarge(sql: string) {
    const watch = new SpillWatch(this.tempDir)
    try {
      await this.conn.run(sql)
    } catch (e) {
      // Which statement, and how far it had spilled: a full disk or memory names no table.
      if (e instanceof Error) e.message = `${e.message}\n  in ${watch.describe(sql)}`
      if (this.threads <= 1 || !isOutOfMemory(e)) throw e
      this.retriedOnOneThread.push(sql)
      this.log?.(
        `out of memory on ${this.threads} threads, running it again on one: ${sql.replace(/\s+/g, ' ').trim().slice(0, 70)}…`,
      )
      await this.conn.run('SET threads = 1')
      try {
        await this.conn.run(sql)
      } catch (again) {
        if (again instanceof Error) again.message = `${again.message}\n  in ${watch.describe(sql)}, on one thread`
        throw again
      } finally {
        await this.conn.run(`SET threads = ${this.threads}`)
      }
    } finally {
      watch.stop()
    }
    this.sayIfLong(watch, sql)
  }

  /** Times a statement run another way (a lookup file's query) and the spill's peak meanwhile. */
  watch = () => new SpillWatch(this.tempDir)

  /** A line of the build's output, between its steps' lines: what a step decided (what it took, what it made). */
  say(line: string) {
    this.log?.(line)
  }

  /** Says a statement that took long (LONG_STATEMENT_SECONDS) with its time and spill peak. */
  sayIfLong(watch: SpillWatch, sql: string) {
    if (watch.seconds() >= LONG_STATEMENT_SECONDS) this.log?.(`  ${watch.describe(sql)}`)
  }

  /** For a step's line: whether statements since `mark` (a length of retriedOnOneThread) were retried. */
  retryNote(mark: number): string | undefined {
    const n = this.retriedOnOneThread.length - mark
    return n
      ? `out of memory on ${this.threads} threads, ran ${n === 1 ? 'it' : `${n} statements`} again on one`
      : undefined
  }

  /**
   * What holds DuckDB's memory and temporary storage, largest first (`duckdb_memory()`): said with an
   * out-of-memory failure, so the step's tables or operators at fault can be told apart.
   */
  async memoryReport(): Promise<string> {
    const gb = (n: number) => `${(n / 2 ** 30).toFixed(2)} GB`
    try {
      const rows = await this.all<{ tag: string; memory: number; temporary: number }>(
        `SELECT tag, memory_usage_bytes::DOUBLE AS memory, temporary_storage_bytes::DOUBLE AS temporary
         FROM duckdb_memory() WHERE memory_usage_bytes + temporary_storage_bytes > 0 ORDER BY memory_usage_bytes DESC`,
      )
      return rows.map((r) => `${r.tag} ${gb(r.memory)} in memory, ${gb(r.temporary)} spilled`).join('; ')
    } catch (e) {
      return `unknown (${(e as Error).message})`
    }
  }

  async all<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T[]> {
    return (await this.conn.runAndReadAll(sql, params)).getRowObjectsJson() as T[]
  }

  async one<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }

  /**
   * A query's result chunk by chunk (about 2,048 rows each), for results too big to hold at once. The next
   * chunk is asked for before `each` runs, so DuckDB makes it while JavaScript handles this one.
   */
  async forEachChunk(sql: string, each: (chunk: DuckDBDataChunk) => void) {
    const result = await this.conn.stream(sql)
    let next = result.fetchChunk()
    for (;;) {
      const chunk = await next
      if (!chunk || chunk.rowCount === 0) return
      next = result.fetchChunk()
      try {
        each(chunk)
      } catch (e) {
        next.catch(() => undefined)
        throw e
      }
    }
  }

  /** A single number from a query such as `SELECT count(*) AS n ...`. */
  async count(sql: string, params?: DuckDBValue[]): Promise<number> {
    const row = await this.one<{ n: string | number }>(sql, params)
    return Number(row?.n ?? 0)
  }

  private closed = false

  close() {
    if (this.closed) return
    this.closed = true
    this.conn.closeSync()
    this.instance.closeSync()
  }
}

export const isOutOfMemory = (e: unknown) => e instanceof Error && e.message.startsWith('Out of Memory Error')

/**
 * A statement that takes this long gets a line of its own in the build's output (time, spill): a minute,
 * or `SECDS_BUILD_SAY_SECONDS` (a small build's statements, to see which of them spill).
 */
const LONG_STATEMENT_SECONDS = Number(process.env.SECDS_BUILD_SAY_SECONDS ?? 60)

/**
 * The time a statement takes, the peak size of the spill folder while it runs (sampled each second) and the
 * process's peak resident memory (rss-watch.ts): which statement of a step spills, or holds the build's
 * memory, and how much, is what a full disk or an out-of-memory needs to be told.
 */
export class SpillWatch {
  private readonly started = performance.now()
  private peak = 0
  private readonly timer: ReturnType<typeof setInterval> | undefined
  private readonly rss = new RssWatch()

  constructor(private readonly dir: string | undefined) {
    if (dir) this.timer = setInterval(() => this.sample(), 1000)
  }

  private sample() {
    let bytes = 0
    try {
      for (const name of readdirSync(this.dir!)) bytes += statSync(join(this.dir!, name)).size
    } catch {
      return // a file removed between the listing and its stat: the next sample counts again
    }
    this.peak = Math.max(this.peak, bytes)
  }

  seconds = () => (performance.now() - this.started) / 1000

  stop() {
    if (this.timer) clearInterval(this.timer)
    this.rss.stop()
  }

  describe(sql: string) {
    this.sample()
    const statement = sql.replace(/\s+/g, ' ').trim().slice(0, 80)
    const rss = this.rss.peakBytes()
    const memory = rss === undefined ? '' : `, RSS peak ${(rss / 2 ** 30).toFixed(2)} GB`
    return `${statement}… (${this.seconds().toFixed(1)} s, spill peak ${(this.peak / 2 ** 30).toFixed(2)} GB${memory})`
  }
}
