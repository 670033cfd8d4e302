/** Reads a built snapshot's Parquet with DuckDB, the way any downstream tool would. */

import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { runTempDir } from './fixture.ts'

export const SAMPLES = resolve(import.meta.dir, '../../../shared/edgar-samples')
export const hasSamples = existsSync(join(SAMPLES, 'README.md'))

/** A folder for a test's files, removed when the run ends (fixture.ts runTempDir). */
export const tempDir = runTempDir

export async function openSnapshot(dir: string) {
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  const path = (table: string) => `'${join(dir, table).replaceAll("'", "''")}/**/*.parquet'`
  return {
    /** Rows as JSON-friendly objects; `{t:name}` in the SQL becomes that table's Parquet files. */
    async q<T = Record<string, unknown>>(sql: string, params: (string | number | boolean | null)[] = []): Promise<T[]> {
      const text = sql.replace(
        /\{t:(\w+)\}/g,
        (_, name: string) => `read_parquet(${path(name)}, hive_partitioning = true)`,
      )
      return (await conn.runAndReadAll(text, params)).getRowObjectsJson() as T[]
    },
    close() {
      conn.closeSync()
      instance.closeSync()
    },
  }
}
