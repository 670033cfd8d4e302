/**
 * A lookup file written in key ranges (LookupSpec.ranges: one query a range, in key order) holds the same
 * lines in the same order as the file written by one query: each key's lines stay together and ordered,
 * whether a range cut falls on a key with many lines or the table is empty.
 */
import { afterAll, expect, test } from 'bun:test'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { KeyedFile, keyedFileParts } from '../../src/lib/keyed-file.ts'
import { SERVING_FILE } from '../../src/pipeline/contract.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { writeLookupFiles } from '../../src/pipeline/lookup-files.ts'
import type { BuildContext, LookupSpec } from '../../src/pipeline/source.ts'
import { quote } from '../../src/pipeline/sql-text.ts'
import { tempDir } from '../helpers/snapshot.ts'

const dir = tempDir('lookup-ranges')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function write(table: string, parts: number, column: 'k' | 'd' = 'k') {
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(dir, 'spill'), threads: 2, memoryLimit: '1GB' })
  try {
    await db.run(`ATTACH ${quote(join(dir, SERVING_FILE))} AS s`)
    await db.run('DETACH s')
    // Keys 0-99, key 7 with 500 lines (a cut falls inside its run), the others with one to five.
    // And each key's day (`d`, a DATE that orders as the key does): a file can be cut by a date column too.
    await db.run(`CREATE TABLE t AS
      SELECT k, DATE '2013-03-31' + k::INTEGER AS d, i
      FROM (SELECT range AS k FROM range(100)) JOIN range(500) r(i) ON i < CASE WHEN k = 7 THEN 500 ELSE 1 + k % 5 END`)
    await db.run('CREATE TABLE empty AS SELECT * FROM t WHERE false')
    const one: LookupSpec = {
      name: 'one',
      path: `one-${table}`,
      sql: `SELECT k, encode(k || ':' || i) FROM ${table} ORDER BY k, i DESC`,
    }
    const ranged: LookupSpec = {
      name: 'ranged',
      path: `ranged-${table}`,
      ranges: { column, of: table, parts },
      sql: (inRange) => `SELECT k, encode(k || ':' || i) FROM ${table} WHERE ${inRange(column)} ORDER BY k, i DESC`,
    }
    const ctx = { db, snapshotDir: dir, work: dir, options: {} } as unknown as BuildContext
    return await writeLookupFiles(ctx, [one, ranged])
  } finally {
    db.close()
  }
}

const bytes = (path: string) => readFileSync(keyedFileParts(join(dir, path)).blocks)

test.each([
  ['t', 7, 'k'],
  ['t', 64, 'k'],
  ['empty', 4, 'k'],
  ['t', 7, 'd'],
] as const)('%s in %d ranges of %s: the same file as one query', async (table, parts, column) => {
  const written = await write(table, parts, column)
  expect(written.ranged!.lines).toBe(written.one!.lines)
  // Keys other than 7 have 1 + k % 5 lines: 300 in all, less key 7's 3, plus its 500.
  expect(written.one!.lines).toBe(table === 't' ? 300 - 3 + 500 : 0)
  expect(bytes(written.ranged!.path).equals(bytes(written.one!.path))).toBe(true)
})

test('a line is written as the bytes of its text: accents, backslashes, quotes and line separators come back as they were', async () => {
  const texts = ['Société Générale', 'C:\\path\\x41', 'say "hi"', 'a\u2028b', '東京 🚀', '\\u00e9 stays text']
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(dir, 'spill'), threads: 2, memoryLimit: '1GB' })
  try {
    await db.run(`ATTACH ${quote(join(dir, SERVING_FILE))} AS s`)
    await db.run('DETACH s')
    await db.run('CREATE TABLE texts (k BIGINT, v VARCHAR)')
    for (const [i, v] of texts.entries()) await db.run('INSERT INTO texts VALUES ($1, $2)', [BigInt(i), v])
    const spec: LookupSpec = {
      name: 'texts',
      path: 'texts',
      sql: 'SELECT k, encode(json_array(v)::VARCHAR) FROM texts ORDER BY k',
    }
    await writeLookupFiles({ db, snapshotDir: dir, work: dir, options: {} } as unknown as BuildContext, [spec])
  } finally {
    db.close()
  }
  const file = KeyedFile.open(join(dir, 'texts'))
  expect(texts.map((_, i) => JSON.parse(file.get(BigInt(i))[0]!)[0])).toEqual(texts)
})
