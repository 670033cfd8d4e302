/**
 * The ratio rule in TypeScript (src/reference/financial-ratios.ts ratioValue, which the trailing-twelve-month
 * ratios use) gives exactly the value the build's SQL (company-facts ratios.ts) stored for every ratio point
 * of the fixture's companies, from the point's own components.
 */
import { expect, test } from 'bun:test'
import { ratioById, ratioValue } from '../../src/reference/financial-ratios.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

test('ratioValue equals every stored ratio point, computed from its components', async () => {
  const ciks = [...new Set(ctx.fsds.sub.map((s) => s.cik!))]
  let compared = 0
  for (const cik of ciks) {
    const res = await ctx.api.get(`/v1/financials/ratios?cik=${cik}&limit=100`)
    if (res.status !== 200) continue
    for (const series of res.body.series)
      for (const p of series.points) {
        const components = new Map<string, number>(
          p.components.map((c: { metric: string; value: number }) => [c.metric, c.value]),
        )
        expect([
          series.ratio,
          p.endDate,
          ratioValue(ratioById.get(series.ratio)!, (m) => components.get(m), p.quarters),
        ]).toEqual([series.ratio, p.endDate, p.value])
        compared++
      }
  }
  expect(compared).toBeGreaterThan(1000)
})
