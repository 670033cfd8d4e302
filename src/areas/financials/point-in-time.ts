/**
 * The point-in-time rules of a series request (docs/financials.md "Point in time"): which of a period's
 * vintages (the build's, company-facts vintages.ts) answers a request `asOf` a day, or as first reported.
 *
 * P1. Known on a day: a vintage is known at the end of day D when its filing was known by then
 *     (src/reference/point-in-time.ts knownOn: accepted, US Eastern, else filed).
 * P2. `vintage=latest` (the default) takes the last vintage known; `first` the first, if known. A period with
 *     no vintage known has no point.
 * P3. Restated: more than one vintage known (a later filing gave the period another value); the first-reported
 *     value is the first vintage.
 * Without `asOf` every vintage is known, so the latest vintage is the point the series has today.
 */
import { knownOn } from '../../reference/point-in-time.ts'

/** What the rules read of a vintage (a metric's or a ratio's: store/series-points.ts). */
export type Vintage = { filed: number; accepted: string | null }

export type VintageChoice = 'first' | 'latest'

/** A request's point in time: the day (YYYYMMDD, none = today) and which vintage. */
export type PointInTime = { day: number | undefined; vintage: VintageChoice }

/** The request's point in time, or undefined for today's latest values (no vintage is read). */
export function pointInTimeOf(q: { asOf?: string; vintage?: string }): PointInTime | undefined {
  const vintage = (q.vintage ?? 'latest') as VintageChoice
  if (q.asOf === undefined && vintage === 'latest') return undefined
  return { day: q.asOf === undefined ? undefined : Number(q.asOf.replaceAll('-', '')), vintage }
}

/** The point-in-time parameters echoed in `filters`, only when sent: an answer of today keeps the reference's filters. */
export const pointInTimeFilters = (q: { asOf?: string; vintage?: string }) => ({
  ...(q.asOf !== undefined && { asOf: q.asOf }),
  ...(q.vintage !== undefined && { vintage: q.vintage }),
})

/** A period's answer at a point in time: the vintage taken, the first known, and whether it was restated. */
export type PeriodAt<V extends Vintage> = { taken: V; first: V; restated: boolean }

/** P1–P3 over one period's vintages (in vintage order); undefined when none is known. */
export function periodAt<V extends Vintage>(vintages: readonly V[], at: PointInTime): PeriodAt<V> | undefined {
  const known = at.day === undefined ? vintages : vintages.filter((v) => knownOn(v) <= at.day!)
  if (!known.length) return undefined
  const taken = at.vintage === 'first' ? known[0]! : known.at(-1)!
  return { taken, first: known[0]!, restated: known.length > 1 }
}

/** A period's key among a series' vintages. */
export const periodKey = (quarters: number, endDate: number) => quarters * 100_000_000 + endDate

/** A series' vintages (or their lines) by period (periodKey), each list in vintage order. */
export function vintagesByPeriod<V extends { quarters: number; end_date: number }>(
  vintages: readonly V[],
): Map<number, V[]> {
  const out = new Map<number, V[]>()
  for (const v of vintages) {
    const key = periodKey(v.quarters, v.end_date)
    const list = out.get(key)
    if (list) list.push(v)
    else out.set(key, [v])
  }
  return out
}
