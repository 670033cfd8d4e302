/**
 * The managers' directory (inst_managers, stored in directory order, largest latest portfolio first): a
 * page of it, and every manager by CIK held per snapshot.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import type { ManagerRow } from '../rows.ts'

const MANAGER_COLUMNS = sql`cik::DOUBLE AS cik, name, latest_form, latest_accession, latest_filed::VARCHAR AS latest_filed,
  latest_period::VARCHAR AS latest_period, latest_accepted::VARCHAR AS latest_accepted, filing_count::DOUBLE AS filing_count,
  latest_positions::DOUBLE AS latest_positions, latest_securities::DOUBLE AS latest_securities,
  latest_value::DOUBLE AS latest_value`

/** What the directory is searched for: an upper-cased substring of the name, or (a number) also the CIK. */
export type ManagerSearch = { nameUpper: string; cik?: number }

/** Rows [offset, offset + count) of the directory, those `search` matches (every manager without one). */
export function managerPage(db: Db, search: ManagerSearch | undefined, offset: number, count: number) {
  const where = search
    ? search.cik !== undefined
      ? sql`(cik = ${search.cik} OR contains(name_upper, ${search.nameUpper}))`
      : sql`contains(name_upper, ${search.nameUpper})`
    : sql`TRUE`
  return db.all<ManagerRow>(
    sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers WHERE ${where} LIMIT ${count} OFFSET ${offset}`,
  )
}

/**
 * Every manager by CIK, read once per snapshot: a point query on `inst_managers` (stored in directory
 * order, by portfolio value) reached only a small share of the DuckDB floor's throughput at 16
 * connections (docs/benchmarks.md); the table is a row per manager (6,978 at full volume, some 20,000
 * ever in EDGAR's data sets), a few megabytes held.
 */
export const MANAGERS_BY_CIK = defineMemo({
  name: 'inst-managers-by-cik',
  from: ['inst_managers'],
  holds: "every 13F manager's row by CIK",
  compute: async (db) => {
    const rows = await db.all<ManagerRow>(sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers`)
    return new Map(rows.map((r) => [r.cik, r]))
  },
})
