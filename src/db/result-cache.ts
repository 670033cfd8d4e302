/**
 * A snapshot's recent answers (their JSON text), least recently used first out. Each snapshot generation
 * has its own (db/client.ts), so a new snapshot starts empty and nothing stale is ever served. The budget
 * is the texts' size (a character of JSON text is a byte, but for the few outside Latin-1), so memory
 * stays bounded whatever the answers hold: counted in rows, a one-row body of 20 nested metrics weighed
 * what one entity does, and the uniform draws of such bodies filled the server with hundreds of
 * megabytes of objects.
 */
export class ResultCache {
  private readonly entries = new Map<string, string>()
  private bytes = 0
  /** Hashes of the keys offered once and not kept (`offer`), forgotten all at once past SEEN_KEYS. */
  private readonly seen = new Set<number>()
  hits = 0
  misses = 0

  constructor(private readonly maxBytes: number) {}

  /**
   * Keeps an answer the second time its key is offered (among the last SEEN_KEYS offered once): a key asked
   * for once, as most are under uniform traffic (a script walking every company), would only push out the
   * answers asked for again and again, and leave its text for the collector. Two keys of one hash (a
   * 32-bit one) only let the second be kept one offer early.
   */
  offer(key: string, text: string) {
    const hash = Bun.hash.crc32(key)
    if (this.seen.delete(hash)) {
      this.set(key, text)
      return
    }
    if (this.seen.size >= SEEN_KEYS) this.seen.clear()
    this.seen.add(hash)
  }

  get(key: string): string | undefined {
    const text = this.entries.get(key)
    if (text === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    // Re-inserted: a Map iterates in insertion order, so the front is the least recently used.
    this.entries.delete(key)
    this.entries.set(key, text)
    return text
  }

  set(key: string, text: string) {
    const weight = key.length + text.length
    if (weight > this.maxBytes) return
    const old = this.entries.get(key)
    if (old !== undefined) this.bytes -= key.length + old.length
    this.entries.delete(key)
    this.entries.set(key, text)
    this.bytes += weight
    for (const [k, t] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= k.length + t.length
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes }
  }
}

/**
 * How many keys offered once the cache remembers: a key asked for again within tens of thousands of other
 * requests is kept, and the hashes take some 2.5 MB at most.
 */
const SEEN_KEYS = 65_536
