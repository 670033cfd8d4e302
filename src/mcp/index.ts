/**
 * The MCP endpoint at /mcp, for LLM agents: each /v1 operation as a tool (tools.ts), a call made as the
 * operation's request to the app itself (call.ts). Streamable HTTP, stateless: no session, every POST is
 * answered on its own with one JSON response (no SSE stream: a call's answer is one body, and the server
 * has nothing to send unasked), so any instance behind a load balancer answers any message. A plain tool
 * call is answered directly (direct.ts), any other message by an SDK server and transport of its own.
 * GET (a server-to-client stream) and DELETE (a session's end) are 405.
 *
 * The key: auth admits /mcp with the key the API takes (header or apiKey parameter), refusing a missing,
 * unknown or revoked one as /v1 does, without counting the request; the tool calls are the /v1 requests
 * counted and checked (src/auth/index.ts). docs/api/mcp.md says how to connect a client.
 */

import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { type Context, Elysia } from 'elysia'
import { sentKey } from '../auth/index.ts'
import { ApiError } from '../http/errors.ts'
import { stateOf } from '../http/request-state.ts'
import type { AppRoutes } from '../http/routes.ts'
import { callTool } from './call.ts'
import { directCall } from './direct.ts'
import { type ApiTool, toolsOf } from './tools.ts'

export const MCP_PATH = '/mcp'

/** The servers' schema validator (the SDK's default), made once: it holds no request's state. */
const VALIDATOR = new AjvJsonSchemaValidator()

export type McpOptions = {
  /** The final app's routes: the tools, read on first use (the areas are registered after this plugin). */
  routes: AppRoutes
  /** The final app's request handler, for the tool calls. */
  handle: (request: Request) => Promise<Response>
  version: string
  /** MCP_RESULT_CHARS */
  resultBudget: number
}

const INSTRUCTIONS =
  'SEC EDGAR data (filings, entities, XBRL financials, insider transactions, 13F institutional holdings) from a ' +
  'self-hosted secds snapshot. Each tool is one GET operation of its /v1 API and returns its JSON body; an error ' +
  'result is the API error body (code, message, details naming each bad parameter). Lists are paged with limit and page.'

const listed = ({ name, title, description, inputSchema }: ApiTool) => ({
  name,
  title,
  description,
  inputSchema,
  // Every operation reads a snapshot: nothing changes, and the same call gives the same answer while it is served.
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
})

export const mcp = ({ routes, handle, version, resultBudget }: McpOptions) => {
  let tools: Map<string, ApiTool> | undefined
  const toolsByName = () => {
    tools ??= new Map(toolsOf(routes.all()).map((tool) => [tool.name, tool]))
    return tools
  }

  async function answer(request: Request, set: Context['set']): Promise<Response | string> {
    const url = new URL(request.url)
    // Auth admitted the request with this key (src/auth/index.ts).
    const key = sentKey(request, url)!
    const caller = { handle, origin: url.origin, key, requestId: stateOf(request).id, budget: resultBudget }
    const direct = await directCall(request, toolsByName(), caller)
    if ('json' in direct) {
      // Text, not a Response: Elysia sends text as it is, where it would copy a Response's body through a stream.
      set.headers['content-type'] = 'application/json'
      return direct.json
    }
    // The SDK's Server takes tools as JSON Schema (McpServer wants Zod schemas; ours are TypeBox). One
    // schema validator for every request's server: each would otherwise build an Ajv instance of its own.
    const server = new Server(
      { name: 'secds', version },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: VALIDATOR },
    )
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...toolsByName().values()].map(listed) }))
    server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
      const tool = toolsByName().get(params.name)
      if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}; tools/list names them.`)
      return callTool(tool, params.arguments ?? {}, caller)
    })
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true })
    await server.connect(transport)
    try {
      return await transport.handleRequest(direct.unread)
    } finally {
      await server.close()
    }
  }

  // GET would open a server-to-client stream and DELETE end a session: a stateless server has neither.
  const refuse = ({ request }: { request: Request }) => {
    throw new ApiError(
      'method_not_allowed',
      `The MCP endpoint is stateless: send JSON-RPC messages with POST; ${request.method} is not accepted.`,
      {},
      { allow: 'POST' },
    )
  }
  // Not operations of the OpenAPI document (hidden); one route per method, so logs and metrics label them /mcp.
  return (
    new Elysia({ name: 'mcp' })
      // directCall or the SDK's transport reads the JSON-RPC body.
      .post(MCP_PATH, ({ request, set }) => answer(request, set), { parse: 'none', detail: { hide: true } })
      .get(MCP_PATH, refuse, { detail: { hide: true } })
      .delete(MCP_PATH, refuse, { detail: { hide: true } })
  )
}
