/**
 * The rules of segment revenue applied per request (docs/financials.md "Segment revenue"). Which filing
 * answers a fiscal period: of the filings whose rows report the period's asked segments (its own 10-K or
 * 10-Q, an amendment, a later filing's comparative column), the latest accepted (then the larger accession
 * number), as a metric series point is the latest filing's fact of its period (fromLatestFiling). Then
 * the totals of the rows of one filing's period:
 *
 * - a subtotal member is one whose value is the sum of two or more other members of the same axis (a
 *   "Products" member beside the products it sums), within half a unit per thousand, in an axis whose
 *   members add up to more than the consolidated revenue (else no dollar is counted twice, and 50 = 25 +
 *   25 is a coincidence); it is listed, but its dollars are not counted again (an axis of more than 16
 *   members is not searched: none is marked);
 * - an axis total is the sum of its members that are not subtotals;
 * - the period's segment revenue total is the largest axis total (each axis splits the same revenue, so
 *   adding axes would count a dollar once per axis), never more than the consolidated revenue: coverage
 *   (segment total / total revenue) is at most 1;
 * - a row's share of revenue is its value over the consolidated revenue, to four decimals.
 */

export type SegmentValue = { axis: string; member: string; value: number }

/** A segment row's period and filing: `acc_key` the accession number as an integer, in text. */
export type FiledRow = { fy: number; acc_key: string; accepted: string | null }

const later = (a: FiledRow, b: FiledRow) =>
  (a.accepted ?? '') > (b.accepted ?? '') || (a.accepted === b.accepted && BigInt(a.acc_key) > BigInt(b.acc_key))

/**
 * The rows of each fiscal year's latest filing among `rows` (see the module comment), in their order; with
 * `first`, of its first filing (the segments as first reported).
 */
export function fromLatestFiling<R extends FiledRow>(rows: readonly R[], first = false): R[] {
  const filingOf = new Map<number, R>()
  for (const r of rows) {
    const best = filingOf.get(r.fy)
    if (!best || later(r, best) !== first) filingOf.set(r.fy, r)
  }
  return rows.filter((r) => filingOf.get(r.fy)!.acc_key === r.acc_key)
}

const MAX_SEARCHED = 16

/** Whether some subset of two or more of `values` sums to `target` (within `tolerance`). */
function sumsTo(values: number[], target: number, tolerance: number): boolean {
  const sorted = values.filter((v) => v > 0 && v < target + tolerance).sort((a, b) => b - a)
  const search = (from: number, left: number, used: number): boolean => {
    if (Math.abs(left) <= tolerance && used >= 2) return true
    if (left < -tolerance) return false
    for (let i = from; i < sorted.length; i++) if (search(i + 1, left - sorted[i]!, used + 1)) return true
    return false
  }
  return search(0, target, 0)
}

/** The subtotal members of the rows, as `axis|member`. */
export function subtotalMembers(rows: readonly SegmentValue[], totalRevenue: number | null): Set<string> {
  const out = new Set<string>()
  for (const [axis, members] of Map.groupBy(rows, (r) => r.axis)) {
    const sum = members.reduce((s, m) => s + m.value, 0)
    if (totalRevenue === null || sum <= totalRevenue * 1.0005 || members.length > MAX_SEARCHED + 1) continue
    for (const m of members) {
      const others = members.filter((o) => o !== m).map((o) => o.value)
      if (m.value > 0 && sumsTo(others, m.value, Math.max(0.5, m.value * 0.0005))) out.add(`${axis}|${m.member}`)
    }
  }
  return out
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000

/** The period's segment revenue total and coverage (see the module comment). */
export function periodTotals(rows: readonly SegmentValue[], totalRevenue: number | null) {
  const subtotals = subtotalMembers(rows, totalRevenue)
  let best = 0
  for (const [axis, members] of Map.groupBy(rows, (r) => r.axis)) {
    const sum = members.filter((m) => !subtotals.has(`${axis}|${m.member}`)).reduce((s, m) => s + m.value, 0)
    best = Math.max(best, sum)
  }
  const segmentRevenueTotal = totalRevenue !== null && totalRevenue > 0 ? Math.min(best, totalRevenue) : best
  return {
    segmentRevenueTotal,
    coveragePct: totalRevenue !== null && totalRevenue > 0 ? round4(segmentRevenueTotal / totalRevenue) : null,
  }
}

export const percentOf = (value: number, totalRevenue: number | null) =>
  totalRevenue !== null && totalRevenue !== 0 ? round4(value / totalRevenue) : null

/** `StatementGeographical` → `Statement Geographical`; `NonUs` → `Non Us`: FSDS keeps names, not labels. */
export const labelOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
