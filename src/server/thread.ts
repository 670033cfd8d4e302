/**
 * One server thread: its keys store, its DuckDB database, its app, listening. `startServer` runs one in
 * this thread (SERVER_THREADS=1, and the tests); threads.ts runs several, one per worker thread, on one
 * port. SIGHUP re-reads CURRENT; stop() stops accepting connections, lets requests in flight finish,
 * then closes DuckDB.
 */

import { createApp } from '../app.ts'
import { ensureKeysFile, KeyStore } from '../auth/key-store.ts'
import type { Config } from '../config.ts'
import { Database } from '../db/client.ts'
import { consoleSink, type LogSink } from '../lib/log.ts'
import type { Metrics } from '../ops/metrics.ts'
import type { GatherReports } from '../ops/thread-report.ts'

export type RunningServer = { url: string; port: number; stop: () => Promise<void> }

export type ThreadOptions = {
  log?: LogSink
  /** What a server thread shares with the others (threads.ts); absent, the thread is the only one. */
  metrics?: Metrics
  rateTable?: SharedArrayBuffer
  gatherReports?: GatherReports
  /** Listen on a port other threads listen on too: the kernel spreads the connections among them. */
  reusePort?: boolean
}

export type Listening = { port: number; database: Database; stop: () => Promise<void> }

export async function listen(config: Config, { log = consoleSink, reusePort = false, ...shared }: ThreadOptions) {
  const keys = new KeyStore(config.KEYS_FILE, { log })
  const database = await Database.open(config, log)
  if (config.WATCH_SNAPSHOTS) database.watch()
  const app = createApp({ config, database, keys, log, ...shared })
  app.listen({ port: config.PORT, hostname: config.HOST, reusePort })
  const server = app.server!
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      await server.stop(false)
      await database.close()
    })()
    return stopping
  }
  return { port: server.port ?? config.PORT, database, stop } satisfies Listening
}

/** The address a client uses: a wildcard bind is reached at localhost. */
export function serverUrl(config: Config, port: number) {
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  return `http://${shown}:${port}`
}

/** The start-up lines: where, which snapshot, and the key (a new one shown this once). */
export function printBanner(
  print: (line: string) => void,
  config: Config,
  url: string,
  served: { snapshot?: string; unavailable?: string },
  newKey: string | undefined,
  threads: number,
) {
  print(`secds serving ${url}  (docs: ${url}/openapi; ${threads === 1 ? '1 thread' : `${threads} threads`})`)
  print(
    served.snapshot
      ? `snapshot ${served.snapshot} from ${config.DATASETS_DIR}`
      : `no snapshot yet: ${served.unavailable}; /v1 answers 503 until one is published`,
  )
  if (newKey) {
    print(`created ${config.KEYS_FILE} with one ENTERPRISE key (shown only now; the file keeps its hash):`)
    print(`  x-api-key: ${newKey}`)
    print(`  try: curl -H 'x-api-key: ${newKey}' ${url}/v1/filings?limit=2`)
  } else {
    print(`API keys: ${config.KEYS_FILE} (a new one: secds keys create --plan ENTERPRISE --name me)`)
  }
}

/** The server in this thread alone. */
export async function startServer(
  config: Config,
  { log = consoleSink, print = (line: string) => console.error(line) } = {},
): Promise<RunningServer & { database: Database }> {
  const newKey = ensureKeysFile(config.KEYS_FILE)
  const listening = await listen(config, { log })
  const { database } = listening
  const url = serverUrl(config, listening.port)
  const served = { snapshot: database.snapshot?.id, unavailable: database.unavailableReason }
  printBanner(print, config, url, served, newKey, 1)

  const onHup = () => database.reloadLogged()
  process.on('SIGHUP', onHup)
  const stop = () => {
    process.off('SIGHUP', onHup)
    return listening.stop()
  }
  return { url, port: listening.port, database, stop }
}
