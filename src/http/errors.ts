/**
 * One error type and one handler. Whatever fails (our ApiError, Elysia's validation or routing, the
 * data layer, a bug) leaves as `{ error: { code, message, details, request_id } }` with the status of
 * its code. Messages are ours: an engine message, stack or file path never reaches a client.
 */

import type { TSchema } from '@sinclair/typebox'
import { Elysia, type ValidationError } from 'elysia'
import { QueryTimeout, ServerBusy, SnapshotUnavailable } from '../db/errors.ts'
import { errorFields, type LogSink } from '../lib/log.ts'
import { ERROR_STATUS, type ErrorCode } from './error-codes.ts'
import { stateOf } from './request-state.ts'
import { type AppRoutes, publicParam, type RouteInfo } from './routes.ts'
import { validationDetails } from './validation-details.ts'

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/** A bad parameter: `invalidParameter('page', 'expected …')`. */
export const invalidParameter = (name: string, problem: string) =>
  new ApiError('invalid_parameter', `Invalid value for ${name}: ${problem}.`, { [name]: problem })

export type ErrorBody = {
  error: { code: string; message: string; details: Record<string, unknown>; request_id: string }
}

export function errorBody(e: ApiError, requestId: string): ErrorBody {
  return { error: { code: e.code, message: e.message, details: e.details, request_id: requestId } }
}

export type { RouteInfo } from './routes.ts'

/** The route's declared schemas, to name every offending parameter (see validation-details.ts). */
export function routeSchema(route: RouteInfo | undefined, kind: 'query' | 'params') {
  return route?.hooks?.[kind] as (TSchema & Record<string, unknown>) | undefined
}

function fromValidation(error: ValidationError, request: Request, route: RouteInfo | undefined): ApiError {
  const onParams = error.type === 'params'
  const raw = onParams
    ? ((error.value ?? {}) as Record<string, string | null>)
    : Object.fromEntries(new URL(request.url).searchParams)
  let details = validationDetails(routeSchema(route, onParams ? 'params' : 'query'), raw, (name) =>
    publicParam(route, name),
  )
  if (Object.keys(details).length === 0)
    details = { [onParams ? 'path' : 'query']: 'does not match what this operation accepts' }
  return invalidParameters(details)
}

/** A 400 naming every offending parameter: `details` maps each name to its problem (validation-details.ts). */
export function invalidParameters(details: Record<string, string>): ApiError {
  const names = Object.keys(details)
  const message =
    names.length === 1
      ? `Invalid value for ${names[0]}: ${details[names[0]!]}.`
      : `Invalid values for ${names.join(', ')}; see details.`
  return new ApiError('invalid_parameter', message, details)
}

/** Maps any thrown value to the ApiError to answer with; unknown failures are logged with the request id. */
export function toApiError(
  code: string | number,
  error: unknown,
  request: Request,
  route: string | undefined,
  routes: AppRoutes,
  log: LogSink,
): ApiError {
  if (error instanceof ApiError) return error
  // A response that fails its own schema is our bug, not the client's: it falls through to a logged 500.
  if (code === 'VALIDATION' && (error as ValidationError).type !== 'response')
    return fromValidation(error as ValidationError, request, routes.find(request.method, route))
  if (code === 'NOT_FOUND') {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new ApiError(
        'method_not_allowed',
        `Every operation is a GET; ${request.method} is not accepted.`,
        {},
        { allow: 'GET, HEAD' },
      )
    return new ApiError('not_found', `No operation at ${new URL(request.url).pathname}; see /openapi for the list.`)
  }
  if (code === 'PARSE') return new ApiError('invalid_request', 'The request could not be read.')
  if (error instanceof QueryTimeout)
    return new ApiError(
      'query_timeout',
      'The query took too long and was stopped; narrow the filters (a CIK, a form type or a shorter date range) and retry.',
    )
  if (error instanceof ServerBusy)
    return new ApiError('server_busy', 'The server is at capacity; retry shortly.', {}, { 'retry-after': '1' })
  if (error instanceof SnapshotUnavailable)
    return new ApiError(
      'snapshot_unavailable',
      'No dataset snapshot is being served yet; build one with `secds build`.',
      {},
      { 'retry-after': '30' },
    )
  log.error({ level: 'error', request_id: stateOf(request).id, route, ...errorFields(error) })
  return new ApiError(
    'internal_error',
    'Something went wrong on our side; the request id identifies it in the server log.',
  )
}

/** The global handler; `routes` is read when an error happens, so it sees every route of the final app. */
export const errorHandler = (routes: AppRoutes, log: LogSink) => {
  return new Elysia({ name: 'errors' }).onError({ as: 'global' }, ({ code, error, request, set, route }) => {
    let e: ApiError
    try {
      e = toApiError(code, error, request, route, routes, log)
    } catch (failure) {
      // The handler itself must never throw: that would leave the answer to Elysia's default format.
      log.error({
        level: 'error',
        request_id: stateOf(request).id,
        route,
        while: 'mapping an error',
        ...errorFields(failure),
      })
      e = new ApiError(
        'internal_error',
        'Something went wrong on our side; the request id identifies it in the server log.',
      )
    }
    set.status = e.status
    Object.assign(set.headers, e.headers)
    return errorBody(e, stateOf(request).id)
  })
}
