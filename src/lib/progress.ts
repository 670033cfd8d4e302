/**
 * Progress for long commands (build, sample, download). On a terminal a step redraws one status line
 * (files, rows, MB/s) at most a few times a second; otherwise (CI, cron, a log file) each step prints one
 * line when it ends, so logs stay short and greppable.
 */
import { RssWatch } from './rss-watch.ts'

export type Counters = { files?: number; rows?: number; bytes?: number; note?: string }

type Sink = { write(text: string): unknown; isTTY?: boolean }

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US')
export const fmtBytes = (n: number) =>
  n >= 1 << 30
    ? `${(n / (1 << 30)).toFixed(2)} GB`
    : n >= 1 << 20
      ? `${(n / (1 << 20)).toFixed(1)} MB`
      : `${(n / 1024).toFixed(1)} KB`
export const fmtSeconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`

export function describeCounters(c: Counters, elapsedMs: number) {
  const parts: string[] = []
  if (c.files !== undefined) parts.push(`${fmtInt(c.files)} files`)
  if (c.rows !== undefined) parts.push(`${fmtInt(c.rows)} rows`)
  if (c.bytes !== undefined) {
    parts.push(fmtBytes(c.bytes))
    if (elapsedMs > 0) parts.push(`${(c.bytes / (1 << 20) / (elapsedMs / 1000)).toFixed(1)} MB/s`)
  }
  if (c.note) parts.push(c.note)
  return parts.join(', ')
}

export class Step {
  readonly startedAt = performance.now()
  private counters: Counters = {}
  private lastDraw = Number.NEGATIVE_INFINITY
  private readonly rss: RssWatch | undefined
  /** The process's peak resident memory during the step, once done (where the reporter watches it). */
  peakRssBytes: number | undefined

  constructor(
    readonly name: string,
    private readonly reporter: Reporter,
  ) {
    this.rss = reporter.watchesRss ? new RssWatch() : undefined
  }

  /** Replace the counters; on a terminal, redraw the status line at most every 200 ms. */
  update(counters: Counters) {
    this.counters = { ...this.counters, ...counters }
    if (!this.reporter.tty) return
    const now = performance.now()
    if (now - this.lastDraw < 200) return
    this.lastDraw = now
    this.reporter.status(`${this.name}: ${describeCounters(this.counters, now - this.startedAt)}`)
  }

  get elapsedMs() {
    return performance.now() - this.startedAt
  }

  /**
   * Ends the step with one line: name, duration, the final counters and the step's peak RSS. Returns the
   * seconds taken.
   */
  done(counters: Counters = {}) {
    this.counters = { ...this.counters, ...counters }
    const ms = this.elapsedMs
    this.peakRssBytes = this.rss?.stop()
    const rss = this.peakRssBytes === undefined ? [] : [`peak RSS ${fmtBytes(this.peakRssBytes)}`]
    const detail = [describeCounters(this.counters, ms), ...rss].filter(Boolean).join(', ')
    this.reporter.line(`${this.name.padEnd(24)} ${fmtSeconds(ms).padStart(7)}${detail ? `  ${detail}` : ''}`)
    return ms / 1000
  }
}

export class Reporter {
  readonly tty: boolean
  private statusShown = false

  /**
   * `watchesRss`: each step says the process's peak resident memory while it ran (rss-watch.ts); off for a
   * silent reporter, whose lines nobody reads.
   */
  constructor(
    private readonly sink: Sink = process.stderr,
    tty?: boolean,
    readonly watchesRss = true,
  ) {
    this.tty = tty ?? Boolean(sink.isTTY)
  }

  step(name: string) {
    return new Step(name, this)
  }

  line(text: string) {
    this.clearStatus()
    this.sink.write(`${text}\n`)
  }

  status(text: string) {
    this.sink.write(`\r\x1b[2K${text}`)
    this.statusShown = true
  }

  private clearStatus() {
    if (this.statusShown) this.sink.write('\r\x1b[2K')
    this.statusShown = false
  }
}

/** A reporter that prints nothing (tests, library use). */
export const silentReporter = () => new Reporter({ write: () => true }, false, false)

/** A fixed-width text table (for summaries). */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? fmtInt(c) : c)))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)))
  const render = (r: (string | number)[]) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ')
  return [render(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(render)].join('\n')
}
