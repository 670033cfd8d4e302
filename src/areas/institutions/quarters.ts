/** Quarter labels (`2024Q3`) and the quarter's last day, the key the serving tables store (`qend`). */
import { invalidParameter } from '../../http/errors.ts'
import { labelOfQuarter, quarterOfLabel, quarterOfMonth } from '../common/quarters.ts'

const LAST_DAY = ['03-31', '06-30', '09-30', '12-31']

/** `2024Q3` (any case) → `2024-09-30`. */
export const quarterEnd = (label: string) => {
  const { year, quarter } = quarterOfLabel(label)
  return `${year}-${LAST_DAY[quarter - 1]}`
}

/** `2024-09-30` → `2024Q3`. */
export const quarterLabel = (day: string) => labelOfQuarter(+day.slice(0, 4), quarterOfMonth(+day.slice(5, 7)))

/** The quarter before a quarter end: `2024-03-31` → `2023-12-31`. */
export function priorQuarterEnd(day: string) {
  const q = Math.ceil(+day.slice(5, 7) / 3)
  return q === 1 ? `${+day.slice(0, 4) - 1}-12-31` : `${day.slice(0, 4)}-${LAST_DAY[q - 2]}`
}

/** A quarter label from a query, checked against `year` when both are given. */
export function quarterParam(quarter: string | undefined, year?: number): string | undefined {
  if (quarter === undefined) return undefined
  const label = quarter.toUpperCase()
  if (year !== undefined && quarterOfLabel(label).year !== year)
    throw invalidParameter('quarter', `expected a quarter of the year ${year}, got ${label}`)
  return quarterEnd(label)
}
