/**
 * The build's DuckDB: one instance on a scratch database file (so staged tables live on disk, not in RAM),
 * with a memory limit and a spill folder, so memory stays bounded when the input is far larger than RAM.
 */
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api'

export type BuildDbOptions = { file: string; tempDir: string; threads: number; memoryLimit: string }

export class BuildDb {
  private constructor(
    private readonly instance: DuckDBInstance,
    readonly conn: DuckDBConnection,
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
    return new BuildDb(instance, conn)
  }

  async run(sql: string, params?: DuckDBValue[]) {
    await this.conn.run(sql, params)
  }

  async all<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T[]> {
    return (await this.conn.runAndReadAll(sql, params)).getRowObjectsJson() as T[]
  }

  async one<T = Record<string, unknown>>(sql: string, params?: DuckDBValue[]): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
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
