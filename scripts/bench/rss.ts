/**
 * The server's memory, read from /proc/<pid>/status while it runs: VmRSS (resident now) and VmHWM (the
 * kernel's own high-water mark of resident memory, so a peak between two samples is not missed).
 */
import { readFileSync } from 'node:fs'

export type Memory = { rssBytes: number; peakBytes: number }

export function readMemory(pid: number): Memory | undefined {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined // the process has exited
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rssBytes: kb('VmRSS'), peakBytes: kb('VmHWM') }
}

/** Samples every `everyMs` until stopped; keeps the largest VmRSS seen and the last VmHWM. */
export class MemorySampler {
  peakBytes = 0
  maxRssBytes = 0
  lastRssBytes = 0
  samples = 0
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly pid: number) {}

  start(everyMs = 250) {
    this.sample()
    this.timer = setInterval(() => this.sample(), everyMs)
    return this
  }

  sample() {
    const m = readMemory(this.pid)
    if (!m) return
    this.samples++
    this.lastRssBytes = m.rssBytes
    this.maxRssBytes = Math.max(this.maxRssBytes, m.rssBytes)
    this.peakBytes = Math.max(this.peakBytes, m.peakBytes, m.rssBytes)
  }

  stop() {
    this.sample()
    clearInterval(this.timer)
  }
}
