/**
 * The MCP result budget (src/mcp/fit.ts) measures a body's JSON text without writing it: the count must be
 * the length JSON.stringify gives, for every kind of value a body holds, or a result could pass its budget
 * or lose a row it had room for.
 */
import { expect, test } from 'bun:test'
import { fit } from '../../src/mcp/fit.ts'

const TRICKY = [
  'plain',
  'a "quoted" name',
  'back\\slash',
  'tab\tand\nnewline',
  'control \u0001',
  'Société Générale',
  'emoji 📈',
  'lone \ud800 surrogate',
  'line\u2028separator',
  '',
]

test('a body fits a budget of exactly its JSON length, and one less cuts it', () => {
  const body = () => ({
    data: TRICKY.map((name, i) => ({ name, value: i % 2 ? -0.000123 : 1e21, ok: i % 3 === 0, none: null, n: i })),
    'key "quoted"': [1.5, -2, 3e-7],
  })
  const length = JSON.stringify(body()).length
  expect(fit(body(), length)).toEqual([])
  const cut = body()
  expect(fit(cut, length - 1)).toEqual([{ path: 'data', kept: TRICKY.length - 1, total: TRICKY.length }])
  expect(JSON.stringify(cut).length).toBeLessThanOrEqual(length - 1)
})
