/**
 * Requests per key in fixed windows aligned to the clock: the UTC minute, hour and day (Unix time has
 * no leap seconds, so flooring epoch milliseconds gives UTC boundaries). Fixed windows keep the state
 * at three counters per key and make X-RateLimit-Reset a round, predictable time.
 *
 * The counters live in one SharedArrayBuffer (a RateTable), so every server thread (src/server/) counts
 * against the same budget: a key gets its plan's requests whichever thread answers. A key has a slot,
 * found by two hashes of its id (64 bits; keys of one keys file never share one in practice) with linear
 * probing, and claimed on its first request; a slot holds the window each counter belongs to, so a new
 * window starts at zero without a sweep. A slot is changed only under its own lock, held for a few reads
 * and writes, so two threads never both spend a key's last request. Counts restart with the process.
 */
import type { Plan } from './plans.ts'

export type Limits = Pick<Plan, 'perMinute' | 'perHour' | 'perDay'>

export const WINDOWS = [
  { name: 'minute', ms: 60_000, limit: (l: Limits) => l.perMinute },
  { name: 'hour', ms: 3_600_000, limit: (l: Limits) => l.perHour },
  { name: 'day', ms: 86_400_000, limit: (l: Limits) => l.perDay },
] as const
export type WindowName = (typeof WINDOWS)[number]['name']

/** One window's standing for a key. `resetAt` is the window's end in Unix milliseconds. */
export type Budget = { window: WindowName; limit: number; remaining: number; resetAt: number }

export type Decision =
  | { allowed: true; report: Budget }
  /** `blocking` is the longest exhausted window: no request passes before it resets. */
  | { allowed: false; report: Budget; blocking: Budget; retryAfterSeconds: number }

/**
 * A slot's Int32 fields: its lock, the key's two hashes (0 in the first: a free slot), then per window
 * the window's number (Unix milliseconds / its length) and the requests it took. A slot is 16 Int32s, one
 * 64-byte cache line, so threads counting different keys never write the same line.
 */
const LOCK = 0
const HASH_A = 1
const HASH_B = 2
const WINDOW_AT = (w: number) => 3 + 2 * w
const USED = (w: number) => 4 + 2 * w
const SLOT_INTS = 16

/** Keys that can have counters at once (since the process started): 65,536 slots of 64 bytes, 4 MiB. */
export const RATE_TABLE_KEYS = 2 ** 16

/** The counters' shared memory: made once per process and handed to every server thread. */
export const newRateTable = (keys = RATE_TABLE_KEYS): SharedArrayBuffer =>
  new SharedArrayBuffer(keys * SLOT_INTS * Int32Array.BYTES_PER_ELEMENT)

/** FNV-1a over the id's UTF-16 code units from `basis`; never 0 (0 marks a free slot). */
function hash(text: string, basis: number): number {
  let h = basis
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h | 1
}

export class RateTableFull extends Error {}

export class RateLimiter {
  private readonly ints: Int32Array
  private readonly slots: number
  /** Slot offsets of the keys this thread has seen (a slot, once claimed, is the key's for good). */
  private readonly known = new Map<string, number>()

  constructor(
    private readonly now: () => number = Date.now,
    table: SharedArrayBuffer = newRateTable(),
  ) {
    this.ints = new Int32Array(table)
    this.slots = this.ints.length / SLOT_INTS
    if (!Number.isInteger(Math.log2(this.slots))) throw new Error('a rate table holds a power of two of slots')
  }

  /** Counts one request for the key unless a window is exhausted; a refused request costs nothing. */
  take(keyId: string, limits: Limits): Decision {
    const now = this.now()
    const at = this.slotOf(keyId)
    this.lock(at)
    try {
      const budgets = this.budgets(at, limits, now)
      const blocking = budgets.filter((b) => b.remaining === 0).at(-1)
      if (blocking) {
        const retryAfterSeconds = Math.max(1, Math.ceil((blocking.resetAt - now) / 1000))
        return { allowed: false, report: reported(budgets), blocking, retryAfterSeconds }
      }
      budgets.forEach((b, w) => {
        this.ints[at + WINDOW_AT(w)] = Math.floor(now / WINDOWS[w]!.ms)
        this.ints[at + USED(w)] = b.limit - b.remaining + 1
      })
      return { allowed: true, report: reported(budgets.map((b) => ({ ...b, remaining: b.remaining - 1 }))) }
    } finally {
      this.unlock(at)
    }
  }

  /** The key's standing without counting a request (for answers that are refused before counting). */
  peek(keyId: string, limits: Limits): Budget {
    const at = this.slotOf(keyId)
    this.lock(at)
    try {
      return reported(this.budgets(at, limits, this.now()))
    } finally {
      this.unlock(at)
    }
  }

  private budgets(at: number, limits: Limits, now: number): Budget[] {
    return WINDOWS.map((w, i) => {
      const window = Math.floor(now / w.ms)
      const used = this.ints[at + WINDOW_AT(i)] === window ? this.ints[at + USED(i)]! : 0
      const limit = w.limit(limits)
      return { window: w.name, limit, remaining: Math.max(0, limit - used), resetAt: (window + 1) * w.ms }
    })
  }

  /** The offset of the key's slot, claimed on first use. */
  private slotOf(keyId: string): number {
    const known = this.known.get(keyId)
    if (known !== undefined) return known
    const a = hash(keyId, 0x811c9dc5)
    const b = hash(keyId, 0x050c5d1f)
    for (let probe = 0; probe < this.slots; probe++) {
      const at = ((a + probe) & (this.slots - 1)) * SLOT_INTS
      let holder = Atomics.load(this.ints, at + HASH_A)
      if (holder === 0) {
        this.lock(at)
        // Another thread may have claimed it between the read and the lock.
        holder = this.ints[at + HASH_A]!
        if (holder === 0) {
          this.ints[at + HASH_B] = b
          this.ints[at + HASH_A] = a
          holder = a
        }
        this.unlock(at)
      }
      if (holder === a && Atomics.load(this.ints, at + HASH_B) === b) {
        this.known.set(keyId, at)
        return at
      }
    }
    throw new RateTableFull(`the rate-limit table is full: more than ${this.slots} keys used since the server started`)
  }

  private lock(at: number) {
    // Held for a few reads and writes by another thread at most: spinning is shorter than any wait.
    while (Atomics.compareExchange(this.ints, at + LOCK, 0, 1) !== 0);
  }

  private unlock(at: number) {
    Atomics.store(this.ints, at + LOCK, 0)
  }
}

/**
 * The window to report in X-RateLimit-*: the one with the fewest requests left, the shortest on a tie,
 * except at zero, where the longest exhausted window is the one that decides when requests pass again
 * (so X-RateLimit-Reset agrees with Retry-After).
 */
export function reported(budgets: Budget[]): Budget {
  const fewest = Math.min(...budgets.map((b) => b.remaining))
  const tied = budgets.filter((b) => b.remaining === fewest)
  return (fewest === 0 ? tied.at(-1) : tied[0])!
}

export const rateLimitHeaders = (b: Budget): Record<string, string> => ({
  'x-ratelimit-limit': String(b.limit),
  'x-ratelimit-remaining': String(b.remaining),
  'x-ratelimit-reset': String(Math.ceil(b.resetAt / 1000)),
})

/**
 * Without a valid key there is no plan and so no budget: such answers say limit 0, remaining 0, reset
 * now, so a client that reads the headers on every response finds all three.
 */
export const noKeyHeaders = (now: number) =>
  rateLimitHeaders({ window: 'minute', limit: 0, remaining: 0, resetAt: Math.floor(now / 1000) * 1000 })
