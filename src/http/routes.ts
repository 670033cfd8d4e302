/**
 * The app's routes as the cross-cutting parts read them (auth, the error handler, metrics and logs, the
 * OpenAPI document): a route by method and router pattern, and its public names.
 *
 * Public names: Elysia's router allows one parameter name per path position, so
 * `/v1/filings/{accessionNumber}` and `/v1/filings/{cik}/{accessionNumber}` cannot both be declared as
 * written. Such a route declares the router's name for its parameter and the public one next to itself
 * (`...routerParams({ cik: 'accessionNumber' })` in its detail), and everything a client sees (OpenAPI,
 * error details, metrics and log labels) uses the public name.
 */
const ROUTER_PARAMS = 'x-router-params'

export type RouteInfo = {
  method: string
  path: string
  hooks?: { query?: unknown; params?: unknown; detail?: unknown }
}

/** The `detail` field of a route whose router parameter names differ from its public ones: router name → public name. */
export const routerParams = (names: Record<string, string>) => ({ [ROUTER_PARAMS]: names })

const renamesOf = (route: RouteInfo | undefined) =>
  ((route?.hooks?.detail as Record<string, unknown> | undefined)?.[ROUTER_PARAMS] as
    | Record<string, string>
    | undefined) ?? {}

/** The public name of a path parameter of a route. */
export const publicParam = (route: RouteInfo | undefined, name: string): string => renamesOf(route)[name] ?? name

const patterns = new WeakMap<RouteInfo, string>()

/** A route's pattern with public parameter names and no trailing slash (`.get('')` under a prefix may add one). */
export function publicPattern(route: RouteInfo): string {
  let pattern = patterns.get(route)
  if (pattern === undefined) {
    const renames = renamesOf(route)
    const path = route.path.length > 1 && route.path.endsWith('/') ? route.path.slice(0, -1) : route.path
    pattern = path.replace(/:(\w+)/g, (_, name: string) => `:${renames[name] ?? name}`)
    patterns.set(route, pattern)
  }
  return pattern
}

/** The final app's routes, for the parts registered before them (errors, query checks, logs, auth). */
export type AppRoutes = {
  all(): readonly RouteInfo[]
  /** A route by method and router pattern; HEAD is answered by the GET route. */
  find(method: string, pattern: string | undefined): RouteInfo | undefined
}

/**
 * One lookup for the whole app. `list` is read on first use, when the app is complete (the parts that
 * use it are registered before the areas' routes exist).
 */
export function appRoutes(list: () => readonly RouteInfo[]): AppRoutes {
  let byKey: Map<string, RouteInfo> | undefined
  return {
    all: list,
    find(method, pattern) {
      if (pattern === undefined) return undefined
      byKey ??= new Map(list().map((r) => [`${r.method} ${r.path}`, r]))
      return byKey.get(`${method === 'HEAD' ? 'GET' : method} ${pattern}`)
    },
  }
}

/** The router's path parameter names renamed in a generated OpenAPI document, in place; the marker removed. */
export function publicNamesInOpenApi(document: {
  paths?: Record<string, Record<string, { parameters?: { in: string; name: string }[] } & Record<string, unknown>>>
}) {
  const paths = document.paths ?? {}
  for (const [path, item] of Object.entries(paths)) {
    for (const operation of Object.values(item)) {
      const renames = operation[ROUTER_PARAMS] as Record<string, string> | undefined
      if (!renames) continue
      delete operation[ROUTER_PARAMS]
      for (const p of operation.parameters ?? []) if (p.in === 'path' && renames[p.name]) p.name = renames[p.name]!
      const renamed = path.replace(/\{(\w+)\}/g, (_, name: string) => `{${renames[name] ?? name}}`)
      if (renamed !== path) {
        delete paths[path]
        paths[renamed] = { ...paths[renamed], ...item }
      }
    }
  }
  return document
}
