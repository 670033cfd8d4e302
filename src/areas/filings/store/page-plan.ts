/**
 * Where a page of filings without a CIK lies, from the day index (day-index.ts): which position ranges
 * of which copy hold it, and how many of their rows come before it. Pure arithmetic, no I/O.
 *
 * No form filter: the date-sorted copy, where a date window is one contiguous range of positions and
 * the page is a slice of it. One form type: the same in the form-sorted copy. Several form types: their
 * ranges interleave by date, so the page is bounded by dates instead: from the day holding the page's
 * first row to the day holding its last. Those days are one range per form of the form-sorted copy; the
 * rows of the page's forms before it on its first day (`offset`) are skipped, their number known from
 * the counts.
 */
import { firstIndexWhere } from '../../../lib/sorted.ts'
import type { DayList, FilingDayIndex } from './day-index.ts'

export type PagePlan =
  /** Rows at positions [from, to) in position order are the page (plus the look-ahead row). */
  | { kind: 'slice'; table: 'filings_by_date' | 'filings_by_form'; from: number; to: number }
  /**
   * The page is rows [offset, offset + take) of these ranges' rows (of the form-sorted copy) in API order.
   * `firstDay[i]` is the part of `ranges[i]` on the page's first day: the rows `offset` counts in.
   */
  | { kind: 'merge'; ranges: [number, number][]; firstDay: [number, number][]; offset: number; take: number }
  | { kind: 'empty' }

export type PageWindow = {
  formTypes: string[]
  startDate: string | null
  endDate: string | null
  offset: number
  take: number
}

/** Index range [lo, hi) of the days of a newest-first list that fall within [start, end]. */
function daysWithin(days: DayList, start: string | null, end: string | null): [number, number] {
  const firstAtOrBefore = (date: string) => firstIndexWhere(days.dates, (d) => d <= date)
  const lo = end === null ? 0 : firstAtOrBefore(end)
  const hi = start === null ? days.dates.length : firstIndexWhere(days.dates, (d) => d < start)
  return [lo, Math.max(lo, hi)]
}

/** Positions [first row of day lo, end of day hi - 1). */
const positions = (days: DayList, lo: number, hi: number): [number, number] => [
  days.firstPos[lo]!,
  days.firstPos[hi - 1]! + days.counts[hi - 1]!,
]

export function planPage(index: FilingDayIndex, w: PageWindow): PagePlan {
  const lists = w.formTypes.length ? w.formTypes.flatMap((f) => index.byForm.get(f) ?? []) : [index.all]
  const table = w.formTypes.length ? 'filings_by_form' : 'filings_by_date'
  const spans = lists
    .map((days) => ({ days, range: daysWithin(days, w.startDate, w.endDate) }))
    .filter((s) => s.range[0] < s.range[1])
  if (!spans.length) return { kind: 'empty' }
  if (spans.length === 1) {
    const { days, range } = spans[0]!
    const [start, end] = positions(days, range[0], range[1])
    const from = start + w.offset
    return from >= end ? { kind: 'empty' } : { kind: 'slice', table, from, to: Math.min(end, from + w.take) }
  }
  return planMerge(spans, w.offset, w.take)
}

/**
 * Walks the forms' days newest first, all lists together, to the day of row `offset` (`high`) and the
 * day of the last wanted row (`low`); rows on days after `high` are skipped by counting.
 */
function planMerge(spans: { days: DayList; range: [number, number] }[], offset: number, take: number): PagePlan {
  const cursor = spans.map((s) => s.range[0])
  let seen = 0
  let high: string | undefined
  let low: string | undefined
  let skip = 0
  for (;;) {
    // The newest day not yet walked, over every list.
    let day: string | undefined
    spans.forEach((s, i) => {
      const d = cursor[i]! < s.range[1] ? s.days.dates[cursor[i]!] : undefined
      if (d !== undefined && (day === undefined || d > day)) day = d
    })
    if (day === undefined) break
    let rows = 0
    spans.forEach((s, i) => {
      if (cursor[i]! < s.range[1] && s.days.dates[cursor[i]!] === day) rows += s.days.counts[cursor[i]!++]!
    })
    if (high === undefined && seen + rows > offset) {
      high = day
      skip = seen
    }
    seen += rows
    low = day
    if (high !== undefined && seen >= offset + take) break
  }
  if (high === undefined || low === undefined) return { kind: 'empty' }
  const ranges: [number, number][] = []
  const firstDay: [number, number][] = []
  for (const { days, range } of spans) {
    const [lo, hi] = daysWithin(days, low, high)
    const a = Math.max(lo, range[0])
    const b = Math.min(hi, range[1])
    if (a >= b) continue
    ranges.push(positions(days, a, b))
    // A form with no rows on the first day has an empty part there, at its range's start.
    firstDay.push(days.dates[a] === high ? positions(days, a, a + 1) : [days.firstPos[a]!, days.firstPos[a]!])
  }
  return { kind: 'merge', ranges, firstDay, offset: offset - skip, take }
}
