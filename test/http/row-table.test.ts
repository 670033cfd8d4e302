/**
 * A body read as its handler made it gives the CSV and Arrow its JSON text gives (src/areas/operation.ts
 * reads an export made in its request without writing and parsing its text): what JSON leaves out or changes
 * (undefined, functions, NaN and Infinity, -0, a Date) is read as JSON gives it back, in a row's fields,
 * in a map inside a row and in a map of rows.
 */
import { expect, test } from 'bun:test'
import { Type as t } from '@sinclair/typebox'
import { toArrow } from '../../src/http/tabular/arrow.ts'
import { toCsv } from '../../src/http/tabular/csv.ts'
import { rowTableOf } from '../../src/http/tabular/row-table.ts'

const Point = t.Object({
  end: t.String({ format: 'date' }),
  value: t.Union([t.Number(), t.Null()]),
  count: t.Optional(t.Integer()),
  when: t.Optional(t.String()),
  filing: t.Union([t.Object({ form: t.String(), amount: t.Number() }), t.Null()]),
  tags: t.Array(t.String()),
  values: t.Record(t.String(), t.Number()),
})
const Response = t.Object({
  series: t.Array(t.Object({ symbol: t.String(), scale: t.Number(), points: t.Array(Point) })),
  metrics: t.Record(t.String(), t.Object({ value: t.Union([t.Number(), t.Null()]) })),
})

const made = {
  series: [
    {
      symbol: 'revenue',
      scale: -0,
      points: [
        {
          end: '2024-09-30',
          value: Number.NaN,
          count: undefined,
          when: new Date(Date.UTC(2024, 9, 1, 12)),
          filing: { form: '10-K', amount: -0 },
          tags: ['a', undefined],
          values: { '2024': 1, '2023': undefined, '2022': Number.POSITIVE_INFINITY },
        },
        {
          end: '2024-06-30',
          value: -0,
          filing: null,
          tags: [],
          values: { '2021': 2, later: () => 1 },
          extra: () => 0,
        },
        undefined,
      ],
    },
  ],
  metrics: { revenue: { value: 1 }, gone: undefined, alsoGone: () => 0, negative: { value: -0 } },
}

test.each(['series.points', 'metrics'])(
  'rows at %s: the same CSV and Arrow from the body as from its JSON text',
  (at) => {
    const tableOf = rowTableOf(Response, at)
    const fromBody = tableOf(made)
    const fromText = tableOf(JSON.parse(JSON.stringify(made)))
    expect(fromBody.columns).toEqual(fromText.columns)
    expect(fromBody.rows.length).toBe(at === 'metrics' ? 2 : 3)
    expect(toCsv(fromBody)).toBe(toCsv(fromText))
    expect(Buffer.from(toArrow(fromBody)).equals(toArrow(fromText))).toBe(true)
  },
)

test('a BigInt has no JSON text: refused as JSON.stringify refuses it', () => {
  const tableOf = rowTableOf(Response, 'metrics')
  expect(() => tableOf({ metrics: { x: { value: 1n } } })).toThrow(TypeError)
})
