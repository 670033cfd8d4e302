/** The shapes of what the load benchmark measures, shared by the run, the targets and the report. */
import type { BuildKind } from './build-kind.ts'
import type { Mix } from './mixes.ts'
import type { SwapResult } from './swap.ts'
import type { SweepResult } from './sweep.ts'
import type { WrkResult } from './wrk.ts'

/** One wrk run of an operation, with its ratios to the floors at the same connection count. */
export type Measurement = WrkResult & { ofElysiaFloor: number; ofDuckdbFloor: number }

export type OperationResult = {
  operation: string
  kind: 'lookup' | 'list'
  /** The operation's own targets (BenchOperation.p50Ms / p99MsAt16), when it has them. */
  p50Ms?: number
  p99MsAt16?: number
  mix: Mix
  pathsFile: string
  /** a sample of the paths fetched once before the load: any that did not answer 200 */
  precheck: { checked: number; not200: { path: string; status: number; body: string }[] }
  c1: Measurement
  c16: Measurement
  /** the server's VmRSS right after this operation's runs: which operations grow the server's memory */
  serverRssBytes?: number
}

export type FloorResult = { name: 'elysia' | 'duckdb'; path: string; c1: WrkResult; c16: WrkResult }

export type BenchResult = {
  date: string
  command: string
  machine: { cpu: string; cores: number; memoryBytes: number; kernel: string; bun: string; pinning: string }
  scale: number
  seed: number
  durationSeconds: number
  snapshot: { id: string; rows: Record<string, number> }
  build: {
    seconds: number
    inputBytes: number
    inputMB: number
    inputMBps: number
    peakRssBytes: number
    /** the largest drop of the file system's free space while the build ran (scripts/bench/disk.ts) */
    peakDiskBytes?: number
    /** a first build, or a nightly onto the last run's (`--nightly`, build-kind.ts); absent in older results */
    kind?: BuildKind
    mirrorGenerated: boolean
    /** when the snapshot was built by an earlier run (`--reuse-build`): that run's date */
    reusedFrom?: string
  }
  floors: FloorResult[]
  operations: OperationResult[]
  /** from /proc/<pid>/status: VmHWM (peak), before the swap and overall; the largest VmRSS sampled; VmRSS at the end */
  server: {
    pid: number
    peakRssBytes: number
    peakBeforeSwapBytes: number
    maxSampledRssBytes: number
    rssAfterBytes: number
    samples: number
    /** threads answering requests (SERVER_THREADS); absent in results from before there could be more than one */
    threads?: number
  }
  swap?: SwapResult
  /** why the swap under load was not run (the disk cannot hold a second snapshot) */
  swapSkipped?: string
  sweep?: SweepResult
  targets: { pass: boolean; failures: string[] }
}
