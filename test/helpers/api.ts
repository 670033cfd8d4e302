/**
 * An in-process API over a snapshot built by the real build from the generator's fixture files: the
 * tests call `app.handle(new Request(...))`, with real DuckDB over real Parquet underneath.
 */
import { afterAll, beforeAll } from 'bun:test'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { KeyStore } from '../../src/auth/key-store.ts'
import { newKeyRecord, writeKeysFile, type KeysFile } from '../../src/auth/keys-file.ts'
import { runBuild } from '../../src/pipeline/index.ts'
import { loadConfig, type Config } from '../../src/config.ts'
import { Database } from '../../src/db/client.ts'
import { silentReporter } from '../../src/lib/progress.ts'
import { memorySink } from '../../src/lib/log.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { openSnapshot, tempDir } from './snapshot.ts'

export type Reply = { status: number; headers: Headers; body: any; text: string }

/** Fixture bulk files → snapshot, once per call; `scale` 0.00005 is the fixed cast plus ~50 entities. */
export async function buildFixtureSnapshot(root: string, scale = 0.00005, build: { lookupFrameBytes?: number } = {}) {
  const mirror = join(root, 'mirror')
  const datasets = join(root, 'datasets')
  await generateSample({ out: mirror, scale, seed: 1 })
  const result = await runBuild({ from: mirror, datasets, reporter: silentReporter(), threads: 2, ...build })
  return { mirror, datasets, snapshotId: result.snapshotId }
}

/** What buildFixtureSnapshot left in `root`. */
function existingFixture(root: string) {
  const datasets = join(root, 'datasets')
  return { mirror: join(root, 'mirror'), datasets, snapshotId: readFileSync(join(datasets, 'CURRENT'), 'utf8').trim() }
}

/** A keys file with one key per plan (ENTERPRISE with every feature); returns the keys by plan. */
export function writeTestKeys(path: string) {
  const file: KeysFile = { keys: [] }
  const keys: Record<string, string> = {}
  for (const [plan, features] of [['FREE', []], ['LITE', []], ['PRO', ['SEC_API_ENDPOINTS']], ['ENTERPRISE', ['SEC_API_ENDPOINTS']]] as const) {
    const { key, record } = newKeyRecord(file, { name: `test-${plan.toLowerCase()}`, plan, features })
    file.keys.push(record)
    keys[plan] = key
  }
  writeKeysFile(path, file)
  return keys as { FREE: string; LITE: string; PRO: string; ENTERPRISE: string }
}

/** The app over the fixture snapshot; `root` reuses a folder where buildFixtureSnapshot already ran. */
export async function openTestApi({ config: overrides = {}, now, root: given }: { config?: Partial<Config>; now?: () => number; root?: string } = {}) {
  const root = given ?? tempDir('api')
  const { datasets, snapshotId, mirror } = given ? existingFixture(given) : await buildFixtureSnapshot(root)
  const keysFile = join(root, 'keys.json')
  const keys = writeTestKeys(keysFile)
  const config = loadConfig({}, { DATASETS_DIR: datasets, KEYS_FILE: keysFile, LOG_REQUESTS: false, WATCH_SNAPSHOTS: false, ...overrides })
  const log = memorySink()
  const database = await Database.open(config, log)
  const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log, now })

  async function get(path: string, { key = keys.ENTERPRISE as string | null, headers = {} as Record<string, string>, method = 'GET' } = {}): Promise<Reply> {
    const h = new Headers(headers)
    if (key !== null) h.set('x-api-key', key)
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers: h }))
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: res.status, headers: res.headers, body, text }
  }

  return {
    app, get, keys, config, database, log, root, datasets, mirror, snapshotId,
    async close() {
      await database.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

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
