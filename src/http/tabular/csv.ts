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

/** Not a value: what a column's previous value is before the first row. */
const NO_VALUE = Symbol('no value')

/**
 * Each line's fields in one array reused from row to row, joined once: no array or closure per row. A
 * field whose value is its column's previous one keeps its text: rows of one series, filing or manager
 * repeat most of their columns, and those are then neither formatted nor checked for quotes again.
 */
export function toCsv({ columns, rows }: RowTable): string {
  const kinds = columns.map((c) => c.kind)
  const width = kinds.length
  const lines = new Array<string>(rows.length + 1)
  lines[0] = columns.map((c) => quoted(c.name)).join(',')
  const fields = new Array<string>(width)
  const previous = new Array<unknown>(width).fill(NO_VALUE)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    for (let j = 0; j < width; j++) {
      const value = row[j]
      if (value === previous[j]) continue
      previous[j] = value
      fields[j] = field(value, kinds[j]!)
    }
    lines[i + 1] = fields.join(',')
  }
  return `${lines.join('\r\n')}\r\n`
}
