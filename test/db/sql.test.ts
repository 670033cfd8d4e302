import { describe, expect, test } from 'bun:test'
import { empty, ident, join, list, sql } from '../../src/db/sql.ts'

describe('sql tag', () => {
  test('binds every interpolated value as ? in order', () => {
    const cik = 320193
    const form = "10-K'; DROP TABLE filings --"
    expect(sql`SELECT * FROM filings WHERE cik = ${cik} AND form_type = ${form} LIMIT ${21}`).toEqual({
      text: 'SELECT * FROM filings WHERE cik = ? AND form_type = ? LIMIT ?',
      values: [320193, "10-K'; DROP TABLE filings --", 21],
    })
  })

  test('a template without values is its text alone', () => {
    expect(sql`SELECT 1`).toEqual({ text: 'SELECT 1', values: [] })
  })

  test('null, booleans and strings that look like SQL are values, never text', () => {
    const q = sql`${null} ${true} ${'?'}`
    expect(q).toEqual({ text: '? ? ?', values: [null, true, '?'] })
  })

  test('fragments compose: their text is spliced and their values keep their place', () => {
    const where = sql`cik = ${1} AND form_type = ${'8-K'}`
    const q = sql`SELECT ${'a'} AS x FROM filings WHERE ${where} LIMIT ${5}`
    expect(q).toEqual({
      text: 'SELECT ? AS x FROM filings WHERE cik = ? AND form_type = ? LIMIT ?',
      values: ['a', 1, '8-K', 5],
    })
  })

  test('fragments nest to any depth', () => {
    const inner = sql`b = ${2}`
    const middle = sql`a = ${1} AND ${inner}`
    expect(sql`WHERE ${middle} OR c = ${3}`).toEqual({ text: 'WHERE a = ? AND b = ? OR c = ?', values: [1, 2, 3] })
  })

  test('empty adds nothing', () => {
    expect(sql`SELECT 1${empty}`).toEqual({ text: 'SELECT 1', values: [] })
  })
})

describe('join', () => {
  test('joins fragments with AND by default, values in order', () => {
    expect(join([sql`a = ${1}`, sql`b = ${2}`])).toEqual({ text: 'a = ? AND b = ?', values: [1, 2] })
  })

  test('skips empty fragments', () => {
    expect(join([empty, sql`a = ${1}`, empty, sql`b = ${'x'}`, empty])).toEqual({
      text: 'a = ? AND b = ?',
      values: [1, 'x'],
    })
  })

  test('a join of nothing (or only empties) is TRUE, so WHERE always parses', () => {
    expect(join([])).toEqual({ text: 'TRUE', values: [] })
    expect(join([empty, empty])).toEqual({ text: 'TRUE', values: [] })
    expect(sql`SELECT * FROM t WHERE ${join([])}`.text).toBe('SELECT * FROM t WHERE TRUE')
  })

  test('takes another separator', () => {
    expect(join([sql`a = ${1}`, sql`b = ${2}`], ' OR ')).toEqual({ text: 'a = ? OR b = ?', values: [1, 2] })
  })
})

describe('list', () => {
  test('one ? per value, comma-separated, for IN lists', () => {
    expect(list(['10-K', '10-Q', '8-K'])).toEqual({ text: '?, ?, ?', values: ['10-K', '10-Q', '8-K'] })
    expect(sql`form_type IN (${list(['10-K', '8-K'])}) AND cik = ${7}`).toEqual({
      text: 'form_type IN (?, ?) AND cik = ?',
      values: ['10-K', '8-K', 7],
    })
  })

  test('a single value is a single ?', () => {
    expect(list([1])).toEqual({ text: '?', values: [1] })
  })
})

describe('ident', () => {
  test('quotes an identifier and binds nothing', () => {
    expect(ident('filing_date')).toEqual({ text: '"filing_date"', values: [] })
    expect(sql`ORDER BY ${ident('filing_date')} DESC`).toEqual({ text: 'ORDER BY "filing_date" DESC', values: [] })
  })

  test('doubles embedded quotes so a name cannot close its quoting', () => {
    expect(ident('a"b').text).toBe('"a""b"')
    expect(ident('x" ; DROP TABLE t; --').text).toBe('"x"" ; DROP TABLE t; --"')
  })
})
