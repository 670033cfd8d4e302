/**
 * A company's series points as the series operations read them (store/series-points.ts), and as a day
 * knew them (point-in-time.ts): the metric series, the ratio series and the trailing-twelve-month ratios
 * (ratio-ttm.ts) read through here.
 */
import { hasFlow, type RatioDefinition } from '../../reference/financial-ratios.ts'
import { type PeriodAt, type PointInTime, periodAt, periodKey, vintagesByPeriod } from './point-in-time.ts'
import {
  type FilingColumns,
  type FinancialsStore,
  lineHoldsEveryVintage,
  type PeriodFilter,
  type RatioVintageRow,
  type SeriesKind,
  type SeriesName,
  type VintageRow,
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
 * P1–P3 over a period's vintages (point-in-time.ts periodAt): its rows of the vintage file when its answer
 * needs them (`needsVintages`, read by restatedVintages); else those its line holds, which are all P1–P3
 * need: its first (`first_reported`, a point's one vintage when never restated: vintages.ts V6) and a
 * restated point's last (`last_vintage`), and those between when its line holds them all
 * (`middle_vintages`). A day that knew every vintage (a line is read as of a day only from its `known_from`
 * on, its one vintage's day when never restated) takes from its first and last what it would take from
 * all; one that knew some of a point's vintages, all on its line, takes P1 over them.
 */
function periodOf<V extends StoredFirst>(
  stored: V[] | undefined,
  p: {
    value: number
    first_reported: unknown
    last_vintage?: unknown
    middle_vintages?: unknown
    all_known_from?: unknown
  },
  at: PointInTime,
  more: Partial<V> = {},
): PeriodAt<V> | undefined {
  if (stored) return periodAt(stored, at)
  const first = p.first_reported as V
  if (!p.last_vintage) return periodAt([{ ...first, value: p.value, ...more }], at)
  if (knewEveryVintage(p, at)) return periodAt([first, p.last_vintage as V], { vintage: at.vintage, day: undefined })
  return periodAt([first, ...((p.middle_vintages as V[] | null) ?? []), p.last_vintage as V], at)
}

/** Whether the day knew every vintage of a point (its `all_known_from`): always without a day. */
const knewEveryVintage = (p: { all_known_from?: unknown }, at: PointInTime) =>
  at.day === undefined || (p.all_known_from as number) <= at.day

/**
 * Whether a point's answer at `at` needs its vintages read: a restated point's, unless the day knew every
 * vintage (`all_known_from`), when P1–P3 take from its first and last (on its line) what they would take
 * from all, or its line holds them all (lineHoldsEveryVintage). A metric's and a ratio's alike: a restated
 * ratio's vintages on its line have their components (contract FIN_RATIO_SERIES).
 */
function needsVintages(p: Record<string, unknown>, at: PointInTime): boolean {
  return p.restated === true && !knewEveryVintage(p, at) && !lineHoldsEveryVintage(p)
}

/** The periods asked for, as of `at`'s day only those known by then (store/series-points.ts). */
const knownBy = (periods: PeriodFilter, at: PointInTime | undefined): PeriodFilter =>
  at?.day === undefined ? periods : { ...periods, knownBy: at.day }

/**
 * Of each name, a point's vintages when its answer needs them (`needsVintages`), else undefined: of each
 * series and period length, the vintage lines of its periods from the latest to the oldest such point are
 * read, and a period's parsed when its point needs them. A point never restated has its one vintage in
 * `first_reported` (V6), and most have no other.
 */
async function restatedVintages<K extends SeriesKind>(
  store: FinancialsStore,
  kind: K,
  cik: number,
  names: readonly SeriesName[],
  points: Record<string, unknown>[][],
  at: PointInTime,
) {
  const wanted = points.map((read) => {
    // Of each period length, the oldest and the latest period whose point needs its vintages.
    const span = new Map<number, { since: number; until: number }>()
    for (const p of read) {
      if (!needsVintages(p, at)) continue
      const [quarters, endDate] = [p.quarters as number, p.end_date as number]
      const known = span.get(quarters)
      if (!known) span.set(quarters, { since: endDate, until: endDate })
      else [known.since, known.until] = [Math.min(known.since, endDate), Math.max(known.until, endDate)]
    }
    return [...span].map(([quarters, { since, until }]) => ({ quarters, since, until }))
  })
  const read = await store.seriesVintageLines(kind, cik, names, (i) => wanted[i]!)
  return read.map((lines) => {
    const byPeriod = vintagesByPeriod(lines)
    return (p: Record<string, unknown>) =>
      needsVintages(p, at)
        ? byPeriod
            .get(periodKey(p.quarters as number, p.end_date as number))
            ?.map((v) => store.vintageOfLine(kind, v.line))
        : undefined
  })
}

/**
 * A point of today: `first_reported` only when restated, as the answer shows it. Here and below a point
 * is changed in place: each is a line this request decoded and nothing else holds, so a copy of its thirty
 * fields per point would be work for nothing.
 */
const today = <R extends { restated: boolean; first_reported: FirstReportedRow | null }>(r: R): R => {
  if (!r.restated) r.first_reported = null
  return r
}

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

/**
 * A point (a metric's or a ratio's) given its chosen vintage's value and filing, and whether the period was
 * restated (point-in-time.ts).
 */
function takeVintage<P extends FilingColumns & { value: number; restated: boolean; first_reported: unknown }>(
  p: P,
  { taken, first, restated }: PeriodAt<VintageRow | RatioVintageRow>,
): P {
  p.value = taken.value
  p.acc_key = taken.acc_key
  p.form = taken.form ?? p.form
  p.filed = taken.filed
  p.accepted = taken.accepted
  p.period = taken.period
  p.restated = restated
  p.first_reported = restated ? first : null
  return p
}

/**
 * A point as a day knew it, or as first reported: the vintage's value and filing. A derived quarter's
 * `derived_from` names the filings of today's point, its own first: it stays only when the vintage taken
 * is that filing's; a vintage of an earlier filing (a value later repeated, or since restated) was derived
 * from filings a line does not keep, and those of today's may not have been filed on the day.
 */
function pointAt(p: PointRow, at: PeriodAt<VintageRow>): PointRow {
  if (at.taken.acc_key !== p.acc_key) p.derived_from = null
  // The tag the taken filing reported the value under (a filing before the chosen tag's first reports
  // another of the key's: company-facts vintages.ts V1); the taxonomy version is known of today's tag only.
  // A first_reported's tag is null where it is the point's (contract FIN_METRIC_SERIES).
  const tag = (at.taken.tag as string | null) ?? p.tag
  if (tag !== p.tag) {
    p.tag = tag
    p.version = null
  }
  return takeVintage(p, at)
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
  const vintagesOf = at && (await restatedVintages(store, 'metric', cik, names, points, at))
  // The store names each point's series (`symbol`, `source`).
  return points.map((read, i) => {
    const rows: PointRow[] = []
    for (const p of read) {
      const row = p as PointRow
      if (!at || !vintagesOf) rows.push(today(row))
      else {
        const known = periodOf(vintagesOf[i]!(p), row, at)
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

/** A ratio point as a day knew it, or as first known: the vintage's value, components and filing. */
function ratioAt(p: RatioRow, at: PeriodAt<RatioVintageRow>): RatioRow {
  p.components = at.taken.components as unknown[]
  return takeVintage(p, at)
}

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
  const vintagesOf = at && (await restatedVintages(store, 'ratio', cik, names, points, at))
  // The store names each point's ratio (`ratio`).
  const rows: RatioRow[] = []
  points.forEach((read, i) => {
    for (const p of read) {
      const row = p as RatioRow
      if (!at || !vintagesOf) rows.push(today(row))
      else {
        const known = periodOf(vintagesOf[i]!(p), row, at, { components: row.components })
        if (known) rows.push(ratioAt(row, known))
      }
    }
  })
  return rows
}
