/**
 * An in-process API over the shared sample snapshot (test/helpers/fixture.ts: built once per run by the
 * real build from the generator's fixture files): the tests call `app.handle(new Request(...))`, with
 * real DuckDB over real Parquet underneath. Each call opens its own Database and app over the shared
 * datasets folder, read-only; a test that changes the snapshot asks for a copy (`copy: true`).
 */
import { afterAll, beforeAll } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { type KeysFile, newKeyRecord, writeKeysFile } from '../../src/auth/keys-file.ts'
import type { Config } from '../../src/config.ts'
import { Database } from '../../src/db/client.ts'
import { memorySink } from '../../src/lib/log.ts'
import { testConfig } from './config.ts'
import { copyFixture, sampleFixture } from './fixture.ts'
import { openSnapshot, tempDir } from './snapshot.ts'

export type Reply = { status: number; headers: Headers; body: any; text: string }

/** A keys file with one key per plan (ENTERPRISE with every feature); returns the keys by plan. */
export function writeTestKeys(path: string) {
  const file: KeysFile = { keys: [] }
  const keys: Record<string, string> = {}
  for (const [plan, features] of [
    ['FREE', []],
    ['LITE', []],
    ['PRO', ['SEC_API_ENDPOINTS']],
    ['ENTERPRISE', ['SEC_API_ENDPOINTS']],
  ] as const) {
    const { key, record } = newKeyRecord(file, { name: `test-${plan.toLowerCase()}`, plan, features })
    file.keys.push(record)
    keys[plan] = key
  }
  writeKeysFile(path, file)
  return keys as { FREE: string; LITE: string; PRO: string; ENTERPRISE: string }
}

type Options = {
  config?: Partial<Config>
  now?: () => number
  /** Serve a copy of the sample snapshot in the app's own folder, for a test that changes it. */
  copy?: boolean
  /** Runs on the copy's snapshot folder before the database opens it (implies `copy`). */
  prepare?: (snapshotDir: string) => Promise<void> | void
}

/**
 * The app over the sample snapshot. `root` is the app's own folder (its keys file, the copy when asked
 * for), removed by close(); `mirror` is the shared fixture's, to be read only.
 */
export async function openTestApi({ config: overrides = {}, now, copy = false, prepare }: Options = {}) {
  const root = tempDir('api')
  const shared = await sampleFixture()
  const { datasets, snapshotId, mirror, dir } = copy || prepare ? copyFixture(shared, root) : shared
  await prepare?.(dir)
  const keysFile = join(root, 'keys.json')
  const keys = writeTestKeys(keysFile)
  // Every body a test produces is checked against its operation's response schema (src/areas/operation.ts).
  const config = testConfig({
    DATASETS_DIR: datasets,
    KEYS_FILE: keysFile,
    LOG_REQUESTS: false,
    WATCH_SNAPSHOTS: false,
    CHECK_RESPONSES: true,
    ...overrides,
  })
  const log = memorySink()
  const database = await Database.open(config, log)
  const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log, now })
  /** The request ids of the responses get() returned, for settled(). */
  const answered: string[] = []

  async function get(
    path: string,
    { key = keys.ENTERPRISE as string | null, headers = {} as Record<string, string>, method = 'GET' } = {},
  ): Promise<Reply> {
    const h = new Headers(headers)
    if (key !== null) h.set('x-api-key', key)
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers: h }))
    const text = await res.text()
    const id = res.headers.get('x-request-id')
    if (id) answered.push(id)
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: res.status, headers: res.headers, body, text }
  }

  return {
    app,
    get,
    keys,
    config,
    database,
    log,
    root,
    datasets,
    mirror,
    snapshotId,
    /**
     * Waits until every response get() returned has its request log line (LOG_REQUESTS): the log line and
     * the metrics are written in onAfterResponse, after app.handle resolves. Polls for the lines, however
     * long that takes; a line that never comes is a hang, caught by the run's guard.
     */
    async settled() {
      if (!config.LOG_REQUESTS) throw new Error('settled() waits for request log lines: set LOG_REQUESTS')
      const logged = () => new Set(log.lines.map((l) => l.request_id))
      while (!answered.every((id) => logged().has(id))) await Bun.sleep(1)
    },
    async close() {
      await database.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A snapshot's data layer, as the server opens it, for checking every row of a table against its schema. */
export const openDatabase = (datasets: string) =>
  Database.open(testConfig({ DATASETS_DIR: datasets, WATCH_SNAPSHOTS: false }), memorySink())

export type TestApi = Awaited<ReturnType<typeof openTestApi>>

/**
 * For a test file that reads both the API and the snapshot's Parquet: opens them before the file's
 * tests and closes them after. Read `ctx.api` and `ctx.snap` inside tests (they are set in beforeAll).
 */
export function useApiAndSnapshot() {
  const ctx = {} as { api: TestApi; snap: Awaited<ReturnType<typeof openSnapshot>> }
  beforeAll(async () => {
    ctx.api = await openTestApi()
    ctx.snap = await openSnapshot(join(ctx.api.datasets, ctx.api.snapshotId))
  })
  afterAll(async () => {
    ctx.snap?.close()
    await ctx.api?.close()
  })
  return ctx
}
