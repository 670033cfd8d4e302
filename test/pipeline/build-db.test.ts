/**
 * BuildDb.runLarge: a statement that runs out of memory on several threads is run once more on one
 * thread, and the thread count is restored after. The out-of-memory errors here are DuckDB's own, from a
 * sort over a Parquet file under a memory limit too small for it and no spill folder.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('build-db')
const input = join(root, 'rows.parquet')
const output = join(root, 'sorted.parquet')
let db: BuildDb

beforeAll(async () => {
  const writer = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 2, memoryLimit: '1GB' })
  await writer.run(`COPY (SELECT i, md5(i::VARCHAR) AS s FROM range(2000000) r(i)) TO '${input}'`)
  writer.close()
  db = await BuildDb.open({ file: ':memory:', tempDir: '', threads: 2, memoryLimit: '16MB' })
})
afterAll(() => {
  db?.close()
  rmSync(root, { recursive: true, force: true })
})

const threads = async () => db.count(`SELECT current_setting('threads') AS n`)

test('a statement that fits runs once and is not reported', async () => {
  await db.runLarge(`COPY (SELECT count(*) FROM '${input}') TO '${output}'`)
  expect(db.retriedOnOneThread).toEqual([])
  expect(db.retryNote(0)).toBeUndefined()
})

test('out of memory on two threads: run again on one, then the error if it still fails, with two threads restored', async () => {
  const sort = `COPY (SELECT * FROM '${input}' ORDER BY s) TO '${output}'`
  await expect(db.runLarge(sort)).rejects.toThrow(/^Out of Memory Error/)
  expect(db.retriedOnOneThread).toEqual([sort])
  expect(db.retryNote(0)).toBe('out of memory on 2 threads, ran it again on one')
  expect(await threads()).toBe(2)
})

test('other errors are not retried', async () => {
  const before = db.retriedOnOneThread.length
  await expect(db.runLarge(`COPY (SELECT * FROM '${join(root, 'missing.parquet')}') TO '${output}'`)).rejects.toThrow(
    /No files found/,
  )
  expect(db.retriedOnOneThread.length).toBe(before)
})
