/**
 * SQL text helpers for the build only. The build's statements name files it created itself (work folder,
 * snapshot folder), never values from a request, so quoting a literal here is safe; the server binds values.
 */

/** A SQL string literal. */
export const quote = (s: string) => `'${s.replaceAll("'", "''")}'`

/** DuckDB's `columns = {name: 'TYPE', ...}` argument from a column map. */
export const columnsArg = (cols: Record<string, string>) =>
  `{${Object.entries(cols).map(([k, v]) => `${quote(k)}: ${quote(v)}`).join(', ')}}`

/** A column list for CREATE TABLE from a column map. */
export const columnsDdl = (cols: Record<string, string>) =>
  Object.entries(cols).map(([k, v]) => `"${k}" ${v}`).join(', ')
