/**
 * Integer query parameters, read as decimal digits only. Elysia's `t.Integer` reads query text with
 * JavaScript's `+value`, so `page=0x1F` was page 31, `1e3` 1000, `0b11` 3 and `%20%202` 2: a client's
 * typo was answered as if meant. Here the text must be ASCII digits: no sign (a '-' only where the range
 * allows negatives; never a '+', which a query string also reads as a space), no whitespace, no hex,
 * binary or octal prefix, no exponent, no decimal point. Leading zeros are decimal: `007` is 7. The
 * range, the default and the OpenAPI description are the schema's own, as with `t.Integer`.
 */
import { type IntegerOptions, Type } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { t, ValidationError } from 'elysia'

/** Integer parameters are 32-bit unless stated (docs/api/README.md, Identifiers); a parameter states its own range to narrow it. */
export const INT32_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const

/** The text an integer query value must be: digits, signed only when the range reaches below zero. */
export const integerTextPattern = (minimum: number | undefined): string =>
  minimum !== undefined && minimum >= 0 ? '^[0-9]+$' : '^-?[0-9]+$'

/** Whether query text is an integer as QueryInteger reads it (range aside). */
export const isIntegerText = (text: string, minimum: number | undefined): boolean =>
  new RegExp(integerTextPattern(minimum)).test(text)

/**
 * An integer query parameter: `QueryInteger({ minimum: 1, maximum: 100, default: 20, description })`.
 * Like Elysia's `t.Integer`, a union of the query text and the integer (a default arrives as a number)
 * that decodes to a number; unlike it, the text is checked against `integerTextPattern` before any
 * conversion. Out-of-range values fail in the decode as Elysia's do, and the error handler names them
 * (validation-details.ts).
 */
export function QueryInteger(options: IntegerOptions = {}) {
  const schema = { ...INT32_RANGE, ...options }
  const integer = Type.Integer(schema)
  const check = TypeCompiler.Compile(integer)
  // `format: 'integer'` marks the text member as the query form of an integer (validation-details.ts unwraps it).
  const text = t.String({
    format: 'integer',
    pattern: integerTextPattern(schema.minimum),
    description: 'Decimal digits',
  })
  return t
    .Transform(t.Union([text, integer], schema))
    .Decode((value) => {
      const n = typeof value === 'number' ? value : Number(value)
      if (!check.Check(n)) throw new ValidationError('property', integer, n)
      return n
    })
    .Encode((value) => value)
}
