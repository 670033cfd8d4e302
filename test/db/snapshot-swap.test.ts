/**
 * Switching snapshots while serving: a new build is published under load and no request fails; a
 * request that started on the old snapshot finishes on it; the old snapshot's connections close once
 * its last request is done; the watcher follows CURRENT without a signal. The app serves its own copy of
 * the sample snapshot, since these tests publish into its datasets folder (and the build prunes it).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { listFilings } from '../../src/areas/filings/handlers.ts'
import { filingsStore } from '../../src/areas/filings/store/index.ts'
import { queryConfig } from '../../src/config.ts'
import { sql } from '../../src/db/sql.ts'
import { generateSample } from '../../src/pipeline/sample.ts'
import { openTestApi } from '../helpers/api.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { operationsOf } from '../helpers/operations.ts'
import { republish as republishCopy } from '../helpers/snapshot.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
let secondMirror = ''
/** A copy of the second seed's snapshot, built by the load test (the only build of this file). */
let secondSnapshot = ''

/**
 * Publishes a snapshot built from a different seed, so row counts differ from the first one (its quarterly
 * sets from 2024-10 on, as the demo's: every operation's example still answers, from a shorter build). By `secds
 * build` in its own process, as a nightly build runs beside the server: the requests and the build
 * each have a core, rather than taking turns on this process's event loop.
 */
async function publishSecondSnapshot() {
  const cli = join(import.meta.dir, '../../src/cli.ts')
  const build = Bun.spawn(
    [process.execPath, cli, 'build', '--from', secondMirror, '--datasets', api.datasets, '--threads', '1'],
    { stdout: 'ignore', stderr: 'pipe' },
  )
  const [code, said] = await Promise.all([build.exited, new Response(build.stderr).text()])
  expect({ code, said: code === 0 ? '' : said }).toEqual({ code: 0, said: '' })
  return /^published (\S+)/m.exec(said)![1]!
}

/** A copy of a snapshot already built published to the test's datasets (helpers republish). */
const republish = (dir: string) => republishCopy(dir, api.datasets).snapshotId

const filingRows = async (db: { one<T>(q: ReturnType<typeof sql>): Promise<T | undefined> }) =>
  (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM filings`))!.n

/**
 * The old generation closes once its last request is released, asynchronously: waits for that however
 * long a busy machine takes (a generation that never closes is a hang, caught by the run's guard).
 */
async function retiredClosed() {
  while (api.database.poolStats().generations > 1) await Bun.sleep(10)
}

/**
 * The rate limiter's clock: one second on each time it is read (a request reads it twice), so that no
 * plan limit is reached however many requests the load test below makes in its fixed time (it counts
 * swaps' losses, not limits).
 */
let clock = Date.now()

/** Each load client's pause between its requests. */
const CLIENT_PAUSE_MS = 20

beforeAll(async () => {
  api = await openTestApi({ copy: true, now: () => (clock += 1000) })
  secondMirror = join(api.root, 'mirror-2')
  secondSnapshot = join(api.root, 'snapshot-2')
  await generateSample({ out: secondMirror, scale: 0.00005, seed: 2, periodsFrom: '2024-10-01' })
})
afterAll(() => api?.close())

describe('snapshot swap', () => {
  test('no request is lost while snapshots are swapped under concurrent load', async () => {
    // Every operation at its example path: the cast it names is in every seed's snapshot.
    const paths = operationsOf(api.app).map((op) => op.path())
    const statuses = new Map<number, number>()
    let running = true
    const worker = async (n: number) => {
      let i = n
      while (running) {
        const { status } = await api.get(paths[i++ % paths.length]!)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        // Clients that pause between requests, as a service's do: the load overlaps every step of the build
        // and swap, without spending a core for as long as the build takes (which a busy machine lengthens).
        // The pause also yields: a cached answer completes without I/O, and the build must get its turns.
        await Bun.sleep(CLIENT_PAUSE_MS)
      }
    }
    const workers = Array.from({ length: 8 }, (_, n) => worker(n))
    const ids: string[] = []
    try {
      // A build under load, then two quick swaps of copies of it.
      for (let swap = 0; swap < 3; swap++) {
        await Bun.sleep(100)
        ids.push(swap === 0 ? await publishSecondSnapshot() : republish(join(api.datasets, ids[0]!)))
        // Kept for the tests below: the prune removes it from the datasets folder.
        if (swap === 0) cpSync(join(api.datasets, ids[0]!), secondSnapshot, { recursive: true })
        await api.database.reload()
      }
      await Bun.sleep(100)
    } finally {
      // Also on failure: workers left running would load every later test.
      running = false
      await Promise.all(workers)
    }

    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(50)
    expect(Object.fromEntries(statuses)).toEqual({ 200: total })
    expect((await api.get('/ready')).body.snapshot.id).toBe(ids.at(-1)!)
    await retiredClosed()
    expect(api.database.poolStats().generations).toBe(1)
  })

  test('a request bound to the old snapshot keeps reading it; new requests read the new one; the old closes after', async () => {
    const first = api.database.forRequest()
    const before = await filingRows(first)
    // The load test left the second seed's snapshot served: the first seed's (the shared fixture) has other rows.
    const newId = republish((await sampleFixture()).dir)
    expect((await api.database.reload()).id).toBe(newId)

    const second = api.database.forRequest()
    const after = await filingRows(second)
    expect(after).not.toBe(before)
    // Still the old snapshot's views: the old generation stays open while this request holds it.
    expect(await filingRows(first)).toBe(before)
    expect(api.database.poolStats().generations).toBe(2)

    first.release()
    second.release()
    await retiredClosed()
    expect(api.database.poolStats().generations).toBe(1)
    expect((await api.get('/ready')).body.snapshot.id).toBe(newId)
  })

  test('cached results belong to their snapshot: the same request after a swap reads the new one', async () => {
    const path = '/v1/filings?limit=5&formTypes=10-K'
    const first = await api.get(path)
    // Kept the second time it is asked for (ResultCache.offer), answered from the cache the third.
    expect((await api.get(path)).text).toBe(first.text)
    const again = await api.get(path)
    expect(again.text).toBe(first.text)
    expect((await api.get('/metrics')).text).toMatch(/secds_result_cache_lookups\{outcome="hit"\} [1-9]/)

    // The earlier tests left the first seed's snapshot served; the second seed's has other newest 10-Ks.
    republish(secondSnapshot)
    await api.database.reload()
    const after = await api.get(path)
    const db = api.database.forRequest()
    const direct = await listFilings(filingsStore(db), queryConfig(api.config), {
      formTypes: '10-K',
      page: 1,
      limit: 5,
    })
    db.release()
    expect(after.body.data).toEqual(direct.data)
    expect(after.text).not.toBe(first.text)
  })

  test('the watcher follows CURRENT without a signal', async () => {
    const served = api.database.snapshot?.id
    api.database.watch(100)
    const newId = republish(join(api.datasets, api.database.snapshot!.id))
    // However long a busy machine takes to notice: the watcher reloads the new snapshot or no other.
    while (api.database.snapshot?.id === served) await Bun.sleep(25)
    expect(api.database.snapshot?.id).toBe(newId)
  })
})
