import { describe, expect, test } from 'bun:test'
import { type TSchema, t } from 'elysia'
import { QueryInteger } from '../../src/http/query-integer.ts'
import { expectedText, validationDetails } from '../../src/http/validation-details.ts'

type Schema = TSchema & Record<string, unknown>
const s = (schema: TSchema) => schema as Schema

describe('expectedText', () => {
  test.each([
    [t.Integer({ minimum: 1, maximum: 100 }), 'an integer from 1 to 100'],
    [t.Integer({ minimum: 1 }), 'an integer of at least 1'],
    [t.Integer({ maximum: 9 }), 'an integer of at most 9'],
    [t.Integer(), 'an integer'],
    [t.Number({ minimum: 0, maximum: 1 }), 'a number from 0 to 1'],
    [t.Boolean(), 'true or false'],
    [t.String({ format: 'date' }), 'a date as YYYY-MM-DD (a real calendar day)'],
    [t.String({ minLength: 1, maxLength: 200 }), 'a string of 1 to 200 characters'],
    [t.String({ maxLength: 5 }), 'a string of at most 5 characters'],
    [t.String({ minLength: 1 }), 'a non-empty string'],
    [t.String(), 'a string'],
  ] as const)('%#: %p', (schema, text) => {
    expect(expectedText(s(schema))).toBe(text)
  })

  test("sees through the string-or-integer union of Elysia's t.Integer", () => {
    const page = s(t.Integer({ minimum: 1, maximum: 100 }))
    expect((page.anyOf as Schema[]).map((m) => m.type)).toEqual(['string', 'integer'])
    expect(expectedText(page)).toBe('an integer from 1 to 100')
  })

  test('lists enum values, from an enum or from a union of literals', () => {
    expect(expectedText(s(t.UnionEnum(['company', 'individual'])))).toBe('one of "company", "individual"')
    expect(expectedText(s(t.Union([t.Literal('asc'), t.Literal('desc')])))).toBe('one of "asc", "desc"')
    expect(expectedText(s(t.Literal('FY')))).toBe('one of "FY"')
  })

  test('a pattern says what it wants through `expected`, which wins over the type', () => {
    const cik = t.String({ pattern: '^\\d{1,10}$', expected: 'a CIK of 1 to 10 digits' })
    expect(expectedText(s(cik))).toBe('a CIK of 1 to 10 digits')
  })

  test('other unions join their members with "or"', () => {
    expect(expectedText(s(t.Union([t.Integer({ minimum: 1 }), t.String({ format: 'date' })])))).toBe(
      'an integer of at least 1 or a date as YYYY-MM-DD (a real calendar day)',
    )
  })
})

const Query = s(
  t.Object({
    q: t.String({ minLength: 1, maxLength: 200 }),
    cik: t.Optional(t.String({ pattern: '^\\d{1,10}$', expected: 'a CIK of 1 to 10 digits' })),
    startDate: t.Optional(t.String({ format: 'date' })),
    kind: t.Optional(t.UnionEnum(['company', 'individual'])),
    page: t.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    limit: t.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
)

describe('validationDetails', () => {
  test('nothing to say when every value is good', () => {
    expect(
      validationDetails(Query, {
        q: 'apple',
        cik: '320193',
        startDate: '2024-02-29',
        kind: 'company',
        page: '2',
        limit: '100',
      }),
    ).toEqual({})
  })

  test('a missing required parameter without a default is named; defaults make page and limit optional', () => {
    expect(validationDetails(Query, {})).toEqual({ q: 'is required: expected a string of 1 to 200 characters' })
  })

  test('one entry per bad value, quoting what came in', () => {
    expect(
      validationDetails(Query, {
        q: 'x',
        cik: '12345678901',
        startDate: '2023-13-01',
        kind: 'robot',
        page: '0',
        limit: 'abc',
      }),
    ).toEqual({
      cik: 'expected a CIK of 1 to 10 digits, got "12345678901"',
      startDate: 'expected a date as YYYY-MM-DD (a real calendar day), got "2023-13-01"',
      kind: 'expected one of "company", "individual", got "robot"',
      page: 'expected an integer from 1 to 1000, got "0"',
      limit: 'expected an integer from 1 to 100, got "abc"',
    })
  })

  test('an empty value is a bad value, not a missing one', () => {
    expect(validationDetails(Query, { q: '' })).toEqual({ q: 'expected a string of 1 to 200 characters, got ""' })
  })

  // Value.Convert truncates "1.5" and "1e30" to 1, so the value must be checked as written.
  test.each(['1.5', '1e30', '2.5e3'])('a non-integer page %p is named', (page) => {
    expect(validationDetails(Query, { q: 'x', page })).toEqual({
      page: `expected an integer from 1 to 1000, got ${JSON.stringify(page)}`,
    })
  })

  test('a QueryInteger reads as "an integer from … to …" and names any value that is not decimal digits', () => {
    const Paged = s(
      t.Object({
        page: QueryInteger({ minimum: 1, maximum: 1000, default: 1 }),
        limit: QueryInteger({ minimum: 1, maximum: 100, default: 20 }),
      }),
    )
    expect(expectedText(s(QueryInteger({ minimum: 1, maximum: 100 })))).toBe('an integer from 1 to 100')
    expect(validationDetails(Paged, { page: '0x1F', limit: '  2' })).toEqual({
      page: 'expected an integer from 1 to 1000, got "0x1F"',
      limit: 'expected an integer from 1 to 100, got "  2"',
    })
    expect(validationDetails(Paged, { page: '1e3', limit: '+5' })).toEqual({
      page: 'expected an integer from 1 to 1000, got "1e3"',
      limit: 'expected an integer from 1 to 100, got "+5"',
    })
    expect(validationDetails(Paged, { page: '007', limit: '100' })).toEqual({})
    expect(validationDetails(Paged, { page: '0', limit: '101' })).toEqual({
      page: 'expected an integer from 1 to 1000, got "0"',
      limit: 'expected an integer from 1 to 100, got "101"',
    })
  })

  test('names parameters as the label function says (public names of router parameters)', () => {
    const params = s(t.Object({ cik: t.String({ pattern: '^\\d{18}$', expected: 'an accession number' }) }))
    expect(validationDetails(params, { cik: 'x' }, (name) => (name === 'cik' ? 'accessionNumber' : name))).toEqual({
      accessionNumber: 'expected an accession number, got "x"',
    })
  })

  test('long values are cut to 80 characters with an ellipsis', () => {
    const long = 'é'.repeat(1000)
    const details = validationDetails(Query, { q: 'x', cik: long })
    expect(details.cik).toBe(`expected a CIK of 1 to 10 digits, got ${JSON.stringify(`${'é'.repeat(77)}…`)}`)
    expect(validationDetails(Query, { q: 'x', cik: 'a'.repeat(80) }).cik).toBe(
      `expected a CIK of 1 to 10 digits, got "${'a'.repeat(80)}"`,
    )
  })

  test('no schema, no details', () => {
    expect(validationDetails(undefined, { anything: 'x' })).toEqual({})
  })
})
