/** Small tables computed in TypeScript (form-type descriptions, sectors) that the SQL steps join against. */
import type { BuildDb } from './duck.ts'
import { quoteIdent } from './sql-text.ts'

type Cell = string | number | boolean | null

/** Creates `table` and fills it from JavaScript rows through DuckDB's appender (no SQL text per value). */
export async function appendTable(
  db: BuildDb,
  table: string,
  columns: Record<string, 'VARCHAR' | 'INTEGER' | 'BOOLEAN'>,
  rows: Cell[][],
) {
  const names = Object.keys(columns)
  await db.run(`CREATE OR REPLACE TABLE ${table} (${names.map((n) => `${quoteIdent(n)} ${columns[n]}`).join(', ')})`)
  const appender = await db.conn.createAppender(table)
  for (const row of rows) {
    names.forEach((n, i) => {
      const v = row[i] ?? null
      if (v === null) appender.appendNull()
      else if (columns[n] === 'INTEGER') appender.appendInteger(Number(v))
      else if (columns[n] === 'BOOLEAN') appender.appendBoolean(Boolean(v))
      else appender.appendVarchar(String(v))
    })
    appender.endRow()
  }
  appender.flushSync()
  appender.closeSync()
}
