/**
 * SQL text helpers for the build only. The build's statements name files it created itself (work folder,
 * snapshot folder), never values from a request, so quoting a literal here is safe; the server binds values.
 */

/** A SQL string literal. */
export const quote = (s: string) => `'${s.replaceAll("'", "''")}'`

/** A SQL identifier (a table or column name), quoted. */
export const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`

/** DuckDB's `columns = {name: 'TYPE', ...}` argument from a column map. */
export const columnsArg = (cols: Record<string, string>) =>
  `{${Object.entries(cols)
    .map(([k, v]) => `${quote(k)}: ${quote(v)}`)
    .join(', ')}}`

/** A column list for CREATE TABLE from a column map. */
export const columnsDdl = (cols: Record<string, string>) =>
  Object.entries(cols)
    .map(([k, v]) => `${quoteIdent(k)} ${v}`)
    .join(', ')

/**
 * How the build writes Parquet: zstd at level 1. At full scale it wrote the 23-million-row filings copies
 * ~7% faster than DuckDB's default level 3, at about the same size (the CIK-sorted copy 1% smaller, the
 * date-sorted one 6% larger; measured).
 */
export const PARQUET = 'FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1'
