/**
 * The operations the tests go over are the app's own (test/helpers/operations.ts reads them from
 * app.routes): every /v1 route, each with an operationId and a 200 schema. Every parameter has an example
 * value in EXAMPLES that its schema accepts, and every path parameter well-formed values that name
 * nothing; a route whose parameter has none fails here rather than being skipped by the sweeps.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openTestApi } from '../helpers/api.ts'
import { EXAMPLES, knownOf, type Operation, operationsOf, rejects } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
let operations: Operation[]
beforeAll(async () => {
  api = await openTestApi()
  operations = operationsOf(api.app)
})
afterAll(() => api.close())

test('every /v1 route is an operation with an operationId and a 200 schema', () => {
  expect(operations.length).toBe(api.app.routes.filter((r) => r.path.startsWith('/v1/')).length)
  expect(operations.length).toBeGreaterThanOrEqual(9)
  for (const op of operations) {
    expect({ route: op.route, operationId: op.operationId }).toEqual({
      route: op.route,
      operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/),
    })
    expect({ route: op.route, response: op.response !== undefined }).toEqual({ route: op.route, response: true })
  }
})

test('every parameter of every operation has an example value its schema accepts', () => {
  const problems = operations.flatMap((op) =>
    op.params.flatMap((p) => {
      const example = EXAMPLES[p.name]
      if (!example) return [`${op.operationId} ${p.in} ${p.name}: no example in EXAMPLES (test/helpers/operations.ts)`]
      // The operation's own known value (KNOWN_BY_PREFIX), else the name's.
      const known = knownOf(op, p.name) ?? example.known
      if (rejects(p, known))
        return [`${op.operationId} ${p.name}: its schema rejects the example ${JSON.stringify(known)}`]
      if (!example.invalid.length) return [`${op.operationId} ${p.name}: no invalid values in EXAMPLES`]
      if (p.in === 'path' && !example.unknown?.length)
        return [`${op.operationId} ${p.name}: no unknown values (well-formed, naming nothing) in EXAMPLES`]
      const refused = (example.unknown ?? []).filter((v) => rejects(p, v))
      return refused.length
        ? [`${op.operationId} ${p.name}: its schema rejects the unknown values ${refused.join(', ')}`]
        : []
    }),
  )
  expect(problems).toEqual([])
})

test('a path is made from the examples, and a missing example is an error naming the parameter', () => {
  const byId = Object.fromEntries(operations.map((op) => [op.operationId, op]))
  // The router's `/v1/filings/:cik` takes an accession number, as its public name says.
  expect(byId.getFilingsByAccession!.path()).toBe(`/v1/filings/${EXAMPLES.accessionNumber!.known}`)
  expect(byId.listFilings!.path({}, { limit: '1' })).toBe('/v1/filings?limit=1')
  const fake = operationsOf({ routes: [{ method: 'GET', path: '/v1/things/:thingId', hooks: {} }] })[0]!
  expect(() => fake.path()).toThrow(/no example value for the path parameter thingId of GET \/v1\/things\/:thingId/)
})
