/** How the financials area writes FSDS values: dates and period labels (acceptance times: common/edgar-values.ts). */

/** 20250628 → '2025-06-28' (null stays null). */
export const isoOfYmd = (ymd: number | null): string | null => {
  if (ymd === null) return null
  const s = String(ymd)
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`
}

const SPANS: Record<number, string> = { 1: 'quarter', 2: 'six months', 3: 'nine months', 4: 'year' }

/** 'quarter ended 2025-06-28', 'six months ended …', 'year ended …', or 'as of 2025-06-28' for an instant. */
export const periodLabel = (ddate: number, qtrs: number): string =>
  qtrs === 0 ? `as of ${isoOfYmd(ddate)}` : `${SPANS[qtrs] ?? `${qtrs} quarters`} ended ${isoOfYmd(ddate)}`

/**
 * The first day of a period the data sets give as its end and its quarters: `qtrs` × 3 months back, plus
 * a day. FSDS has no start date; for a 52/53-week year it is within a few days of the filing's own.
 */
export function startOf(ddate: number, qtrs: number): string {
  const y = Math.floor(ddate / 10000)
  const m = Math.floor(ddate / 100) % 100
  const d = ddate % 100
  // Same day `qtrs * 3` months earlier (clamped to that month's end), then the next day.
  const back = new Date(Date.UTC(y, m - 1 - qtrs * 3, 1))
  const lastOfMonth = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate()
  const monthEnd = d === new Date(Date.UTC(y, m, 0)).getUTCDate()
  back.setUTCDate(monthEnd ? lastOfMonth : Math.min(d, lastOfMonth))
  return new Date(back.getTime() + 86_400_000).toISOString().slice(0, 10)
}
