/**
 * The `date` format, checked strictly (a real calendar day as YYYY-MM-DD): Elysia's own check accepts
 * 2024-02-30, and the stricter one that @elysiajs/openapi registers would vanish with that plugin. Dates
 * are filters here, so a 30th of February must be a 400, never an empty result.
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

FormatRegistry.Set('date', isCalendarDate)
