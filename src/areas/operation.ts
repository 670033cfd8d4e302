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
 */
import { type Static, type TObject, type TSchema, Type as t } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { Elysia } from 'elysia'
import { type Access, access, accessNote } from '../auth/access.ts'
import type { BuiltInPlan, Feature } from '../auth/plans.ts'
import type { Db, RequestDb } from '../db/client.ts'
import type { RawJson } from '../http/raw-json.ts'
import { routerParams } from '../http/routes.ts'
import { errorResponses } from '../http/schemas.ts'
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

const JSON_HEADERS = { 'content-type': 'application/json;charset=utf-8' }

function handlerOf(op: Operation, checkResponses: boolean) {
  const check = bodyCheck(op, checkResponses)
  const render = op.render
  return async ({
    db,
    cacheKey,
    params,
    query,
  }: {
    db: RequestDb
    cacheKey: string
    params: unknown
    query: unknown
  }) => {
    const answer = async () => {
      const value = await op.handler({ store: op.store(db), params, query })
      return jsonText(render ? render(value) : value)
    }
    // The cache keeps the JSON text: a hit is sent without serializing again, and the cache's budget is
    // its size in bytes, whatever the shape of the body.
    const text = op.pointLookup ? await answer() : await db.cached(cacheKey, answer)
    check?.(text)
    return new Response(text, { headers: JSON_HEADERS })
  }
}

function hooksOf(op: Operation) {
  const rule: Access = op.feature ? { plan: op.plan, feature: op.feature } : { plan: op.plan }
  return {
    ...(op.params ? { params: op.params as TObject } : {}),
    ...(op.query ? { query: op.query as TObject } : {}),
    response: { 200: op.response, ...errorResponses },
    detail: {
      ...access(rule.plan, rule.feature),
      ...(op.routerParams ? routerParams(op.routerParams) : {}),
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
  for (const op of operations)
    app = app.get(op.path, handlerOf(op, config.CHECK_RESPONSES), hooksOf(op)) as unknown as typeof app
  return app
}
