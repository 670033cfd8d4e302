/**
 * The targets the load benchmark is judged by (issue 4), checked in one place so the printed pass/fail
 * line, the JSON and the Markdown agree:
 *   c=1:  p50 <= 1 ms for lookups, <= 2 ms for every list operation;
 *   c=16: lookups at >= 50% of the trivial-DuckDB floor's req/s, p99 <= 25 ms for every operation;
 *   no errors anywhere; server peak RSS <= 4 GB.
 */
import type { OperationResult } from './results.ts'

export const TARGETS = {
  lookupP50Ms: 1,
  listP50Ms: 2,
  lookupShareOfDuckdbFloor: 0.5,
  p99MsAt16: 25,
  peakRssBytes: 4 * 2 ** 30,
}

export function checkTargets(results: OperationResult[], serverPeakRssBytes: number): string[] {
  const failures: string[] = []
  const ms = (n: number) => `${n.toFixed(2)} ms`
  for (const r of results) {
    const missed: string[] = []
    const p50Limit = r.p50Ms ?? (r.kind === 'lookup' ? TARGETS.lookupP50Ms : TARGETS.listP50Ms)
    const p99Limit = r.p99MsAt16 ?? TARGETS.p99MsAt16
    if (!(r.c1.p50Ms <= p50Limit)) missed.push(`c=1 p50 ${ms(r.c1.p50Ms)} > ${p50Limit} ms`)
    if (r.kind === 'lookup' && !(r.c16.ofDuckdbFloor >= TARGETS.lookupShareOfDuckdbFloor)) {
      missed.push(
        `c=16 at ${(r.c16.ofDuckdbFloor * 100).toFixed(0)}% of the DuckDB floor < ${TARGETS.lookupShareOfDuckdbFloor * 100}%`,
      )
    }
    if (!(r.c16.p99Ms <= p99Limit)) missed.push(`c=16 p99 ${ms(r.c16.p99Ms)} > ${p99Limit} ms`)
    const errors = r.c1.errors + r.c16.errors
    if (errors) missed.push(`${errors} errors`)
    // One line per operation and mix, naming every target it missed.
    if (missed.length) failures.push(`${r.mix} / ${r.operation}: ${missed.join('; ')}`)
  }
  if (!(serverPeakRssBytes <= TARGETS.peakRssBytes))
    failures.push(`server peak RSS ${(serverPeakRssBytes / 2 ** 30).toFixed(2)} GB > 4 GB`)
  return failures
}
