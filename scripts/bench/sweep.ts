/**
 * Bad-input sweep over HTTP against the running binary: every /v1 operation its OpenAPI document lists,
 * every one of its path and query parameters, each hostile value of test/helpers/bad-inputs.ts. The in-process test does the same
 * through app.handle; this one also covers what only a real socket and the compiled binary see (URL
 * parsing by Bun's server, the embedded DuckDB). A 4xx is the right answer; a 5xx or a body that shows
 * engine text, a path or a stack is a problem, counted and listed.
 */
import { BAD, leaksIn } from '../../test/helpers/bad-inputs.ts'
import { EXAMPLES } from '../../test/helpers/operations.ts'
import { get } from './http.ts'
import type { SnapshotKeys } from './snapshot-keys.ts'

/** A /v1 operation: its path template (`{name}` = a path parameter, by public name) and its query parameters. */
export type Template = { path: string; query: string[] }

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>
}

/**
 * Every /v1 GET operation the running server documents (`/openapi/json`, public parameter names): a new
 * area's operations are swept without a line here, and the count says whether any went missing.
 */
export async function templatesOf(url: string, key: string): Promise<Template[]> {
  const { status, body } = await get(`${url}/openapi/json`, key)
  if (status !== 200) throw new Error(`GET /openapi/json answered ${status}: ${body.slice(0, 200)}`)
  const doc = JSON.parse(body) as OpenApiDocument
  return Object.entries(doc.paths)
    .filter(([path, methods]) => path.startsWith('/v1/') && methods.get)
    .map(([path, methods]) => ({
      path,
      query: (methods.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    }))
}

/** `unanswered`: requests that got no response (timeout, reset), status 0 in `statuses`. */
export type SweepResult = {
  /** /v1 operations swept (those the server's OpenAPI document lists); absent in runs before it was counted */
  operations?: number
  requests: number
  status5xx: number
  unanswered: number
  leaks: number
  statuses: Record<string, number>
  problems: string[]
}

/**
 * Every request the sweep sends; `samples` fills the path parameters not under test with real values (a
 * name it lacks is sent as the name itself: that request then answers 404 or 400, which is still a 4xx).
 */
export function sweepPaths(templates: readonly Template[], samples: Record<string, string>): string[] {
  const paths: string[] = []
  for (const { path, query } of templates) {
    const fill = (bad?: { name: string; value: string }) =>
      path.replace(/\{(\w+)\}/g, (_, name: string) => (bad?.name === name ? bad.value : (samples[name] ?? name)))
    for (const [, name] of path.matchAll(/\{(\w+)\}/g))
      for (const value of BAD) paths.push(fill({ name: name!, value }))
    for (const name of query) for (const value of BAD) paths.push(`${fill()}?${name}=${value}`)
  }
  return paths
}

/**
 * Real values for the path parameters not under test, so only the bad one can make a request fail: the
 * snapshot's own filing and ticker, and for the other areas' parameters the values the fixed cast of the
 * generator has at every scale (test/helpers/operations.ts EXAMPLES, the in-process sweep's).
 */
export function sweepSamples(keys: SnapshotKeys): Record<string, string> {
  const filing = keys.filings[0]!
  const cast = Object.fromEntries(Object.entries(EXAMPLES).map(([name, e]) => [name, e.known]))
  return { ...cast, accessionNumber: filing.accession, cik: filing.cik, identifier: keys.tickers[0] ?? keys.ciks[0]! }
}

/** `operations`: how many /v1 operations the server documents, each swept over every parameter. */
export async function sweep(url: string, key: string, samples: Record<string, string>): Promise<SweepResult> {
  const templates = await templatesOf(url, key)
  const result: SweepResult = {
    operations: templates.length,
    requests: 0,
    status5xx: 0,
    unanswered: 0,
    leaks: 0,
    statuses: {},
    problems: [],
  }
  for (const path of sweepPaths(templates, samples)) {
    const { status, body } = await get(`${url}${path}`, key)
    result.requests++
    result.statuses[status] = (result.statuses[status] ?? 0) + 1
    const leaks = status ? leaksIn(body) : [] // status 0: no answer (the body is our own message)
    if (status >= 500) result.status5xx++
    if (status === 0) result.unanswered++
    if (leaks.length) result.leaks++
    if (status >= 500 || status === 0 || leaks.length)
      result.problems.push(`${path.slice(0, 120)} → ${status} ${leaks.join(' ')} ${body.slice(0, 200)}`)
  }
  return result
}
