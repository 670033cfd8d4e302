/**
 * Every error code the API answers with, and its HTTP status. Codes are part of the wire contract:
 * never rename one; retire it by leaving it here, commented, with the date it stopped being sent.
 */
export const ERROR_STATUS = {
  /** A query or path parameter is malformed, out of range or not one of the allowed values. */
  invalid_parameter: 400,
  /** The request could not be read at all (for example a malformed percent-encoding). */
  invalid_request: 400,
  /** No x-api-key header and no apiKey query parameter. */
  missing_api_key: 401,
  /** The key is not one the server knows. */
  invalid_api_key: 401,
  /** The key was revoked by the operator. */
  api_key_revoked: 403,
  /** The key's plan is below the operation's minimum plan. */
  plan_too_low: 403,
  /** The key lacks a feature the operation needs (for example SEC_API_ENDPOINTS). */
  feature_not_enabled: 403,
  /** No such resource (filing, entity, …) or no such path. */
  not_found: 404,
  /** Every operation is a GET (HEAD also works). */
  method_not_allowed: 405,
  /** The key used up its per-minute, per-hour or per-day budget; Retry-After says when to come back. */
  rate_limited: 429,
  /** Something failed on our side; the request id finds it in the log. */
  internal_error: 500,
  /** A query ran past QUERY_TIMEOUT_MS and was interrupted. */
  query_timeout: 503,
  /** Too many requests were already waiting for a database connection. */
  server_busy: 503,
  /** No snapshot is being served (none built yet, or its files are unreadable). */
  snapshot_unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
