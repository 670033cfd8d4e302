/**
 * A read model's decoder with more fields (src/pipeline/read-model.ts `decodeWith`): each row is the line's
 * own fields (packed ones made again, as `decode` makes them) and the reader's, given or made of the line's
 * values; a field of the line cannot be given again, and only an array line takes more.
 */
import { expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { columnKey } from '../../src/pipeline/contract.ts'
import { readModel } from '../../src/pipeline/read-model.ts'

const spec = {
  name: 'decodeWithTest',
  path: 'lookup/decode-with-test',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'array',
  fields: Type.Object({
    end_date: Type.Number(),
    meta_id: Type.Number(),
    first: Type.Union([Type.Object({ value: Type.Number(), form: Type.String() }), Type.Null()]),
  }),
  packed: ['first'],
  order: 'none',
} as const
const MODEL = readModel(spec)
const LINE = '[20230531,7,[1.5,"10-K"]]'

test('a row with given fields is the decoded line with them after its own', () => {
  const withCik = MODEL.decodeWith<{ cik: number; rank: number }>(['cik', 'rank'])
  const row = withCik(LINE, [320193, 1])
  expect(row).toEqual({ ...MODEL.decode(LINE), cik: 320193, rank: 1 })
  expect(Object.keys(row)).toEqual(['end_date', 'meta_id', 'first', 'cik', 'rank'])
  expect(withCik('[20220531,8,null]', [1, 2])).toEqual({ end_date: 20220531, meta_id: 8, first: null, cik: 1, rank: 2 })
})

test("fields made of the line's own values read them by position", () => {
  const tags = new Map([[7, 'Revenues']])
  const at = MODEL.positionOf('meta_id')
  const withTag = MODEL.decodeWith<{ tag: string | undefined }>(['tag'])
  expect(at).toBe(1)
  expect(withTag(LINE, (values) => [tags.get(values[at] as number)])).toEqual({
    ...MODEL.decode(LINE),
    tag: 'Revenues',
  })
})

test("a line's own field is not given again, and only an array line takes more", () => {
  expect(() => MODEL.decodeWith(['meta_id'])).toThrow('decodeWithTest: meta_id is a field of its line already')
  expect(() => readModel({ ...spec, line: 'object', packed: undefined }).decodeWith(['cik'])).toThrow(
    'decodeWithTest: only an array line decodes with more fields',
  )
  expect(() => MODEL.positionOf('cik' as 'meta_id')).toThrow('decodeWithTest: cik is no field of an array line')
})
