/**
 * In-process API latency: every area's bench operations (src/areas/<area>/bench.ts, the same paths the
 * load benchmark sends) called through `app.handle` one at a time, with keys drawn from the snapshot as
 * `npm run bench` draws them, reporting p50 / p99 per operation and mix against the operation's c=1 p50
 * target. No HTTP and no concurrency: this is the query and handler cost, cheap enough to run at full
 * volume while a change is under way; the load benchmark over the compiled binary is `npm run bench`.
 *
 *   bun scripts/bench-api.ts [--scale 0.01] [--requests 200] [--work .tmp/bench] [--mix uniform|skewed|both]
 *                            [--datasets DIR] [--only TEXT]
 *
 * `--datasets` measures a snapshot already built there (no generation, no build); `--only` keeps the
 * operations whose name contains TEXT.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createApp } from '../src/app.ts'
import { KeyStore } from '../src/auth/key-store.ts'
import { loadConfig } from '../src/config.ts'
import { Database } from '../src/db/client.ts'
import { memorySink } from '../src/lib/log.ts'
import { Reporter, table } from '../src/lib/progress.ts'
import { runBuild } from '../src/pipeline/index.ts'
import { writeTestKeys } from '../test/helpers/api.ts'
import { POST_HEADERS, requestOf } from './bench/http.ts'
import { ensureMirror, mirrorFolder } from './bench/mirror.ts'
import { MIXES, type Mix, makeDraws } from './bench/mixes.ts'
import { OPERATIONS } from './bench/operations.ts'
import { seeded } from './bench/random.ts'
import { readSnapshotKeys } from './bench/snapshot-keys.ts'
import { TARGETS } from './bench/targets.ts'

const { values: f } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.01' },
    requests: { type: 'string', default: '200' },
    work: { type: 'string', default: '.tmp/bench' },
    mix: { type: 'string', default: 'uniform' },
    datasets: { type: 'string' },
    only: { type: 'string' },
  },
})
const work = resolve(f.work!)
mkdirSync(work, { recursive: true })
const datasets = f.datasets ? resolve(f.datasets) : join(work, `datasets-${f.scale}`)
if (!f.datasets) {
  const mirror = mirrorFolder(work, f.scale!, '1')
  ensureMirror([process.execPath, resolve(import.meta.dir, '../src/cli.ts')], mirror, f.scale!, '1')
  if (!existsSync(join(datasets, 'CURRENT'))) await runBuild({ from: mirror, datasets, reporter: new Reporter() })
}
const mixes: Mix[] = f.mix === 'both' ? [...MIXES] : MIXES.filter((m) => m === f.mix)
if (!mixes.length) throw new Error(`--mix must be uniform, skewed or both, got ${JSON.stringify(f.mix)}`)

const keysFile = join(work, 'bench-keys.json')
const keys = writeTestKeys(keysFile)
const config = loadConfig(process.env, {
  DATASETS_DIR: datasets,
  KEYS_FILE: keysFile,
  LOG_REQUESTS: false,
  WATCH_SNAPSHOTS: false,
})
const log = memorySink()
const database = await Database.open(config, log)
const app = createApp({ config, database, keys: new KeyStore(keysFile, { log }), log })
const snapshotKeys = await readSnapshotKeys(datasets)
const operations = OPERATIONS.filter((op) => !f.only || op.name.includes(f.only))

const rows: Record<string, string | number>[] = []
for (const mix of mixes) {
  const rnd = seeded(1000 + MIXES.indexOf(mix))
  const draws = makeDraws(mix, snapshotKeys, rnd)
  for (const op of operations) {
    const times: number[] = []
    let errors = 0
    for (let i = 0; i < Number(f.requests) + 10; i++) {
      const line = op.path(draws, rnd)
      if (line === undefined) break
      // A path to GET, or a POST of JSON (the MCP tool call), as the load benchmark sends it.
      const { path, post } = requestOf(line)
      const started = performance.now()
      const res: Response = await app.handle(
        new Request(`http://localhost${path}`, {
          method: post ? 'POST' : 'GET',
          headers: { 'x-api-key': keys.ENTERPRISE, ...(post && POST_HEADERS) },
          body: post,
        }),
      )
      const body = await res.text()
      if (res.status !== 200) {
        errors++
        if (process.env.SECDS_DEBUG) console.error(res.status, line, body.slice(0, 300))
      }
      if (i >= 10) times.push(performance.now() - started) // the first ten warm caches and prepare statements
    }
    if (!times.length) continue
    times.sort((a, b) => a - b)
    const q = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2))
    const target = op.p50Ms ?? (op.kind === 'lookup' ? TARGETS.lookupP50Ms : TARGETS.listP50Ms)
    rows.push({ mix, operation: op.name, 'p50 ms': q(0.5), 'p99 ms': q(0.99), 'p50 target': target, errors })
  }
}
const snapshotId = database.snapshot?.id ?? ''
await database.close()

const rss = process.memoryUsage.rss()
const header = `API latency in process, ${datasets} (snapshot ${snapshotId}), ${f.requests} requests per operation, 1 at a time, DUCKDB_THREADS=${config.DUCKDB_THREADS}; RSS after: ${(rss / 2 ** 20).toFixed(0)} MB`
const text = table(
  Object.keys(rows[0]!),
  rows.map((r) => Object.values(r).map(String)),
)
console.log(`${header}\n\n${text}`)
writeFileSync(
  join(work, `api-${f.datasets ? 'datasets' : f.scale}.json`),
  JSON.stringify({ rssBytes: rss, rows }, null, 2),
)
