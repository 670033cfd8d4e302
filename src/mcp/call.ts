/**
 * A tool call is the operation's /v1 request, made in-process to the app with the caller's key: auth, the
 * plan and feature checks, the rate limits, parameter validation, the result cache and the error bodies
 * are the API's own, and the request is logged and counted as any other. A 200 is the JSON body (cut to
 * the result budget with a note, fit.ts); any other status is a tool error whose text is the API's error
 * body, so an agent reads the same code, message and details a client would.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ApiError, errorBody, invalidParameters } from '../http/errors.ts'
import { validationDetails } from '../http/validation-details.ts'
import { type Cut, fit } from './fit.ts'
import { type ApiTool, NOT_ARGUMENTS } from './tools.ts'

export type Caller = {
  /** The app's own request handler. */
  handle: (request: Request) => Promise<Response>
  /** The /mcp request's origin, key and id: the /v1 request carries the same, so the log ties them. */
  origin: string
  key: string
  requestId: string
  /** The most characters of JSON a result holds (MCP_RESULT_CHARS): an MCP client reads a result whole into the agent's context. */
  budget: number
}

/** Argument values as query text: strings as they are, numbers and booleans written out, anything else as JSON (the API then names it). */
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)

/**
 * The operation's path and query from the arguments, or the 400 the API gives for a missing or malformed
 * path parameter (checked here: a path cannot be built without it, and `..` would make another path).
 */
function requestPath(tool: ApiTool, args: Record<string, unknown>): string | ApiError {
  const given = (name: string) => (args[name] === undefined || args[name] === null ? undefined : text(args[name]))
  const pathValues = Object.fromEntries(Object.keys(tool.pathParams.properties).map((name) => [name, given(name)]))
  const details = validationDetails(tool.pathParams as Parameters<typeof validationDetails>[0], pathValues)
  // A URL reads these as "this folder" and "the one above": /v1/entities/.. would be /v1/.
  for (const [name, value] of Object.entries(pathValues))
    if ((value === '.' || value === '..') && !details[name])
      details[name] = `got ${JSON.stringify(value)}, which a path cannot hold`
  if (Object.keys(details).length > 0) return invalidParameters(details)
  const path = tool.pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(pathValues[name]!))
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(args)) {
    if (
      Object.hasOwn(tool.pathParams.properties, name) ||
      NOT_ARGUMENTS.has(name) ||
      value === undefined ||
      value === null
    )
      continue
    query.set(name, text(value))
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

const named = (path: string) => (path === '' ? 'the list' : `\`${path}\``)

/**
 * What the note says to read the rest, from the operation's paging parameters. A number for `limit` only
 * when one list was cut: that is the list `limit` caps (with more, it may cap the inner ones).
 */
function howToReadOn(tool: ApiTool, cuts: Cut[], path: string): string {
  const has = (name: string) => tool.queryParams.includes(name)
  const limit = cuts.length === 1 ? `\`limit\` ${Math.max(1, cuts[0]!.kept)} or less` : 'a smaller `limit`'
  const filters = tool.queryParams.filter((p) => p !== 'page' && p !== 'limit')
  const narrow = filters.length ? `, or narrow it with ${filters.map((f) => `\`${f}\``).join(', ')}` : ''
  const whole = ` The whole answer is GET ${path} over HTTP with the same key.`
  if (has('page') && has('limit'))
    return `Call ${tool.name} with ${limit} and read on page by page with \`page\` (1, 2, …) until \`hasMoreData\` is false${narrow}.${whole}`
  if (has('limit')) return `Call ${tool.name} with ${limit}${narrow}.${whole}`
  if (filters.length) return `Narrow the call${narrow.slice(1)}.${whole}`
  return `${tool.name} has no paging parameters.${whole}`
}

function note(tool: ApiTool, cuts: Cut[], fullSize: number, budget: number, path: string): string {
  const what = cuts.map((c) => `${named(c.path)} keeps its first ${c.kept} of ${c.total} rows`).join('; ')
  const size = (n: number) => n.toLocaleString('en-US')
  return (
    `Truncated: the answer is ${size(fullSize)} characters of JSON, over the ${size(budget)} one MCP result holds here; ${what}. ` +
    howToReadOn(tool, cuts, path)
  )
}

/** The tool's result for the API's 200 body: as it is when it fits, else cut and noted. */
function resultOf(tool: ApiTool, body: string, budget: number, path: string): CallToolResult {
  const { text, cuts } = fit(body, budget)
  if (cuts.length === 0) return { content: [{ type: 'text', text }] }
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: note(tool, cuts, body.length, budget, path) },
    ],
  }
}

/** Content first: the order the SDK's server writes a result in, which directCall's answer keeps (direct.ts). */
const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

export async function callTool(tool: ApiTool, args: Record<string, unknown>, caller: Caller): Promise<CallToolResult> {
  const path = requestPath(tool, args)
  if (path instanceof ApiError) return errorResult(JSON.stringify(errorBody(path, caller.requestId)))
  const response = await caller.handle(
    new Request(new URL(path, caller.origin).href, {
      headers: { 'x-api-key': caller.key, 'x-request-id': caller.requestId, accept: 'application/json' },
    }),
  )
  const body = await response.text()
  return response.ok ? resultOf(tool, body, caller.budget, path) : errorResult(body)
}
