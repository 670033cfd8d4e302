/**
 * Which build a bench measures. By default a first build: the datasets folder is emptied before it, so
 * nothing is taken from an earlier run's snapshot or build cache (a first build's time is issue 31's
 * figure). `--nightly` builds into the folder as the last run left it: its snapshot and build cache are the
 * night before's, and the build takes from them what did not change, as a nightly rebuild does
 * (docs/operating.md).
 */
import { rmSync } from 'node:fs'

export type BuildKind = 'first' | 'nightly'

/** Readies `datasets` for a build of `kind`; says what it did, for the run's output. */
export function readyForBuild(datasets: string, kind: BuildKind): string {
  if (kind === 'nightly') return 'a nightly build, onto the last build in the folder'
  rmSync(datasets, { recursive: true, force: true })
  return 'a first build, into an emptied folder'
}
