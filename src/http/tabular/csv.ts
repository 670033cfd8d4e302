/**
 * A RowTable as CSV (RFC 4180): a header row of column names, then one line per row, lines ended by
 * CRLF. A field is quoted when it holds a comma, a quote, CR or LF (quotes doubled). A null is an empty
 * field and an empty string a quoted one (`""`), so the two stay apart. Numbers and booleans are written
 * as in the JSON answer, dates as their text (`2024-09-30`, or `20240930` where the JSON has that
 * integer), arrays as their JSON text.
 */
import type { ColumnKind, RowTable } from './row-table.ts'

const NEEDS_QUOTES = /[",\r\n]/

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

function field(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return ''
  if (kind === 'json' || typeof value === 'object') return quoted(JSON.stringify(value))
  if (typeof value === 'string') return value === '' ? '""' : quoted(value)
  return String(value)
}

export function toCsv({ columns, rows }: RowTable): string {
  const lines = [columns.map((c) => quoted(c.name)).join(',')]
  for (const row of rows) lines.push(row.map((v, j) => field(v, columns[j]!.kind)).join(','))
  return `${lines.join('\r\n')}\r\n`
}
