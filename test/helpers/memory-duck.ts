/**
 * An in-memory DuckDB connection for the tests of one file that run SQL of their own (a key's or a line's
 * SQL against what JavaScript makes of the same values): opened before them, closed after.
 */
import { afterAll, beforeAll } from 'bun:test'
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'

export function memoryConnection(): () => DuckDBConnection {
  let instance: DuckDBInstance | undefined
  let conn: DuckDBConnection | undefined
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:')
    conn = await instance.connect()
  })
  afterAll(() => {
    conn?.closeSync()
    instance?.closeSync()
  })
  return () => {
    if (!conn) throw new Error('memoryConnection: asked for outside the tests')
    return conn
  }
}
