/**
 * One measurement as the benchmark takes it: a 2 s warm-up at 16 connections (not reported: it fills
 * caches and prepares statements on every pooled connection), then `duration` seconds at 1 connection
 * (latency without queueing) and at 16 (throughput, latency under contention).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sendLine } from './http.ts'
import type { FloorResult } from './results.ts'
import { runWrk, type WrkResult } from './wrk.ts'

export const CONNECTIONS = [1, 16] as const
const WARM_UP_SECONDS = 2

export async function measure(
  url: string,
  key: string,
  pathsFile: string,
  seconds: number,
): Promise<{ c1: WrkResult; c16: WrkResult }> {
  await runWrk({ url, key, pathsFile, connections: 16, seconds: WARM_UP_SECONDS })
  const c1 = await runWrk({ url, key, pathsFile, connections: 1, seconds })
  const c16 = await runWrk({ url, key, pathsFile, connections: 16, seconds })
  return { c1, c16 }
}

/** Both floors of scripts/bench/floor-server.ts, measured like every operation. */
export async function measureFloors(floorUrl: string, dir: string, seconds: number): Promise<FloorResult[]> {
  const floors: FloorResult[] = []
  for (const [name, path] of [
    ['elysia', '/ping'],
    ['duckdb', '/duckdb'],
  ] as const) {
    const pathsFile = join(dir, `floor-${name}.txt`)
    writeFileSync(pathsFile, `${path}\n`)
    floors.push({ name, path, ...(await measure(floorUrl, '', pathsFile, seconds)) })
  }
  return floors
}

/**
 * Fetches a few distinct paths of a file once, before the load: a path that does not answer 200 would
 * turn into thousands of "errors" under wrk, and this names it with its status and body.
 */
export async function precheck(url: string, key: string, paths: string[], count = 20) {
  const sample = [...new Set(paths)].slice(0, count)
  const not200: { path: string; status: number; body: string }[] = []
  for (const path of sample) {
    const { status, body } = await sendLine(url, path, key)
    // A tool call's error is a 200 whose result says isError (src/mcp/call.ts).
    if (status !== 200 || body.includes('"isError":true')) not200.push({ path, status, body: body.slice(0, 300) })
    if (status === 0) break // no answer: the rest would each wait out the timeout too
  }
  return { checked: sample.length, not200 }
}

/** A human line per measurement while the run goes. */
export const describe = (w: WrkResult) =>
  `${Math.round(w.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s  p50 ${w.p50Ms.toFixed(2).padStart(6)} ms  p99 ${w.p99Ms.toFixed(2).padStart(7)} ms  errors ${w.errors}`
