/**
 * Graceful shutdown: stop() refuses new connections but lets requests already received finish. The
 * requests are kept in flight by occupying every DuckDB connection with a slow query first, so they
 * are still waiting for a connection when stop() is called.
 */
import { afterAll, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from '../../src/db/sql.ts'
import { memorySink } from '../../src/lib/log.ts'
import { startServer } from '../../src/server/index.ts'
import { writeTestKeys } from '../helpers/api.ts'
import { testConfig } from '../helpers/config.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('shutdown')
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('SIGTERM-style stop finishes the requests in flight, then refuses new ones', async () => {
  // The server only reads the snapshot: the shared one will do.
  const { datasets } = await sampleFixture()
  const keysFile = join(root, 'keys.json')
  const keys = writeTestKeys(keysFile)
  // The blocking queries must end by themselves, however slow a busy machine makes them (testConfig's timeout).
  const config = testConfig({
    DATASETS_DIR: datasets,
    KEYS_FILE: keysFile,
    PORT: 0,
    HOST: '127.0.0.1',
    DB_CONNECTIONS: 2,
    LOG_REQUESTS: false,
    WATCH_SNAPSHOTS: false,
  })
  const server = await startServer(config, { log: memorySink(), print: () => {} })

  // Occupy both connections for a while (a slow but finite query each).
  let blocking = 2
  const blockers = [0, 1].map(async () => {
    const db = server.database.forRequest()
    try {
      await db.all(sql`SELECT count(*)::INTEGER AS n FROM range(50000000) t(i) WHERE i % 7 = 3`)
    } finally {
      db.release()
      blocking--
    }
  })
  const inFlight = Array.from({ length: 6 }, () =>
    fetch(`${server.url}/v1/filings?limit=5`, { headers: { 'x-api-key': keys.ENTERPRISE } }).then((r) => r.status),
  )
  // The requests queue for a connection as soon as they arrive: watched for, not given a fixed time.
  while (server.database.poolStats().waiting === 0 && blocking > 0) await Bun.sleep(5)
  expect(server.database.poolStats().waiting).toBeGreaterThan(0)

  const stopped = server.stop()
  expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200, 200, 200])
  await Promise.all(blockers)
  await stopped
  expect(
    await fetch(`${server.url}/health`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused')
})
