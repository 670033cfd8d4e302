/**
 * Requests per key in fixed windows aligned to the clock: the UTC minute, hour and day (Unix time has
 * no leap seconds, so flooring epoch milliseconds gives UTC boundaries). Fixed windows keep the state
 * at three counters per key and make X-RateLimit-Reset a round, predictable time. Counts live in
 * memory: they restart with the process and are per process (N replicas allow N times the budget).
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

/** Per window (minute, hour, day): when the counted window started and how many requests it took. */
type Counter = { start: number; used: number }

export class RateLimiter {
  private readonly counters = new Map<string, Counter[]>()
  private sweptAt = 0

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request for the key unless a window is exhausted; a refused request costs nothing. */
  take(keyId: string, limits: Limits): Decision {
    const now = this.now()
    this.sweep(now)
    const budgets = this.budgets(keyId, limits, now)
    const exhausted = budgets.filter((b) => b.remaining === 0)
    const blocking = exhausted.at(-1)
    if (blocking) {
      const retryAfterSeconds = Math.max(1, Math.ceil((blocking.resetAt - now) / 1000))
      return { allowed: false, report: reported(budgets), blocking, retryAfterSeconds }
    }
    this.counters.set(
      keyId,
      budgets.map((b, i) => ({ start: b.resetAt - WINDOWS[i]!.ms, used: b.limit - b.remaining + 1 })),
    )
    return { allowed: true, report: reported(budgets.map((b) => ({ ...b, remaining: b.remaining - 1 }))) }
  }

  /** The key's standing without counting a request (for answers that are refused before counting). */
  peek(keyId: string, limits: Limits): Budget {
    return reported(this.budgets(keyId, limits, this.now()))
  }

  /** Keys with counters held, for tests of the sweep. */
  get trackedKeys(): number {
    return this.counters.size
  }

  private budgets(keyId: string, limits: Limits, now: number): Budget[] {
    const counters = this.counters.get(keyId)
    return WINDOWS.map((w, i) => {
      const start = Math.floor(now / w.ms) * w.ms
      const counter = counters?.[i]
      const used = counter && counter.start === start ? counter.used : 0
      const limit = w.limit(limits)
      return { window: w.name, limit, remaining: Math.max(0, limit - used), resetAt: start + w.ms }
    })
  }

  /** Once a minute, forget keys with no request today: their counters could only read zero. */
  private sweep(now: number): void {
    if (now - this.sweptAt < 60_000) return
    this.sweptAt = now
    const today = Math.floor(now / WINDOWS[2].ms) * WINDOWS[2].ms
    for (const [keyId, counters] of this.counters) if (counters[2]!.start < today) this.counters.delete(keyId)
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
