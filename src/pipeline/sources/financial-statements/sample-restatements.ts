/**
 * Restatements in the FSDS sample (and so in companyfacts, which repeats its facts): what real filers do and
 * the point-in-time series must see (company-facts vintages.ts).
 * - A 10-K that restates prior years: about one 10-K in twelve reports its comparative periods (every
 *   period ending before its own year) with other values than the filings before it.
 * - A 10-K/A that restates its own year: about half the annual amendments.
 * - The cast's large issuer restates its prior years in its fiscal 2025 10-K, so the tests' examples of the
 *   restatement ledger (its CIK, revenue, a balance) have rows.
 * From the restating filing on, every filing that reports a restated period reports the restated value, as
 * a real filer's later comparatives do. A restatement scales every value of its periods by one factor
 * (1% to 4% up or down), so a statement still adds up to within rounding; each value is rounded as the
 * filer wrote the original (USD to the thousand, per-share amounts to the cent).
 */
import { CAST } from '../../../sample/cast.ts'
import { hash3, unit } from '../../../sample/random.ts'
import type { FiscalQuarter } from './sample-model.ts'

/** Values of periods ending at or before `upTo` are multiplied by `factor`. */
export type Restatement = { upTo: FiscalQuarter; factor: number }

const RESTATING_10K = 1 / 12
const RESTATING_AMENDMENT = 0.5

const factorOf = (h: number) => {
  const u = unit(h)
  return 1 + (u < 0.5 ? -1 : 1) * (0.01 + 0.06 * Math.abs(u - 0.5))
}

/** The restatement an annual filing of fiscal quarter `g` makes, if any (by a hash: the same in every run). */
export function restatementBy(cik: number, g: FiscalQuarter, form: string): Restatement | undefined {
  const amendment = form.endsWith('/A')
  const h = hash3(cik, g, amendment ? 0x7e58 : 0x7e57)
  const cast = cik === CAST.largeIssuer.cik && !amendment && Math.floor(g / 4) === 2025
  if (!cast && unit(h) >= (amendment ? RESTATING_AMENDMENT : RESTATING_10K)) return undefined
  return { upTo: amendment ? g : g - 4, factor: factorOf(hash3(h, cik, 1)) }
}

/** A value of a period ending in fiscal quarter `last`, as restated by every restatement made so far. */
export function restated(value: number, uom: string, last: FiscalQuarter, made: readonly Restatement[]): number {
  let factor = 1
  for (const r of made) if (last <= r.upTo) factor *= r.factor
  if (factor === 1 || uom === 'shares' || uom === 'pure') return value
  if (uom.endsWith('/shares')) return Math.round(value * factor * 100) / 100
  return Math.round((value * factor) / 1000) * 1000
}
