/**
 * JSON text the build already rendered, sent as it is. The entity DTOs are stored rendered in the
 * entities lookup file: parsing a page's bodies, checking them and writing them out again would cost a name
 * search much of its time on the server's one JavaScript thread (docs/architecture.md). Every
 * operation's answer, rendered or not, goes out through src/areas/operation.ts, which checks it against
 * the operation's response schema when CHECK_RESPONSES is on.
 */

/** JSON text of a `T`. */
export type RawJson<T> = string & { readonly __json?: T }

/** A list's envelope around rendered rows, as the JSON text JSON.stringify would have written. */
export const renderedList = <T>(list: {
  data: RawJson<T>[]
  pagination: unknown
  filters: unknown
}): RawJson<{ data: T[] }> =>
  `{"data":[${list.data.join(',')}],"pagination":${JSON.stringify(list.pagination)},"filters":${JSON.stringify(list.filters)}}`
