/**
 * The lookup files against the queries they stand in for (src/areas/institutions/store/lookups.ts): a page the
 * files answer (limit up to 100) is the start of the same list read with a limit they cannot answer
 * (150, a query), for the largest managers of the fixture, by value and by shares, quarter by quarter.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { TOP_ROWS } from '../../src/pipeline/sources/form-13f/contract.ts'
import { openTestApi } from '../helpers/api.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
let managers: string[]
const PAGE = TOP_ROWS - 1
const QUERIED = TOP_ROWS + 49

beforeAll(async () => {
  api = await openTestApi({ config: { MAX_LIMIT: 1000 } })
  const list = await api.get('/v1/institutions?limit=5')
  managers = list.body.data.map((m: { cik: string }) => m.cik)
})
afterAll(() => api.close())

test('holdings: the lookup page is the start of the queried list, by value and by shares', async () => {
  expect(managers.length).toBeGreaterThan(0)
  for (const cik of managers)
    for (const sort of ['value', 'shares']) {
      const page = (await api.get(`/v1/institutions/${cik}/holdings?sort=${sort}&limit=${PAGE}`)).body
      const all = (await api.get(`/v1/institutions/${cik}/holdings?sort=${sort}&limit=${QUERIED}`)).body
      expect(page.holdings).toEqual(all.holdings.slice(0, PAGE))
      expect(page.pagination.hasMoreData).toBe(all.holdings.length > PAGE)
    }
})

test('holdings history: each quarter of the lookup page is the start of the queried one', async () => {
  for (const cik of managers)
    for (const sort of ['value', 'shares']) {
      const page = (await api.get(`/v1/institutions/${cik}/holdings/history?sort=${sort}&limit=${PAGE}`)).body
      const all = (await api.get(`/v1/institutions/${cik}/holdings/history?sort=${sort}&limit=${QUERIED}`)).body
      expect(page.periods.map((p: { holdings: unknown[] }) => p.holdings)).toEqual(
        all.periods.map((p: { holdings: unknown[] }) => p.holdings.slice(0, PAGE)),
      )
    }
})

test('buys and sells: the lookup page is the start of the longer list, with and without the only filters', async () => {
  for (const cik of managers)
    for (const [kind, only] of [
      ['buys', 'newOnly'],
      ['sells', 'soldOutOnly'],
    ])
      for (const flag of ['false', 'true']) {
        const path = `/v1/institutions/${cik}/${kind}?${only}=${flag}`
        const page = (await api.get(`${path}&limit=${PAGE}`)).body
        const all = (await api.get(`${path}&limit=${QUERIED}`)).body
        expect(page.securities).toEqual(all.securities.slice(0, PAGE))
        expect(page.pagination.hasMoreData).toBe(all.securities.length > PAGE)
        // The second page of 2 rows starts where the first ends.
        const second = (await api.get(`${path}&limit=2&page=2`)).body
        expect(second.securities).toEqual(all.securities.slice(2, 4))
      }
})
