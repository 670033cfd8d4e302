/**
 * The peak resident memory of this process over a span of its life (a build step, one statement): which
 * step holds the build's peak is what an operator over a memory budget needs to be told, and the process's
 * own peak (getrusage, VmHWM) does not say when it was reached.
 *
 * Two readings, both from /proc/self/status, so on a system without it the watch reports nothing:
 * - the kernel's high-water mark (VmHWM): when it rose during the span, the span set it, and its value is
 *   exact however briefly the memory was held;
 * - the resident size (VmRSS) sampled every `sampleMs`, for a span that did not set a new high-water mark.
 * The high-water mark is read, never reset (`clear_refs`): resetting it would change the process's peak
 * that getrusage reports to whoever started it (the build benchmark reads that).
 */
import { readFileSync } from 'node:fs'

const STATUS = '/proc/self/status'
const FIELDS = { VmHWM: /^VmHWM:\s+(\d+) kB/m, VmRSS: /^VmRSS:\s+(\d+) kB/m }

/** The fields of /proc/self/status in KiB, read once (undefined where it cannot be read). */
function status(): Partial<Record<keyof typeof FIELDS, number>> | undefined {
  try {
    const text = readFileSync(STATUS, 'utf8')
    const kib = (field: keyof typeof FIELDS) => {
      const match = FIELDS[field].exec(text)?.[1]
      return match === undefined ? undefined : Number(match)
    }
    return { VmHWM: kib('VmHWM'), VmRSS: kib('VmRSS') }
  } catch {
    return undefined
  }
}

export class RssWatch {
  private readonly hwmAtStart: number | undefined
  private peakKiB: number
  private readonly timer: ReturnType<typeof setInterval> | undefined
  private stopped = false

  constructor(sampleMs = 500) {
    const now = status()
    this.hwmAtStart = now?.VmHWM
    this.peakKiB = now?.VmRSS ?? 0
    if (this.hwmAtStart !== undefined) {
      this.timer = setInterval(() => this.sample(), sampleMs)
      // A watch must not keep a process alive that has nothing else to do.
      this.timer.unref?.()
    }
  }

  /** Folds a reading in: its resident size, and its high-water mark where the span raised it. */
  private sample() {
    const now = status()
    this.peakKiB = Math.max(this.peakKiB, now?.VmRSS ?? 0)
    const hwm = now?.VmHWM ?? 0
    if (hwm > this.hwmAtStart!) this.peakKiB = Math.max(this.peakKiB, hwm)
  }

  /** The peak in bytes so far, or at the stop once stopped (undefined where /proc is not readable). */
  peakBytes(): number | undefined {
    if (this.hwmAtStart === undefined) return undefined
    if (!this.stopped) this.sample()
    return this.peakKiB * 1024
  }

  /** Stops sampling; returns the span's peak in bytes. */
  stop(): number | undefined {
    const peak = this.peakBytes()
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    return peak
  }
}
