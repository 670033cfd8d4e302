/** What the main thread and the server threads say to each other (threads.ts, worker.ts). */
import type { Config } from '../config.ts'
import type { ThreadReport } from '../ops/thread-report.ts'

/** Main thread to a server thread. */
export type ToThread =
  /** Serve: `config` is this thread's share (threads.ts), `rateTable` the counters all threads share. */
  | { type: 'start'; thread: number; config: Config; rateTable: SharedArrayBuffer }
  /** Send your report for the scrape `id`. */
  | { type: 'report'; id: number }
  /** Every thread's reports, for the scrape this thread asked for as `id`. */
  | { type: 'gathered'; id: number; reports: ThreadReport[] }
  /** Re-read CURRENT (the process got SIGHUP). */
  | { type: 'reload' }
  /** Stop accepting connections, finish the requests in flight, close DuckDB, then say `stopped`. */
  | { type: 'stop' }

/** A server thread to the main thread. */
export type FromThread =
  | { type: 'listening'; port: number; snapshot?: string; unavailable?: string }
  | { type: 'failed'; message: string }
  /** A scrape of /metrics came to this thread: gather every thread's report. */
  | { type: 'gather'; id: number }
  | { type: 'report'; id: number; report: ThreadReport }
  | { type: 'stopped' }
