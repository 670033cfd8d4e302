/**
 * The build's own database (BUILD_DATABASE_FILE, the build-only tables of serving-table.ts) is read by the
 * lookup files made from it, then leaves the work folder before the files after the last of them are
 * written (those spill the most at full volume), for the build cache (src/pipeline/build-cache.ts), unless
 * the build keeps it in the snapshot (`--keep-build-database`).
 */
import { afterAll, expect, test } from 'bun:test'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { KeyedFile } from '../../src/lib/keyed-file.ts'
import { attachBuildCache, buildCacheFile } from '../../src/pipeline/build-cache.ts'
import { BUILD_DATABASE_FILE, SERVING_FILE } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { writeLookupFiles } from '../../src/pipeline/lookup-files.ts'
import type { BuildContext, LookupSpec } from '../../src/pipeline/source.ts'
import { quote } from '../../src/pipeline/sql-text.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('build-database')
afterAll(() => rmSync(root, { recursive: true, force: true }))

/**
 * Writes a file from a build-only table, then one from the serving database; reports whether the build's
 * database was still there when the second file's query ran (it counts the build database's files then).
 */
async function write(name: string, keepBuildDatabase: boolean) {
  const dir = join(root, name)
  const datasets = join(dir, 'datasets')
  mkdirSync(dir, { recursive: true })
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(dir, 'spill'), threads: 1, memoryLimit: '200MB' })
  const buildDatabase = join(dir, BUILD_DATABASE_FILE)
  try {
    await db.run(`ATTACH ${quote(join(dir, SERVING_FILE))} AS s`)
    await db.run('CREATE TABLE s.served AS SELECT range AS k FROM range(3)')
    await db.run('DETACH s')
    await db.run(`ATTACH ${quote(buildDatabase)} AS b`)
    await db.run('CREATE TABLE b.points AS SELECT range AS k FROM range(5)')
    await db.run('DETACH b')
    const fromBuild: LookupSpec = {
      name: 'fromBuild',
      path: 'from-build',
      rowsOf: 'b.points',
      sql: 'SELECT k, encode(k::VARCHAR) FROM b.points ORDER BY k',
    }
    // Its line says how many databases are attached: the build's own goes before this file is written.
    const after: LookupSpec = {
      name: 'after',
      path: 'after',
      sql: `SELECT k, encode((SELECT count(*) FROM duckdb_databases() WHERE database_name = 'b')::VARCHAR)
            FROM s.served ORDER BY k`,
    }
    const ctx = { db, snapshotDir: dir, work: dir, datasets, options: { keepBuildDatabase } } as unknown as BuildContext
    await writeLookupFiles(ctx, [fromBuild, after])
  } finally {
    db.close()
  }
  const read = (path: string) => {
    const file = KeyedFile.open(join(dir, path))
    try {
      return [...file.range(0n, 100n)]
    } finally {
      file.close()
    }
  }
  return {
    fromBuild: read('from-build'),
    attachedAfter: read('after'),
    kept: existsSync(buildDatabase),
    cached: existsSync(buildCacheFile(datasets)),
  }
}

test('the build database leaves for the build cache once the last file made from it is written, before the files after it', async () => {
  expect(await write('moved', false)).toEqual({
    fromBuild: ['0', '1', '2', '3', '4'],
    attachedAfter: ['0', '0', '0'],
    kept: false,
    cached: true,
  })
})

test('--keep-build-database keeps it through every file', async () => {
  expect(await write('kept', true)).toEqual({
    fromBuild: ['0', '1', '2', '3', '4'],
    attachedAfter: ['1', '1', '1'],
    kept: true,
    // The build links it into the cache after it is published (runBuild), not here.
    cached: false,
  })
})

test('a build cache that cannot be read costs the build its reuse, not the build', async () => {
  const dir = join(root, 'damaged')
  mkdirSync(dir, { recursive: true })
  const said: string[] = []
  const db = await BuildDb.open({
    file: ':memory:',
    tempDir: join(dir, 'spill'),
    threads: 1,
    memoryLimit: '200MB',
    log: (line) => said.push(line),
  })
  try {
    const file = join(dir, BUILD_DATABASE_FILE)
    writeFileSync(file, 'not a database, cut short by a full disk')
    expect(await attachBuildCache(db, file)).toBe(false)
    expect(said).toEqual([
      expect.stringMatching(/^build cache .*build\.duckdb cannot be read \(.+\): nothing is taken from it$/),
    ])
    // Nothing was attached: the build goes on as a first build.
    expect(await db.count("SELECT count(*) AS n FROM duckdb_databases() WHERE database_name = 'c'")).toBe(0)
  } finally {
    db.close()
  }
})
