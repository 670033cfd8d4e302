/**
 * EDGAR's calendar quarters, which name its index folders and its quarterly data sets. Dates are read in
 * UTC so that a download's result does not depend on its time zone.
 */

export type Quarter = { year: number; qtr: 1 | 2 | 3 | 4 }

/** EDGAR's quarters are calendar quarters; the date is read in UTC so a build's result does not depend on its time zone. */
export function quarterOf(date: Date): Quarter {
  return { year: date.getUTCFullYear(), qtr: (Math.floor(date.getUTCMonth() / 3) + 1) as Quarter['qtr'] }
}

export function previousQuarter(q: Quarter): Quarter {
  return q.qtr === 1 ? { year: q.year - 1, qtr: 4 } : { year: q.year, qtr: (q.qtr - 1) as Quarter['qtr'] }
}

export function nextQuarter(q: Quarter): Quarter {
  return q.qtr === 4 ? { year: q.year + 1, qtr: 1 } : { year: q.year, qtr: (q.qtr + 1) as Quarter['qtr'] }
}

/**
 * Every quarter from `first` to the last one that ended before `now`, oldest first: the quarters a
 * quarterly data set can have been published for, since the SEC publishes each after its quarter ends.
 */
export function endedQuarters(first: Quarter, now: Date): Quarter[] {
  const current = quarterOf(now)
  const quarters: Quarter[] = []
  for (let q = first; q.year < current.year || (q.year === current.year && q.qtr < current.qtr); q = nextQuarter(q))
    quarters.push({ ...q })
  return quarters
}

/** The quarter of `now` and the `count - 1` before it, newest first. */
export function lastQuarters(now: Date, count: number): Quarter[] {
  const quarters: Quarter[] = []
  for (let q = quarterOf(now); quarters.length < count; q = previousQuarter(q)) quarters.push(q)
  return quarters
}

/** `YYYY/QTRn`, as EDGAR names a quarter's folder. */
export const quarterFolder = (q: Quarter) => `${q.year}/QTR${q.qtr}`

/** `2024q3`, as the SEC names a quarter in its quarterly data sets' files. */
export const dataSetQuarter = (q: Quarter) => `${q.year}q${q.qtr}`
