/**
 * The SEC's fair-access limits, as small pieces: one process-wide spacer of request starts, and the
 * retry timing (exponential backoff with jitter, `Retry-After`).
 * https://www.sec.gov/os/accessing-edgar-data: "current max request rate: 10 requests/second".
 */

/** The SEC's ceiling; a configuration above it is refused, never silently exceeded. */
export const SEC_MAX_REQUESTS_PER_SECOND = 10

/**
 * The ceiling for a mirror of EDGAR at another address (`--sec-url`: a company's own copy, a proxy, a test
 * server): the SEC's limit is the SEC's, and a mirror of one's own can take requests as fast as it answers.
 * The default stays the SEC's 10 everywhere; only an explicit `--max-rps` goes above it, and only there.
 */
export const MIRROR_MAX_REQUESTS_PER_SECOND = 1000

/** Whether `baseUrl` is the SEC's (sec.gov or a host under it), whose fair-access limit applies. */
export const isSecHost = (baseUrl: string): boolean => {
  const host = URL.parse(baseUrl)?.hostname.toLowerCase() ?? ''
  return host === 'sec.gov' || host.endsWith('.sec.gov')
}

/** The highest request rate allowed towards `baseUrl`. */
export const maxRequestsPerSecondFor = (baseUrl: string): number =>
  isSecHost(baseUrl) ? SEC_MAX_REQUESTS_PER_SECOND : MIRROR_MAX_REQUESTS_PER_SECOND

/** Longest wait we accept from `Retry-After` or from our own backoff. */
export const MAX_RETRY_WAIT_MS = 60_000

/**
 * Spaces request starts at least `gapMs` apart. Each caller reserves the next free slot synchronously
 * before sleeping, so concurrent downloads queue up instead of all waking at once. Spacing starts
 * (rather than counting per one-second window) also keeps bursts from reaching the server: ten requests
 * in the first 50 ms of a second would still be "10 per second" but look like a burst to the SEC.
 */
export class StartSpacer {
  private lastStart = Number.NEGATIVE_INFINITY
  private lastActualStart = Number.NEGATIVE_INFINITY

  /**
   * Waits for the next slot, then calls `begin` in the same tick: the slot's start is the request's own
   * start. (Resolving first and letting the caller fetch a microtask later moved starts by a millisecond
   * or more on a busy event loop, so two of them could come 99 ms apart.) The start is recorded once
   * `begin` has returned, its request sent: what `begin` does before sending (a watchdog, the headers, a
   * collection that pauses it) then delays the next start, never shortens its gap (two came 98.1 ms apart
   * in a full test run when it was recorded before).
   */
  async start<T>(gapMs: number, begin: () => T): Promise<T> {
    const now = performance.now()
    const start = Math.max(now, this.lastStart + gapMs)
    this.lastStart = start
    if (start > now) await Bun.sleep(start - now)
    // Timers fire late now and then: a slot that started late must not let the next one start early.
    for (
      let since = performance.now() - this.lastActualStart;
      since < gapMs;
      since = performance.now() - this.lastActualStart
    ) {
      await Bun.sleep(gapMs - since)
    }
    const begun = begin()
    this.lastActualStart = performance.now()
    return begun
  }
}

/**
 * One spacer for the whole process: the SEC counts requests per client machine, not per object, so two
 * clients (or two concurrent builds in one process) must share the budget.
 */
export const processStartSpacer = new StartSpacer()

/**
 * Milliseconds between request starts for a requests-per-second setting towards `baseUrl`; throws outside
 * 0 < rps <= its ceiling (10 for the SEC, MIRROR_MAX_REQUESTS_PER_SECOND for a mirror elsewhere).
 */
export function startGapMs(maxRequestsPerSecond: number, baseUrl: string): number {
  const ceiling = maxRequestsPerSecondFor(baseUrl)
  if (!(maxRequestsPerSecond > 0 && maxRequestsPerSecond <= ceiling)) {
    const why = isSecHost(baseUrl) ? "the SEC's fair-access limit" : 'the limit for a mirror of EDGAR elsewhere'
    throw new Error(`maxRequestsPerSecond must be above 0 and at most ${ceiling} (${why}); got ${maxRequestsPerSecond}`)
  }
  return Math.ceil(1000 / maxRequestsPerSecond)
}

/** HTTP statuses worth another try: rate limited, or a server/gateway hiccup. */
export const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504])

/** Backoff before retry number `attempt` (0-based): base·2^attempt plus up to one base of jitter. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  return Math.min(MAX_RETRY_WAIT_MS, baseMs * 2 ** attempt + random() * baseMs)
}

/** `Retry-After` as milliseconds (delta-seconds or an HTTP-date), capped; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const value = header.trim()
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  if (Number.isNaN(ms)) return undefined
  return Math.min(MAX_RETRY_WAIT_MS, Math.max(0, ms))
}
