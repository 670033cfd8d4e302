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
  // Numbers first: most of a table's fields, and never quoted.
  if (typeof value === 'number') return kind === 'json' ? JSON.stringify(value) : String(value)
  if (typeof value === 'string' && kind !== 'json') return value === '' ? '""' : quoted(value)
  if (kind === 'json' || typeof value === 'object') return quoted(JSON.stringify(value))
  return String(value)
}

/** Each line's fields in one array reused from row to row, joined once: no array or closure per row. */
export function toCsv({ columns, rows }: RowTable): string {
  const kinds = columns.map((c) => c.kind)
  const width = kinds.length
  const lines = new Array<string>(rows.length + 1)
  lines[0] = columns.map((c) => quoted(c.name)).join(',')
  const fields = new Array<string>(width)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    for (let j = 0; j < width; j++) fields[j] = field(row[j], kinds[j]!)
    lines[i + 1] = fields.join(',')
  }
  return `${lines.join('\r\n')}\r\n`
}
