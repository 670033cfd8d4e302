import { describe, expect, test } from 'bun:test'
import { type Decision, noKeyHeaders, RateLimiter, rateLimitHeaders } from '../../src/auth/rate-limiter.ts'

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

  test('keys are counted apart, and keys idle since yesterday are forgotten', () => {
    const c = clock(at('23:59:00'))
    const limiter = new RateLimiter(c.now)
    takeN(limiter, 10, 'a')
    expect(limiter.take('b', FREE).report.remaining).toBe(9)
    expect(limiter.trackedKeys).toBe(2)
    c.t = at('00:01:00', 6)
    limiter.take('b', FREE)
    expect(limiter.trackedKeys).toBe(1)
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
