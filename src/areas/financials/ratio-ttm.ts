/**
 * Trailing-twelve-month ratios (`/ratios?ttm=true`, docs/financials.md "Trailing twelve months"): a ratio
 * with a flow among its terms, at each quarter end where its flows have a trailing sum (ttm.ts), computed
 * by the ratio rule (src/reference/financial-ratios.ts ratioValue) from those sums and the balances at that
 * quarter end, all in one currency, as `asOf` and `vintage` knew them. A ratio of balances only has none.
 */
import { isFlow, type RatioDefinition, ratioValue, termsOf } from '../../reference/financial-ratios.ts'
import type { PointInTime } from './point-in-time.ts'
import { metricPointsAt, type PointRow, type RatioRow } from './series-rows.ts'
import { canonicalSeries, type FinancialsStore } from './store/index.ts'
import { trailingTwelveMonths } from './ttm.ts'

/** The TTM points of `ratios` (each with a flow) of a company, ending on or before `to`. */
export async function ratioTtmRows(
  store: FinancialsStore,
  cik: number,
  ratios: readonly RatioDefinition[],
  to: number,
  at: PointInTime | undefined,
): Promise<RatioRow[]> {
  const metrics = [...new Set(ratios.flatMap((r) => termsOf(r).map((t) => t.metric)))]
  const flows = metrics.filter(isFlow)
  const balances = metrics.filter((m) => !isFlow(m))
  const [quarters, instants] = await Promise.all([
    metricPointsAt(store, cik, flows.map(canonicalSeries), { from: 0, to, latest: undefined, quarters: 1 }, at),
    metricPointsAt(store, cik, balances.map(canonicalSeries), { from: 0, to, latest: undefined, quarters: 0 }, at),
  ])
  // Each flow's trailing sums by quarter end, each balance by its date.
  const byEnd = new Map<string, Map<number, { value: number; point: PointRow }>>()
  flows.forEach((metric, i) => {
    const points = quarters[i]!.sort((a, b) => a.end_date - b.end_date).map((p) => ({ endDate: p.end_date, ...p }))
    byEnd.set(
      metric,
      new Map(trailingTwelveMonths(points).map((t) => [t.last.end_date, { value: t.value, point: t.last }])),
    )
  })
  balances.forEach((metric, i) => {
    byEnd.set(metric, new Map(instants[i]!.map((p) => [p.end_date, { value: p.value, point: p }])))
  })
  const rows: RatioRow[] = []
  for (const r of ratios) {
    const terms = termsOf(r)
    // The anchor, as the build's: the first required flow (its filing is the point's).
    const anchor = terms.find((t) => !t.optional && isFlow(t.metric)) ?? terms.find((t) => isFlow(t.metric))!
    for (const [end, { point }] of byEnd.get(anchor.metric) ?? []) {
      const term = (metric: string) => {
        const t = byEnd.get(metric)?.get(end)
        return t && t.point.unit === point.unit ? t : undefined
      }
      const value = ratioValue(r, (metric) => term(metric)?.value, 4)
      if (value === undefined) continue
      const used = terms.filter((t) => term(t.metric)).map((t) => term(t.metric)!)
      rows.push({
        ...point,
        quarters: 4,
        ratio: r.id,
        value,
        unit: r.unit,
        components: terms
          .filter((t) => term(t.metric))
          .map((t) => ({ metric: t.metric, value: term(t.metric)!.value, unit: point.unit })),
        restated: used.some((t) => t.point.restated),
        first_reported: null,
      })
    }
  }
  return rows.filter((row) => row.end_date <= to)
}
