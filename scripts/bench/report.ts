/**
 * The Markdown report of a load benchmark run: one table per mix, then the floors, build, memory, swap
 * and sweep figures, the target verdict, and the command and machine (numbers mean little without them).
 */
import { fmtBytes } from '../../src/lib/progress.ts'
import { MIXES } from './mixes.ts'
import type { BenchResult, Measurement, OperationResult } from './results.ts'
import { SWAP_CONNECTIONS } from './swap.ts'
import type { WrkResult } from './wrk.ts'

const rate = (n: number) => Math.round(n).toLocaleString('en-US')
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-')
const pct = (n: number) => (Number.isFinite(n) ? `${Math.round(n * 100)}%` : '-')
const wrkLine = (w: WrkResult) =>
  `${rate(w.requestsPerSecond)} req/s, p50 ${ms(w.p50Ms)} ms, p99 ${ms(w.p99Ms)} ms, ${w.errors} errors`

/** One row per operation: req/s, p50 and p99 at 1 and 16 connections, errors, share of the DuckDB floor (also docs-page.ts). */
export function operationTable(rows: OperationResult[]): string[] {
  const cells = (m: Measurement) => [rate(m.requestsPerSecond), ms(m.p50Ms), ms(m.p99Ms)]
  return [
    '| operation | c=1 req/s | c=1 p50 | c=1 p99 | c=16 req/s | c=16 p50 | c=16 p99 | errors | % of DuckDB floor (c=16) | server RSS after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.operation} (${r.kind}) | ${[...cells(r.c1), ...cells(r.c16), String(r.c1.errors + r.c16.errors), pct(r.c16.ofDuckdbFloor), r.serverRssBytes === undefined ? '' : fmtBytes(r.serverRssBytes)].join(' | ')} |`,
    ),
  ]
}

function mixTable(result: BenchResult, mix: string): string[] {
  const rows = result.operations.filter((r) => r.mix === mix)
  if (!rows.length) return []
  return [`### ${mix} mix`, '', ...operationTable(rows), '']
}

export function markdown(result: BenchResult): string {
  const m = result.machine
  const b = result.build
  const lines = [
    `## secds load benchmark, scale ${result.scale} (seed ${result.seed}), ${result.date}`,
    '',
    `Snapshot ${result.snapshot.id}: ${Object.entries(result.snapshot.rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
      .join(', ')}.`,
    `wrk -t1 --timeout 10s, ${result.durationSeconds} s per run after a 2 s warm-up per operation; p50/p99 in ms; ` +
      'errors = non-2xx + socket errors (c=1 and c=16); lookups have the 1 ms p50 target, lists 2 ms.',
    '',
    ...MIXES.flatMap((mix) => mixTable(result, mix)),
    '### floors (scripts/bench/floor-server.ts)',
    '',
    ...result.floors.map(
      (f) =>
        `- ${f.name === 'elysia' ? 'bare Elysia' : 'trivial DuckDB'} (GET ${f.path}): c=1 ${wrkLine(f.c1)}; c=16 ${wrkLine(f.c16)}`,
    ),
    '',
    '### build, memory, swap, sweep',
    '',
    `- build${b.reusedFrom ? ` (by the run of ${b.reusedFrom}, reused)` : ''}: ${b.seconds.toFixed(1)} s, input ${(b.inputBytes / 2 ** 20).toFixed(1)} MB, ${b.inputMBps.toFixed(1)} MB/s, peak RSS ${fmtBytes(b.peakRssBytes)}${b.peakDiskBytes === undefined ? '' : `, peak disk ${fmtBytes(b.peakDiskBytes)}`}`,
    `- server: peak RSS (VmHWM) ${fmtBytes(result.server.peakRssBytes)} (${fmtBytes(result.server.peakBeforeSwapBytes)} before the swap), ` +
      `largest sampled VmRSS ${fmtBytes(result.server.maxSampledRssBytes)}, RSS at the end ${fmtBytes(result.server.rssAfterBytes)}`,
  ]
  const s = result.swap
  if (s) {
    lines.push(
      `- swap under load (c=${SWAP_CONNECTIONS}, rebuild ${s.buildSeconds.toFixed(1)} s, ${s.oldSnapshot} → ${s.newSnapshot}, served ${s.switchSeconds.toFixed(2)} s after publish): ` +
        `${s.requests.toLocaleString('en-US')} requests, ${s.non200} not 200, socket errors ${Object.entries(
          s.socketErrors,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}; ` +
        `lost ${s.lost}; statuses ${JSON.stringify(s.statuses)}; ${rate(s.requestsPerSecond)} req/s, p99 ${ms(s.p99Ms)} ms`,
    )
  }
  if (result.swapSkipped) lines.push(`- swap under load: not run: ${result.swapSkipped}`)
  const w = result.sweep
  if (w) {
    lines.push(
      `- bad-input sweep: ${w.operations === undefined ? '' : `${w.operations} operations, `}${w.requests} requests, ${w.status5xx} answered >= 500, ${w.unanswered} unanswered, ` +
        `${w.leaks} bodies with engine text, paths or stacks; statuses ${JSON.stringify(w.statuses)}`,
    )
  }
  lines.push(
    '',
    `**Targets: ${result.targets.pass ? 'PASS' : `FAIL (${result.targets.failures.length})`}**`,
    ...result.targets.failures.map((f) => `- ${f}`),
    '',
    `Command: \`${result.command}\``,
    `Machine: ${m.cpu}, ${m.cores} cores, ${fmtBytes(m.memoryBytes)}, ${m.kernel}, Bun ${m.bun}; ${m.pinning}.`,
    ...(result.server.threads === undefined ? [] : [`Server threads: ${result.server.threads}.`]),
  )
  return `${lines.join('\n')}\n`
}
