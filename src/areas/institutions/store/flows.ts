/**
 * A manager's buys and sells (inst_flows, stored largest activity first within the manager and quarter:
 * a list is read in stored order and its rank is the position): a first page from the lookup file
 * (lookups.ts), a deeper one from inst_flows itself. The net change columns serve the activity too.
 */
import type { Db } from '../../../db/client.ts'
import { type Sql, sql } from '../../../db/sql.ts'
import type { FlowRecord } from '../rows.ts'
import { topFlows } from './lookups.ts'

/** The NetChangeRecord columns of inst_flows and inst_activity, as a SELECT list. */
export const NET_CHANGE_COLUMNS: Sql = {
  text: `current_shares::DOUBLE AS current_shares, prior_shares::DOUBLE AS prior_shares,
  net_shares::DOUBLE AS net_shares, current_value::DOUBLE AS current_value, prior_value::DOUBLE AS prior_value,
  net_value::DOUBLE AS net_value`,
  values: [],
}

/**
 * Rows [offset, offset + count) of a manager's buys (every rise, or only new positions with `only`) or
 * sells (every fall, or only positions sold out), largest first.
 */
export async function flowsOf(
  db: Db,
  cik: number,
  qend: string,
  kind: 'buy' | 'sell',
  only: boolean,
  offset: number,
  count: number,
) {
  const which =
    kind === 'buy'
      ? only
        ? sql`change = 'new'`
        : sql`net_shares > 0`
      : only
        ? sql`change = 'sold_out'`
        : sql`net_shares < 0`
  // Stored by activity value, largest first, within the manager and quarter: read in that order, no sort.
  // A first page (the largest limit and one more) is in the lookup file; a deeper one is a query.
  return (
    topFlows(db, kind, only, cik, qend, offset, count) ??
    (await db.all<FlowRecord>(sql`
    SELECT ticker, issuer_cik::DOUBLE AS issuer_cik, cusip, issuer_name, title_of_class,
      put_call, ${NET_CHANGE_COLUMNS}, activity_value::DOUBLE AS activity_value
    FROM inst_flows WHERE cik = ${cik} AND qend = ${qend}::DATE AND ${which}
    LIMIT ${count} OFFSET ${offset}`))
  )
}
