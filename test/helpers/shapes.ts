/**
 * The shapes a response schema allows, and the ones rows take: each nullable field null or set, each
 * array empty or not, each boolean true or false, each value of a union of literals. The tests that check
 * every row of a snapshot against the schemas use them to show that the rows they check take every shape
 * the schema allows (but the few the generator never writes), so that a smaller snapshot is enough.
 */
import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

type Schema = TSchema & {
  anyOf?: Schema[]
  type?: string
  const?: unknown
  properties?: Record<string, Schema>
  items?: Schema
}

const isNull = (s: Schema) => s.type === 'null'

/** Every shape `schema` allows, as `path shape` lines (`.tickers []`, `.sic null`, `.entityType =company`). */
export function possibleShapes(schema: Schema, at = '', out = new Set<string>()): Set<string> {
  if (schema.anyOf) {
    const members = schema.anyOf
    if (members.some(isNull)) {
      out.add(`${at} null`).add(`${at} set`)
      for (const m of members.filter((m) => !isNull(m))) possibleShapes(m, at, out)
    } else if (members.every((m) => 'const' in m)) {
      for (const m of members) out.add(`${at} =${String(m.const)}`)
    } else {
      for (const m of members) possibleShapes(m, at, out)
    }
  } else if (schema.type === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      possibleShapes(property, `${at}.${name}`, out)
  } else if (schema.type === 'array') {
    out.add(`${at} []`).add(`${at} [..]`)
    possibleShapes(schema.items!, `${at}[]`, out)
  } else if (schema.type === 'boolean') {
    out.add(`${at} true`).add(`${at} false`)
  }
  return out
}

/** Adds the shapes `value` takes under `schema` to `out` (a value the schema rejects adds what it can). */
export function shapesOf(schema: Schema, value: unknown, at = '', out = new Set<string>()): Set<string> {
  if (schema.anyOf) {
    const members = schema.anyOf
    if (members.some(isNull)) {
      if (value === null) return out.add(`${at} null`)
      out.add(`${at} set`)
      for (const m of members.filter((m) => !isNull(m))) shapesOf(m, value, at, out)
    } else if (members.every((m) => 'const' in m)) {
      out.add(`${at} =${String(value)}`)
    } else {
      for (const m of members) shapesOf(m, value, at, out)
    }
  } else if (schema.type === 'object' && value !== null && typeof value === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      shapesOf(property, (value as Record<string, unknown>)[name], `${at}.${name}`, out)
  } else if (schema.type === 'array' && Array.isArray(value)) {
    out.add(`${at} ${value.length ? '[..]' : '[]'}`)
    for (const item of value) shapesOf(schema.items!, item, `${at}[]`, out)
  } else if (schema.type === 'boolean') {
    out.add(`${at} ${String(value)}`)
  }
  return out
}

/** The shapes `schema` allows that none of `rows` takes, sorted. */
export function missingShapes(schema: TSchema, rows: readonly unknown[]): string[] {
  const seen = new Set<string>()
  for (const row of rows) shapesOf(schema as Schema, row, '', seen)
  return [...possibleShapes(schema as Schema)].filter((s) => !seen.has(s)).sort()
}

/** The first rows that fail a schema, with the reason, so a failure names the data that broke it. */
export function schemaFailures(schema: TSchema, rows: unknown[]) {
  return rows
    .filter((r) => !Value.Check(schema, r))
    .slice(0, 3)
    .map((r) => ({ row: r, why: [...Value.Errors(schema, r)].slice(0, 2).map((e) => `${e.path}: ${e.message}`) }))
}
