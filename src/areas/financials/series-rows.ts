/**
 * A company's series points as the series operations read them (store/series-points.ts), and as a day
 * knew them (point-in-time.ts): the metric series, the ratio series and the trailing-twelve-month ratios
 * (ratio-ttm.ts) read through here.
 */
import { hasFlow, type RatioDefinition } from '../../reference/financial-ratios.ts'
import { type PeriodAt, type PointInTime, periodAt, periodKey, vintagesByPeriod } from './point-in-time.ts'
import type {
  FilingColumns,
  FinancialsStore,
  PeriodFilter,
  RatioVintageRow,
  SeriesKind,
  SeriesName,
  VintageRow,
} from './store/index.ts'

/** A restated point's first-reported value and filing. */
export type FirstReportedRow = {
  value: number
  acc_key: string
  form: string | null
  filed: number
  accepted: string | null
}

/** A stored point's first vintage (on every point: company-facts vintages.ts V6), with its filing's period. */
type StoredFirst = FirstReportedRow & { period: number | null }

/**
 * A period's vintages: its rows of the vintage file when they were read; else those its line holds, which
 * are all P1–P3 need (`needsVintages`): its first (`first_reported`, a point's one vintage when never
 * restated: vintages.ts V6) and a restated point's last (`last_vintage`).
 */
function vintagesOf<V>(
  byPeriod: Map<number, V[]>,
  p: { quarters: number; end_date: number; value: number; first_reported: unknown; last_vintage?: unknown },
  more: Partial<V> = {},
): V[] {
  const stored = byPeriod.get(periodKey(p.quarters, p.end_date))
  if (stored) return stored
  const period = { quarters: p.quarters, end_date: p.end_date }
  const first = { ...(p.first_reported as StoredFirst), ...period, vintage: 1 }
  if (!p.last_vintage) return [{ ...first, value: p.value, ...more } as V]
  return [first as V, { ...(p.last_vintage as StoredFirst), ...period } as V]
}

/**
 * Whether a point's answer at `at` needs its vintages read: a restated point's, unless the day knew every
 * vintage (`all_known_from`), when P1–P3 take from its first and last (on its line) what they would take
 * from all; but a ratio's first vintage is on its line without its components.
 */
const needsVintages = (kind: SeriesKind, p: Record<string, unknown>, at: PointInTime) =>
  p.restated === true &&
  ((at.day !== undefined && (p.all_known_from as number) > at.day) || (kind === 'ratio' && at.vintage === 'first'))

/** The periods asked for, as of `at`'s day only those known by then (store/series-points.ts). */
const knownBy = (periods: PeriodFilter, at: PointInTime | undefined): PeriodFilter =>
  at?.day === undefined ? periods : { ...periods, knownBy: at.day }

/**
 * The vintages by period of the points read whose answer needs them (`needsVintages`): of each series and
 * period length, the vintages of its periods back to the oldest such one read. A point never restated has
 * its one vintage in `first_reported` (V6), and most have no other.
 */
async function restatedVintages<K extends 'metric' | 'ratio'>(
  store: FinancialsStore,
  kind: K,
  cik: number,
  names: readonly SeriesName[],
  points: Record<string, unknown>[][],
  at: PointInTime,
) {
  const wanted = points.map((read) => {
    const since = new Map<number, number>()
    for (const p of read) {
      if (!needsVintages(kind, p, at)) continue
      const [quarters, endDate] = [p.quarters as number, p.end_date as number]
      since.set(quarters, Math.min(since.get(quarters) ?? endDate, endDate))
    }
    return [...since].map(([quarters, from]) => ({ quarters, since: from }))
  })
  const read = await store.seriesVintages(kind, cik, names, (i) => wanted[i]!)
  return read.map((vintages) => vintagesByPeriod(vintages))
}

/** A point of today: `first_reported` only when restated, as the answer shows it. */
const today = <R extends { restated: boolean; first_reported: FirstReportedRow | null }>(r: R): R =>
  r.restated ? r : { ...r, first_reported: null }

export type PointRow = FilingColumns & {
  symbol: string
  source: string
  unit: string
  value: number
  tag: string
  version: string | null
  label: string | null
  custom: number
  datatype: string | null
  strategy: string
  rule_id: string | null
  confidence: number
  derived_from: string[] | null
  restated: boolean
  first_reported: FirstReportedRow | null
}

/** A point as a day knew it, or as first reported (point-in-time.ts): the vintage's value and filing. */
function pointAt(p: PointRow, at: PeriodAt<VintageRow>): PointRow {
  const { taken, first } = at
  return {
    ...p,
    value: taken.value,
    acc_key: taken.acc_key,
    form: taken.form ?? p.form,
    filed: taken.filed,
    accepted: taken.accepted,
    period: taken.period,
    restated: at.restated,
    first_reported: at.restated ? first : null,
    // The filings a derived quarter came from are those of its latest vintage.
    derived_from: at.latestOfAll ? p.derived_from : null,
  }
}

/**
 * The points of several metric series of a company in `periods`, one list per name, each as `at` knew it
 * (point-in-time.ts: its vintage known by the day, or first), periods not yet known left out; today's
 * points without `at`.
 */
export async function metricPointsAt(
  store: FinancialsStore,
  cik: number,
  names: readonly SeriesName[],
  periods: PeriodFilter,
  at: PointInTime | undefined,
): Promise<PointRow[][]> {
  const points = await store.seriesPoints('metric', cik, names, knownBy(periods, at))
  const byPeriod = at && (await restatedVintages(store, 'metric', cik, names, points, at))
  return names.map((name, i) => {
    const rows: PointRow[] = []
    for (const p of points[i]!) {
      const row = { ...p, ...name } as PointRow
      if (!at || !byPeriod) rows.push(today(row))
      else {
        const known = periodAt(vintagesOf(byPeriod[i]!, row), at)
        if (known) rows.push(pointAt(row, known))
      }
    }
    return rows
  })
}

export type RatioRow = FilingColumns & {
  ratio: string
  value: number
  unit: string
  components: unknown[]
  restated: boolean
  first_reported: FirstReportedRow | null
}

/** A ratio point as a day knew it, or as first known (point-in-time.ts): the vintage's value, components and filing. */
const ratioAt = (p: RatioRow, { taken, first, restated }: PeriodAt<RatioVintageRow>): RatioRow => ({
  ...p,
  value: taken.value,
  components: taken.components as unknown[],
  acc_key: taken.acc_key,
  form: taken.form ?? p.form,
  filed: taken.filed,
  accepted: taken.accepted,
  period: taken.period,
  restated,
  first_reported: restated ? first : null,
})

/** The points of several ratios of a company in `periods`, as `at` knew them (as metricPointsAt), in one list. */
export async function ratioPointsAt(
  store: FinancialsStore,
  cik: number,
  ratios: readonly RatioDefinition[],
  periods: PeriodFilter,
  at: PointInTime | undefined,
): Promise<RatioRow[]> {
  // A ratio with a flow among its terms has the flow's period (a quarter or a year), one of balances only
  // the balance-sheet date (docs/financials.md, Ratios).
  const names = ratios.map((r) => ({ source: 'ratio' as const, symbol: r.id, lengths: hasFlow(r) ? [1, 4] : [0] }))
  const points = await store.seriesPoints('ratio', cik, names, knownBy(periods, at))
  const byPeriod = at && (await restatedVintages(store, 'ratio', cik, names, points, at))
  return ratios.flatMap((r, i) => {
    return points[i]!.flatMap((p) => {
      const row = { ...p, ratio: r.id } as RatioRow
      if (!at || !byPeriod) return [today(row)]
      const known = periodAt(vintagesOf(byPeriod[i]!, row, { components: row.components }), at)
      return known ? [ratioAt(row, known)] : []
    })
  })
}
