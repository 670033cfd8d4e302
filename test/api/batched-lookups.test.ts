/**
 * Filer pages that wait for a connection together run as one merged query (db/pool.ts), and lookups read
 * the lookup files between them. With one DuckDB connection and the result cache off, concurrent requests
 * must get exactly what the same requests get one at a time: whole bodies, 404s included.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openTestApi } from '../helpers/api.ts'

let api: Awaited<ReturnType<typeof openTestApi>>

beforeAll(async () => {
  api = await openTestApi({ config: { DB_CONNECTIONS: 1, RESPONSE_CACHE_ROWS: 0 } })
})
afterAll(() => api?.close())

test('concurrent lookups and filer pages answer as they do one at a time, and the pages were merged', async () => {
  const latest = (await api.get('/v1/filings?limit=100')).body.data as { accessionNumber: string; cik: string }[]
  const entities = (await api.get('/v1/entities?limit=100')).body.data as { cik: string; ticker: string | null }[]
  expect(latest.length).toBe(100)
  const paths = [
    ...entities.slice(0, 20).map((e) => `/v1/entities/${e.cik}`),
    ...entities.filter((e) => e.ticker).slice(0, 5).map((e) => `/v1/entities/${e.ticker}`),
    ...latest.slice(0, 20).map((f) => `/v1/filings/${f.accessionNumber}`),
    ...latest.slice(20, 40).map((f) => `/v1/filings/${f.cik}/${f.accessionNumber}`),
    ...latest.slice(40, 60).map((f) => `/v1/filings/${f.cik}/${f.accessionNumber}/documents`),
    ...entities.slice(0, 15).map((e) => `/v1/filings?cik=${e.cik}&limit=5`),
    ...entities.slice(15, 30).map((e) => `/v1/entities/${e.cik}/filings?limit=3&page=2`),
    // unknown ones, between the others
    '/v1/entities/9999999', '/v1/filings/0000000001-26-000001', `/v1/filings/1/${latest[0]!.accessionNumber}`,
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
  const before = api.database.poolStats().batched
  const together = await Promise.all(paths.map(answer))
  expect(together).toEqual(oneAtATime)
  // 30 filer pages: all but the first wait for the one connection.
  expect(api.database.poolStats().batched - before).toBeGreaterThan(15)
})
