/** Reads a built snapshot's Parquet with DuckDB, the way any downstream tool would. */

import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { newSnapshotId, partialDir, publishFinished } from '../../src/pipeline/snapshot.ts'
import { runRoot } from './fixture.ts'

export const SAMPLES = resolve(import.meta.dir, '../../../shared/edgar-samples')
export const hasSamples = existsSync(join(SAMPLES, 'README.md'))

/**
 * A new folder for a test's files, in the run's folder (fixture.ts runRoot): removed with it when the run
 * ends, so a test that does not remove its own leaves nothing in the system's temporary folder.
 */
export const tempDir = (prefix: string) => mkdtempSync(join(runRoot(), `tmp-${prefix}-`))

/**
 * Publishes into `datasets` a copy of a snapshot already built (`dir`), under a new id, as a build ends
 * (publishFinished): a new snapshot in milliseconds, where what made it does not matter. Its id, and those
 * the prune removed.
 */
export function republish(dir: string, datasets: string) {
  const snapshotId = newSnapshotId(datasets)
  cpSync(dir, partialDir(datasets, snapshotId), { recursive: true })
  return { snapshotId, pruned: publishFinished(datasets, snapshotId) }
}

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
