/**
 * The floors the API is measured against, served like the API is (Bun, Elysia) but doing nothing else:
 *   GET /ping    → { ok: true }: the bare Elysia floor, what HTTP, routing and JSON cost on this machine;
 *   GET /duckdb  → a prepared `SELECT 42 AS answer` on a pool of 4 @duckdb/node-api connections (one
 *                  in-memory instance, threads '1'), rows via getRowObjectsJson(): the trivial-DuckDB
 *                  floor, what one round trip through the DuckDB binding costs, with no data read.
 * An API operation cannot beat these; its ratio to them says how much is left to gain.
 *
 *   bun scripts/bench/floor-server.ts [--port 0] [--host 127.0.0.1]   (prints "floor serving http://…" on stderr)
 */

import { parseArgs } from 'node:util'
import { type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api'
import { Elysia } from 'elysia'

const { values: f } = parseArgs({
  options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } },
})

type Pooled = { conn: DuckDBConnection; statement: DuckDBPreparedStatement }

// The same shape as the server's pool (src/db/pool.ts): one query per connection at a time, waiters in order.
const instance = await DuckDBInstance.create(':memory:', { threads: '1' })
const free: Pooled[] = []
for (let i = 0; i < 4; i++) {
  const conn = await instance.connect()
  free.push({ conn, statement: await conn.prepare('SELECT 42 AS answer') })
}
const waiters: ((p: Pooled) => void)[] = []
const acquire = (): Pooled | Promise<Pooled> => free.pop() ?? new Promise((resolve) => waiters.push(resolve))
const release = (p: Pooled) => {
  const next = waiters.shift()
  if (next) next(p)
  else free.push(p)
}

async function answer() {
  const p = await acquire()
  try {
    const reader = await p.statement.runAndReadAll()
    return reader.getRowObjectsJson()[0]
  } finally {
    release(p)
  }
}

const app = new Elysia()
  .get('/ping', () => ({ ok: true }))
  .get('/duckdb', () => answer())
  .listen({ port: Number(f.port), hostname: f.host })

console.error(`floor serving http://${f.host}:${app.server!.port}`)
// Nothing to flush (an in-memory database): exit at once, even with keep-alive connections open.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0))
