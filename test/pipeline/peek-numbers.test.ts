/**
 * A read model's leading numbers read without parsing the line (src/pipeline/read-model.ts `peek.numbers`):
 * over lines DuckDB writes from the model's SQL, the numbers JSON.parse reads; a number that is not plain
 * digits (a sign, a fraction, an exponent) is read whole, as JSON would.
 */
import { expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { columnKey } from '../../src/pipeline/contract.ts'
import { readModel } from '../../src/pipeline/read-model.ts'
import { memoryConnection } from '../helpers/memory-duck.ts'

const conn = memoryConnection()

const MODEL = readModel({
  name: 'peekTest',
  path: 'lookup/peek-test',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'array',
  fields: Type.Object({
    recency: Type.Number(),
    quarters: Type.Number(),
    end_date: Type.Number(),
    form: Type.String(),
  }),
  order: 'none',
})
const LEAD = MODEL.peek.numbers('end_date')

test('the leading numbers of the lines DuckDB writes are those JSON reads', async () => {
  const rows = await conn().runAndReadAll(`SELECT ${MODEL.lineSql} FROM (VALUES
      (1, 0, 20240630, '10-Q'), (40, 4, 19931231, '10-K'), (123456789, 1, 99999999, ','),
      (9007199254740991, 4, 0, '')
    ) t(recency, quarters, end_date, form)`)
  const lines = rows.getRows().map((r) => r[0] as string)
  expect(lines[1]).toBe('[40,4,19931231,"10-K"]')
  expect(lines.map(LEAD)).toEqual(lines.map((l) => (JSON.parse(l) as number[]).slice(0, 3)))
  expect(LEAD(lines[3]!)).toEqual([9007199254740991, 4, 0])
})

test('a number that is not plain digits is read whole', () => {
  expect(LEAD('[-3,1.5,2e3,"x"]')).toEqual([-3, 1.5, 2000])
  expect(LEAD('[7,0.25,-20240630,"x"]')).toEqual([7, 0.25, -20240630])
  expect(MODEL.peek.numbers('quarters')('[12,4]')).toEqual([12, 4])
  expect(MODEL.peek.numbers('quarters')('[12,4.5]')).toEqual([12, 4.5])
})
