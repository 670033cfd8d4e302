/**
 * `secds serve`: the API over any snapshot folder. `secds start` (what `npm start` runs): the same,
 * after building the demo snapshot from generated sample files when the datasets folder has none this
 * version can serve (none at all, or one of another schema version: a demo from before an upgrade).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { readSnapshot } from '../db/catalog.ts'
import { SnapshotUnavailable } from '../db/errors.ts'
import { Reporter } from '../lib/progress.ts'
import { runBuild } from '../pipeline/index.ts'
import { generateSample } from '../pipeline/sample.ts'
import { serveUntilSignal } from '../server/index.ts'
import { numberFlag, parseFlags, UsageError } from './args.ts'

const serveFlags = {
  datasets: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  keys: { type: 'string' },
} as const

export const serveUsage = `usage: secds serve [--datasets DIR] [--port N] [--host ADDR] [--keys FILE]

Serves the /v1 API over the snapshot DIR/CURRENT names, following it when a build publishes a new one.
  --datasets DIR   snapshot folder (default $DATASETS_DIR or ./datasets)
  --port N         TCP port (default $PORT or 8080; 0 picks a free port)
  --host ADDR      address to bind (default $HOST or 0.0.0.0)
  --keys FILE      API keys file; created with one ENTERPRISE key when missing (default $KEYS_FILE or ./secds-keys.json)
Other settings come from the environment (docs/operating.md: "Configuration").`

export const startUsage = `usage: secds start [--datasets DIR] [--port N] [--host ADDR] [--keys FILE]

Builds a demo snapshot from generated (fictional) EDGAR files when DIR has none this version serves
(none, or one of an older schema version), then serves it like \`secds serve\`. This is what \`npm start\` runs.`

/**
 * The demo's mirror: about 1,900 entities and 48,000 filings (the fixed cast among them, src/sample/cast.ts),
 * with two years of quarterly data sets (financial statements, insider transactions, Form 13F), as a
 * download of the latest quarters gives one: every operation has data, and it builds in seconds.
 */
const DEMO = { scale: 0.002, seed: 1, periodsFrom: '2024-10-01' } as const

function configFrom(argv: string[], env: Record<string, string | undefined>, usage: string): Config | undefined {
  const f = parseFlags(argv, serveFlags, usage)
  if (f.help) {
    console.log(usage)
    return undefined
  }
  const overrides: Partial<Config> = {}
  if (f.datasets) overrides.DATASETS_DIR = f.datasets
  if (f.port !== undefined) overrides.PORT = numberFlag('port', f.port, 8080, { min: 0, max: 65535, integer: true })
  if (f.host) overrides.HOST = f.host
  if (f.keys) overrides.KEYS_FILE = f.keys
  try {
    return loadConfig(env, overrides)
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message)
    throw e
  }
}

export async function serveCommand(argv: string[], env = process.env) {
  const config = configFrom(argv, env, serveUsage)
  if (config) await serveUntilSignal(config)
}

/** Why the datasets folder has no snapshot this version serves (the server's own reason), or undefined. */
export function unservable(datasets: string): string | undefined {
  try {
    readSnapshot(datasets)
    return undefined
  } catch (e) {
    if (e instanceof SnapshotUnavailable) return e.message
    throw e
  }
}

export async function startCommand(argv: string[], env = process.env) {
  const config = configFrom(argv, env, startUsage)
  if (!config) return
  const why = unservable(config.DATASETS_DIR)
  if (why) {
    // Named by the demo's profile: a mirror cached by an earlier profile is not taken for this one.
    const mirror = join('.cache', `demo-sample-${DEMO.scale}-from-${DEMO.periodsFrom}`)
    console.error(
      `no snapshot in ${config.DATASETS_DIR} this version serves (${why}): building the demo snapshot from generated sample files (fictional companies)…`,
    )
    if (!existsSync(join(mirror, 'submissions.zip')))
      await generateSample({ out: mirror, ...DEMO, reporter: new Reporter() })
    // One DuckDB thread: the demo's statements are small, and a second thread costs more CPU than it saves.
    await runBuild({ from: mirror, datasets: config.DATASETS_DIR, reporter: new Reporter(), threads: 1 })
  }
  await serveUntilSignal(config)
}
