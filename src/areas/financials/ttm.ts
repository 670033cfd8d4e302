/**
 * Trailing twelve months (docs/financials.md "Trailing twelve months"): at each quarter of a duration
 * series, the sum of that quarter and the three before it, reported or derived, when the four follow one
 * another (each quarter's end 70 to 125 days after the one before: the series' one-quarter day count, so
 * 16-week and 53-week-year quarters count); a gap leaves no point. Instants (balances) have none.
 */

const DAY_MS = 86_400_000
const dayOf = (yyyymmdd: number) =>
  Date.UTC(Math.floor(yyyymmdd / 10_000), (Math.floor(yyyymmdd / 100) % 100) - 1, yyyymmdd % 100) / DAY_MS

/** Two quarter ends one quarter apart. */
const follows = (before: number, after: number) => {
  const days = dayOf(after) - dayOf(before)
  return days >= 70 && days <= 125
}

/**
 * The sum of four values as the build's decimal arithmetic has it (8 places): a sum of doubles can come out
 * a hair off (0.1 + 0.2), which a value the SEC wrote never is.
 */
const sumOf = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 1e8) / 1e8

/** The TTM points of quarter points in end-date order: each with the four quarters it sums, oldest first. */
export function trailingTwelveMonths<P extends { endDate: number; value: number }>(
  quarters: readonly P[],
): { last: P; value: number; of: P[] }[] {
  const out: { last: P; value: number; of: P[] }[] = []
  for (let i = 3; i < quarters.length; i++) {
    const of = quarters.slice(i - 3, i + 1)
    if (of.every((q, k) => k === 0 || follows(of[k - 1]!.endDate, q.endDate)))
      out.push({ last: quarters[i]!, value: sumOf(of.map((q) => q.value)), of })
  }
  return out
}
