/**
 * The one way to write request SQL: a tagged template that binds every interpolated value as a `?`
 * parameter. Fragments compose; identifiers come only from allow-lists via ident().
 */
import { type DuckDBValue, quotedIdentifier } from '@duckdb/node-api'

export type Sql = { readonly text: string; readonly values: readonly DuckDBValue[] }

const isSql = (v: unknown): v is Sql => typeof v === 'object' && v !== null && 'text' in v && 'values' in v

export function sql(parts: TemplateStringsArray, ...args: (DuckDBValue | Sql)[]): Sql {
  let text = parts[0]!
  const values: DuckDBValue[] = []
  args.forEach((arg, i) => {
    if (isSql(arg)) {
      text += arg.text
      values.push(...arg.values)
    } else {
      text += '?'
      values.push(arg)
    }
    text += parts[i + 1]
  })
  return { text, values }
}

export const empty: Sql = { text: '', values: [] }

/** Joins the non-empty fragments; no fragment at all gives TRUE, so `WHERE ${join(...)}` always parses. */
export function join(fragments: Sql[], separator = ' AND '): Sql {
  const kept = fragments.filter((f) => f.text !== '')
  if (!kept.length) return sql`TRUE`
  return { text: kept.map((f) => f.text).join(separator), values: kept.flatMap((f) => f.values) }
}

/** `?, ?, ?` for an IN list: one bound value each. */
export const list = (values: readonly DuckDBValue[]): Sql =>
  join(
    values.map((v) => sql`${v}`),
    ', ',
  )

/** Only for names from an allow-list (sort keys, view names), never raw user input. */
/**
 * SQL text of our own code (a rule's expression shared with the build, src/reference/), spliced as it is:
 * never a value a client sent, which `sql` binds.
 */
export const ruleText = (text: string): Sql => ({ text, values: [] })

export const ident = (name: string): Sql => ({ text: quotedIdentifier(name), values: [] })
