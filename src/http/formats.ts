/**
 * The string formats our schemas use, checked by our own functions: `date` strictly (a real calendar
 * day as YYYY-MM-DD: Elysia's own check accepts 2024-02-30, and dates are filters here, so a 30th of
 * February must be a 400, never an empty result), `date-time` and `uri` by one regular expression each.
 *
 * Why here and re-applied by createApp: @elysiajs/openapi registers formats of its own when it is
 * loaded, built on zod, which constructs a zod schema on every call. Every row of every response is
 * checked against these formats, so that cost 15-30 µs per filing: a cached page of 100 filings took
 * 1.7 ms in process (measured with a CPU profile), most of it in format checks.
 */
import { FormatRegistry } from '@sinclair/typebox'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** ISO 8601 date and time with seconds and a zone, as the API writes `acceptedDate`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
/** An absolute URI: a scheme, then no whitespace (archive URLs are built by us, not typed by clients). */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/

export function registerFormats() {
  FormatRegistry.Set('date', isCalendarDate)
  FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value))
  FormatRegistry.Set('uri', (value) => URI.test(value))
}

registerFormats()
