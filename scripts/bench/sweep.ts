/**
 * Bad-input sweep over HTTP against the running binary: every /v1 operation, every one of its path and
 * query parameters, each hostile value of test/helpers/bad-inputs.ts. The in-process test does the same
 * through app.handle; this one also covers what only a real socket and the compiled binary see (URL
 * parsing by Bun's server, the embedded DuckDB). A 4xx is the right answer; a 5xx or a body that shows
 * engine text, a path or a stack is a problem, counted and listed.
 */
import { BAD, leaksIn } from '../../test/helpers/bad-inputs.ts'
import { get } from './http.ts'
import type { SnapshotKeys } from './snapshot-keys.ts'

/** The /v1 operations: path template ({name} = path parameter) and query parameters. Keep in step with src/modules. */
export const TEMPLATES: { path: string; query: string[] }[] = [
  { path: '/v1/filings', query: ['page', 'limit', 'formTypes', 'cik', 'ticker', 'startDate', 'endDate'] },
  { path: '/v1/filings/form-types', query: ['page', 'limit'] },
  { path: '/v1/filings/{accessionNumber}', query: [] },
  { path: '/v1/filings/{cik}/{accessionNumber}', query: [] },
  { path: '/v1/filings/{cik}/{accessionNumber}/documents', query: [] },
  { path: '/v1/entities', query: ['page', 'limit', 'cik', 'ticker', 'entityType', 'q'] },
  { path: '/v1/entities/sic-codes', query: ['page', 'limit'] },
  { path: '/v1/entities/{identifier}', query: [] },
  { path: '/v1/entities/{identifier}/filings', query: ['page', 'limit', 'formTypes', 'startDate', 'endDate'] },
]

/** `unanswered`: requests that got no response (timeout, reset), status 0 in `statuses`. */
export type SweepResult = {
  requests: number
  status5xx: number
  unanswered: number
  leaks: number
  statuses: Record<string, number>
  problems: string[]
}

/** Every request the sweep sends; `samples` fills the path parameters not under test with real values. */
export function sweepPaths(samples: Record<string, string>): string[] {
  const paths: string[] = []
  for (const { path, query } of TEMPLATES) {
    const fill = (bad?: { name: string; value: string }) =>
      path.replace(/\{(\w+)\}/g, (_, name: string) => (bad?.name === name ? bad.value : (samples[name] ?? name)))
    for (const [, name] of path.matchAll(/\{(\w+)\}/g))
      for (const value of BAD) paths.push(fill({ name: name!, value }))
    for (const name of query) for (const value of BAD) paths.push(`${fill()}?${name}=${value}`)
  }
  return paths
}

/** Real values for the path parameters not under test, so only the bad one can make a request fail. */
export function sweepSamples(keys: SnapshotKeys): Record<string, string> {
  const filing = keys.filings[0]!
  return { accessionNumber: filing.accession, cik: filing.cik, identifier: keys.tickers[0] ?? keys.ciks[0]! }
}

export async function sweep(url: string, key: string, samples: Record<string, string>): Promise<SweepResult> {
  const result: SweepResult = { requests: 0, status5xx: 0, unanswered: 0, leaks: 0, statuses: {}, problems: [] }
  for (const path of sweepPaths(samples)) {
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
