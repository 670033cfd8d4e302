import { describe, expect, test } from 'bun:test'
import {
  type Decision,
  newRateTable,
  noKeyHeaders,
  RateLimiter,
  RateTableFull,
  rateLimitHeaders,
} from '../../src/auth/rate-limiter.ts'

const FREE = { perMinute: 10, perHour: 30, perDay: 50 }
const at = (hhmmss: string, day = 5) => Date.parse(`2026-01-${String(day).padStart(2, '0')}T${hhmmss}Z`)

function clock(start: number) {
  const c = { t: start, now: () => c.t }
  return c
}

/** Takes n requests; returns the last decision. */
function takeN(limiter: RateLimiter, n: number, keyId = 'k1'): Decision {
  let last: Decision | undefined
  for (let i = 0; i < n; i++) {
    last = limiter.take(keyId, FREE)
    expect(last.allowed).toBe(true)
  }
  return last!
}

describe('RateLimiter', () => {
  test('counts down the minute, refuses past it with Retry-After, and allows again the next minute', () => {
    const c = clock(at('10:00:00'))
    const limiter = new RateLimiter(c.now)
    const first = limiter.take('k1', FREE)
    expect(first).toEqual({
      allowed: true,
      report: { window: 'minute', limit: 10, remaining: 9, resetAt: at('10:01:00') },
    })
    const tenth = takeN(limiter, 9)
    expect(tenth.report).toEqual({ window: 'minute', limit: 10, remaining: 0, resetAt: at('10:01:00') })
    c.t = at('10:00:15.200')
    const refused = limiter.take('k1', FREE)
    expect(refused).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
      report: { window: 'minute', limit: 10, remaining: 0, resetAt: at('10:01:00') },
      blocking: { window: 'minute', limit: 10, remaining: 0, resetAt: at('10:01:00') },
    })
    c.t = at('10:01:00')
    // The refused request cost nothing: 10 of the hour's 30 are used, not 11.
    expect(limiter.take('k1', FREE)).toEqual({
      allowed: true,
      report: { window: 'minute', limit: 10, remaining: 9, resetAt: at('10:02:00') },
    })
    expect(limiter.peek('k1', { perMinute: 100, perHour: 30, perDay: 50 })).toEqual({
      window: 'hour',
      limit: 30,
      remaining: 19,
      resetAt: at('11:00:00'),
    })
  })

  test('the hour and the day budgets bind across minutes, and the header window is the one that blocks', () => {
    const c = clock(at('10:00:00'))
    const limiter = new RateLimiter(c.now)
    takeN(limiter, 10)
    c.t = at('10:01:00')
    takeN(limiter, 10)
    c.t = at('10:02:00')
    // Minute and hour reach zero together: the hour is reported, since it decides when requests pass again.
    expect(takeN(limiter, 10).report).toEqual({ window: 'hour', limit: 30, remaining: 0, resetAt: at('11:00:00') })
    c.t = at('10:03:00')
    const refused = limiter.take('k1', FREE)
    expect(refused.allowed).toBe(false)
    if (!refused.allowed) {
      expect(refused.blocking.window).toBe('hour')
      expect(refused.retryAfterSeconds).toBe(57 * 60)
    }
    c.t = at('11:00:00')
    expect(takeN(limiter, 10).report).toEqual({ window: 'minute', limit: 10, remaining: 0, resetAt: at('11:01:00') })
    c.t = at('11:01:00')
    expect(takeN(limiter, 10).report).toEqual({ window: 'day', limit: 50, remaining: 0, resetAt: at('00:00:00', 6) })
    c.t = at('11:02:00')
    const dayRefusal = limiter.take('k1', FREE)
    expect(dayRefusal.allowed === false && dayRefusal.retryAfterSeconds).toBe(12 * 3600 + 58 * 60)
    c.t = at('00:00:00', 6)
    expect(limiter.take('k1', FREE).allowed).toBe(true)
  })

  test('reports the window with the fewest requests left, the shortest on a tie', () => {
    const limiter = new RateLimiter(clock(at('10:00:00')).now)
    expect(limiter.take('k', { perMinute: 5, perHour: 5, perDay: 100 }).report.window).toBe('minute')
    expect(limiter.take('k2', { perMinute: 50, perHour: 5, perDay: 100 }).report.window).toBe('hour')
  })

  test('keys are counted apart, and a key idle since yesterday starts the day with its whole budget', () => {
    const c = clock(at('23:59:00'))
    const limiter = new RateLimiter(c.now)
    takeN(limiter, 10, 'a')
    expect(limiter.take('b', FREE).report.remaining).toBe(9)
    expect(limiter.take('a', FREE).allowed).toBe(false)
    c.t = at('00:01:00', 6)
    expect(limiter.take('a', FREE).report).toEqual({
      window: 'minute',
      limit: 10,
      remaining: 9,
      resetAt: at('00:02:00', 6),
    })
  })

  test('limiters over one table count one budget per key; a full table says so', () => {
    const c = clock(at('10:00:00'))
    const table = newRateTable(4)
    const first = new RateLimiter(c.now, table)
    const second = new RateLimiter(c.now, table)
    takeN(first, 6, 'a')
    takeN(second, 4, 'a')
    expect(first.take('a', FREE).allowed).toBe(false)
    expect(second.peek('a', FREE)).toEqual({ window: 'minute', limit: 10, remaining: 0, resetAt: at('10:01:00') })
    for (const key of ['b', 'c', 'd']) second.take(key, FREE)
    expect(() => first.take('e', FREE)).toThrow(RateTableFull)
    // The keys that hold slots keep counting.
    expect(first.take('d', FREE).report.remaining).toBe(8)
  })

  test('threads spend one budget: two workers taking at once are allowed exactly the limit', async () => {
    const table = newRateTable()
    const limits = { perMinute: 1_000_000, perHour: 1_000_000, perDay: 1500 }
    const workers = [0, 1].map(() => new Worker(new URL('../helpers/rate-taker.ts', import.meta.url).href))
    const allowed = await Promise.all(
      workers.map(
        (w) =>
          new Promise<number>((resolve, reject) => {
            w.onmessage = (e) => resolve(e.data as number)
            w.onerror = (e) => reject(new Error(e.message))
            w.postMessage({ table, keyId: 'shared', limits, takes: 1000, now: at('10:00:00') })
          }),
      ),
    )
    for (const w of workers) w.terminate()
    // Two thousand takes against a day of 1,500: had both threads read a count before either wrote it,
    // more would pass.
    expect(allowed[0]! + allowed[1]!).toBe(1500)
  })

  test('headers: Unix seconds, and limit 0 / remaining 0 / reset now without a key', () => {
    expect(rateLimitHeaders({ window: 'hour', limit: 30, remaining: 7, resetAt: at('11:00:00') })).toEqual({
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '7',
      'x-ratelimit-reset': String(at('11:00:00') / 1000),
    })
    expect(noKeyHeaders(at('10:00:05.500'))).toEqual({
      'x-ratelimit-limit': '0',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(at('10:00:05') / 1000),
    })
  })
})
