/**
 * Requests in flight together must get exactly what the same requests get one at a time: lookups and
 * filer pages read from the lookup files between queries, and filer pages read by query, which are
 * merged into one query when they wait for a connection (db/pool.ts). One DuckDB connection and the
 * result cache off, so that they wait and nothing is answered from the cache.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { listFilings } from '../../src/areas/filings/handlers.ts'
import { filingsStore } from '../../src/areas/filings/store/index.ts'
import { queryConfig } from '../../src/config.ts'
import { openTestApi } from '../helpers/api.ts'

let api: Awaited<ReturnType<typeof openTestApi>>

beforeAll(async () => {
  api = await openTestApi({ config: { DB_CONNECTIONS: 1, RESPONSE_CACHE_MB: 0 } })
})
afterAll(() => api?.close())

test('concurrent lookups and filer pages answer as they do one at a time', async () => {
  const latest = (await api.get('/v1/filings?limit=100')).body.data as { accessionNumber: string; cik: string }[]
  const entities = (await api.get('/v1/entities?limit=100')).body.data as { cik: string; ticker: string | null }[]
  expect(latest.length).toBe(100)
  const paths = [
    ...entities.slice(0, 20).map((e) => `/v1/entities/${e.cik}`),
    ...entities
      .filter((e) => e.ticker)
      .slice(0, 5)
      .map((e) => `/v1/entities/${e.ticker}`),
    ...latest.slice(0, 20).map((f) => `/v1/filings/${f.accessionNumber}`),
    ...latest.slice(20, 40).map((f) => `/v1/filings/${f.cik}/${f.accessionNumber}`),
    ...latest.slice(40, 60).map((f) => `/v1/filings/${f.cik}/${f.accessionNumber}/documents`),
    ...entities.slice(0, 15).map((e) => `/v1/filings?cik=${e.cik}&limit=5`),
    ...entities.slice(15, 30).map((e) => `/v1/entities/${e.cik}/filings?limit=3&page=2`),
    // lists by query between them, and unknown ones
    '/v1/filings?limit=5&page=3',
    '/v1/entities?limit=4&page=2',
    '/v1/entities/9999999',
    '/v1/filings/0000000001-26-000001',
    `/v1/filings/1/${latest[0]!.accessionNumber}`,
    `/v1/filings/1/${latest[0]!.accessionNumber}/documents`,
  ]
  const answer = async (path: string) => {
    const res = await api.get(path)
    return { path, status: res.status, body: res.status === 200 ? res.body : res.body.error.code }
  }
  const oneAtATime = []
  for (const path of paths) oneAtATime.push(await answer(path))
  expect(oneAtATime.filter((a) => a.status === 404).length).toBe(4)
  expect(oneAtATime.filter((a) => a.status === 200).length).toBe(paths.length - 4)
  expect(await Promise.all(paths.map(answer))).toEqual(oneAtATime)
})

test('filer pages read by query, concurrently, are merged and each gets its own rows', async () => {
  const entities = (await api.get('/v1/entities?limit=40')).body.data as { cik: string }[]
  // filerFrames 0: every filer page by query, as pages too deep for the lookup file are.
  const config = { ...queryConfig(api.config), filerFrames: 0 }
  const pages = entities.map((e, i) => ({ cik: e.cik, page: 1 + (i % 3), limit: 2 + (i % 4) }))
  const page = async (p: (typeof pages)[number]) => {
    const db = api.database.forRequest()
    try {
      return await listFilings(filingsStore(db), config, p)
    } finally {
      db.release()
    }
  }
  const oneAtATime = []
  for (const p of pages) oneAtATime.push(await page(p))
  expect(oneAtATime.filter((r) => r.data.length).length).toBeGreaterThan(20)
  const before = api.database.poolStats().batched
  expect(await Promise.all(pages.map(page))).toEqual(oneAtATime)
  // All but the first wait for the one connection.
  expect(api.database.poolStats().batched - before).toBeGreaterThan(20)
})
