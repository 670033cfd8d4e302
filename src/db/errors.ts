/** Failures of the data layer that the HTTP layer answers with their own codes (see http/errors.ts). */

/** The query ran past QUERY_TIMEOUT_MS and was interrupted. */
export class QueryTimeout extends Error {}

/** The connection pool's waiting queue is full. */
export class ServerBusy extends Error {}

/** No snapshot can be served (none published yet, or its files are missing). */
export class SnapshotUnavailable extends Error {}
