/**
 * A snapshot's recent results, least recently used first out. Each snapshot generation has its own
 * (db/client.ts), so a new snapshot starts empty and nothing stale is ever served. The budget counts
 * rows, not entries: a page of 100 entities weighs 100 lookups, which keeps memory roughly bounded
 * (a row is some hundreds of bytes to 2 KB in memory).
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: unknown; weight: number }>()
  private rows = 0
  hits = 0
  misses = 0

  constructor(private readonly maxRows: number) {}

  get(key: string): unknown {
    const entry = this.entries.get(key)
    if (!entry) {
      this.misses++
      return undefined
    }
    this.hits++
    // Re-inserted: a Map iterates in insertion order, so the front is the least recently used.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: unknown) {
    const weight = weightOf(value)
    if (weight > this.maxRows) return
    const old = this.entries.get(key)
    if (old) this.rows -= old.weight
    this.entries.delete(key)
    this.entries.set(key, { value, weight })
    this.rows += weight
    for (const [k, e] of this.entries) {
      if (this.rows <= this.maxRows) break
      this.entries.delete(k)
      this.rows -= e.weight
    }
  }

  get size() {
    return { entries: this.entries.size, rows: this.rows }
  }
}

/** Rows in a result: an array's length, a page's `data` length, else 1. */
function weightOf(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.length)
  const data = (value as { data?: unknown } | null)?.data
  return Array.isArray(data) ? Math.max(1, data.length) : 1
}
