/**
 * The route pattern a request is labelled with in logs and metrics: the matched route's public pattern
 * (http/routes.ts), or, for a request that never reached routing (auth refused it in onRequest), the
 * pattern its path would have matched, so that its line still says `/v1/filings` rather than `unmatched`.
 * Static segments win over parameters, as in the router.
 */
import { type AppRoutes, publicPattern, type RouteInfo } from '../http/routes.ts'

type Compiled = { route: RouteInfo; regex: RegExp; params: number }

export function routeLabeler(routes: AppRoutes) {
  let compiled: Compiled[] | undefined
  const byPath = (method: string, pathname: string): string | undefined => {
    compiled ??= routes
      .all()
      .map((route) => ({
        route,
        params: (route.path.match(/:/g) ?? []).length,
        regex: new RegExp(
          `^${route.path
            .replace(/\/$/, '')
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/:\w+/g, '[^/]+')}/?$`,
        ),
      }))
      .sort((a, b) => a.params - b.params)
    const wanted = method === 'HEAD' ? 'GET' : method
    const hit = compiled.find((c) => c.route.method === wanted && c.regex.test(pathname))
    return hit ? publicPattern(hit.route) : undefined
  }
  /** `route`: the router pattern Elysia matched, if any. */
  return (method: string, route: string | undefined, url: string): string => {
    const matched = routes.find(method, route)
    if (matched) return publicPattern(matched)
    return byPath(method, new URL(url).pathname) ?? 'unmatched'
  }
}
