/**
 * The build's own database (BUILD_DATABASE_FILE: the build-only tables, serving-table.ts) outlives its
 * build: once the lookup files are made from it, it is kept beside the snapshots
 * (`DATASETS/.build-cache/build.duckdb`) instead of deleted, and the next build reads it, read-only, to take
 * the parts whose inputs did not change (the companyfacts series of the companies whose facts are the same:
 * sources/company-facts/series-reuse.ts). Each part records in it what it was made from, so a cache is
 * right for its own inputs whatever happened after: a build that fails before its own is kept leaves the
 * one before, which the next build compares against as well.
 *
 * It holds what the build-only tables hold (docs/operating.md gives its size); deleting the folder costs
 * the next build its reuse, nothing else.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { BUILD_DATABASE_FILE } from './contract.ts'
import type { BuildDb } from './duck.ts'
import { quote } from './sql-text.ts'

/** The folder under DATASETS (a name the snapshot listing and pruning pass over: it starts with a dot). */
export const BUILD_CACHE_DIR = '.build-cache'

/** A file or folder `name` of the build cache's folder: the build's database, and what sources keep there. */
export const buildCachePath = (datasets: string, name: string) => join(datasets, BUILD_CACHE_DIR, name)

export const buildCacheFile = (datasets: string) => buildCachePath(datasets, BUILD_DATABASE_FILE)

/** The last build's database, when one was kept. */
export function previousBuildDatabase(datasets: string): string | undefined {
  const file = buildCacheFile(datasets)
  return existsSync(file) ? file : undefined
}

/**
 * Keeps a finished build database `file` for the next build, in place of the one before: moved, or linked
 * (copied where the file system cannot) when it stays in the snapshot too (`--keep-build-database`). Put
 * under another name first and renamed over the old one, so the cache is always a whole database.
 */
export function keepForNextBuild(file: string, datasets: string, how: 'move' | 'link') {
  const target = buildCacheFile(datasets)
  const next = `${target}.next`
  mkdirSync(dirname(target), { recursive: true })
  rmSync(next, { force: true })
  if (how === 'move') renameSync(file, next)
  else {
    try {
      linkSync(file, next)
    } catch {
      copyFileSync(file, next)
    }
  }
  renameSync(next, target)
}

/**
 * Attaches the last build's database, read-only, as `c`; false, with a line saying why, when it cannot be
 * read (a file cut short by a full disk, say): a damaged cache costs the build its reuse, not the build.
 */
export async function attachBuildCache(db: BuildDb, file: string): Promise<boolean> {
  try {
    await db.run(`ATTACH ${quote(file)} AS c (READ_ONLY)`)
    return true
  } catch (e) {
    db.say(`build cache ${file} cannot be read (${(e as Error).message.split('\n')[0]}): nothing is taken from it`)
    return false
  }
}

/**
 * A one-row record of the attached cache (`c`): its `column`, or undefined when the cache has no such table
 * (a cache of an older version, or of a build without that source).
 */
export async function cachedRecord(db: BuildDb, table: string, column: string): Promise<string | undefined> {
  const recorded = await db.count(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = 'c' AND table_name = ${quote(table)}`,
  )
  if (!recorded) return undefined
  return (await db.one<{ value: string }>(`SELECT ${column}::VARCHAR AS value FROM c.${table}`))?.value
}
