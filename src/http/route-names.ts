/**
 * Where the router and the public API disagree on a parameter's name. The router allows one name per
 * path position, so `/v1/filings/{accessionNumber}` and `/v1/filings/{cik}/{accessionNumber}` cannot
 * both be declared as written: the one-segment route is registered as `/v1/filings/:cik` and shown
 * everywhere a client looks (OpenAPI, error details, logs, metrics, the access table) under its public name.
 */
const PUBLIC_PATTERN: Record<string, { pattern: string; params: Record<string, string> }> = {
  '/v1/filings/:cik': { pattern: '/v1/filings/:accessionNumber', params: { cik: 'accessionNumber' } },
}

/** The public form of a router pattern, e.g. for metrics labels and access rules. */
export const publicRoute = (pattern: string): string => PUBLIC_PATTERN[pattern]?.pattern ?? pattern

/** The public name of a path parameter of a router pattern. */
export const publicParam = (pattern: string | undefined, name: string): string =>
  (pattern && PUBLIC_PATTERN[pattern]?.params[name]) ?? name

/** Renames the affected paths and parameters in a generated OpenAPI document, in place. */
export function renameInOpenApi(document: { paths?: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> }) {
  const toBraces = (p: string) => p.replace(/:(\w+)/g, '{$1}')
  for (const [router, { pattern, params }] of Object.entries(PUBLIC_PATTERN)) {
    const item = document.paths?.[toBraces(router)]
    if (!item || !document.paths) continue
    for (const operation of Object.values(item)) {
      for (const p of operation.parameters ?? []) if (p.in === 'path' && params[p.name]) p.name = params[p.name]!
    }
    delete document.paths[toBraces(router)]
    document.paths[toBraces(pattern)] = item
  }
  return document
}
