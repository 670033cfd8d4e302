import { afterAll, beforeAll, test } from 'bun:test'
import { openTestApi } from '../helpers/api.ts'
import { CAST } from '../../src/sample/cast.ts'
let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => { api = await openTestApi() })
afterAll(() => api.close())
test('probe', async () => {
  const cik = CAST.largeIssuer.cik
  for (const q of ['symbols=revenue&qtrs=4&limit=100', 'symbols=revenue&qtrs=4&limit=100&asOf=2023-06-30']) {
    const r = await api.get(`/v1/financials/metrics?cik=${cik}&${q}`)
    console.log(q, r.status, r.body.series[0].points.map((p: any) => `${p.endDate}:${p.value}:${p.filed}:${p.restated}`).join(' '))
  }
})
