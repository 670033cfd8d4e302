/**
 * The HTTP layer under the SEC client: every request goes through `send` (declared User-Agent, the
 * process-wide start spacer, a request counter, an idle watchdog) and every operation through
 * `withRetries` (backoff with jitter, `Retry-After`). Nothing here knows about files or EDGAR paths.
 */
import { backoffMs, processStartSpacer, RETRYABLE_STATUSES, retryAfterMs, startGapMs } from './rate-limit.ts'

/** A failure worth another attempt: a retryable status, a network error, or a body cut short. */
export class RetryableError extends Error {
  constructor(
    reason: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(reason)
  }
}

/** A request that failed for good; `status` is null when no HTTP answer ever arrived. */
export class SecHttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message)
  }
}

/** Aborts a request when no bytes arrive for `ms`: a stalled socket must not hang a nightly build. */
export class IdleWatchdog {
  readonly controller = new AbortController()
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly ms: number) {
    this.reset()
  }

  reset() {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.controller.abort(new Error(`no data for ${this.ms} ms`)), this.ms)
  }

  stop() {
    clearTimeout(this.timer)
  }
}

export type TransportOptions = {
  userAgent: string
  baseUrl: string
  maxRequestsPerSecond: number
  retries: number
  backoffBaseMs: number
  idleTimeoutMs: number
  fetch: typeof fetch
  log: (line: string) => void
}

export type Sent = { res: Response; watchdog: IdleWatchdog }

export type Transport = ReturnType<typeof createTransport>

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

export function createTransport(opts: TransportOptions) {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '')
  const gapMs = startGapMs(opts.maxRequestsPerSecond, baseUrl)
  let requests = 0

  /** One request start: waits for its slot, then fetches. A rejected fetch becomes a RetryableError. */
  async function send(url: string, headers: Record<string, string>): Promise<Sent> {
    const { watchdog, response } = await processStartSpacer.start(gapMs, () => {
      requests++
      const watchdog = new IdleWatchdog(opts.idleTimeoutMs)
      // Called now (an async function runs up to its first await); a fetch that throws becomes a rejection.
      const response = (async () =>
        opts.fetch(url, {
          headers: { ...headers, 'User-Agent': opts.userAgent },
          signal: watchdog.controller.signal,
        }))()
      return { watchdog, response }
    })
    try {
      const res = await response
      watchdog.reset()
      return { res, watchdog }
    } catch (e) {
      watchdog.stop()
      throw new RetryableError(`network error: ${messageOf(e)}`)
    }
  }

  /** Throws for any status that is not 2xx: retryable ones as RetryableError, the rest for good. */
  async function assertOk(url: string, res: Response): Promise<void> {
    if (res.ok) return
    await res.body?.cancel().catch(() => {})
    if (RETRYABLE_STATUSES.has(res.status)) {
      throw new RetryableError(`HTTP ${res.status}`, res.status, retryAfterMs(res.headers.get('retry-after')))
    }
    // The SEC answers 403 to an undeclared User-Agent and to clients over the rate limit: retrying cannot help.
    const hint = res.status === 403 ? ' (the SEC refuses requests without a declared User-Agent or above 10/s)' : ''
    throw new SecHttpError(url, res.status, `GET ${url}: HTTP ${res.status}${hint}`)
  }

  /** Runs one operation, again after each RetryableError, until it succeeds or `retries` are spent. */
  async function withRetries<T>(url: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run()
      } catch (e) {
        if (!(e instanceof RetryableError)) throw e
        if (attempt >= opts.retries) {
          const reason = e.status === undefined ? e.message : `HTTP ${e.status}`
          throw new SecHttpError(url, e.status ?? null, `GET ${url} failed after ${attempt + 1} attempts: ${reason}`)
        }
        const waitMs = e.retryAfterMs ?? backoffMs(attempt, opts.backoffBaseMs)
        opts.log(`retrying ${url} in ${(waitMs / 1000).toFixed(1)}s (${e.message})`)
        await Bun.sleep(waitMs)
      }
    }
  }

  /** Reads a body chunk by chunk, feeding the watchdog; a broken connection becomes a RetryableError. */
  async function readBody(sent: Sent, onChunk: (chunk: Uint8Array) => Promise<void> | void): Promise<number> {
    const reader = sent.res.body?.getReader()
    let received = 0
    if (!reader) return 0
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>
      try {
        next = await reader.read()
      } catch (e) {
        throw new RetryableError(`connection lost after ${received} bytes: ${messageOf(e)}`)
      }
      if (next.done) return received
      sent.watchdog.reset()
      received += next.value.byteLength
      await onChunk(next.value)
    }
  }

  /** GET a small resource as text (gzip welcome), retried as a whole. */
  function getText(urlPath: string): Promise<string> {
    const url = `${baseUrl}${urlPath}`
    return withRetries(url, async () => {
      const sent = await send(url, { 'Accept-Encoding': 'gzip, deflate' })
      try {
        await assertOk(url, sent.res)
        const chunks: Uint8Array[] = []
        await readBody(sent, (chunk) => void chunks.push(chunk))
        return Buffer.concat(chunks).toString('utf8')
      } finally {
        sent.watchdog.stop()
      }
    })
  }

  return {
    url: (urlPath: string) => `${baseUrl}${urlPath}`,
    get requests() {
      return requests
    },
    send,
    assertOk,
    withRetries,
    readBody,
    getText,
  }
}
