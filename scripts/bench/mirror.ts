/**
 * The generated bulk files a benchmark reads, kept in `<work>/mirror-<scale>-<seed>` and reused by later
 * runs: full EDGAR volume takes minutes to generate. Every benchmark script uses this, so they share
 * mirrors: the folder counts only when `.complete` exists (written last, with the generation's time and
 * peak RSS), so an interrupted generation is redone rather than half used.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The mirror of a scale and seed. A run that leaves sources out (`--skip-sources`) reads the full mirror
 * when one is complete (a superset, the same bytes), else a mirror of its own without them: generating only
 * what it builds saves much of the half hour a full generation takes.
 */
export function mirrorFolder(work: string, scale: string, seed: string, skipSources: readonly string[] = []) {
  const full = join(work, `mirror-${scale}-${seed}`)
  if (!skipSources.length || isComplete(full)) return full
  return `${full}${withoutSuffix(skipSources)}`
}

/** What a folder made without some sources adds to its name (a mirror's, a load folder's): `-without-a-b`. */
export const withoutSuffix = (skipSources: readonly string[]) =>
  skipSources.length ? `-without-${skipSources.toSorted().join('-')}` : ''

const isComplete = (mirror: string) => existsSync(join(mirror, '.complete'))

/**
 * Generates the mirror with `<secds> sample` unless it is complete already; returns whether it generated.
 * `secds` is the command that runs the CLI: the compiled binary, or Bun and src/cli.ts.
 */
export function ensureMirror(
  secds: string[],
  mirror: string,
  scale: string,
  seed: string,
  skipSources: readonly string[] = [],
): boolean {
  if (isComplete(mirror)) return false
  rmSync(mirror, { recursive: true, force: true })
  const started = performance.now()
  const skip = skipSources.length ? ['--skip-sources', skipSources.join(',')] : []
  const p = Bun.spawnSync([...secds, 'sample', '--out', mirror, '--scale', scale, '--seed', seed, ...skip], {
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if (p.exitCode !== 0) throw new Error(`secds sample exited ${p.exitCode}`)
  const generation = { seconds: (performance.now() - started) / 1000, peakRssBytes: p.resourceUsage?.maxRSS ?? 0 }
  writeFileSync(join(mirror, '.complete'), JSON.stringify(generation))
  return true
}

/** Bytes of all files under a folder (the build's input size). */
export function bytesUnder(dir: string): number {
  let total = 0
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const s = statSync(join(dir, name))
    if (s.isFile()) total += s.size
  }
  return total
}
