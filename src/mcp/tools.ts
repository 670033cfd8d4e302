/**
 * The MCP tools: one per /v1 operation, read from the app's routes, each mounted from its one declaration
 * (src/areas/operation.ts), so a new operation is a new tool without a line here. A tool has the words of
 * the OpenAPI document (operationId as its name, summary as its title, description, minimum plan and
 * feature), and its input is the operation's path and query parameters as one JSON Schema object: the
 * routes' TypeBox schemas are JSON Schema already, under their public names (src/http/routes.ts), with a
 * parameter that has a default not required, as in the OpenAPI document (src/ops/docs.ts).
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox'
import { accessOf } from '../auth/access.ts'
import { publicParam, publicPattern, type RouteInfo } from '../http/routes.ts'
import { unwrap } from '../http/validation-details.ts'

type JsonSchema = Record<string, unknown>

export type ApiTool = {
  name: string
  title: string
  description: string
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[] }
  /** The operation's path with public parameter names: `/v1/filings/:accessionNumber`. */
  pattern: string
  /** The route's path parameters under their public names, all required: arguments fill the path, the others go in the query. */
  pathParams: TObject
  queryParams: string[]
}

/**
 * Query parameters a tool neither shows nor sends: an MCP result is JSON text, so the answers in other
 * formats (CSV, Arrow) are for HTTP clients, and the key travels with the /mcp request, not as an argument.
 */
export const NOT_ARGUMENTS = new Set(['format', 'apiKey'])

type ObjectSchema = { properties?: Record<string, TSchema>; required?: string[] }

/**
 * A parameter's schema as a tool shows it: the integer of an integer parameter, not the query text it is
 * also read from (an agent sends JSON values), and plain JSON (TypeBox's symbols and Elysia's transforms
 * are code, not schema).
 */
const argumentSchema = (schema: TSchema): JsonSchema => {
  const json: JsonSchema = JSON.parse(JSON.stringify(unwrap(schema as Parameters<typeof unwrap>[0])))
  // A tool answers JSON: a `limit` that goes further for CSV and Arrow (src/areas/operation.ts) shows JSON's bound.
  if (typeof json.jsonMaximum !== 'number') return json
  const { jsonMaximum, expected: _export, ...rest } = json
  return {
    ...rest,
    maximum: jsonMaximum,
    description: String(rest.description ?? '').replace(/; up to \d+ with format=csv or format=arrow$/, ''),
  }
}

function toolOf(route: RouteInfo): ApiTool {
  const detail = route.hooks?.detail as { operationId: string; summary: string; description: string }
  const params = (route.hooks?.params ?? {}) as ObjectSchema
  const query = (route.hooks?.query ?? {}) as ObjectSchema
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const pathSchemas: Record<string, TSchema> = {}
  for (const [, routerName] of route.path.matchAll(/:(\w+)/g)) {
    const name = publicParam(route, routerName!)
    pathSchemas[name] = params.properties![routerName!]!
    properties[name] = argumentSchema(pathSchemas[name])
    required.push(name)
  }
  const queryParams: string[] = []
  for (const [name, raw] of Object.entries(query.properties ?? {})) {
    if (NOT_ARGUMENTS.has(name)) continue
    const schema = argumentSchema(raw)
    properties[name] = schema
    queryParams.push(name)
    if (query.required?.includes(name) && schema.default === undefined) required.push(name)
  }
  const pattern = publicPattern(route)
  // Every /v1 route has a rule: the app does not start without one (src/auth/access.ts).
  const rule = accessOf(route)!
  const needs = rule.feature
    ? `the ${rule.plan} plan or higher and the ${rule.feature} feature`
    : `the ${rule.plan} plan or higher`
  return {
    name: detail.operationId,
    title: detail.summary,
    description: `${detail.summary}. ${detail.description}\n\nThe API's GET ${pattern}; needs ${needs}.`,
    inputSchema: { type: 'object', properties, required },
    pattern,
    pathParams: Type.Object(pathSchemas),
    queryParams,
  }
}

/** A tool per /v1 operation of the app's routes, in route order. */
export const toolsOf = (routes: readonly RouteInfo[]): ApiTool[] =>
  routes.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/')).map(toolOf)
