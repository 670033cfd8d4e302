/**
 * A worker thread for the rate limiter's test: takes `takes` requests for one key from a shared table and
 * answers how many were allowed, at a fixed time `now` (a window boundary cannot fall in the run).
 */
import { type Limits, RateLimiter } from '../../src/auth/rate-limiter.ts'

declare const self: Worker

self.onmessage = (
  e: MessageEvent<{ table: SharedArrayBuffer; keyId: string; limits: Limits; takes: number; now: number }>,
) => {
  const { table, keyId, limits, takes, now } = e.data
  const limiter = new RateLimiter(() => now, table)
  let allowed = 0
  for (let i = 0; i < takes; i++) if (limiter.take(keyId, limits).allowed) allowed++
  self.postMessage(allowed)
}
