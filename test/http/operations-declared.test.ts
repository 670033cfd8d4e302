/**
 * Every operation is declared one way: through defineOperation (src/areas/operation.ts), which alone
 * mounts routes, so each has its response schema, its cache rule and the one answer path. No area file
 * builds an Elysia app or declares a route of its own.
 */
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const AREAS = join(import.meta.dir, '../../src/areas')
/** The helper itself, and the per-request context it mounts. */
const MOUNTERS = new Set(['operation.ts', 'context.ts'])

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

test('no area file declares a route or an Elysia app outside defineOperation', () => {
  const found = sources(AREAS)
    .filter((file) => !MOUNTERS.has(relative(AREAS, file)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(AREAS, file)}:${i + 1}` }))
        .filter(({ line }) => /new Elysia\(|\.get\(\s*(''|['`]\/)|sendJson\(|detail:/.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    )
  expect(found).toEqual([])
})
