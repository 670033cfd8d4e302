/** The shape of what the build benchmark (scripts/bench-build.ts) measures, shared by its report and docs/benchmarks.md. */
import type { BuildStepRecord } from '../../src/pipeline/contract.ts'
import type { BuildKind } from './build-kind.ts'
export type BuildBenchResult = {
  date: string
  command: string
  machine: { cores: number; cpu: string | undefined; memory: string }
  scale: number
  seed: number
  /** `secds sample` writing the input: time and peak RSS of the run that generated it (it is reused after) */
  generation: { seconds: number; peakRss: string }
  /** the mirror folder; `files` are the manifest's sources (path, bytes, and a file count for folders) */
  input: { bytes: number; size: string; files: { path: string; bytes: number; files?: number }[] }
  build: {
    wallSeconds: number
    inputMBps: number
    peakRssBytes: number
    peakRss: string
    /** the largest drop of the file system's free space while the build ran (disk.ts); absent in older results */
    peakDiskBytes?: number
    peakDisk?: string
    /** a first build, or a nightly onto the last run's (`--nightly`, build-kind.ts); absent in older results */
    kind?: BuildKind
    /** the sources the build left out (`--skip-sources`); absent when it built every source it found */
    skipSources?: string[]
    /** the manifest's steps: seconds, and the peak RSS during each where the build recorded it */
    steps: BuildStepRecord[]
  }
  /** the server's files: the serving database and the lookup files, in bytes */
  output: { servingBytes: number; lookupBytes: number }
  tables: Record<string, { rows: number; bytes: number; size: string }>
}
