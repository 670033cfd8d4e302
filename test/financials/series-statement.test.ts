/**
 * Rule 4 of the metric series over the fixture: the sample's companies that present contract revenue
 * (RevenueFromContractWithCustomerExcludingAssessedTax) and report a part of it under `Revenues`, the
 * first tag of the priority order, in a note; some of those filings without `pre` rows
 * (financial-statements/sample-revenue-part.ts). Expected points are made from the fixture's FSDS files,
 * read here independently of the build: a revenue point is always the contract revenue, chosen by the
 * statement where the filing presents it and by the guard where the data sets lack its presentation; the
 * other keys of a filing without `pre` rows by the priority order.
 */
import { expect, test } from 'bun:test'
import { type Row, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()
const CONTRACT = 'RevenueFromContractWithCustomerExcludingAssessedTax'

type Point = { adsh: string; endDate: number; quarters: number; value: number; tag: string; strategy: string }

/** A filing's consolidated value of a tag at (ddate, qtrs), from num.txt. */
function reportedValue(num: Row[], adsh: string, tag: string, ddate: number, qtrs: number) {
  const row = num.find(
    (n) => n.adsh === adsh && n.tag === tag && +n.ddate! === ddate && +n.qtrs! === qtrs && !n.segments && !n.coreg,
  )
  return row && Number(row.value)
}

test('a part of revenue under the first tag: the statement’s contract revenue, else the guard; other keys by priority', async () => {
  const { num, pre, sub } = ctx.fsds
  const parted = new Set(num.filter((n) => n.tag === 'Revenues' && !n.segments && !n.coreg).map((n) => n.adsh))
  const contract = new Set(num.filter((n) => n.tag === CONTRACT && !n.segments).map((n) => n.adsh))
  const presented = new Set(pre.map((p) => p.adsh))
  const ciks = [...new Set(sub.filter((s) => parted.has(s.adsh) && contract.has(s.adsh)).map((s) => Number(s.cik)))]
  expect(ciks.length).toBeGreaterThan(0)
  const seen = new Set<string>()
  for (const cik of ciks) {
    const res = await ctx.api.get(
      `/v1/financials/metrics?cik=${cik}&symbols=revenue,cost_of_revenue&qtrs=1&limit=100&source=canonical`,
    )
    expect(res.status).toBe(200)
    const series = res.body.series as { symbol: string; points: Point[] }[]
    const of = (symbol: string) =>
      series.find((s) => s.symbol === symbol)!.points.filter((p) => p.strategy !== 'derived')
    for (const p of of('revenue')) {
      const part = reportedValue(num, p.adsh, 'Revenues', p.endDate, p.quarters)
      const whole = reportedValue(num, p.adsh, CONTRACT, p.endDate, p.quarters)
      if (part === undefined || whole === undefined) continue
      expect(part).toBeLessThan(whole)
      const strategy = presented.has(p.adsh) ? 'statement' : 'guard'
      expect([p.adsh, p.endDate, p.tag, p.value, p.strategy]).toEqual([p.adsh, p.endDate, CONTRACT, whole, strategy])
      seen.add(strategy)
    }
    for (const p of of('cost_of_revenue')) {
      const strategy = presented.has(p.adsh) ? 'statement' : 'priority'
      expect([p.adsh, p.endDate, p.strategy]).toEqual([p.adsh, p.endDate, strategy])
      seen.add(strategy)
    }
  }
  expect([...seen].sort()).toEqual(['guard', 'priority', 'statement'])
})
