/**
 * A manager's holdings in a quarter and quarter by quarter: a quarter's first 101 by value or by shares
 * from the lookup files (lookups.ts); a larger `limit` from inst_holdings, stored by quarter, manager and
 * value rank, so the default order reads the first rows of the quarter.
 */
import type { Db } from '../../../db/client.ts'
import { sql } from '../../../db/sql.ts'
import type { HoldingRecord, Sort } from '../rows.ts'
import { topHoldings } from './lookups.ts'

const HOLDING_COLUMNS = `ticker, issuer_cik::DOUBLE AS issuer_cik, issuer_name, title_of_class, cusip, put_call,
  shares::DOUBLE AS shares, share_type, value::DOUBLE AS value, investment_discretion,
  voting_sole::DOUBLE AS voting_sole, voting_shared::DOUBLE AS voting_shared, voting_none::DOUBLE AS voting_none`

const holdingsOrder = (sort: Sort) => (sort === 'shares' ? sql`shares DESC NULLS LAST, value_rank` : sql`value_rank`)

/**
 * `count` holdings of a manager's quarter by `sort`, from the `offset`th: the order is total (the
 * build's value rank breaks ties), so pages neither repeat nor skip a holding.
 */
export async function holdingsOf(db: Db, cik: number, qend: string, sort: Sort, offset: number, count: number) {
  // The lookup file keeps a page of the largest limit and one more; rows past them are a query.
  return (
    topHoldings(db, sort === 'shares' ? 'shares' : 'value', cik, qend, offset, count) ??
    (await db.all<HoldingRecord>(sql`
      SELECT ${{ text: HOLDING_COLUMNS, values: [] }} FROM inst_holdings
      WHERE cik = ${cik} AND qend = ${qend}::DATE ORDER BY ${holdingsOrder(sort)} LIMIT ${count} OFFSET ${offset}`))
  )
}

/** Each quarter's first `limit` holdings by `sort`, by quarter end (`ends` newest first). */
export async function holdingsOfQuarters(db: Db, cik: number, ends: string[], sort: Sort, limit: number) {
  return (
    lookupHoldingsOfQuarters(db, cik, ends, sort, limit) ?? (await queryHoldingsOfQuarters(db, cik, ends, sort, limit))
  )
}

/** Each quarter's first `limit` holdings by `sort` from the lookup files; undefined when they keep fewer. */
function lookupHoldingsOfQuarters(db: Db, cik: number, ends: string[], sort: Sort, limit: number) {
  const out = new Map<string, HoldingRecord[]>()
  for (const qend of ends) {
    const rows = topHoldings(db, sort === 'shares' ? 'shares' : 'value', cik, qend, 0, limit)
    if (!rows) return undefined
    out.set(qend, rows)
  }
  return out
}

/** The same as a query: by value (or weight) the build's rank picks each quarter's first rows; by shares each quarter is ranked here. */
async function queryHoldingsOfQuarters(db: Db, cik: number, ends: string[], sort: Sort, limit: number) {
  const out = new Map<string, HoldingRecord[]>()
  if (!ends.length) return out
  const window = sql`cik = ${cik} AND qend BETWEEN ${ends.at(-1)!}::DATE AND ${ends[0]!}::DATE`
  const columns = { text: HOLDING_COLUMNS, values: [] }
  const rows =
    sort === 'shares'
      ? await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM (
          SELECT *, row_number() OVER (PARTITION BY qend ORDER BY ${holdingsOrder(sort)}) AS pick
          FROM inst_holdings WHERE ${window}
        ) WHERE pick <= ${limit} ORDER BY qend DESC, pick`)
      : await db.all<HoldingRecord>(sql`
        SELECT qend::VARCHAR AS qend, ${columns} FROM inst_holdings
        WHERE ${window} AND value_rank <= ${limit} ORDER BY qend DESC, value_rank`)
  for (const r of rows) out.set(r.qend!, [...(out.get(r.qend!) ?? []), r])
  return out
}
