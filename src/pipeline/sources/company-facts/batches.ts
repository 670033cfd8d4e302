/**
 * The companyfacts series are made a range of CIKs at a time: every rule of series.ts and every ratio of
 * ratios.ts looks at one company's facts only, so a range's points are final once made, and a range's
 * joins and windows fit in memory where the whole input's did not (at a tenth of full volume with a 1 GB
 * limit, the duration join of all facts at once ran out of memory on two threads and on one). The ranges
 * go in CIK order, and the serving database keeps insertion order, so the tables come out sorted by CIK
 * without a sort of the whole.
 */
import type { BuildDb } from '../../duck.ts'
import { type InRange, rangesUpTo } from '../../key-ranges.ts'

/** Every CIK at once: one range (small inputs, and the rule tests). */
export const ALL_CIKS: readonly InRange[] = rangesUpTo([])

/**
 * Facts per range: 107 million facts at full volume make 11 ranges. At the 4 GB build limit a range's
 * latest-filing aggregate and duration join stay well in memory; each range scans the FSDS values once more
 * for its filings' rows, which is what more ranges cost.
 */
export const FACTS_PER_BATCH = 10_000_000

/**
 * Ranges of about `factsPerBatch` facts each, cut between CIKs (a company's facts are never split), from the
 * count of facts per CIK (a quantile of the facts' CIKs would hold every fact's CIK in memory at once).
 * With `only`, the ranges of those companies alone (a nightly's, series-reuse.ts).
 */
export async function cikBatches(db: BuildDb, factsPerBatch = FACTS_PER_BATCH, only?: CompanySet): Promise<InRange[]> {
  // Ordered as numbers: the text (for JSON) is another name, or ORDER BY would sort the text.
  const counts = await db.all<{ key: string; n: string }>(
    `SELECT cik::VARCHAR AS key, count(*)::VARCHAR AS n FROM t_cf_facts
     ${only ? `WHERE ${only.holds('cik')}` : ''} GROUP BY cik ORDER BY cik`,
  )
  const uppers: number[] = []
  let inBatch = 0
  for (const { key, n } of counts) {
    inBatch += Number(n)
    if (inBatch >= factsPerBatch) {
      uppers.push(Number(key))
      inBatch = 0
    }
  }
  // The last range takes what is left; a cut at the very last CIK would leave it empty.
  if (inBatch === 0) uppers.pop()
  const ranges = rangesUpTo(uppers)
  // A range of CIKs holds others between those of the set: each range is narrowed to the set's.
  return only ? ranges.map((inRange) => (column: string) => `${inRange(column)} AND ${only.holds(column)}`) : ranges
}

/** Some companies (a temporary table of their CIKs): `holds('p.cik')` is the condition a row is one of theirs. */
export type CompanySet = { holds: (column: string) => string }

/** The companies whose CIKs the table `table` (a column `cik`) lists. */
export const companiesIn = (table: string): CompanySet => ({
  holds: (column) => `${column} IN (SELECT cik FROM ${table})`,
})
