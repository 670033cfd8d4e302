/**
 * Responses written without Elysia's per-row response check, on the two hot list paths, with the check
 * moved to tests. Elysia checks only values it serializes (a Response passes as it is).
 *
 * JSON the build already rendered, sent as it is: the entity DTOs, stored in the entities lookup file.
 * Parsing a page's 20 bodies, checking them against the response schema and writing them out again was
 * about a third of a name search's time on the server's one JavaScript thread (0.74 → 0.51 ms in process).
 * The build renders every body with one SQL expression (modules/entities/dto-sql.ts), and
 * test/api/schemas-hold.test.ts checks every entity of a generated snapshot against the schema.
 *
 * Filing lists, which JavaScript builds from typed lines (modules/filings/dto.ts): checking a page of 101
 * filings (with a date, a URL and a time to match formats in each) took a deep page from 0.42 to 0.54 ms in
 * process. The same test checks every filing of the generated snapshot, and test/api/response-schemas
 * checks whole responses of every list over HTTP.
 */

/** JSON text of a `T`. */
export type RawJson<T> = string & { readonly __json?: T }

export const jsonResponse = (text: string) => new Response(text, { headers: { 'content-type': 'application/json;charset=utf-8' } })

/** A list's envelope around rendered rows: the shape Elysia would have written. */
export const rawListResponse = <T>(list: { data: RawJson<T>[]; pagination: unknown; filters: unknown }) =>
  jsonResponse(`{"data":[${list.data.join(',')}],"pagination":${JSON.stringify(list.pagination)},"filters":${JSON.stringify(list.filters)}}`)

/** A value our code built, written as Elysia would write it, without its check. */
export const uncheckedJson = (value: unknown) => jsonResponse(JSON.stringify(value))
