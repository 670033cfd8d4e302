/**
 * Turns a failed request validation into one message per offending parameter, each saying what was
 * expected and what came in. Elysia reports only the first failure, sometimes without its name and with
 * the text of its coercion union ("should be one of: 'integer', 'integer'"), so we check every
 * parameter of the route again, one by one, against the route's own schema.
 */
import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { isIntegerText } from './query-integer.ts'

type Schema = TSchema & Record<string, unknown>

/** The schema a client sees: Elysia wraps query numbers and booleans in a string-or-value union. */
export function unwrap(schema: Schema): Schema {
  const members = schema.anyOf as Schema[] | undefined
  const isCoercion = (m: Schema) =>
    m.type === 'string' && (m.format === 'integer' || m.format === 'boolean' || m.format === 'numeric')
  if (!members?.some(isCoercion)) return schema
  const typed = members.find((m) => !isCoercion(m))
  return { ...schema, ...(typed ?? members[0]), anyOf: undefined } as Schema
}

/** "an integer from 1 to 100", "a date as YYYY-MM-DD", or the schema's own `expected` text. */
export function expectedText(raw: Schema): string {
  const s = unwrap(raw)
  if (typeof s.expected === 'string') return s.expected
  if (s.enum || s.const !== undefined)
    return `one of ${((s.enum as unknown[]) ?? [s.const]).map((v) => JSON.stringify(v)).join(', ')}`
  if (Array.isArray(s.anyOf)) {
    const members = s.anyOf as Schema[]
    if (members.every((m) => m.const !== undefined))
      return `one of ${members.map((m) => JSON.stringify(m.const)).join(', ')}`
    return members.map((m) => expectedText(m)).join(' or ')
  }
  switch (s.type) {
    case 'integer':
    case 'number': {
      const kind = s.type === 'integer' ? 'an integer' : 'a number'
      const min = s.minimum as number | undefined
      const max = s.maximum as number | undefined
      if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`
      if (min !== undefined) return `${kind} of at least ${min}`
      if (max !== undefined) return `${kind} of at most ${max}`
      return kind
    }
    case 'boolean':
      return 'true or false'
    case 'string':
      if (s.format === 'date') return 'a date as YYYY-MM-DD (a real calendar day)'
      if (s.maxLength !== undefined && s.minLength !== undefined)
        return `a string of ${s.minLength} to ${s.maxLength} characters`
      if (s.maxLength !== undefined) return `a string of at most ${s.maxLength} characters`
      if (s.minLength) return 'a non-empty string'
      return 'a string'
    default:
      return 'a valid value'
  }
}

function checks(raw: Schema, value: string): boolean {
  const s = unwrap(raw)
  // Value.Convert would read "1.5", "1e3" or "0x1F" as numbers; an integer is decimal digits as written (query-integer.ts).
  if (s.type === 'integer' && !isIntegerText(value, s.minimum as number | undefined)) return false
  if (s.type === 'number' && !Number.isFinite(Number(value))) return false
  return Value.Check(s, Value.Convert(s, value))
}

/**
 * One entry per parameter that fails, `{ name: "expected …, got "…"" }`. `values` are the raw strings
 * the client sent (query string or path segments).
 */
export function validationDetails(
  schema: Schema | undefined,
  values: Record<string, string | null | undefined>,
  label = (name: string) => name,
): Record<string, string> {
  const details: Record<string, string> = {}
  const properties = (schema?.properties ?? {}) as Record<string, Schema>
  const required = new Set((schema?.required as string[] | undefined) ?? [])
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name]
    // Elysia gives null for a path segment whose percent-encoding cannot be decoded.
    if (value === null) {
      details[label(name)] = `expected ${expectedText(property)}, got a value that is not valid percent-encoded UTF-8`
      continue
    }
    if (value === undefined) {
      if (required.has(name) && unwrap(property).default === undefined)
        details[label(name)] = `is required: expected ${expectedText(property)}`
      continue
    }
    if (!checks(property, value))
      details[label(name)] = `expected ${expectedText(property)}, got ${JSON.stringify(truncate(value))}`
  }
  return details
}

/** Echoing a 10 kB parameter back would make the error body the biggest thing we send. */
function truncate(value: string) {
  return value.length > 80 ? `${value.slice(0, 77)}…` : value
}
