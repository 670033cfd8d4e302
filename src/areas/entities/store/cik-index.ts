/**
 * Every entity's CIK, in order, held in memory per served snapshot: all of them and per entity type
 * (about 950,000 at full EDGAR scale, 8 bytes each). A page of entities with no filter or only a type
 * filter is then a slice of one array, and reading it is one query for the bodies of a CIK range; and
 * whether a CIK exists costs no query at all.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { ENTITY_TYPES } from '../schemas.ts'

export type CikIndex = { all: Float64Array; byType: ReadonlyMap<string, Float64Array> }

const ENTITY_CIKS = defineMemo<CikIndex>({
  name: 'entity-ciks',
  from: ['entities'],
  holds: 'every entity CIK, ascending, overall and by entity type',
  compute: async (db) => {
    const rows = await db.all<{ code: number; ciks: number[] }>(sql`
      SELECT type_code AS code, list(cik::DOUBLE ORDER BY cik) AS ciks FROM entities GROUP BY type_code`)
    const byType = new Map(rows.map((r) => [ENTITY_TYPES[r.code - 1] ?? '', Float64Array.from(r.ciks)]))
    const all = Float64Array.from(rows.flatMap((r) => r.ciks)).sort()
    return { all, byType }
  },
})

export const cikIndex = (db: Db): Promise<CikIndex> => db.memo(ENTITY_CIKS)

export function hasCik(index: CikIndex, cik: number): boolean {
  const { all } = index
  let lo = 0
  let hi = all.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (all[mid]! < cik) lo = mid + 1
    else hi = mid
  }
  return all[lo] === cik
}
