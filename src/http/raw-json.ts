/**
 * How a route answers. Two ways, and why there are two:
 *
 * 1. Return the value (the default): Elysia serializes it and checks it against the route's 200 schema.
 * 2. `sendJson(body)`, on the hot list and lookup paths only: the body goes out as JSON without
 *    Elysia's per-row response check (Elysia checks only values it serializes; a Response passes as it
 *    is), and the check moved to tests. `body` is a value our code built, or JSON text the build already
 *    rendered (`RawJson`), sent as it is.
 *
 * Why: the entity DTOs are stored rendered in the entities lookup file. Parsing a page's 20 bodies,
 * checking them against the schema and writing them out again was about a third of a name search's time
 * on the server's one JavaScript thread. Filing lists are built by JavaScript from typed lines
 * (src/areas/common/filing.ts): checking a page of 101 filings (a date, a URL and a time to match formats
 * in each) added over a quarter to a deep page (docs/benchmarks.md has both figures). The tests check every entity
 * and filing of a generated snapshot against the schemas, and whole list responses over HTTP.
 */

/** JSON text of a `T`. */
export type RawJson<T> = string & { readonly __json?: T }

/** A list's envelope around rendered rows, as the JSON text Elysia would have written. */
export const renderedList = <T>(list: {
  data: RawJson<T>[]
  pagination: unknown
  filters: unknown
}): RawJson<{ data: T[] }> =>
  `{"data":[${list.data.join(',')}],"pagination":${JSON.stringify(list.pagination)},"filters":${JSON.stringify(list.filters)}}`

/** Sends a value, or JSON text already rendered, as the JSON response, without Elysia's check. */
export const sendJson = (body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    headers: { 'content-type': 'application/json;charset=utf-8' },
  })
