/**
 * The MCP endpoint through the official SDK's client, in-process: its Streamable HTTP transport posts to
 * `app.handle` instead of the network. The tools are checked against the app's routes and the OpenAPI
 * document, and each call against the API's own answer to the same request with the same key.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { NOT_ARGUMENTS } from '../../src/mcp/tools.ts'
import { openTestApi, type TestApi } from '../helpers/api.ts'
import { BASE_QUERY, knownOf, type Operation, operationsOf } from '../helpers/operations.ts'

/** A fixed clock: the rate limiter's windows do not move while the file runs. */
const NOW = Date.parse('2026-08-01T12:00:00Z')

type DocOperation = {
  operationId: string
  summary: string
  description: string
  'x-minimum-plan': string
  'x-feature'?: string
}

let api: TestApi
let ops: Operation[]
let documented: DocOperation[]

beforeAll(async () => {
  api = await openTestApi({ now: () => NOW })
  ops = operationsOf(api.app)
  const doc = (await api.get('/openapi/json')).body as { paths: Record<string, Record<string, DocOperation>> }
  documented = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/v1/'))
    .flatMap(([, item]) => Object.values(item))
})
afterAll(() => api?.close())

/** An SDK client connected to the app's /mcp with `key` (header), or with the URL as given. */
async function connect(key: string | null, url = 'http://localhost/mcp') {
  const client = new Client({ name: 'secds-test', version: '0.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: (input, init) => api.app.handle(new Request(String(input), init)),
    requestInit: key === null ? {} : { headers: { 'x-api-key': key } },
  })
  await client.connect(transport)
  return client
}

const op = (operationId: string) => ops.find((o) => o.operationId === operationId)!

/** The known example of each path parameter, and the operation's base query: the arguments of `path()`. */
const knownArguments = (o: Operation): Record<string, unknown> => ({
  ...Object.fromEntries(o.pathParams.map((p) => [p.name, knownOf(o, p.name)])),
  ...BASE_QUERY[o.operationId],
})

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult

const textOf = (result: CallToolResult, i = 0) => (result.content[i] as { type: 'text'; text: string }).text

/** One JSON-RPC message POSTed to /mcp as any client (or curl) sends it. */
const postMessage = (target: TestApi, message: object, headers: Record<string, string>, path = '/mcp') =>
  target.app.handle(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
    }),
  )

/**
 * A tool call as /mcp answers it directly (src/mcp/direct.ts) and as the SDK's server answers it: the
 * same call with an empty `_meta`, which the direct answer leaves to the SDK. With the same request id,
 * so that the error bodies (which name it) can match too.
 */
async function bothWays(target: TestApi, key: string, name: string, args: Record<string, unknown> | null) {
  const answers = []
  for (const params of [
    { name, arguments: args },
    { name, arguments: args, _meta: {} },
  ]) {
    const res = await postMessage(
      target,
      { method: 'tools/call', params },
      { 'x-api-key': key, 'x-request-id': 'mcp-both-ways' },
    )
    answers.push({ status: res.status, type: res.headers.get('content-type'), text: await res.text() })
  }
  const [direct, sdk] = answers
  expect(direct).toEqual(sdk!)
  return JSON.parse(direct!.text) as { result: CallToolResult; error?: { code: number; message: string } }
}

/** The API's error body without its request id (each request has its own). */
const withoutId = (body: { error: Record<string, unknown> }) => ({ ...body.error, request_id: undefined })

describe('MCP endpoint', () => {
  test('lists one tool per /v1 operation, named and described as in the OpenAPI document, with its parameters', async () => {
    const client = await connect(api.keys.FREE)
    const { tools } = await client.listTools()
    // The reference's 62, the restatement ledger and the market's restatements of a quarter.
    expect(ops.length).toBe(64)
    expect(tools.map((t) => t.name).sort()).toEqual(ops.map((o) => o.operationId).sort())
    for (const tool of tools) {
      const o = op(tool.name)
      const doc = documented.find((d) => d.operationId === tool.name)!
      expect(tool.title).toBe(doc.summary)
      expect(tool.description).toContain(doc.description)
      expect(tool.description).toContain(`needs the ${doc['x-minimum-plan']} plan or higher`)
      if (doc['x-feature']) expect(tool.description).toContain(`the ${doc['x-feature']} feature`)
      expect(tool.annotations?.readOnlyHint).toBe(true)
      // Every parameter under its public name but the answer's format (a tool answers JSON); the path's required.
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(
        o.params
          .map((p) => p.name)
          .filter((n) => !NOT_ARGUMENTS.has(n))
          .sort(),
      )
      for (const p of o.pathParams) expect(tool.inputSchema.required).toContain(p.name)
    }
    // An integer parameter is an integer to an agent, with its range and default, and not required.
    const listFilings = tools.find((t) => t.name === 'listFilings')!
    expect(listFilings.inputSchema.properties?.limit).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    })
    expect(listFilings.inputSchema.required).toEqual([])
    // The router's name for a path parameter is not the one a tool shows.
    expect(tools.find((t) => t.name === 'getFilingsByAccession')!.inputSchema.required).toEqual(['accessionNumber'])
    await client.close()
  })

  test('a call in each area answers the body the API gives for the same request', async () => {
    const client = await connect(api.keys.ENTERPRISE)
    for (const id of [
      'listFilings',
      'getEntity',
      'getFinancialMetrics',
      'listInsiderTransactionsOfCompany',
      'getInstitutionHoldings',
    ]) {
      const o = op(id)
      // A parameter the operation does not take is a 400 (the API's rule): limit only where it is one.
      const limit = o.queryParams.some((p) => p.name === 'limit') ? { limit: 5 } : {}
      const result = await call(client, id, { ...knownArguments(o), ...limit })
      expect(result.isError).toBeFalsy()
      const expected = await api.get(o.path({}, 'limit' in limit ? { limit: '5' } : {}))
      expect(expected.status).toBe(200)
      expect(JSON.parse(textOf(result))).toEqual(expected.body)
    }
    await client.close()
  })

  test('a plan or feature the key lacks is the API refusal, as a tool error', async () => {
    // The plan is checked before the feature: a FREE key is refused for the plan.
    const needsLite = documented.find((d) => d['x-minimum-plan'] === 'LITE')!
    const needsFeature = documented.find((d) => d['x-feature'] === 'SEC_API_ENDPOINTS')!
    for (const [key, doc, code] of [
      [api.keys.FREE, needsLite, 'plan_too_low'],
      [api.keys.LITE, needsFeature, 'feature_not_enabled'],
    ] as const) {
      const client = await connect(key)
      const o = op(doc.operationId)
      const result = await call(client, o.operationId, knownArguments(o))
      expect(result.isError).toBe(true)
      const body = JSON.parse(textOf(result))
      expect(body.error.code).toBe(code)
      expect(withoutId(body)).toEqual(withoutId((await api.get(o.path(), { key })).body))
      await client.close()
    }
  })

  test('a bad argument is a tool error naming it, as the API names it', async () => {
    const client = await connect(api.keys.ENTERPRISE)
    // Past even an export's largest limit: the schema refuses it with the date.
    const bad = await call(client, 'listFilings', { limit: 10_000_000, startDate: '2024-02-30' })
    expect(bad.isError).toBe(true)
    const body = JSON.parse(textOf(bad))
    expect(body.error.code).toBe('invalid_parameter')
    expect(Object.keys(body.error.details).sort()).toEqual(['limit', 'startDate'])
    expect(withoutId(body)).toEqual(withoutId((await api.get('/v1/filings?limit=10000000&startDate=2024-02-30')).body))
    // Path parameters: missing, malformed, or a segment that would make another path.
    for (const [args, problem] of [
      [{}, /^is required/],
      [{ identifier: 'AB!' }, /^expected /],
      [{ identifier: '..' }, /which a path cannot hold/],
    ] as const) {
      const result = await call(client, 'getEntity', args)
      expect(result.isError).toBe(true)
      const error = JSON.parse(textOf(result)).error
      expect(error.code).toBe('invalid_parameter')
      expect(error.details.identifier).toMatch(problem)
    }
    await expect(client.callTool({ name: 'noSuchTool', arguments: {} })).rejects.toThrow(/Unknown tool/)
    await client.close()
  })

  test("tool calls count against the key's rate limit; connecting and listing do not", async () => {
    const o = op('listFormTypes')
    const left = Number((await api.get(o.path(), { key: api.keys.FREE })).headers.get('x-ratelimit-remaining'))
    expect(left).toBeGreaterThan(0)
    const client = await connect(api.keys.FREE)
    await client.listTools()
    for (let i = 0; i < left; i++) expect((await call(client, o.operationId, {})).isError).toBeFalsy()
    const refused = await call(client, o.operationId, {})
    expect(refused.isError).toBe(true)
    expect(JSON.parse(textOf(refused)).error.code).toBe('rate_limited')
    await client.close()
  })

  test('/mcp takes the key as the API does, and refuses a missing or unknown one as it does', async () => {
    const post = (message: object, headers: Record<string, string>, path = '/mcp') =>
      postMessage(api, message, headers, path)
    const initialize = {
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    }
    for (const [headers, code, path] of [
      [{}, 'missing_api_key', '/mcp'],
      // The router answers /mcp/ as /mcp: auth does too.
      [{}, 'missing_api_key', '/mcp/'],
      [{ 'x-api-key': 'secds_not_a_key' }, 'invalid_api_key', '/mcp'],
    ] as const) {
      const res = await post(initialize, headers, path)
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code)
    }
    expect((await post(initialize, { 'x-api-key': api.keys.FREE })).status).toBe(200)
    // Stateless: a call needs no initialize before it (docs/api/mcp.md's curl).
    const res = await post(
      { method: 'tools/call', params: { name: 'getEntity', arguments: { identifier: 'QFD' } } },
      // The FREE key spent its minute above; /mcp itself counts nothing, its calls do.
      { 'x-api-key': api.keys.LITE },
    )
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { result: CallToolResult }
    expect(JSON.parse(textOf(answer.result))).toEqual((await api.get('/v1/entities/QFD', { key: api.keys.LITE })).body)
    // The apiKey parameter, for a client that cannot set headers.
    const client = await connect(null, `http://localhost/mcp?apiKey=${api.keys.FREE}`)
    expect((await client.listTools()).tools.length).toBe(ops.length)
    await client.close()
    // Stateless: no stream to GET, no session to DELETE.
    for (const method of ['GET', 'DELETE']) {
      const refused = await api.get('/mcp', { key: api.keys.FREE, method })
      expect(refused.status).toBe(405)
      expect(refused.body.error.code).toBe('method_not_allowed')
    }
    // Logs and metrics label the endpoint by its path.
    expect((await api.get('/metrics', { key: null })).text).toContain('route="/mcp"')
  })

  test('a plain call is answered byte for byte as the SDK answers it: results, tool errors, refusals', async () => {
    const metrics = op('getFinancialMetrics')
    const { result: fits } = await bothWays(api, api.keys.ENTERPRISE, metrics.operationId, knownArguments(metrics))
    expect(fits.isError).toBeUndefined()
    expect(textOf(fits)).toBe((await api.get(metrics.path())).text)
    const { result: bad } = await bothWays(api, api.keys.ENTERPRISE, 'listFilings', { limit: 0 })
    expect(bad.isError).toBe(true)
    expect(JSON.parse(textOf(bad)).error.details.limit).toBeDefined()
    const needsFeature = op(documented.find((d) => d['x-feature'] === 'SEC_API_ENDPOINTS')!.operationId)
    const { result: refused } = await bothWays(
      api,
      api.keys.LITE,
      needsFeature.operationId,
      knownArguments(needsFeature),
    )
    expect(JSON.parse(textOf(refused)).error.code).toBe('feature_not_enabled')
    // Arguments that are no object: the SDK's refusal of the call, a JSON-RPC error, not a tool result.
    const notObject = await bothWays(api, api.keys.ENTERPRISE, 'listFilings', null)
    expect(notObject.result).toBeUndefined()
    expect(notObject.error?.message).toContain('arguments')
    // An unknown tool is the SDK's to answer either way: a JSON-RPC error, not a tool result.
    const unknown = await postMessage(
      api,
      { method: 'tools/call', params: { name: 'noSuchTool', arguments: {} } },
      { 'x-api-key': api.keys.ENTERPRISE },
    )
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('Unknown tool')
  })

  test('calls at once, all with JSON-RPC id 1, each get their own answer', async () => {
    const limits = Array.from({ length: 12 }, (_, i) => i + 1)
    const answers = await Promise.all(
      limits.map(async (limit) => {
        // Every other one through the SDK's server (an empty `_meta`), so both kinds overlap.
        const params = { name: 'listFilings', arguments: { limit }, ...(limit % 2 ? { _meta: {} } : {}) }
        const res = await postMessage(api, { method: 'tools/call', params }, { 'x-api-key': api.keys.ENTERPRISE })
        return (await res.json()) as { id: number; result: CallToolResult }
      }),
    )
    for (const [i, limit] of limits.entries()) {
      expect(answers[i]!.id).toBe(1)
      expect(textOf(answers[i]!.result)).toBe((await api.get(`/v1/filings?limit=${limit}`)).text)
    }
  })
})

describe('MCP results over the budget', () => {
  let small: TestApi
  beforeAll(async () => {
    small = await openTestApi({ config: { MCP_RESULT_CHARS: 3000 } })
  })
  afterAll(() => small?.close())

  test('keep the first rows, stay JSON, and say how to page', async () => {
    const client = new Client({ name: 'secds-test', version: '0.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        fetch: (input, init) => small.app.handle(new Request(String(input), init)),
        requestInit: { headers: { 'x-api-key': small.keys.ENTERPRISE } },
      }),
    )
    const result = (await client.callTool({ name: 'listFilings', arguments: { limit: 100 } })) as CallToolResult
    const full = (await small.get('/v1/filings?limit=100')).body
    expect(JSON.stringify(full).length).toBeGreaterThan(3000)
    const cut = JSON.parse(textOf(result))
    expect(textOf(result).length).toBeLessThanOrEqual(3000)
    expect(cut.data.length).toBeGreaterThan(0)
    expect(cut.data).toEqual(full.data.slice(0, cut.data.length))
    expect(cut.pagination).toEqual(full.pagination)
    const note = textOf(result, 1)
    expect(note).toContain(`\`data\` keeps its first ${cut.data.length} of ${full.data.length} rows`)
    expect(note).toContain(`\`limit\` ${cut.data.length} or less`)
    expect(note).toContain('`page`')
    expect(note).toContain('GET /v1/filings?limit=100')
    // The direct answer's cut and note are the SDK server's, byte for byte.
    expect((await bothWays(small, small.keys.ENTERPRISE, 'listFilings', { limit: 100 })).result.content).toEqual(
      result.content,
    )
    // Series of points: whole series are dropped from the end down to one, then that one loses points.
    const metrics = op('getFinancialMetrics')
    const series = (await client.callTool({
      name: metrics.operationId,
      arguments: { ...knownArguments(metrics), limit: 100 },
    })) as CallToolResult
    const fullSeries = (await small.get(metrics.path({}, { limit: '100' }))).body.series
    expect(textOf(series).length).toBeLessThanOrEqual(3000)
    const kept = JSON.parse(textOf(series)).series
    const last = kept.length - 1
    expect(kept.slice(0, last)).toEqual(fullSeries.slice(0, last))
    const { points, ...rest } = kept[last]
    const { points: fullPoints, ...fullRest } = fullSeries[last]
    expect(rest).toEqual(fullRest)
    expect(points.length).toBeGreaterThan(0)
    expect(points.length).toBeLessThan(fullPoints.length)
    expect(points).toEqual(fullPoints.slice(0, points.length))
    expect(textOf(series, 1)).toContain(
      `\`series[${last}].points\` keeps its first ${points.length} of ${fullPoints.length} rows`,
    )
    // Within the budget, a body is as the API sent it, alone.
    const fits = (await client.callTool({ name: 'listFilings', arguments: { limit: 1 } })) as CallToolResult
    expect(fits.content).toHaveLength(1)
    expect(textOf(fits)).toBe((await small.get('/v1/filings?limit=1')).text)
    await client.close()
  })
})
