/**
 * The benchmark's bad-input sweep over HTTP reads the operations from the running server's OpenAPI
 * document: every /v1 operation of the app, with the same path and query parameters (by public name) as
 * the app's routes, so the sweep cannot fall behind a new area. Some of its requests, sent to a real
 * server over the sample snapshot, answer below 500, a refusal with the error body.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { get } from '../../scripts/bench/http.ts'
import { sweepPaths, templatesOf } from '../../scripts/bench/sweep.ts'
import { openTestApi } from '../helpers/api.ts'
import { BAD } from '../helpers/bad-inputs.ts'
import { EXAMPLES, operationsOf } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
let server: ReturnType<typeof Bun.serve>
let url = ''

beforeAll(async () => {
  api = await openTestApi()
  server = Bun.serve({ port: 0, fetch: (request) => api.app.handle(request) })
  url = `http://127.0.0.1:${server.port}`
})
afterAll(() => {
  server?.stop(true)
  api?.close()
})

test('the templates are every /v1 operation of the app with its parameters, by public name', async () => {
  const templates = await templatesOf(url, api.keys.ENTERPRISE)
  const fromApp = operationsOf(api.app).map((op) => ({
    path: op.pattern.replace(/:(\w+)/g, '{$1}'),
    query: op.queryParams.map((p) => p.name).sort(),
  }))
  expect(
    templates.map((t) => ({ ...t, query: [...t.query].sort() })).sort((a, b) => a.path.localeCompare(b.path)),
  ).toEqual(fromApp.sort((a, b) => a.path.localeCompare(b.path)))
  // The reference's 62, the restatement ledger and the market's restatements of a quarter.
  expect(templates.length).toBe(64)
})

test('each parameter gets every bad value; the others keep real values; none answers 5xx, a refusal has the error body', async () => {
  const templates = await templatesOf(url, api.keys.ENTERPRISE)
  const samples = Object.fromEntries(Object.entries(EXAMPLES).map(([name, e]) => [name, e.known]))
  const paths = sweepPaths(templates, samples)
  const params = templates.reduce((n, t) => n + t.query.length + (t.path.match(/\{/g)?.length ?? 0), 0)
  expect(paths.length).toBe(params * BAD.length)
  // One operation of each area, every request of it.
  for (const prefix of ['/v1/filings/', '/v1/financials/', '/v1/insiders', '/v1/institutions/']) {
    const path = paths.find((p) => p.startsWith(prefix))!
    const op = path.split('?')[0]!
    for (const p of paths.filter((q) => q.split('?')[0] === op).slice(0, 40)) {
      const { status, body } = await get(`${url}${p}`, api.keys.ENTERPRISE)
      // Some hostile values are valid for some parameters (`ticker=abc` finds nothing: 200).
      expect({ p, answered: status >= 200 && status < 500 }).toEqual({ p, answered: true })
      if (status >= 400) expect(Object.keys(JSON.parse(body))).toEqual(['error'])
    }
  }
})
