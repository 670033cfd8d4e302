/**
 * A plain tool call answered without the SDK's per-request server. Stateless, each POST would need a
 * Server and a transport of its own (the SDK's stateless transport refuses a second request: two clients'
 * calls with the same JSON-RPC id would get each other's answers), and building, connecting and closing
 * them, with the SDK validating the message, the call and the result against its schemas, cost an MCP
 * call more than the API's own work on the answer.
 *
 * A POST is a plain call when the transport would accept its headers and its body is one JSON-RPC
 * request `tools/call` naming a tool, with nothing but the tool's name and arguments: then the answer is
 * the tool's result in the JSON-RPC response the SDK writes for it, byte for byte (test/mcp/mcp.test.ts
 * sends each call both ways). Anything else (initialize, tools/list, notifications, batches, `_meta`,
 * tasks, an unknown tool, a malformed message) is the SDK's to answer, with its own checks and errors.
 */
import { DEFAULT_MAX_REQUEST_BODY_SIZE, readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js'
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js'
import { ErrorCode, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js'
import { type Caller, callTool } from './call.ts'
import type { ApiTool } from './tools.ts'

type PlainCall = { id: string | number; tool: ApiTool; args: Record<string, unknown> }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const hasOnly = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key))

/**
 * The headers the SDK's transport requires of a POST (webStandardStreamableHttp.js, handlePostRequest):
 * an Accept of both JSON and an event stream, a JSON body, and a protocol version it supports, if any.
 */
function acceptedHeaders(headers: Headers): boolean {
  const accept = headers.get('accept')
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return false
  if (!isJsonContentType(headers.get('content-type'))) return false
  const version = headers.get('mcp-protocol-version')
  return version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)
}

/** The call in a JSON-RPC message, when it is a plain call of one of `tools`. */
function plainCall(message: unknown, tools: Map<string, ApiTool>): PlainCall | undefined {
  if (!isRecord(message) || !hasOnly(message, ['jsonrpc', 'id', 'method', 'params'])) return undefined
  const { jsonrpc, id, method, params } = message
  if (jsonrpc !== '2.0' || method !== 'tools/call') return undefined
  // The ids the SDK takes: a string, or an integer it can hold exactly.
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined
  if (!isRecord(params) || !hasOnly(params, ['name', 'arguments'])) return undefined
  // Absent is none; null is not an object of arguments, for the SDK to refuse.
  const args = params.arguments === undefined ? {} : params.arguments
  // The SDK copies the arguments key by key, where `__proto__` would set the copy's prototype.
  if (!isRecord(args) || Object.hasOwn(args, '__proto__')) return undefined
  const tool = typeof params.name === 'string' ? tools.get(params.name) : undefined
  return tool && { id: id as string | number, tool, args }
}

/** The JSON-RPC error the SDK's server answers for a handler that threw (shared/protocol.js). */
function thrown(id: string | number, error: unknown) {
  const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown }
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: Number.isSafeInteger(code) ? code : ErrorCode.InternalError,
      message: message ?? 'Internal error',
      ...(data !== undefined && { data }),
    },
  }
}

/**
 * The answer to `request` when it is a plain tool call, as JSON text (sent as application/json, the SDK's
 * content type); else the request as it came, its body unread, for the SDK.
 */
export async function directCall(
  request: Request,
  tools: Map<string, ApiTool>,
  caller: Caller,
): Promise<{ json: string } | { unread: Request }> {
  if (!acceptedHeaders(request.headers)) return { unread: request }
  // Typed as undici's Request by @types/node; Bun's clone is its own Request.
  const unread = request.clone() as Request
  const body = await readRequestBody(request, DEFAULT_MAX_REQUEST_BODY_SIZE)
  let message: unknown
  try {
    message = body.tooLarge ? undefined : JSON.parse(body.text)
  } catch {
    return { unread }
  }
  const call = plainCall(message, tools)
  if (!call) return { unread }
  // As the SDK's response: the result, then the version and the id.
  let response: object
  try {
    response = { result: await callTool(call.tool, call.args, caller), jsonrpc: '2.0', id: call.id }
  } catch (error) {
    response = thrown(call.id, error)
  }
  return { json: JSON.stringify(response) }
}
