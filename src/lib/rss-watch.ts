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

function statusKiB(field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(STATUS, 'utf8'))?.[1]
    return kib === undefined ? undefined : Number(kib)
  } catch {
    return undefined
  }
}

export class RssWatch {
  private readonly hwmAtStart = statusKiB('VmHWM')
  private peakKiB = statusKiB('VmRSS') ?? 0
  private readonly timer: ReturnType<typeof setInterval> | undefined
  private stopped = false

  constructor(sampleMs = 500) {
    if (this.hwmAtStart !== undefined) {
      this.timer = setInterval(() => this.sample(), sampleMs)
      // A watch must not keep a process alive that has nothing else to do.
      this.timer.unref?.()
    }
  }

  private sample() {
    this.peakKiB = Math.max(this.peakKiB, statusKiB('VmRSS') ?? 0)
  }

  /** The peak in bytes so far, or at the stop once stopped (undefined where /proc is not readable). */
  peakBytes(): number | undefined {
    if (this.hwmAtStart === undefined) return undefined
    if (!this.stopped) {
      this.sample()
      const hwm = statusKiB('VmHWM') ?? 0
      if (hwm > this.hwmAtStart) this.peakKiB = Math.max(this.peakKiB, hwm)
    }
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
