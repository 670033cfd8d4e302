import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DuckDBInstance } from '@duckdb/node-api'
import { QueryTimeout, ServerBusy } from '../../src/db/errors.ts'
import { ConnectionPool, type PoolOptions } from '../../src/db/pool.ts'
import { sql } from '../../src/db/sql.ts'

let instance: DuckDBInstance

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:', { threads: '2' })
})
afterAll(() => instance.closeSync())

const open = (options: Partial<PoolOptions> = {}, setup: string[] = []) =>
  ConnectionPool.open(instance, { size: 2, queueLimit: 16, timeoutMs: 10_000, ...options }, setup)

/** A query that keeps a connection busy for a noticeable while (tens of milliseconds). */
const slow = (n: number) =>
  sql`SELECT count(*)::INTEGER AS n, ${n}::INTEGER AS tag FROM range(10000000) t(i) WHERE i % 7 = 3`

describe('ConnectionPool', () => {
  test('returns rows as objects with the bound values in place', async () => {
    const pool = await open()
    try {
      const rows = await pool.all(
        sql`SELECT ${1}::INTEGER AS a, ${'x'} AS b, ${true} AS c, ${null}::VARCHAR AS d UNION ALL SELECT 2, 'y', false, 'z' ORDER BY a`,
      )
      expect(rows).toEqual([
        { a: 1, b: 'x', c: true, d: null },
        { a: 2, b: 'y', c: false, d: 'z' },
      ])
      expect(await pool.all(sql`SELECT 1 AS a WHERE FALSE`)).toEqual([])
    } finally {
      await pool.close()
    }
  })

  test('runs the setup statements on every connection', async () => {
    const admin = await instance.connect()
    await admin.run("CREATE SCHEMA IF NOT EXISTS pooltest; CREATE OR REPLACE VIEW pooltest.v AS SELECT 'here' AS w")
    admin.closeSync()
    const pool = await open({ size: 3 }, ['SET schema = pooltest'])
    try {
      const rows = await Promise.all([1, 2, 3, 4, 5, 6].map(() => pool.all<{ w: string }>(sql`SELECT w FROM v`)))
      expect(rows.flat().map((r) => r.w)).toEqual(Array(6).fill('here'))
    } finally {
      await pool.close()
    }
  })

  test('runs one query per connection; the rest wait their turn, and all finish', async () => {
    const pool = await open({ size: 2 })
    try {
      expect(pool.stats()).toEqual({ size: 2, busy: 0, waiting: 0 })
      const running = [1, 2, 3, 4].map((n) => pool.all<{ n: number; tag: number }>(slow(n)))
      expect(pool.stats()).toEqual({ size: 2, busy: 2, waiting: 2 })
      const results = await Promise.all(running)
      expect(results.map((r) => r[0]!.tag)).toEqual([1, 2, 3, 4])
      expect(new Set(results.map((r) => r[0]!.n)).size).toBe(1)
      expect(pool.stats()).toEqual({ size: 2, busy: 0, waiting: 0 })
    } finally {
      await pool.close()
    }
  })

  test('rejects with ServerBusy once the waiting queue is full, and serves the others', async () => {
    const pool = await open({ size: 1, queueLimit: 1 })
    try {
      const first = pool.all(slow(1))
      const second = pool.all(slow(2))
      const third = pool.all(slow(3))
      expect(pool.stats()).toEqual({ size: 1, busy: 1, waiting: 1 })
      await expect(third).rejects.toBeInstanceOf(ServerBusy)
      expect((await first)[0]).toMatchObject({ tag: 1 })
      expect((await second)[0]).toMatchObject({ tag: 2 })
      // The queue has room again.
      expect(await pool.all(sql`SELECT 7 AS x`)).toEqual([{ x: 7 }])
    } finally {
      await pool.close()
    }
  })

  test('interrupts a query past the timeout with QueryTimeout, and the connection stays usable', async () => {
    const pool = await open({ size: 1, timeoutMs: 100 })
    try {
      const started = performance.now()
      await expect(pool.all(sql`SELECT count(*) FROM range(100000000000)`)).rejects.toBeInstanceOf(QueryTimeout)
      expect(performance.now() - started).toBeLessThan(2000)
      expect(pool.stats()).toEqual({ size: 1, busy: 0, waiting: 0 })
      expect(await pool.all(sql`SELECT ${41}::INTEGER + 1 AS answer`)).toEqual([{ answer: 42 }])
    } finally {
      await pool.close()
    }
  })

  test('a failing query rejects with its own error (not QueryTimeout) and frees its connection', async () => {
    const pool = await open({ size: 1 })
    try {
      const failure = await pool.all(sql`SELECT * FROM no_such_table`).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(Error)
      expect(failure).not.toBeInstanceOf(QueryTimeout)
      expect(await pool.all(sql`SELECT 1 AS ok`)).toEqual([{ ok: 1 }])
    } finally {
      await pool.close()
    }
  })

  test('reuses a prepared statement for the same text with new bound values', async () => {
    const pool = await open({ size: 1 })
    try {
      const q = (v: number, s: string) => sql`SELECT ${v}::INTEGER * 2 AS doubled, upper(${s}) AS shout`
      expect(await pool.all(q(1, 'a'))).toEqual([{ doubled: 2, shout: 'A' }])
      expect(await pool.all(q(21, 'bc'))).toEqual([{ doubled: 42, shout: 'BC' }])
      expect(await pool.all(q(1, 'a'))).toEqual([{ doubled: 2, shout: 'A' }])
    } finally {
      await pool.close()
    }
  })

  test('keeps answering correctly past the per-connection statement cache', async () => {
    const pool = await open({ size: 1 })
    try {
      for (let i = 0; i < 140; i++) {
        const text = { text: `SELECT ?::INTEGER + ${i} AS v`, values: [i] }
        expect(await pool.all(text)).toEqual([{ v: 2 * i }])
      }
      expect(await pool.all({ text: 'SELECT ?::INTEGER + 0 AS v', values: [5] })).toEqual([{ v: 5 }])
    } finally {
      await pool.close()
    }
  })

  test('close() waits for running and queued queries, which complete normally', async () => {
    const pool = await open({ size: 1 })
    const order: string[] = []
    const running = pool.all<{ tag: number }>(slow(1)).then((r) => {
      order.push('query 1')
      return r
    })
    const queued = pool.all<{ tag: number }>(slow(2)).then((r) => {
      order.push('query 2')
      return r
    })
    await pool.close().then(() => order.push('closed'))
    expect(order).toEqual(['query 1', 'query 2', 'closed'])
    expect((await running)[0]!.tag).toBe(1)
    expect((await queued)[0]!.tag).toBe(2)
    await pool.close() // a second close is a no-op
  })

  test('batchable queries of one text that wait together run as one query; each gets its own rows, in stored order', async () => {
    const admin = await instance.connect()
    // Several row groups, so a parallel scan could reorder rows if order were not kept.
    await admin.run('CREATE OR REPLACE TABLE batch_rows AS SELECT i, i % 7 AS g FROM range(600000) t(i) ORDER BY i')
    admin.closeSync()
    const pool = await open({ size: 1 })
    try {
      const page = (g: number, offset: number) =>
        sql`SELECT i::INTEGER AS i FROM batch_rows WHERE g = ${g} LIMIT 3 OFFSET ${offset}`
      const expected = (g: number, offset: number) => [0, 1, 2].map((k) => ({ i: g + 7 * (offset + k) }))
      const busy = pool.all(slow(1))
      const merged = [1, 2, 3, 4, 5].map((g) => pool.all(page(g, 10000 * g), { batchable: true }))
      const alone = pool.all(page(6, 5)) // same text, not batchable
      const other = pool.all(sql`SELECT ${'b'} AS b`, { batchable: true })
      expect(pool.stats()).toEqual({ size: 1, busy: 1, waiting: 7 })
      await busy
      expect(await Promise.all(merged)).toEqual([1, 2, 3, 4, 5].map((g) => expected(g, 10000 * g)))
      expect(await alone).toEqual(expected(6, 5))
      expect(await other).toEqual([{ b: 'b' }])
      expect(pool.batched).toBe(5)
      // A query that waits alone runs alone.
      expect(await pool.all(page(0, 0), { batchable: true })).toEqual(expected(0, 0))
      expect(pool.batched).toBe(5)
      expect(pool.stats()).toEqual({ size: 1, busy: 0, waiting: 0 })
    } finally {
      await pool.close()
    }
  })

  test('a merged query that fails rejects every one of its queries, and the pool goes on', async () => {
    const pool = await open({ size: 1 })
    try {
      const busy = pool.all(slow(1))
      const failing = [1, 2, 3].map((n) => pool.all(sql`SELECT CAST(${`x${n}`} AS INTEGER) AS v`, { batchable: true }))
      await busy
      const settled = await Promise.allSettled(failing)
      expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
      for (const r of settled)
        expect(String((r as PromiseRejectedResult).reason)).toMatch(/Could not convert string 'x\d' to INT32/)
      expect(pool.batched).toBe(0)
      expect(await pool.all(sql`SELECT ${7}::INTEGER AS v`)).toEqual([{ v: 7 }])
    } finally {
      await pool.close()
    }
  })
})
