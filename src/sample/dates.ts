/**
 * Calendar helpers on day numbers (days since 1970-01-01, UTC). EDGAR dates are Eastern-time business
 * days, and its timestamps are UTC renderings of Eastern times, so the offset (EST or EDT) matters.
 */

const DAY_MS = 86_400_000
/** The generator only ever deals with dates in this range; tables below cover it. */
const FIRST_DAY = Date.UTC(1990, 0, 1) / DAY_MS
const LAST_DAY = Date.UTC(2032, 0, 1) / DAY_MS

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`)

const ISO: string[] = []
const YEAR = new Uint16Array(LAST_DAY - FIRST_DAY)
for (let d = FIRST_DAY; d < LAST_DAY; d++) {
  ISO.push(new Date(d * DAY_MS).toISOString().slice(0, 10))
  YEAR[d - FIRST_DAY] = +ISO[ISO.length - 1]!.slice(0, 4)
}

export const dayOf = (iso: string) => dayOfYmd(+iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10))

/** First day of each month from 1990 (hot: the plan computes period ends for every entity-year). */
const MONTH_START = new Int32Array(12 * 43)
for (let i = 0; i < MONTH_START.length; i++) MONTH_START[i] = Date.UTC(1990 + Math.floor(i / 12), i % 12, 1) / DAY_MS
/** A day number; months past 12 or before 1 roll over, days past the month's end roll into the next. */
export function dayOfYmd(y: number, m: number, d: number): number {
  const i = (y - 1990) * 12 + (m - 1)
  return i >= 0 && i < MONTH_START.length ? MONTH_START[i]! + d - 1 : Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}

/** 'YYYY-MM-DD' */
export function isoDay(day: number): string {
  return ISO[(day - FIRST_DAY) | 0] ?? new Date(day * DAY_MS).toISOString().slice(0, 10)
}
/** 'YYYYMMDD' (daily index dates, the FSDS files' dates) */
export const compactDay = (day: number) => isoDay(day).replaceAll('-', '')
export const yearOf = (day: number) => YEAR[day - FIRST_DAY] || +isoDay(day).slice(0, 4)
export const monthOf = (day: number) => +isoDay(day).slice(5, 7)
/** 0 = Sunday. Day 0 (1970-01-01) was a Thursday. */
export const weekday = (day: number) => (((day + 4) % 7) + 7) % 7
export const quarterOf = (day: number) => Math.ceil(monthOf(day) / 3)
/** '2024q3': the quarter a day falls in, as the SEC's quarterly data sets name it. */
export const dataSetQuarterOf = (day: number) => `${yearOf(day)}q${quarterOf(day)}`
/** The first day of a day's calendar quarter. */
export const quarterStartOf = (day: number) => dayOfYmd(yearOf(day), (quarterOf(day) - 1) * 3 + 1, 1)

/** Weekends and the three fixed-date holidays on which EDGAR is always closed. */
function computeBusinessDay(day: number): boolean {
  const wd = weekday(day)
  if (wd === 0 || wd === 6) return false
  const md = isoDay(day).slice(5)
  return md !== '01-01' && md !== '07-04' && md !== '12-25'
}
const IS_BUSINESS = new Uint8Array(LAST_DAY - FIRST_DAY + 1)
for (let d = FIRST_DAY; d <= LAST_DAY; d++) IS_BUSINESS[d - FIRST_DAY] = computeBusinessDay(d) ? 1 : 0
export function isBusinessDay(day: number): boolean {
  const i = (day - FIRST_DAY) | 0
  return i >= 0 && i < IS_BUSINESS.length ? IS_BUSINESS[i] === 1 : computeBusinessDay(day)
}

export function nextBusinessDay(day: number): number {
  let d = day + 1
  while (!isBusinessDay(d)) d++
  return d
}

export function previousBusinessDay(day: number): number {
  let d = day - 1
  while (!isBusinessDay(d)) d--
  return d
}

/** The first business day on or after `day`. */
export const businessDayOnOrAfter = (day: number) => (isBusinessDay(day) ? day : nextBusinessDay(day))

/** Every business day in the covered range, and for every day the index of the first business day on or after it. */
const BUSINESS: number[] = []
const FIRST_BUSINESS_AT = new Int32Array(LAST_DAY - FIRST_DAY + 1)
for (let d = LAST_DAY; d >= FIRST_DAY; d--) if (isBusinessDay(d)) BUSINESS.push(d)
BUSINESS.reverse()
{
  let i = BUSINESS.length
  for (let d = LAST_DAY; d >= FIRST_DAY; d--) {
    if (i > 0 && BUSINESS[i - 1] === d) i--
    FIRST_BUSINESS_AT[d - FIRST_DAY] = i
  }
}

/** Business days in [from, to] as an index range [lo, hi) into the business-day table. */
export function businessRange(from: number, to: number): [number, number] {
  const lo = FIRST_BUSINESS_AT[Math.max(from, FIRST_DAY) - FIRST_DAY]!
  const hi = FIRST_BUSINESS_AT[Math.min(to, LAST_DAY - 1) + 1 - FIRST_DAY]!
  return [lo, Math.max(lo, hi)]
}
export const businessDayAt = (index: number) => BUSINESS[index]!
export const businessDaysBetween = (from: number, to: number) => {
  const [lo, hi] = businessRange(from, to)
  return hi - lo
}

/** US Eastern daylight time: first Sunday of April to last Sunday of October until 2006, then March to November. */
function dstBounds(year: number): [number, number] {
  const nthSunday = (month: number, n: number) => {
    const first = dayOfYmd(year, month, 1)
    return first + ((7 - weekday(first)) % 7) + 7 * (n - 1)
  }
  const lastSunday = (month: number) => {
    const last = dayOfYmd(year, month + 1, 1) - 1
    return last - weekday(last)
  }
  return year >= 2007 ? [nthSunday(3, 2), nthSunday(11, 1)] : [nthSunday(4, 1), lastSunday(10)]
}

const DST = new Map<number, [number, number]>()
/** Hours to add to an Eastern local time to get UTC (4 in summer, 5 in winter). */
export function easternOffsetHours(day: number, secondsLocal: number): number {
  const year = yearOf(day)
  let bounds = DST.get(year)
  if (!bounds) {
    bounds = dstBounds(year)
    DST.set(year, bounds)
  }
  const [start, end] = bounds
  const afterStart = day > start || (day === start && secondsLocal >= 7200)
  const beforeEnd = day < end || (day === end && secondsLocal < 3600)
  return afterStart && beforeEnd ? 4 : 5
}

function utcParts(day: number, secondsLocal: number): [number, number] {
  const t = secondsLocal + easternOffsetHours(day, secondsLocal) * 3600
  return [day + Math.floor(t / 86400), t % 86400]
}

const HOURS_MINUTES = Array.from({ length: 1440 }, (_, i) => `${pad2(Math.floor(i / 60))}:${pad2(i % 60)}`)
const SECONDS = Array.from({ length: 60 }, (_, i) => `:${pad2(i)}`)
const clock = (s: number) => HOURS_MINUTES[Math.floor(s / 60)]! + SECONDS[s % 60]!

/** An Eastern local time as EDGAR's acceptanceDateTime: '2026-02-26T18:34:19.000Z'. */
export function acceptanceIso(day: number, secondsLocal: number): string {
  const [d, s] = utcParts(day, secondsLocal)
  return `${isoDay(d)}T${clock(s)}.000Z`
}

/** Midnight Eastern in UTC, as formerNames dates and pre-2001 acceptance times are written. */
export const easternMidnightIso = (day: number) => acceptanceIso(day, 0)

/** 'YYYY-MM-DD HH:MM:SS' in Eastern time, as a filing folder's last-modified column. */
export const easternStamp = (day: number, secondsLocal: number) => `${isoDay(day)} ${clock(secondsLocal)}`

/** 'Jan  3, 2020' (daily index) and 'November 20, 2026' (quarterly index). */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
export function indexDate(day: number, longMonth: boolean): string {
  const [y, m, d] = isoDay(day).split('-').map(Number) as [number, number, number]
  const month = MONTHS[m - 1]!
  return `${longMonth ? month : month.slice(0, 3)} ${String(d).padStart(2, ' ')}, ${y}`
}
