/**
 * A server thread's entry (threads.ts starts one per SERVER_THREADS): the whole app with its own DuckDB
 * database and result cache, listening on the port the other threads share. The compiled binary holds
 * it as a second entry point (scripts/compile.ts), at `server/worker.ts` beside the CLI.
 */
import { Metrics } from '../ops/metrics.ts'
import { type ThreadReport, threadReport } from '../ops/thread-report.ts'
import type { FromThread, ToThread } from './messages.ts'
import { type Listening, listen } from './thread.ts'

declare const self: Worker

const say = (message: FromThread) => self.postMessage(message)
const metrics = new Metrics()
let thread = 0
let listening: Listening | undefined
/** Scrapes of /metrics this thread asked the main thread to gather, by id. */
const gathering = new Map<number, (reports: ThreadReport[]) => void>()
let nextScrape = 0

function gatherReports(): Promise<ThreadReport[]> {
  const id = nextScrape++
  return new Promise((resolve) => {
    gathering.set(id, resolve)
    say({ type: 'gather', id })
  })
}

self.onmessage = async ({ data: message }: MessageEvent<ToThread>) => {
  switch (message.type) {
    case 'start':
      thread = message.thread
      try {
        listening = await listen(message.config, {
          metrics,
          rateTable: message.rateTable,
          gatherReports,
          reusePort: true,
        })
        const { database } = listening
        say({
          type: 'listening',
          port: listening.port,
          snapshot: database.snapshot?.id,
          unavailable: database.unavailableReason,
        })
      } catch (e) {
        say({ type: 'failed', message: (e as Error).message })
      }
      return
    case 'report':
      if (listening) say({ type: 'report', id: message.id, report: threadReport(thread, metrics, listening.database) })
      return
    case 'gathered':
      gathering.get(message.id)?.(message.reports)
      gathering.delete(message.id)
      return
    case 'reload':
      listening?.database.reloadLogged()
      return
    case 'stop':
      await listening?.stop()
      say({ type: 'stopped' })
      return
  }
}
