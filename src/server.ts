/**
 * Starting and stopping the server: keys file, database, app, listen; SIGHUP re-reads CURRENT;
 * SIGTERM/SIGINT stop accepting connections, let requests in flight finish, then close DuckDB.
 */

import { createApp } from './app.ts'
import { ensureKeysFile, KeyStore } from './auth/key-store.ts'
import type { Config } from './config.ts'
import { Database } from './db/client.ts'
import { consoleSink, errorFields } from './lib/log.ts'

export type RunningServer = { url: string; port: number; database: Database; stop: () => Promise<void> }

export async function startServer(
  config: Config,
  { log = consoleSink, print = (line: string) => console.error(line) } = {},
): Promise<RunningServer> {
  const newKey = ensureKeysFile(config.KEYS_FILE)
  const keys = new KeyStore(config.KEYS_FILE)
  const database = await Database.open(config, log)
  if (config.WATCH_SNAPSHOTS) database.watch()
  const app = createApp({ config, database, keys, log })
  app.listen({ port: config.PORT, hostname: config.HOST })
  const server = app.server!
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  const url = `http://${shown}:${server.port}`

  print(`secds serving ${url}  (docs: ${url}/openapi)`)
  print(
    database.snapshot
      ? `snapshot ${database.snapshot.id} from ${config.DATASETS_DIR}`
      : `no snapshot yet: ${database.unavailableReason}; /v1 answers 503 until one is published`,
  )
  if (newKey) {
    print(`created ${config.KEYS_FILE} with one ENTERPRISE key (shown only now; the file keeps its hash):`)
    print(`  x-api-key: ${newKey}`)
    print(`  try: curl -H 'x-api-key: ${newKey}' ${url}/v1/filings?limit=2`)
  } else {
    print(`API keys: ${config.KEYS_FILE} (a new one: secds keys create --plan ENTERPRISE --name me)`)
  }

  const onHup = () =>
    void database.reload().catch((e) => log.error({ level: 'error', event: 'reload_failed', ...errorFields(e) }))
  process.on('SIGHUP', onHup)

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      process.off('SIGHUP', onHup)
      await server.stop(false)
      await database.close()
    })()
    return stopping
  }
  return { url, port: server.port ?? config.PORT, database, stop }
}

/** Runs until SIGTERM or SIGINT, then shuts down gracefully. */
export async function serveUntilSignal(config: Config) {
  const running = await startServer(config)
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      console.error(`secds: ${signal}: finishing requests in flight`)
      void running.stop().then(resolve)
    }
    process.once('SIGTERM', () => shutdown('SIGTERM'))
    process.once('SIGINT', () => shutdown('SIGINT'))
  })
}
