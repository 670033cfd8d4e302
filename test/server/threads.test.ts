/**
 * The server on two threads (src/server/threads.ts), over HTTP on one port: the threads share one rate
 * budget per key, a scrape of /metrics answered by either adds both threads up, and stop() is graceful.
 * The thread count and each thread's share of the memory budgets are checked apart.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { serverThreads, startThreads, threadShare } from '../../src/server/threads.ts'
import { writeTestKeys } from '../helpers/api.ts'
import { testConfig } from '../helpers/config.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('threads')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const DAY = 86_400_000

describe('server threads', () => {
  test('how many threads serve, and what each gets of the memory budgets', () => {
    expect(serverThreads({ SERVER_THREADS: 3 }, 'linux')).toBe(3)
    expect(serverThreads({ SERVER_THREADS: 0 }, 'linux')).toBe(Math.min(availableParallelism(), 8))
    // Only Linux spreads a shared port's connections among its listeners.
    expect(serverThreads({ SERVER_THREADS: 4 }, 'darwin')).toBe(1)
    const config = testConfig({ DUCKDB_MEMORY_LIMIT: '2.5GB', RESPONSE_CACHE_MB: 128 })
    const share = threadShare(config, 2)
    expect([share.DUCKDB_MEMORY_LIMIT, share.RESPONSE_CACHE_MB]).toEqual(['1192MiB', 64])
    expect(threadShare(testConfig({ DUCKDB_MEMORY_LIMIT: '3 GiB' }), 3).DUCKDB_MEMORY_LIMIT).toBe('1024MiB')
    expect(share.DB_CONNECTIONS).toBe(config.DB_CONNECTIONS)
  })

  test('two threads on one port: one budget per key, /metrics adds both up, stop lets nothing new in', async () => {
    const { datasets } = await sampleFixture()
    const keysFile = join(root, 'keys.json')
    const keys = writeTestKeys(keysFile)
    // A day of 40 requests (the minute and the hour do not bind): only a day's end could move the window.
    const file = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, unknown>
    const plans = { ENTERPRISE: { perMinute: 1_000_000, perHour: 1_000_000, perDay: 40 } }
    writeFileSync(keysFile, JSON.stringify({ ...file, plans }))
    const config = testConfig({
      DATASETS_DIR: datasets,
      KEYS_FILE: keysFile,
      PORT: 0,
      HOST: '127.0.0.1',
      LOG_REQUESTS: false,
      WATCH_SNAPSHOTS: false,
    })
    const printed: string[] = []
    const server = await startThreads(config, 2, { print: (line) => printed.push(line) })
    try {
      expect(printed[0]).toBe(`secds serving ${server.url}  (docs: ${server.url}/openapi; 2 threads)`)
      // 64 requests at once, each on a connection of its own, so the kernel hands them to both threads.
      const day = Math.floor(Date.now() / DAY)
      const statuses = await Promise.all(
        Array.from({ length: 64 }, () =>
          fetch(`${server.url}/v1/filings/form-types`, {
            headers: { 'x-api-key': keys.ENTERPRISE, connection: 'close' },
          }).then((r) => r.status),
        ),
      )
      // A day's end during the requests starts a new budget: the count would then not be the point.
      if (Math.floor(Date.now() / DAY) === day) {
        expect(statuses.filter((s) => s === 200)).toHaveLength(40)
        expect(statuses.filter((s) => s === 429)).toHaveLength(24)
      }
      // A request is counted just after its answer is sent: scrape until the 64 are in, however long.
      const counted = (metrics: string, status: number) =>
        Number(
          new RegExp(
            `secds_http_requests_total\\{method="GET",route="/v1/filings/form-types",status="${status}"\\} (\\d+)`,
          ).exec(metrics)?.[1] ?? 0,
        )
      let metrics = ''
      while (counted(metrics, 200) + counted(metrics, 429) < 64)
        metrics = await (await fetch(`${server.url}/metrics`)).text()
      expect([counted(metrics, 200), counted(metrics, 429)]).toEqual(
        Math.floor(Date.now() / DAY) === day ? [40, 24] : [counted(metrics, 200), counted(metrics, 429)],
      )
      expect(metrics).toContain('\nsecds_server_threads 2\n')
      const perThread = [...metrics.matchAll(/secds_thread_requests_total\{thread="(\d)"\} (\d+)/g)].map((m) => ({
        thread: m[1],
        requests: Number(m[2]),
      }))
      expect(perThread.map((t) => t.thread)).toEqual(['0', '1'])
      // Both threads answered some: the kernel spreads connections by their addresses, and 64 all to one
      // thread has odds of 1 in 2^63. Together they answered every request counted (the scrapes too).
      expect(perThread.every((t) => t.requests > 0)).toBe(true)
      const everyRequest = [...metrics.matchAll(/secds_http_requests_total\{[^}]*\} (\d+)/g)].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      )
      expect(perThread.reduce((sum, t) => sum + t.requests, 0)).toBe(everyRequest)
    } finally {
      await server.stop()
    }
    expect(
      await fetch(`${server.url}/health`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused')
  })
  test('a thread that cannot listen fails the start, naming itself', async () => {
    const { datasets } = await sampleFixture()
    const keysFile = join(root, 'keys-taken.json')
    writeTestKeys(keysFile)
    // A listener without SO_REUSEPORT holds the port: no thread can share it.
    const taken = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('taken') })
    try {
      const config = testConfig({
        DATASETS_DIR: datasets,
        KEYS_FILE: keysFile,
        PORT: taken.port!,
        HOST: '127.0.0.1',
        LOG_REQUESTS: false,
        WATCH_SNAPSHOTS: false,
      })
      await expect(startThreads(config, 2, { print: () => {} })).rejects.toThrow(/^server thread 0: /)
    } finally {
      taken.stop(true)
    }
  })
})
