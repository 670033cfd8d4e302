import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { INT32_RANGE, integerTextPattern, isIntegerText, QueryInteger } from '../../src/http/query-integer.ts'

describe('integer query text', () => {
  test.each(['0', '7', '007', '20', '2147483647', '9'.repeat(30)])('%p is decimal digits', (text) => {
    expect(isIntegerText(text, 1)).toBe(true)
  })

  test.each([
    '',
    ' 2',
    '2 ',
    '  2',
    '+5',
    '-1',
    '0x1F',
    '0X1F',
    '0b11',
    '0o7',
    '1e3',
    '1E3',
    '1.0',
    '1.',
    '.5',
    '1_000',
    '1,000',
    'Infinity',
    'NaN',
    '٣',
    '２',
  ])('%p is not, for a range from 0 up', (text) => {
    expect(isIntegerText(text, 0)).toBe(false)
  })

  test('a minus sign only where the range reaches below zero; never a plus', () => {
    expect(integerTextPattern(1)).toBe('^[0-9]+$')
    expect(integerTextPattern(0)).toBe('^[0-9]+$')
    expect(integerTextPattern(-5)).toBe('^-?[0-9]+$')
    expect(integerTextPattern(undefined)).toBe('^-?[0-9]+$')
    expect([
      isIntegerText('-3', -5),
      isIntegerText('+3', -5),
      isIntegerText('--3', -5),
      isIntegerText('-', -5),
    ]).toEqual([true, false, false, false])
  })
})

describe('QueryInteger', () => {
  const limit = QueryInteger({ minimum: 1, maximum: 100, default: 20, description: 'Rows per page' })

  test('decodes decimal text, leading zeros included, and a number (a default) as it is', () => {
    expect(Value.Decode(limit, '20')).toBe(20)
    expect(Value.Decode(limit, '007')).toBe(7)
    expect(Value.Decode(limit, 100)).toBe(100)
  })

  test.each(['0x1F', '1e1', '0b11', '  2', '1.0', '+5', '-1', ''])('refuses %p before any conversion', (text) => {
    expect(Value.Check(limit, text)).toBe(false)
  })

  test.each(['0', '101', '99999999999999999999'])('refuses %p, out of range, when decoding', (text) => {
    expect(Value.Check(limit, text)).toBe(true)
    expect(() => Value.Decode(limit, text)).toThrow()
  })

  test('documents an integer with its range, default and description; the text form as decimal digits', () => {
    const schema = limit as unknown as Record<string, unknown> & { anyOf: Record<string, unknown>[] }
    expect(schema).toMatchObject({ minimum: 1, maximum: 100, default: 20, description: 'Rows per page' })
    expect(schema.anyOf).toMatchObject([
      { type: 'string', format: 'integer', pattern: '^[0-9]+$' },
      { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    ])
  })

  test('without a range it is a 32-bit integer (docs/api/README.md), signed', () => {
    const any = QueryInteger()
    expect(any).toMatchObject(INT32_RANGE)
    expect(Value.Decode(any, '-2147483648')).toBe(-2147483648)
    expect(() => Value.Decode(any, '2147483648')).toThrow()
  })
})
