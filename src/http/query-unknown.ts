/**
 * A query parameter an operation does not take (`/v1/filings?limt=5`, `?format=csv` on an operation
 * whose body is not rows) is a 400 naming it: ignored, a typo answered as if absent gave the default
 * page, and a filter misspelt gave rows it did not filter. `apiKey` is taken by every operation (the
 * reference's clients send it, docs/api/README.md). Checked once the route is known (onTransform, after
 * auth, as every other parameter check), for /v1 routes only.
 */
import { Elysia } from 'elysia'
import { invalidParameter, routeSchema } from './errors.ts'
import type { AppRoutes } from './routes.ts'

const decodedName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '))
  } catch {
    return raw
  }
}

/** The first name of a query string (`a=1&b=2`) that `takes` does not accept; empty names (`&&`) are none. */
export function unknownParameter(search: string, takes: (name: string) => boolean): string | undefined {
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=')
    const name = decodedName(eq < 0 ? pair : pair.slice(0, eq))
    if (name !== '' && !takes(name)) return name
  }
  return undefined
}

export const unknownParameters = (routes: AppRoutes) =>
  new Elysia({ name: 'query-unknown' }).onTransform({ as: 'global' }, ({ request, route }) => {
    const url = request.url
    const start = url.indexOf('?')
    if (start < 0 || !route?.startsWith('/v1/')) return
    const declared = (routeSchema(routes.find(request.method, route), 'query')?.properties ?? {}) as Record<
      string,
      unknown
    >
    const takes = (name: string) => name === 'apiKey' || Object.hasOwn(declared, name)
    const name = unknownParameter(url.slice(start + 1).replace(/#.*$/s, ''), takes)
    if (name === undefined) return
    const names = Object.keys(declared)
    throw invalidParameter(
      name,
      name === 'format'
        ? 'this operation answers JSON only: its body is not a list of rows (docs/api/formats.md)'
        : `not a parameter of this operation, which takes ${names.length ? names.join(', ') : 'no query parameter'}`,
    )
  })
