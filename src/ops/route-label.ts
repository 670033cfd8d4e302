/**
 * The route pattern of a request that never reached routing (auth refused it in onRequest), so that
 * its log line and metrics still say `/v1/filings` rather than `unmatched`. Static segments win over
 * parameters, as in the router.
 */
import { publicRoute } from '../http/route-names.ts'

type Compiled = { method: string; path: string; regex: RegExp; params: number }

export function routeMatcher(routes: () => readonly { method: string; path: string }[]) {
  let compiled: Compiled[] | undefined
  return (method: string, pathname: string): string | undefined => {
    compiled ??= routes()
      .map((r) => ({
        method: r.method,
        path: r.path,
        params: (r.path.match(/:/g) ?? []).length,
        regex: new RegExp(`^${r.path.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
      }))
      .sort((a, b) => a.params - b.params)
    const wanted = method === 'HEAD' ? 'GET' : method
    const hit = compiled.find((c) => c.method === wanted && c.regex.test(pathname))
    return hit ? publicRoute(hit.path.length > 1 ? hit.path.replace(/\/$/, '') : hit.path) : undefined
  }
}
