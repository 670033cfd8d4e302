/**
 * The server on several threads (SERVER_THREADS): each a worker (worker.ts) with the whole app, its own
 * DuckDB database and result cache, all listening on one port with SO_REUSEPORT, so the kernel spreads the
 * connections among them. A request's JavaScript (routing, validation, reading a lookup file, writing the
 * JSON) runs on one thread, so one thread answers no more requests a second than one core allows, however
 * many connections wait; threads let every core answer.
 *
 * The main thread serves nothing: it starts the threads, hands each its share of the memory budgets and the
 * rate counters they all share (src/auth/rate-limiter.ts), gathers their reports for a scrape of /metrics,
 * passes SIGHUP on, and stops them. A thread that dies ends the process (a supervisor restarts it), rather
 * than leave a server answering with fewer threads than it says.
 */
import { availableParallelism } from 'node:os'
import { ensureKeysFile } from '../auth/key-store.ts'
import { newRateTable } from '../auth/rate-limiter.ts'
import type { Config } from '../config.ts'
import { memorySizeBytes } from '../lib/memory-size.ts'
import { workerScript } from '../lib/worker-script.ts'
import type { ThreadReport } from '../ops/thread-report.ts'
import type { FromThread, ToThread } from './messages.ts'
import { printBanner, type RunningServer, serverUrl } from './thread.ts'

/** The most threads SERVER_THREADS=0 picks: past it, connections and DuckDB's memory matter more than cores. */
const MOST_AUTO_THREADS = 8

/**
 * How many threads serve: SERVER_THREADS, or one per core when it is 0. Only Linux spreads the connections
 * of a shared port among its listeners, so elsewhere one thread serves.
 */
export function serverThreads(config: Pick<Config, 'SERVER_THREADS'>, platform = process.platform): number {
  if (platform !== 'linux') return 1
  return config.SERVER_THREADS || Math.min(availableParallelism(), MOST_AUTO_THREADS)
}

/**
 * One thread's share of the process's budgets: DuckDB's memory limit and the result cache are divided among
 * the threads, so the process holds what the operator set, whatever the thread count. Connections and the
 * queue stay per thread: they are what each thread's own requests wait for.
 */
export function threadShare(config: Config, threads: number): Config {
  const bytes = memorySizeBytes(config.DUCKDB_MEMORY_LIMIT)
  return {
    ...config,
    DUCKDB_MEMORY_LIMIT: `${Math.max(1, Math.floor(bytes / threads / 2 ** 20))}MiB`,
    RESPONSE_CACHE_MB: Math.floor(config.RESPONSE_CACHE_MB / threads),
  }
}

type Thread = { worker: Worker; index: number; listening?: boolean; stopped?: () => void }

export async function startThreads(
  config: Config,
  count: number,
  { print = (line: string) => console.error(line) } = {},
): Promise<RunningServer> {
  const newKey = ensureKeysFile(config.KEYS_FILE)
  const share = threadShare(config, count)
  const rateTable = newRateTable()
  const threads: Thread[] = []
  let stopping = false
  /** Scrapes being gathered: who asked (and under which of its ids), the reports so far. */
  const scrapes = new Map<number, { asker: Thread; askerId: number; expected: number; reports: ThreadReport[] }>()
  let nextScrape = 0
  const send = (thread: Thread, message: ToThread) => thread.worker.postMessage(message)

  const fail = (thread: Thread, why: string) => {
    if (stopping) return
    console.error(`secds: server thread ${thread.index} ${why}; stopping the process`)
    process.exit(1)
  }

  /** Starts one thread on `port` and resolves to the port it listens on, once it does. */
  const start = (index: number, port: number) =>
    new Promise<Extract<FromThread, { type: 'listening' }>>((resolve, reject) => {
      const thread: Thread = { worker: new Worker(workerScript('server/worker.ts')), index }
      threads.push(thread)
      thread.worker.onmessage = ({ data: message }: MessageEvent<FromThread>) => {
        switch (message.type) {
          case 'listening':
            thread.listening = true
            return resolve(message)
          case 'failed':
            return reject(new Error(`server thread ${index}: ${message.message}`))
          case 'gather': {
            // The threads still starting serve nothing yet: they have nothing to report.
            const serving = threads.filter((t) => t.listening)
            const id = nextScrape++
            scrapes.set(id, { asker: thread, askerId: message.id, expected: serving.length, reports: [] })
            for (const t of serving) send(t, { type: 'report', id })
            return
          }
          case 'report': {
            const scrape = scrapes.get(message.id)
            if (!scrape) return
            scrape.reports.push(message.report)
            if (scrape.reports.length < scrape.expected) return
            scrapes.delete(message.id)
            const reports = scrape.reports.sort((a, b) => a.thread - b.thread)
            return send(scrape.asker, { type: 'gathered', id: scrape.askerId, reports })
          }
          case 'stopped':
            return thread.stopped?.()
        }
      }
      thread.worker.addEventListener('error', (e) => fail(thread, `failed: ${(e as ErrorEvent).message}`))
      thread.worker.addEventListener('close', () => fail(thread, 'exited'))
      send(thread, { type: 'start', thread: index, config: { ...share, PORT: port }, rateTable })
    })

  // The first thread picks the port when PORT is 0; the others then join it. The first also warms the
  // snapshot's files into the page cache, so the others open them warm.
  let first: Awaited<ReturnType<typeof start>>
  try {
    first = await start(0, config.PORT)
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1, first.port)))
  } catch (e) {
    // A thread that cannot serve (its port taken, say) fails the start: the others go too.
    stopping = true
    for (const t of threads) t.worker.terminate()
    throw e
  }
  const url = serverUrl(config, first.port)
  printBanner(print, config, url, first, newKey, count)

  const onHup = () => {
    for (const t of threads) send(t, { type: 'reload' })
  }
  process.on('SIGHUP', onHup)
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= (async () => {
      stopping = true
      process.off('SIGHUP', onHup)
      await Promise.all(
        threads.map(
          (t) =>
            new Promise<void>((resolve) => {
              t.stopped = resolve
              send(t, { type: 'stop' })
            }),
        ),
      )
      for (const t of threads) t.worker.terminate()
    })()
    return stopped
  }
  return { url, port: first.port, stop }
}
