/**
 * The operations the load benchmark drives: every area's (src/areas/<area>/bench.ts), in the order the
 * app composes the areas, and how their request paths are written for wrk (paths.lua).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchOperation, Draws, Random } from '../../src/areas/bench.ts'
import { AREAS } from '../../src/areas/index.ts'

export type Operation = BenchOperation

export const OPERATIONS: readonly Operation[] = AREAS.flatMap((area) => area.bench)

/** The operations of the areas a snapshot built without `skipSources` still has a source for. */
export const operationsWithout = (skipSources: readonly string[]): readonly Operation[] =>
  AREAS.filter((area) => area.sources.some((s) => !skipSources.includes(s))).flatMap((area) => area.bench)

export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/**
 * Writes `count` paths of one operation, one per line, to `<dir>/<slug>.txt` (what paths.lua reads);
 * returns the file, or undefined when the operation cannot be made from this snapshot.
 */
export function writePaths(
  dir: string,
  op: Operation,
  d: Draws,
  rnd: Random,
  count: number,
): { file: string; paths: string[] } | undefined {
  const paths: string[] = []
  for (let i = 0; i < count; i++) {
    const path = op.path(d, rnd)
    if (path === undefined) return undefined
    paths.push(path)
  }
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${slug(op.name)}.txt`)
  writeFileSync(file, `${paths.join('\n')}\n`)
  return { file, paths }
}
