/**
 * The string formats our schemas use, checked by our own functions: `date` strictly (a real calendar
 * day as YYYY-MM-DD: Elysia's own check accepts 2024-02-30, and dates are filters here, so a 30th of
 * February must be a 400, never an empty result), `date-time` and `uri` by one regular expression each.
 *
 * Why here and re-applied by createApp: @elysiajs/openapi registers formats of its own when it is
 * loaded, built on zod, which constructs a zod schema on every call. Every row of every response is
 * checked against these formats, so those format checks were most of the time a cached page of filings
 * took (measured with a CPU profile; the figure is in docs/benchmarks.md).
 */
import { FormatRegistry } from '@sinclair/typebox'

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** Days of each month in a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * By arithmetic, not through a Date: every filing's date in a response is checked, and a Date per check
 * was 3% of a 100-filing page's CPU time. Years before 100 are refused, as when this went through a Date
 * (which reads them as 19xx); EDGAR starts in 1993.
 */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false
  const year = Number(value.slice(0, 4))
  const month = Number(value.slice(5, 7))
  const day = Number(value.slice(8, 10))
  if (year < 100 || month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= MONTH_DAYS[month - 1]! + (month === 2 && leap ? 1 : 0)
}

/** ISO 8601 date and time with seconds and a zone, as the API writes `acceptedDate`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
/** An absolute URI: a scheme, then no whitespace (archive URLs are built by us, not typed by clients). */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/

export function registerFormats() {
  FormatRegistry.Set('date', isCalendarDate)
  FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value))
  FormatRegistry.Set('uri', (value) => URI.test(value))
  // A period end as the Financials operations take it (YYYYMMDD, docs/api/financials.md), or as a date (YYYY-MM-DD): a real calendar day either way.
  FormatRegistry.Set('yyyymmdd', (value) =>
    /^\d{8}$/.test(value)
      ? isCalendarDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`)
      : isCalendarDate(value),
  )
}

registerFormats()
