/**
 * docs/benchmarks.md kept by the bench scripts. A full-volume run (`--scale 1`) replaces the page's latest
 * results between their markers and adds one row to the run-history table; every other line of the page
 * (the hand-written explanations, earlier history) is kept as it is. The page functions are pure (page
 * text and result in, page text out); only `updateDocsPage` touches the file.
 *
 *   <!-- bench:latest:start --> … <!-- bench:latest:end -->   the load run (npm run bench)
 *   <!-- bench:build:start --> … <!-- bench:build:end -->     the build alone (npm run bench:build)
 *   <!-- bench:history -->                                     the line just before the run-history table
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fmtBytes } from '../../src/lib/progress.ts'
import type { BuildBenchResult } from './build-results.ts'
import { MIXES, type Mix } from './mixes.ts'
import { operationTable } from './report.ts'
import type { BenchResult, OperationResult } from './results.ts'
import { SWAP_CONNECTIONS } from './swap.ts'
import { TARGETS } from './targets.ts'

export const MARKERS = {
  latestStart: '<!-- bench:latest:start -->',
  latestEnd: '<!-- bench:latest:end -->',
  buildStart: '<!-- bench:build:start -->',
  buildEnd: '<!-- bench:build:end -->',
  history: '<!-- bench:history -->',
} as const

export const DOCS_PAGE = resolve(import.meta.dir, '../../docs/benchmarks.md')

/** Only full EDGAR volume goes on the page: a smaller scale says little about what an operator will see. */
export const updatesDocsPage = (scale: number) => scale === 1

export const HISTORY_HEADER = [
  '| date | run | scale | build s | build peak RSS | targets | worst c=16 p99 | server peak RSS |',
  '|---|---|---:|---:|---:|---|---|---:|',
]

const MIX_TITLE: Record<Mix, string> = {
  uniform: 'every request a different key: nothing comes from the result cache',
  skewed: 'repeated keys: lists mostly from the result cache',
}

const int = (n: number) => Math.round(n).toLocaleString('en-US')
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : '-')
const day = (iso: string) => iso.slice(0, 10)

/** The operation × mix row with the highest p99 at 16 connections (the target most often missed). */
export function worstP99(result: BenchResult): OperationResult | undefined {
  let worst: OperationResult | undefined
  for (const r of result.operations)
    if (Number.isFinite(r.c16.p99Ms) && !(worst && worst.c16.p99Ms >= r.c16.p99Ms)) worst = r
  return worst
}

const verdict = (t: { pass: boolean; failures: string[] }) => (t.pass ? 'PASS' : `FAIL (${t.failures.length})`)

/** "950,012 entities, 23,234,571 filings" when the snapshot has both tables, else every table's rows. */
function snapshotRows(rows: Record<string, number>): string {
  const main = ['entities', 'filings'].filter((name) => rows[name] !== undefined)
  const shown = main.length === 2 ? main : Object.keys(rows)
  return shown.map((name) => `${int(rows[name]!)} ${name}`).join(', ')
}

/** The latest load run, as the page shows it between its markers. */
export function loadRunSection(result: BenchResult): string {
  const m = result.machine
  const floor = (name: 'elysia' | 'duckdb') => result.floors.find((f) => f.name === name)
  const duck = floor('duckdb')
  const elysia = floor('elysia')
  const worst = worstP99(result)
  const rows = result.operations.length
  const lines = [
    `Run of ${day(result.date)}: \`${result.command}\`, on ${m.cpu}, ${m.cores} cores, ${fmtBytes(m.memoryBytes)}, ${m.kernel}, ` +
      `Bun ${m.bun}; ${m.pinning}. Snapshot \`${result.snapshot.id}\`: ${snapshotRows(result.snapshot.rows)}. ` +
      `${result.durationSeconds} s per wrk run after a 2 s warm-up.`,
    '',
    `p50 and p99 in ms; "% of DuckDB floor" is req/s at 16 connections as a share of the trivial-DuckDB floor's` +
      (duck ? ` (${int(duck.c16.requestsPerSecond)} req/s` : ' (not measured') +
      (elysia
        ? `; the bare Elysia floor: ${int(elysia.c16.requestsPerSecond)} req/s at 16 connections, ${int(elysia.c1.requestsPerSecond)} at 1).`
        : ').'),
    '',
    result.targets.pass
      ? `**Targets: PASS.** All ${rows} operation × mix rows are within them` +
        (worst
          ? `; the closest is ${worst.mix} / ${worst.operation} at ${ms(worst.c16.p99Ms)} c=16 p99 (target ${worst.p99MsAt16 ?? TARGETS.p99MsAt16} ms).`
          : '.')
      : `**Targets: ${verdict(result.targets)}.** Missed:`,
    ...result.targets.failures.map((f) => `- ${f}`),
    '',
  ]
  for (const mix of MIXES) {
    const ofMix = result.operations.filter((r) => r.mix === mix)
    if (ofMix.length)
      lines.push(
        `#### ${mix[0]!.toUpperCase()}${mix.slice(1)} mix (${MIX_TITLE[mix]})`,
        '',
        ...operationTable(ofMix),
        '',
      )
  }
  const errors =
    result.operations.reduce((sum, r) => sum + r.c1.errors + r.c16.errors, 0) +
    result.floors.reduce((sum, f) => sum + f.c1.errors + f.c16.errors, 0)
  const s = result.server
  lines.push(
    'Also measured in this run:',
    `- **Errors: ${int(errors)}**${errors ? ' (non-2xx responses and socket errors; the tables say where)' : ' in every measurement'}.`,
    `- **Server peak RSS: ${fmtBytes(s.peakRssBytes)}** (VmHWM; ${fmtBytes(s.peakBeforeSwapBytes)} before the swap), ${fmtBytes(s.rssAfterBytes)} at the end.`,
  )
  const w = result.swap
  if (w) {
    const sockets = Object.values(w.socketErrors).reduce((a, b) => a + b, 0)
    const all200 = w.non200 === 0 && sockets === 0
    lines.push(
      `- **Rebuild and swap under load**: a full rebuild into the served folder (${w.buildSeconds.toFixed(0)} s) while ${SWAP_CONNECTIONS} connections ` +
        `kept requesting a mix of every operation: ${int(w.requests)} requests, **${int(w.lost)} lost** ` +
        `(${all200 ? 'all 200, no socket errors' : `${int(w.non200)} not 200, ${int(sockets)} socket errors`}); ` +
        `the server answered from the new snapshot ${w.switchSeconds.toFixed(2)} s after \`CURRENT\` changed.`,
    )
  }
  if (result.swapSkipped) lines.push(`- **Rebuild and swap under load: not run**: ${result.swapSkipped}.`)
  const sweep = result.sweep
  if (sweep) {
    const statuses = Object.entries(sweep.statuses)
      .sort((a, b) => b[1] - a[1])
      .map(([status, n]) => `${int(n)} × ${status}`)
      .join(', ')
    lines.push(
      `- **Bad-input sweep**: ${sweep.operations === undefined ? '' : `${sweep.operations} operations, `}${int(sweep.requests)} requests: **${sweep.status5xx} answers ≥ 500, ${sweep.unanswered} unanswered, ` +
        `${sweep.leaks} bodies with engine text**, paths or stacks; ${statuses}.`,
    )
  }
  const b = result.build
  lines.push(
    `- **Build**${b.kind === 'nightly' ? ' (nightly, onto the last build)' : ''}: ${b.seconds.toFixed(1)} s under the benchmark, ${b.inputMBps.toFixed(1)} MB/s of input, peak RSS ${fmtBytes(b.peakRssBytes)}${b.peakDiskBytes === undefined ? '' : `, peak disk ${fmtBytes(b.peakDiskBytes)}`}.`,
  )
  return lines.join('\n')
}

/** "submissions.zip 1.91 GB (954,053 files), …": the largest sources first. */
function inputFiles(files: BuildBenchResult['input']['files']): string {
  const sorted = [...files].sort((a, b) => b.bytes - a.bytes)
  const shown = sorted
    .slice(0, 4)
    .map((f) => `${f.path} ${fmtBytes(f.bytes)}${f.files ? ` (${int(f.files)} files)` : ''}`)
  const more = sorted.length - shown.length
  return [...shown, ...(more > 0 ? [`${more} more`] : [])].join(', ')
}

/** The latest build-alone run, as the page shows it between its markers. */
export function buildRunSection(result: BuildBenchResult): string {
  const m = result.machine
  const b = result.build
  const tables = Object.entries(result.tables)
  const parquet = tables.reduce((sum, [, t]) => sum + t.bytes, 0)
  const rows = snapshotRows(Object.fromEntries(tables.map(([name, t]) => [name, t.rows])))
  const side = Math.max(b.steps.length, tables.length)
  // Steps and tables side by side: two short tables in the height of one.
  const pair = Array.from({ length: side }, (_, i) => {
    const step = b.steps[i]
    const table = tables[i]
    const cells = [
      step?.name ?? '',
      step ? step.seconds.toFixed(1) : '',
      step?.peakRssBytes === undefined ? '' : fmtBytes(step.peakRssBytes),
      '',
      table?.[0] ?? '',
      table ? int(table[1].rows) : '',
      table?.[1].size ?? '',
    ]
    return `| ${cells.join(' | ')} |`
  })
  return [
    `Run of ${day(result.date)}: \`${result.command}\`, on ${m.cpu ?? 'an unknown CPU'}, ${m.cores} cores, ${m.memory}; scale ${result.scale} (seed ${result.seed}).`,
    '',
    '| measure | value |',
    '|---|---|',
    `| input | ${result.input.size}: ${inputFiles(result.input.files)} |`,
    `| output | ${rows}; ${fmtBytes(parquet)} of Parquet, serving database ${fmtBytes(result.output.servingBytes)}, lookup files ${fmtBytes(result.output.lookupBytes)} |`,
    `| wall time | ${b.wallSeconds.toFixed(1)} s${b.kind === 'nightly' ? ' (a nightly, onto the last build)' : ''}${b.skipSources?.length ? ` (left out: ${b.skipSources.join(', ')})` : ''} |`,
    `| input rate | ${b.inputMBps.toFixed(1)} MB/s of files as stored |`,
    `| peak RSS | ${b.peakRss} |`,
    ...(b.peakDisk ? [`| peak disk (the drop of free space while it ran) | ${b.peakDisk} |`] : []),
    `| generating the input (\`secds sample --scale ${result.scale}\`) | ${result.generation.seconds.toFixed(1)} s, peak RSS ${result.generation.peakRss} |`,
    '',
    '| step | seconds | peak RSS | | table | rows | Parquet |',
    '|---|---:|---:|---|---|---:|---:|',
    ...pair,
  ].join('\n')
}

export function loadHistoryRow(result: BenchResult): string {
  const worst = worstP99(result)
  return (
    `| ${day(result.date)} | bench | ${result.scale} | ${result.build.seconds.toFixed(1)} | ${fmtBytes(result.build.peakRssBytes)} | ` +
    `${verdict(result.targets)} | ${worst ? `${ms(worst.c16.p99Ms)} (${worst.mix} / ${worst.operation})` : '-'} | ${fmtBytes(result.server.peakRssBytes)} |`
  )
}

export function buildHistoryRow(result: BuildBenchResult): string {
  const without = result.build.skipSources?.length ? ` without ${result.build.skipSources.join(', ')}` : ''
  return `| ${day(result.date)} | bench:build | ${result.scale}${without} | ${result.build.wallSeconds.toFixed(1)} | ${result.build.peakRss} | - | - | - |`
}

/** The page with the text between `start` and `end` replaced; each marker must occur exactly once, in that order. */
export function replaceBetween(page: string, start: string, end: string, body: string): string {
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < 0) throw new Error(`docs page: marker ${from < 0 ? start : end} not found`)
  if (page.indexOf(start, from + 1) >= 0 || page.indexOf(end, to + 1) >= 0)
    throw new Error(`docs page: ${start} or ${end} occurs twice`)
  if (to < from) throw new Error(`docs page: ${end} comes before ${start}`)
  // Blank lines around the body: Markdown then ends a table or list before the closing marker.
  return `${page.slice(0, from + start.length)}\n\n${body.trim()}\n\n${page.slice(to)}`
}

/** The page with `row` added after the last row of the table that follows the history marker. */
export function appendHistoryRow(page: string, row: string): string {
  const lines = page.split('\n')
  const marker = lines.findIndex((line) => line.trim() === MARKERS.history)
  if (marker < 0) throw new Error(`docs page: marker ${MARKERS.history} not found`)
  let first = marker + 1
  while (first < lines.length && lines[first]!.trim() === '') first++
  if (!lines[first]?.startsWith('|') || !lines[first + 1]?.startsWith('|---')) {
    throw new Error(`docs page: no table (header and separator) after ${MARKERS.history}`)
  }
  let last = first + 1
  while (lines[last + 1]?.startsWith('|')) last++
  lines.splice(last + 1, 0, row)
  return lines.join('\n')
}

/** The page after a full-volume load run: its latest results, and one more history row. */
export const withLoadRun = (page: string, result: BenchResult) =>
  appendHistoryRow(
    replaceBetween(page, MARKERS.latestStart, MARKERS.latestEnd, loadRunSection(result)),
    loadHistoryRow(result),
  )

/** The page after a full-volume build run: its build results, and one more history row. */
export const withBuildRun = (page: string, result: BuildBenchResult) =>
  appendHistoryRow(
    replaceBetween(page, MARKERS.buildStart, MARKERS.buildEnd, buildRunSection(result)),
    buildHistoryRow(result),
  )

/** Reads the page, applies `change`, and replaces the file in one rename (a failed change leaves it as it was). */
export function updateDocsPage(change: (page: string) => string, file = DOCS_PAGE): void {
  const next = change(readFileSync(file, 'utf8'))
  writeFileSync(`${file}.tmp`, next)
  renameSync(`${file}.tmp`, file)
}
