/**
 * In-process API latency: generate bulk files at a scale (reused from bench-build's work folder), build
 * the snapshot, then call every Filings and Entities operation through `app.handle` one at a time with
 * random parameters drawn from the snapshot (CIKs, tickers, accession numbers, date windows, form sets,
 * deep pages), and report p50 / p99 per operation. No HTTP and no concurrency: this is the query and
 * handler cost; the load benchmark over the compiled binary is `npm run bench` (issue 4).
 *
 *   bun scripts/bench-api.ts [--scale 0.01] [--requests 200] [--work .tmp/bench]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createApp } from '../src/app.ts'
import { KeyStore } from '../src/auth/key-store.ts'
import { loadConfig } from '../src/config.ts'
import { Database } from '../src/db/client.ts'
import { sql } from '../src/db/sql.ts'
import { memorySink } from '../src/lib/log.ts'
import { Reporter, table } from '../src/lib/progress.ts'
import { runBuild } from '../src/pipeline/index.ts'
import { writeTestKeys } from '../test/helpers/api.ts'
import { ensureMirror, mirrorFolder } from './bench/mirror.ts'

const { values: f } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.01' },
    requests: { type: 'string', default: '200' },
    work: { type: 'string', default: '.tmp/bench' },
  },
})
const work = resolve(f.work!)
const mirror = mirrorFolder(work, f.scale!, '1')
const datasets = join(work, `datasets-${f.scale}`)
mkdirSync(work, { recursive: true })
ensureMirror([process.execPath, resolve(import.meta.dir, '../src/cli.ts')], mirror, f.scale!, '1')
if (!existsSync(join(datasets, 'CURRENT'))) await runBuild({ from: mirror, datasets, reporter: new Reporter() })

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

// Parameters drawn from the snapshot itself.
const probe = database.forRequest()
const ciks = (
  await probe.all<{ cik: number }>(sql`SELECT cik::INTEGER AS cik FROM entities USING SAMPLE 500 ROWS`)
).map((r) => r.cik)
const tickers = (await probe.all<{ t: string }>(sql`SELECT ticker AS t FROM tickers USING SAMPLE 200 ROWS`)).map(
  (r) => r.t,
)
const filings = await probe.all<{ a: string; c: number }>(
  sql`SELECT lpad(acc_key::VARCHAR, 18, '0') AS a, cik::INTEGER AS c FROM filings USING SAMPLE 500 ROWS`,
)
probe.release()
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!
const FORMS = ['10-K', '10-Q', '8-K', '4', 'SC 13G', '13F-HR', 'S-1', 'DEF 14A']
const day = () =>
  new Date(
    Date.UTC(2001 + Math.floor(Math.random() * 25), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28)),
  )
    .toISOString()
    .slice(0, 10)
const window = () => {
  const a = day(),
    b = day()
  return a < b ? `startDate=${a}&endDate=${b}` : `startDate=${b}&endDate=${a}`
}

const operations: Record<string, () => string> = {
  'filings latest': () => '/v1/filings',
  'filings by form set + date window': () => `/v1/filings?formTypes=${pick(FORMS)},${pick(FORMS)}&${window()}`,
  'filings deep page (offset 10,000)': () => `/v1/filings?limit=100&page=101`,
  'filings by CIK': () => `/v1/filings?cik=${pick(ciks)}`,
  'filings by ticker': () => `/v1/filings?ticker=${pick(tickers)}`,
  'filing by accession': () => {
    const x = pick(filings)
    return `/v1/filings/${x.a}`
  },
  'filing by CIK + accession': () => {
    const x = pick(filings)
    return `/v1/filings/${x.c}/${x.a}`
  },
  'filing documents': () => {
    const x = pick(filings)
    return `/v1/filings/${x.c}/${x.a}/documents`
  },
  'form types': () => '/v1/filings/form-types',
  'entity by CIK': () => `/v1/entities/${pick(ciks)}`,
  'entity by ticker': () => `/v1/entities/${pick(tickers).toLowerCase()}`,
  'entities by name substring': () => `/v1/entities?q=${pick(['corp', 'holdings', 'trust', 'capital', 'bio'])}`,
  'entities by type': () =>
    `/v1/entities?entityType=${pick(['company', 'individual', 'institution'])}&page=${1 + Math.floor(Math.random() * 20)}`,
  'entity filings': () => `/v1/entities/${pick(ciks)}/filings?formTypes=10-K,10-Q`,
  'SIC codes': () => `/v1/entities/sic-codes?page=${1 + Math.floor(Math.random() * 20)}`,
}

const rows: Record<string, string | number>[] = []
for (const [name, path] of Object.entries(operations)) {
  const times: number[] = []
  let errors = 0
  for (let i = 0; i < Number(f.requests) + 10; i++) {
    const started = performance.now()
    const url = `http://localhost${path()}`
    const res: Response = await app.handle(new Request(url, { headers: { 'x-api-key': keys.ENTERPRISE } }))
    const body = await res.text()
    if (res.status !== 200 && res.status !== 404) {
      errors++
      if (process.env.SECDS_DEBUG) console.error(res.status, url, body)
    }
    if (i >= 10) times.push(performance.now() - started) // the first ten warm caches and prepare statements
  }
  times.sort((a, b) => a - b)
  const q = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2))
  rows.push({ operation: name, 'p50 ms': q(0.5), 'p99 ms': q(0.99), errors })
}
const snapshotId = database.snapshot?.id ?? ''
await database.close()

const rss = process.memoryUsage.rss()
const header = `API latency in process, scale ${f.scale} (snapshot ${snapshotId}), ${f.requests} requests per operation, 1 at a time, DUCKDB_THREADS=${config.DUCKDB_THREADS}; RSS after: ${(rss / 2 ** 20).toFixed(0)} MB`
const text = table(
  Object.keys(rows[0]!),
  rows.map((r) => Object.values(r).map(String)),
)
console.log(`${header}\n\n${text}`)
writeFileSync(
  join(work, `api-${f.scale}.json`),
  JSON.stringify({ scale: Number(f.scale), rssBytes: rss, rows }, null, 2),
)
