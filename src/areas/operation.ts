/**
 * One way to declare an operation: an area's `defineOperation` (made by `operationsOf(store)`) holds
 * everything about it (path, minimum plan and feature, OpenAPI words, parameters, response schema, cache
 * policy, handler), and `areaRoutes` mounts an area's list of them. Every /v1 operation goes through here,
 * so each answers the same way. A handler receives its area's store, never the db: an area reads as
 * routes (its declarations), store (all its data access) and schemas.
 *
 * The cache rule: a point lookup (`pointLookup: true`: one record read by its key from a lookup file or a
 * snapshot memo, sent as shaped, no query) bypasses the snapshot's result cache, since reading it costs
 * about what a cache hit does and keeping it would only push lists out. Every other operation (a list, a
 * search, a ranking, or a body computed from several records or by a query) goes through the cache. The
 * cache belongs to the snapshot, so the rule changes when a body is computed, never what it is.
 *
 * The answer: the handler's value goes out as JSON text, or as it is when it is JSON text already (bodies
 * the build rendered). Elysia does not check it (it checks only what it serializes itself, row by row,
 * a cost the hot pages cannot afford: docs/architecture.md); the response schema is checked here instead, by a compiled
 * checker, when CHECK_RESPONSES is on: always in the tests, and in production when an operator asks for
 * it. A body that fails its schema is then a 500 whose log line names the operation and each mismatch.
 *
 * An operation whose body is rows (`rows`: where they are) also answers CSV and Arrow, asked for by
 * `format` or the Accept header (src/http/tabular/, docs/api/formats.md), written from the same body: its
 * cached JSON text, or the body as the handler made it when this request made it (its text is then not
 * parsed back); its `limit` goes up to MAX_EXPORT_LIMIT in those formats.
 */
import { type Static, type TObject, type TSchema, Type as t } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Elysia } from 'elysia'
import { type Access, access, accessNote } from '../auth/access.ts'
import type { BuiltInPlan, Feature } from '../auth/plans.ts'
import type { Db, RequestDb } from '../db/client.ts'
import { invalidParameter } from '../http/errors.ts'
import type { RawJson } from '../http/raw-json.ts'
import { routerParams } from '../http/routes.ts'
import { errorResponses, QueryInteger } from '../http/schemas.ts'
import { answerFormat, CONTENT_TYPE, FormatParam, nextPageLink } from '../http/tabular/answer-format.ts'
import { toArrow } from '../http/tabular/arrow.ts'
import { toCsv } from '../http/tabular/csv.ts'
import { type RowsAt, type RowTable, rowTableOf } from '../http/tabular/row-table.ts'
import type { AreaTag } from '../ops/docs.ts'
import { type AreaDeps, dbContext } from './context.ts'

const NONE = t.Object({})
type None = typeof NONE

/**
 * What a handler receives: its area's store over the request's snapshot-bound db (the handler's only way
 * to the data), and its parameters, parsed and checked.
 */
export type OperationInput<S, P extends TSchema, Q extends TSchema> = {
  store: S
  params: Static<P>
  query: Static<Q>
}

type OperationFields<P extends TSchema, Q extends TSchema, R> = {
  /** Under the area's prefix; `:name` for a path parameter. */
  path: string
  /** Minimum plan, and the feature the key needs if any (src/auth/access.ts). */
  plan: BuiltInPlan
  feature?: Feature
  operationId: string
  summary: string
  description: string
  params?: P
  query?: Q
  /** The 200 body's schema: documented in OpenAPI, and checked when CHECK_RESPONSES is on. */
  response: TSchema
  /** One record read by key, no query: kept out of the result cache (the rule above). */
  pointLookup?: true
  /** Router name → public name of a path parameter, where the router needs another (src/http/routes.ts). */
  routerParams?: Record<string, string>
  /** Turns the handler's (cached) value into the body, where it is not the body itself. */
  render?: (value: R) => RawJson<unknown>
  /**
   * Where the body's rows are, for an operation whose body is rows: it then also answers CSV and Arrow
   * (`format`, or the Accept header), and its `limit` goes up to MAX_EXPORT_LIMIT in those formats
   * (src/http/tabular/row-table.ts; docs/api/formats.md).
   */
  rows?: RowsAt
}

export type OperationSpec<S, P extends TSchema, Q extends TSchema, R> = OperationFields<P, Q, R> & {
  /** The body, or JSON text the build rendered, shaped from what the store read; may throw an ApiError. */
  handler: (input: OperationInput<S, P, Q>) => Promise<R> | R
}

export type Operation = OperationFields<TSchema, TSchema, unknown> & {
  handler: (input: unknown) => unknown
  /** The area's store over a request's db. */
  store: (db: Db) => unknown
}

/**
 * How an area declares its operations: `operationsOf(store)` gives the area's `defineOperation`, whose
 * handlers receive `store(db)` for the request. An area's data access (SQL, lookup files, memos, Parquet
 * read in place, and the fallback rules between them) is all in its store; handlers shape results.
 */
export const operationsOf =
  <S>(store: (db: Db) => S) =>
  <P extends TSchema = None, Q extends TSchema = None, R = unknown>(spec: OperationSpec<S, P, Q, R>): Operation =>
    ({ ...spec, store }) as unknown as Operation

/** A 200 body that fails its operation's schema: a bug of ours, answered with a logged 500. */
export class ResponseMismatch extends Error {
  constructor(operationId: string, errors: string[]) {
    super(`${operationId}: the body does not match its response schema: ${errors.join('; ')}`)
    this.name = 'ResponseMismatch'
  }
}

const MAX_REPORTED = 10

/** The check of an operation's bodies, or undefined when CHECK_RESPONSES is off. */
function bodyCheck(op: Operation, enabled: boolean) {
  if (!enabled) return undefined
  const checker = TypeCompiler.Compile(op.response)
  return (text: string) => {
    const body = JSON.parse(text)
    if (checker.Check(body)) return
    const errors = [...checker.Errors(body)].slice(0, MAX_REPORTED).map((e) => `${e.path || '/'}: ${e.message}`)
    throw new ResponseMismatch(op.operationId, errors)
  }
}

const jsonText = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body))

const JSON_HEADERS = { 'content-type': CONTENT_TYPE.json }
/** The answer of an operation with rows depends on the Accept header too. */
const ROWS_JSON_HEADERS = { ...JSON_HEADERS, vary: 'accept' }

/**
 * An operation's query schema as mounted: an operation with rows also takes `format`, and its `limit`
 * (if any) goes up to `exportLimit` for CSV and Arrow, its own maximum staying that of JSON (`jsonLimit`,
 * checked by the handler).
 */
function mountedQuery(op: Operation, exportLimit: number): { query?: TObject; jsonLimit?: JsonLimit } {
  const query = op.query as TObject | undefined
  if (op.rows === undefined) return { query }
  const properties: Record<string, TSchema> = { ...query?.properties, format: FormatParam }
  const limit = query?.properties.limit as (TSchema & { minimum: number; maximum: number }) | undefined
  if (!limit || limit.maximum >= exportLimit) return { query: t.Object(properties) }
  const expected = `an integer from ${limit.minimum} to ${limit.maximum} (to ${exportLimit} with format=csv or format=arrow)`
  properties.limit = QueryInteger({
    minimum: limit.minimum,
    maximum: exportLimit,
    default: limit.default,
    description: `${limit.description}; up to ${exportLimit} with format=csv or format=arrow`,
    expected,
    jsonMaximum: limit.maximum,
  })
  return { query: t.Object(properties), jsonLimit: { maximum: limit.maximum, expected } }
}

/** The largest `limit` of a JSON answer, where CSV and Arrow take a larger one, and how the 400 says it. */
type JsonLimit = { maximum: number; expected: string }

type HandlerContext = {
  db: RequestDb
  cacheKey: string
  params: unknown
  query: Record<string, unknown>
  request: Request
  /** The headers the request's hooks set (its id, its rate limit): `answer` moves them onto the response. */
  set: { headers: Record<string, unknown> }
}

/**
 * The response, with the headers the request's hooks put in `set` among its own (its own first), and
 * `set`'s emptied: Elysia sends a Response as it is when `set` holds no header, where otherwise it makes
 * another around its body to merge them, for every answer.
 */
function answer(
  set: HandlerContext['set'],
  body: string | Uint8Array,
  own: Readonly<Record<string, string>>,
): Response {
  const headers: Record<string, string> = { ...own }
  for (const [name, value] of Object.entries(set.headers)) {
    headers[name] ??= String(value)
    delete set.headers[name]
  }
  return new Response(body, { headers })
}

function handlerOf(op: Operation, checkResponses: boolean, jsonLimit: JsonLimit | undefined) {
  const check = bodyCheck(op, checkResponses)
  const render = op.render
  const tableOf = op.rows === undefined ? undefined : rowTableOf(op.response, op.rows)
  return async ({ db, cacheKey, params, query: asked, request, set }: HandlerContext) => {
    const { format: formatParam, ...query } = asked ?? {}
    const format = tableOf ? answerFormat(formatParam as string | undefined, request.headers.get('accept')) : 'json'
    // An export larger than a JSON page: refused in JSON, and kept out of the cache (it would push out
    // many pages for one answer rarely asked for twice).
    const large = jsonLimit !== undefined && (query.limit as number) > jsonLimit.maximum
    if (large && format === 'json') {
      const sent = new URL(request.url).searchParams.get('limit')
      throw invalidParameter('limit', `expected ${jsonLimit.expected}, got ${JSON.stringify(sent)}`)
    }
    const body = async () => {
      const value = await op.handler({ store: op.store(db), params, query })
      return render ? render(value) : value
    }
    // Not kept (a point lookup, a large export): nothing needs the JSON text of an export but the check.
    const uncached = op.pointLookup || large
    if (tableOf && format !== 'json') {
      const exported: Exported = uncached ? { body: await body() } : await cachedBody(db, cacheKey, body)
      let text: string | undefined
      if (check) {
        text = exported.text ?? jsonText(exported.body)
        check(text)
      }
      return tabularAnswer(op, tableOf, format, request.url, exported.body, text, set)
    }
    // The cache keeps the JSON text: a hit is sent without serializing again, and the cache's budget is
    // its size in bytes, whatever the shape of the body. CSV and Arrow are written from it (the cache key
    // leaves `format` out: src/areas/context.ts), so every format of a request shares one entry.
    const text = uncached ? jsonText(await body()) : await db.cached(cacheKey, async () => jsonText(await body()))
    check?.(text)
    return answer(set, text, tableOf ? ROWS_JSON_HEADERS : JSON_HEADERS)
  }
}

/** An export's body, and its JSON text where there is one already. */
type Exported = { body: unknown; text?: string }

/**
 * An export's body through the result cache: on a hit, its JSON text; on a miss, the body this request
 * made (its text kept for the next), so that it is read as made rather than parsed back from that text.
 */
async function cachedBody(db: RequestDb, cacheKey: string, body: () => Promise<unknown>): Promise<Exported> {
  let made: { body: unknown } | undefined
  const text = await db.cached(cacheKey, async () => {
    made = { body: await body() }
    return jsonText(made.body)
  })
  return made ? { body: made.body, text } : { body: text, text }
}

const writeTable = (table: RowTable, format: 'csv' | 'arrow') => (format === 'csv' ? toCsv(table) : toArrow(table))
const sameAnswer = (a: string | Uint8Array, b: string | Uint8Array) =>
  typeof a === 'string' ? a === b : Buffer.from(a).equals(b as Uint8Array)

/**
 * A body as CSV or Arrow. The body is JSON text (cached, or rendered by the build), parsed here, or the
 * value its handler made: its JSON text would be written only to be parsed back. The answer is the same
 * either way (row-table.ts reads leaves as JSON gives them back); with the check on (`text` given), a
 * body read as made is also written from its text, and the two answers must be equal.
 */
function tabularAnswer(
  op: Operation,
  tableOf: (body: unknown) => RowTable,
  format: 'csv' | 'arrow',
  url: string,
  made: unknown,
  text: string | undefined,
  set: HandlerContext['set'],
): Response {
  const body = typeof made === 'string' ? JSON.parse(made) : made
  const written = writeTable(tableOf(body), format)
  if (text !== undefined && typeof made !== 'string') {
    if (!sameAnswer(written, writeTable(tableOf(JSON.parse(text)), format)))
      throw new ResponseMismatch(op.operationId, [
        `its ${format} written from the body differs from that of its JSON text`,
      ])
  }
  const next = nextPageLink(url, body)
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPE[format],
    vary: 'accept',
    'content-disposition': `attachment; filename="${op.operationId}.${format}"`,
    ...(next ? { link: next } : {}),
  }
  return answer(set, written, headers)
}

function hooksOf(op: Operation, query: TObject | undefined) {
  const rule: Access = op.feature ? { plan: op.plan, feature: op.feature } : { plan: op.plan }
  return {
    ...(op.params ? { params: op.params as TObject } : {}),
    ...(query ? { query } : {}),
    response: { 200: op.response, ...errorResponses },
    detail: {
      ...access(rule.plan, rule.feature),
      ...(op.routerParams ? routerParams(op.routerParams) : {}),
      ...(op.rows !== undefined ? { 'x-rows': op.rows } : {}),
      operationId: op.operationId,
      summary: op.summary,
      description: `${accessNote(rule)}\n\n${op.description}`,
    },
  }
}

/** An area's operations as one Elysia plugin under `prefix`. */
export function areaRoutes(
  { config, database }: AreaDeps,
  area: { prefix: string; tag: AreaTag },
  operations: readonly Operation[],
) {
  let app = new Elysia({ prefix: area.prefix, tags: [area.tag] }).use(dbContext(database))
  for (const op of operations) {
    const { query, jsonLimit } = mountedQuery(op, config.MAX_EXPORT_LIMIT)
    const mounted = { ...op, query }
    app = app.get(
      op.path,
      handlerOf(mounted, config.CHECK_RESPONSES, jsonLimit),
      hooksOf(mounted, query),
    ) as unknown as typeof app
  }
  return app
}
