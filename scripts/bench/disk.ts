/**
 * The disk a build takes at its peak: the free space of the file system it writes to, sampled while it
 * runs, and the largest drop below what was free when it started. That counts the snapshot being written,
 * the build's work folder (its spill and its own database) and everything else written there meanwhile
 * (a run beside other work says so); an older snapshot pruned at the end gives its space back after the peak.
 */
import { statfsSync } from 'node:fs'

const freeBytes = (path: string) => {
  const s = statfsSync(path)
  return s.bavail * s.bsize
}

/** Samples every `everyMs` until stopped; `peakBytes` is the largest drop of free space since the start. */
export class DiskSampler {
  readonly startFreeBytes: number
  peakBytes = 0
  private timer: ReturnType<typeof setInterval> | undefined

  /** `free` reads the free bytes (the file system's of `path`; a test gives its own). */
  constructor(
    path: string,
    private readonly free: () => number = () => freeBytes(path),
  ) {
    this.startFreeBytes = free()
  }

  start(everyMs = 1000) {
    this.timer = setInterval(() => this.sample(), everyMs)
    return this
  }

  sample() {
    this.peakBytes = Math.max(this.peakBytes, this.startFreeBytes - this.free())
  }

  stop() {
    this.sample()
    clearInterval(this.timer)
  }
}
