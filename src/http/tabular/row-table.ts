/**
 * A body's rows as a table, for the CSV and Arrow answers (docs/api/formats.md). An operation whose body
 * is rows says where they are (`rows` in its declaration, src/areas/operation.ts); its response schema
 * gives the columns and their kinds, so a table has the same columns whatever rows it holds (an empty
 * answer has its header), and the kinds decide how CSV writes a value and which Arrow type holds it.
 *
 * Where the rows are: a path of property names from the body, each naming an array (or a map, whose
 * entries are rows with their key in a `key` column): `data`, `series.points` (every point of every
 * series), `''` for a body that is itself an array; or several lists of one shape, each row with the
 * list's name in a `list` column. A row's columns are its fields flattened with dotted names
 * (`issuer.cik`, `valueContext.value`); an array inside a row is one column of JSON text; a map inside a
 * row (an XBRL line's `values`) is a column per key found in the answer (`values.2025-06-28/1Q`). A row
 * inside another list also has the fields of the objects it is in, under their path (`series.symbol`),
 * without their lists.
 */
import type { TSchema } from '@sinclair/typebox'

/** How a column's values are written: its Arrow type, and for CSV whether it is JSON text. */
export type ColumnKind = 'string' | 'date' | 'yyyymmdd' | 'integer' | 'number' | 'boolean' | 'json'

export type Column = { name: string; kind: ColumnKind }

/** The rows of a body in columns: `rows[i][j]` is the JSON value of column j (null when absent). */
export type RowTable = { columns: Column[]; rows: unknown[][] }

/** Where a body's rows are: a path of property names, or several lists of one shape. */
export type RowsAt = string | { lists: readonly string[] }

type Schema = TSchema & Record<string, unknown>
/** A leaf field of a row or of an enclosing object, or a map whose keys become columns. */
type Field = { name: string; path: string[]; kind: ColumnKind; map: boolean }

const nonNull = (s: Schema): Schema => {
  const members = (s.anyOf as Schema[] | undefined)?.filter((m) => m.type !== 'null')
  return members?.length === 1 ? members[0]! : s
}
const isMap = (s: Schema) => s.type === 'object' && !s.properties && (s.patternProperties || s.additionalProperties)
const mapValue = (s: Schema): Schema =>
  (s.patternProperties
    ? Object.values(s.patternProperties as Record<string, Schema>)[0]
    : s.additionalProperties) as Schema

function kindOf(raw: Schema): ColumnKind {
  const s = nonNull(raw)
  if (Array.isArray(s.anyOf)) {
    const kinds = new Set((s.anyOf as Schema[]).filter((m) => m.type !== 'null').map(kindOf))
    return kinds.size === 1 ? [...kinds][0]! : 'json'
  }
  switch (s.type) {
    case 'string':
      return s.format === 'date' ? 'date' : 'string'
    case 'integer':
      return s.format === 'yyyymmdd' ? 'yyyymmdd' : 'integer'
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    default:
      return 'json'
  }
}

/**
 * The leaf fields of an object schema, nested objects flattened. A row's arrays are JSON columns; an
 * enclosing object's (`withLists: false`) are left out, since they are the rows or other lists.
 */
function fieldsOf(object: Schema, withLists: boolean, prefix: string[] = []): Field[] {
  const fields: Field[] = []
  for (const [key, property] of Object.entries((nonNull(object).properties ?? {}) as Record<string, Schema>)) {
    const s = nonNull(property)
    const path = [...prefix, key]
    if (s.type === 'object' && s.properties) fields.push(...fieldsOf(s, withLists, path))
    else if (isMap(s)) {
      if (withLists) fields.push({ name: path.join('.'), path, kind: kindOf(mapValue(s)), map: true })
    } else if (s.type === 'array') {
      if (withLists) fields.push({ name: path.join('.'), path, kind: 'json', map: false })
    } else fields.push({ name: path.join('.'), path, kind: kindOf(s), map: false })
  }
  return fields
}

const valueAt = (item: unknown, path: string[]): unknown => {
  let v = item
  for (const key of path) {
    if (v === null || typeof v !== 'object') return null
    v = (v as Record<string, unknown>)[key]
  }
  return v ?? null
}

/** One level of the path: the container's name, whether it is a map, and the item's fields. */
type Level = { name: string; keyed: boolean; fields: Field[] }

/** The levels from the body to the rows along `path`, checked against the schema (a wrong path is our bug). */
function levelsOf(response: Schema, path: string): Level[] {
  const names = path === '' ? [''] : path.split('.')
  const levels: Level[] = []
  let at = nonNull(response)
  names.forEach((name, i) => {
    const property = name === '' ? at : (at.properties as Record<string, Schema> | undefined)?.[name]
    const container = property ? nonNull(property) : ({} as Schema)
    const item =
      container.type === 'array' ? (container.items as Schema) : isMap(container) ? mapValue(container) : null
    if (!item) throw new Error(`rows at '${path}': '${name}' is not an array or a map in the response schema`)
    const last = i === names.length - 1
    const fields = last ? fieldsOf(item, true) : fieldsOf(item, false).filter((f) => f.path[0] !== names[i + 1])
    levels.push({ name, keyed: container.type !== 'array', fields })
    at = nonNull(item)
  })
  return levels
}

/** The columns of the levels (maps inside rows not yet expanded): context fields, the key, the row's own. */
function headerOf(levels: Level[], names: string[]) {
  const header: Field[] = []
  levels.forEach((level, i) => {
    const last = i === levels.length - 1
    const prefix = last ? '' : `${names.slice(0, i + 1).join('.')}.`
    if (level.keyed) header.push({ name: 'key', path: [], kind: 'string', map: false })
    for (const f of level.fields) header.push({ ...f, name: prefix + f.name })
  })
  const seen = new Set<string>()
  for (const f of header) {
    if (seen.has(f.name)) throw new Error(`rows at '${names.join('.')}': two columns named ${f.name}`)
    seen.add(f.name)
  }
  return header
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const leftOut = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol'

/**
 * A leaf as the body's JSON text gives it back. A body may be read as its handler made it rather than
 * parsed from its text (src/areas/operation.ts), and the table must be the same either way: what JSON
 * leaves out is null, a number that is not finite null, -0 is 0 (Arrow would keep its sign), an object
 * with toJSON (a Date) is what that gives; a BigInt throws, as JSON.stringify does. A leaf of parsed
 * JSON is itself.
 */
export function asParsed(v: unknown): unknown {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? v + 0 : null
    case 'object':
      return v !== null && typeof (v as { toJSON?: unknown }).toJSON === 'function'
        ? asParsed((v as { toJSON: () => unknown }).toJSON())
        : v
    case 'bigint':
      throw new TypeError('a BigInt has no JSON text')
    default:
      return leftOut(v) ? null : v
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/**
 * A field's value in an item, read by a function made once per field: most paths are one key, the
 * rest (`issuer.cik`, `firstReported.value`) nearly all two.
 */
function getterOf(path: string[]): (item: unknown) => unknown {
  const [first, second] = path as [string, string]
  if (path.length === 1) return (item) => (isObject(item) ? asParsed(item[first]) : null)
  if (path.length === 2)
    return (item) => {
      const inner = isObject(item) ? item[first] : null
      return isObject(inner) ? asParsed(inner[second]) : null
    }
  return (item) => asParsed(valueAt(item, path))
}

/**
 * Calls `each` with a container's entries: an array's items (key null), or a map's keys and values
 * (without the entries its JSON text would leave out).
 */
function forEntries(container: unknown, keyed: boolean, each: (key: string | null, item: unknown) => void) {
  if (keyed) {
    if (container && typeof container === 'object')
      for (const [key, item] of Object.entries(container)) if (!leftOut(item)) each(key, item)
  } else if (Array.isArray(container)) for (const item of container) each(null, item)
}

/**
 * Makes the maps inside rows columns, one per key met, in the order met. Without maps, the columns are
 * the header's, one array for every body (the Arrow writer encodes a schema once per columns array).
 */
function mapsExpander(header: Field[]): (rows: unknown[][]) => RowTable {
  if (!header.some((f) => f.map)) {
    const columns = header.map(({ name, kind }) => ({ name, kind }))
    return (rows) => ({ columns, rows })
  }
  return (rows) => {
    const columns: Column[] = []
    const pick: ((row: unknown[]) => unknown)[] = []
    header.forEach((f, j) => {
      if (!f.map) {
        columns.push({ name: f.name, kind: f.kind })
        pick.push((row) => row[j])
        return
      }
      const keys = new Set<string>()
      for (const row of rows)
        for (const [key, v] of Object.entries((row[j] as object | null) ?? {})) if (!leftOut(v)) keys.add(key)
      for (const key of keys) {
        columns.push({ name: `${f.name}.${key}`, kind: f.kind })
        pick.push((row) => asParsed((row[j] as Record<string, unknown> | null)?.[key]))
      }
    })
    return { columns, rows: rows.map((row) => pick.map((p) => p(row))) }
  }
}

/** The table of several lists of one shape, each row after its list's name; one columns array while the lists' is. */
function listsTableOf(response: TSchema, lists: readonly string[]): (body: unknown) => RowTable {
  const tablesOf = lists.map((list) => rowTableOf(response, list))
  let inner: Column[] | undefined
  let columns: Column[] = []
  return (body) => {
    const tables = tablesOf.map((of) => of(body))
    if (tables[0]!.columns !== inner) {
      inner = tables[0]!.columns
      columns = [{ name: 'list', kind: 'string' }, ...inner]
    }
    return { columns, rows: tables.flatMap((t, i) => t.rows.map((row) => [lists[i], ...row])) }
  }
}

/**
 * The table maker of an operation's bodies: checks `at` against the response schema once (at mount),
 * then turns each body into its RowTable.
 */
export function rowTableOf(response: TSchema, at: RowsAt): (body: unknown) => RowTable {
  if (typeof at !== 'string') return listsTableOf(response, at.lists)
  const levels = levelsOf(response as Schema, at)
  const names = levels.map((l) => l.name)
  const header = headerOf(levels, names)
  const expand = mapsExpander(header)
  const width = header.length
  const getters = levels.map((level) => level.fields.map((f) => getterOf(f.path)))
  const inner = names.slice(1).map((name) => getterOf([name]))
  const last = levels.length - 1
  return (body) => {
    const rows: unknown[][] = []
    // `values` holds the enclosing levels' columns up to `from` (an enclosing level fills in its own and
    // passes it on); a row is a copy of it, its own columns filling the rest.
    const visit = (container: unknown, i: number, values: unknown[], from: number) =>
      forEntries(container, levels[i]!.keyed, (key, item) => {
        const row = i === last ? values.slice() : values
        let c = from
        if (levels[i]!.keyed) row[c++] = key
        for (const get of getters[i]!) row[c++] = get(item)
        if (i === last) rows.push(row)
        else visit(inner[i]!(item), i + 1, row, c)
      })
    visit(names[0] === '' ? body : valueAt(body, [names[0]!]), 0, new Array<unknown>(width), 0)
    return expand(rows)
  }
}
