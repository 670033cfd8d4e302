/**
 * The MCP result budget (src/mcp/fit.ts) cuts a body's JSON text without parsing it: each row's length is
 * read from the text, and the cut text must be what JSON.stringify writes for the body with the same rows
 * dropped, for every kind of value a body holds (strings with quotes, brackets and escapes included), or a
 * result could pass its budget, lose a row it had room for, or stop being JSON.
 */
import { expect, test } from 'bun:test'
import { type Cut, fit } from '../../src/mcp/fit.ts'

const TRICKY = [
  'plain',
  'a "quoted" name',
  'back\\slash',
  'ends with a backslash \\',
  'brackets [1, 2] {"a": 3}, and commas',
  'tab\tand\nnewline',
  'control \u0001',
  'Société Générale',
  'emoji 📈',
  'lone \ud800 surrogate',
  'line\u2028separator',
  '',
]

/**
 * The body with each cut's list cut to its kept rows: the value the cut text must be the JSON of. A list
 * cut first and then dropped with the row holding it (when every list is emptied) is not there to cut.
 */
function applied(body: unknown, cuts: Cut[]): unknown {
  const copy = structuredClone(body)
  for (const { path, kept } of cuts) {
    let list: unknown = copy
    for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
      list = (list as Record<string, unknown> | undefined)?.[key ?? Number(index)]
    if (list) (list as unknown[]).length = kept
  }
  return copy
}

test('a body fits a budget of exactly its JSON length, and one less cuts it', () => {
  const body = {
    data: TRICKY.map((name, i) => ({ name, value: i % 2 ? -0.000123 : 1e21, ok: i % 3 === 0, none: null, n: i })),
    'key "quoted"': [1.5, -2, 3e-7],
  }
  const text = JSON.stringify(body)
  expect(fit(text, text.length)).toEqual({ text, cuts: [] })
  const cut = fit(text, text.length - 1)
  expect(cut.cuts).toEqual([{ path: 'data', kept: TRICKY.length - 1, total: TRICKY.length }])
  expect(cut.text).toBe(JSON.stringify({ ...body, data: body.data.slice(0, -1) }))
})

test('the cut text is the JSON of the body with the cut rows dropped, at every budget', () => {
  // A metric series answer's shape: series of points, each point with a list of its own.
  const body = {
    issuer: { name: TRICKY[1], tags: ['a', 'b'] },
    series: TRICKY.slice(0, 4).map((symbol, s) => ({
      symbol,
      points: TRICKY.map((label, p) => ({ label, value: s * 100 + p, derivedFrom: [label, `${s}-${p}`] })),
    })),
    'with.dot': [],
  }
  const text = JSON.stringify(body)
  let cutsSeen = 0
  // From the smallest budget the body's frame fits in (every list empty) to one less than its length.
  const frame = JSON.stringify({ ...body, issuer: { ...body.issuer, tags: [] }, series: [] }).length
  for (let budget = frame; budget < text.length; budget += 97) {
    const { text: cut, cuts } = fit(text, budget)
    expect(cuts.length).toBeGreaterThan(0)
    expect(cut).toBe(JSON.stringify(applied(body, cuts)))
    expect(cut.length).toBeLessThanOrEqual(budget)
    cutsSeen = Math.max(cutsSeen, cuts.length)
  }
  expect(cutsSeen).toBeGreaterThanOrEqual(2)
  // Less than the first series alone: the series are cut to that one, then its points from their end.
  const firstSeries = JSON.stringify({ ...body, series: body.series.slice(0, 1) }).length
  const { cuts } = fit(text, firstSeries - 1)
  expect(cuts).toEqual([
    { path: 'series', kept: 1, total: 4 },
    { path: 'series[0].points', kept: TRICKY.length - 1, total: TRICKY.length },
  ])
})

test('a body with whitespace is cut as its compact JSON; one that fits is as sent', () => {
  const body = { data: TRICKY.map((name, n) => ({ name, n })) }
  const pretty = JSON.stringify(body, null, 2)
  const compact = JSON.stringify(body)
  expect(fit(pretty, pretty.length)).toEqual({ text: pretty, cuts: [] })
  expect(fit(pretty, compact.length)).toEqual({ text: pretty, cuts: [] })
  expect(fit(pretty, 200)).toEqual(fit(compact, 200))
  expect(() => fit('{"data": [1, 2', 5)).toThrow(SyntaxError)
})
