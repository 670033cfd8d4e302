/**
 * Snapshot swap under load: wrk keeps 4 connections busy on a mix of operations while a real rebuild
 * (`secds build` into the served datasets folder) publishes a new snapshot; the server follows CURRENT.
 * Load continues until /ready names the new snapshot and a few seconds beyond, so requests in flight on
 * the old snapshot, the switch and the first requests on the new one are all covered. The goal: every
 * request answered 200, none lost (count.lua tallies statuses; wrk counts socket errors).
 */
import { readFileSync, statfsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Manifest } from '../../src/pipeline/contract.ts'
import { get } from './http.ts'
import { bytesUnder } from './mirror.ts'
import { runTimed } from './processes.ts'
import { currentSnapshot } from './snapshot-keys.ts'
import { COUNT_LUA, startWrk } from './wrk.ts'

export type SwapResult = {
  oldSnapshot: string
  newSnapshot: string
  buildSeconds: number
  /** from the new CURRENT being written (build end) to /ready naming it */
  switchSeconds: number
  requests: number
  non200: number
  socketErrors: { connect: number; read: number; write: number; timeout: number }
  lost: number
  statuses: Record<string, number>
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
}

export const SWAP_CONNECTIONS = 4

type SwapRun = {
  url: string
  key: string
  pathsFile: string
  binary: string
  mirror: string
  datasets: string
  /** The run's own build flags (`--skip-sources`): the rebuild makes the same snapshot again. */
  buildArgs?: string[]
  afterSeconds?: number
}

async function servedSnapshot(url: string): Promise<string | undefined> {
  const { status, body } = await get(`${url}/ready`, '', 5000)
  return status === 200 ? (JSON.parse(body) as { snapshot?: { id?: string } }).snapshot?.id : undefined
}

export async function swapUnderLoad({
  url,
  key,
  pathsFile,
  binary,
  mirror,
  datasets,
  buildArgs = [],
  afterSeconds = 3,
}: SwapRun): Promise<SwapResult> {
  const oldSnapshot = currentSnapshot(datasets)
  // A long cap; SIGINT ends it once the switch is seen (wrk still prints its summary then). Four
  // connections, not 16: at full scale, 16 saturating both cores slowed the rebuild to a quarter of its
  // speed (a nightly rebuild does not run against a saturated server); four keep requests in flight on
  // the old snapshot at every moment of the switch, which is what can lose one.
  const load = startWrk({ url, key, pathsFile, connections: SWAP_CONNECTIONS, seconds: 7200, lua: COUNT_LUA })
  await Bun.sleep(2000) // steady load before the build starts
  const build = await runTimed([binary, 'build', '--from', mirror, '--datasets', datasets, ...buildArgs])
  const published = performance.now()
  const newSnapshot = currentSnapshot(datasets)
  if (newSnapshot === oldSnapshot)
    throw new Error(`the rebuild did not publish a new snapshot (CURRENT is still ${oldSnapshot})`)
  let switchSeconds = Number.NaN
  while (performance.now() - published < 120_000) {
    if ((await servedSnapshot(url)) === newSnapshot) {
      switchSeconds = (performance.now() - published) / 1000
      break
    }
    await Bun.sleep(100)
  }
  if (Number.isNaN(switchSeconds))
    console.error(`swap: the server did not report snapshot ${newSnapshot} on /ready within 120 s`)
  await Bun.sleep(afterSeconds * 1000)
  load.stop()
  const w = await load.result
  const statuses = w.statuses ?? {}
  const non200 = Object.entries(statuses).reduce((sum, [status, n]) => sum + (status === '200' ? 0 : n), 0)
  const sockets = Object.values(w.socketErrors).reduce((a, b) => a + b, 0)
  return {
    oldSnapshot,
    newSnapshot,
    buildSeconds: build.seconds,
    switchSeconds,
    requests: w.requests,
    non200,
    socketErrors: w.socketErrors,
    lost: non200 + sockets,
    statuses,
    requestsPerSecond: w.requestsPerSecond,
    p50Ms: w.p50Ms,
    p99Ms: w.p99Ms,
  }
}

/**
 * Why the swap cannot run here, or undefined when it can: the rebuild writes a whole second snapshot
 * beside the served one, less the converted period files it hard-links from it (period-files.ts: an
 * unchanged quarter's Parquet is linked, not copied), so the disk must hold the rest once more and a tenth
 * of the whole for the build's scratch. At full volume with every area that is tens of gigabytes; a run
 * that lacks them says so instead of filling the disk.
 */
export function swapLacksRoom(datasets: string, freeBytes = freeBytesAt(datasets)): string | undefined {
  const dir = join(datasets, currentSnapshot(datasets))
  const snapshot = bytesUnder(dir)
  const linked = periodOutputBytes(dir)
  const needed = snapshot - linked + snapshot * 0.1
  const gb = (n: number) => `${(n / 2 ** 30).toFixed(1)} GB`
  return freeBytes >= needed
    ? undefined
    : `a second snapshot needs ${gb(needed)} of disk (${gb(snapshot)} less ${gb(linked)} of period files it links, and a tenth for scratch), ${gb(freeBytes)} is free`
}

function freeBytesAt(dir: string): number {
  const disk = statfsSync(dir)
  return disk.bavail * disk.bsize
}

/** Bytes of the snapshot's converted period files (manifest `periods`), which a rebuild links instead of writing. */
function periodOutputBytes(snapshotDir: string): number {
  const manifest = JSON.parse(readFileSync(join(snapshotDir, 'manifest.json'), 'utf8')) as Pick<Manifest, 'periods'>
  let total = 0
  for (const files of Object.values(manifest.periods))
    for (const file of Object.values(files))
      for (const output of file.outputs) total += statSync(join(snapshotDir, output)).size
  return total
}
