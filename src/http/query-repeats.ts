/**
 * A query parameter given more than once (`?limit=1&limit=2`) is a 400 naming it. Elysia's query parser
 * keeps the last value while `URLSearchParams.get` (which auth uses for `apiKey`) keeps the first, so a
 * repeat was read differently by different parts of the server, and a client that meant a list
 * (`ticker=AAPL&ticker=MSFT`) got an answer for one of them. Only the operation's own parameters and
 * `apiKey` count (a parameter the operation does not take is a 400 of its own: query-unknown.ts); one
 * it declares as a list of repeats (Elysia's `t.ArrayQuery`) may repeat.
 *
 * `apiKey` is checked before auth reads it (onRequest, under /v1/ as auth), so two keys are a 400 whether
 * or not the first is valid; the operation's parameters once the route is known (onTransform, after auth,
 * as every other parameter check).
 */
import { Elysia } from 'elysia'
import { invalidParameter, routeSchema } from './errors.ts'
import type { AppRoutes } from './routes.ts'

const decodedName = (raw: string) => {
  if (!raw.includes('%') && !raw.includes('+')) return raw
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '))
  } catch {
    return raw
  }
}

/** The first parameter name of a query string that occurs more than once and that `counts`. */
export function repeatedParameter(search: string, counts: (name: string) => boolean): string | undefined {
  const seen = new Set<string>()
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=')
    const name = decodedName(eq < 0 ? pair : pair.slice(0, eq))
    if (name === '') continue
    if (!seen.has(name)) seen.add(name)
    else if (counts(name)) return name
  }
  return undefined
}

type Schema = { elysiaMeta?: string; anyOf?: Schema[] }
const isList = (s: Schema | undefined): boolean => s?.elysiaMeta === 'ArrayQuery' || (s?.anyOf?.some(isList) ?? false)

/** The query string of a request that has two parameters or more; undefined otherwise (most requests). */
function searchWithPairs(url: string): string | undefined {
  const start = url.indexOf('?')
  if (start < 0 || !url.includes('&', start)) return undefined
  return url.slice(start + 1).replace(/#.*$/s, '')
}

const repeated = (name: string) => invalidParameter(name, 'given more than once')

/** `routes`: the final app's routes and their query schemas, looked up per request as the error handler does. */
export const queryRepeats = (routes: AppRoutes) => {
  return (
    new Elysia({ name: 'query-repeats' })
      // onRequest is app-wide and runs before routing; registered before auth, it runs before auth's.
      .onRequest(({ request }) => {
        const search = searchWithPairs(request.url)
        if (search === undefined || !new URL(request.url).pathname.startsWith('/v1/')) return
        if (repeatedParameter(search, (name) => name === 'apiKey') !== undefined) throw repeated('apiKey')
      })
      .onTransform({ as: 'global' }, ({ request, route }) => {
        const search = searchWithPairs(request.url)
        if (search === undefined) return
        const counts = (name: string) => {
          const declared = routeSchema(routes.find(request.method, route), 'query')?.properties as
            | Record<string, Schema>
            | undefined
          return declared !== undefined && Object.hasOwn(declared, name) && !isList(declared[name])
        }
        const name = repeatedParameter(search, counts)
        if (name !== undefined) throw repeated(name)
      })
  )
}
