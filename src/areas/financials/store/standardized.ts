/**
 * The values of a standardized statement as the build chose them (`fin_standardized`, by `acc_key`; at
 * the filing's own period end, its lines in the `finStandardized` lookup file). The operation
 * (../standardized.ts) picks the period and lays the metrics out.
 */
import type { Db } from '../../../db/client.ts'
import { sql } from '../../../db/sql.ts'
import { FIN_STANDARDIZED } from '../../../pipeline/sources/financial-statements/contract.ts'
import type { CanonicalStatement } from '../../../reference/canonical-metrics.ts'

export type ValueRow = {
  metric: string
  ddate: number
  qtrs: number
  uom: string
  value: number
  tag: string
  rule_id: string
  confidence: number
  strategy: string
}

/**
 * The statement's values at `endDate` spanning `quarters` (or instants), in stored order (metric within
 * period). At the filing's own period end (`ownPeriod`, the default) they are lines of the
 * `finStandardized` lookup file, read without a query (contract.ts LOOKUPS says why); another period
 * end queries `fin_standardized`. The file is keyed by filing and statement: a request reads its
 * statement's lines only.
 */
export async function standardizedValues(
  db: Db,
  key: bigint,
  statement: CanonicalStatement,
  endDate: number,
  quarters: number,
  ownPeriod: boolean,
): Promise<ValueRow[]> {
  if (!ownPeriod)
    return db.all<ValueRow>(sql`
      SELECT metric, ddate, qtrs, uom, value, tag, rule_id, confidence, strategy FROM fin_standardized
      WHERE acc_key = ${key} AND statement = ${statement} AND ddate = ${endDate} AND (qtrs = ${quarters} OR qtrs = 0)`)
  const rows: ValueRow[] = []
  for (const r of FIN_STANDARDIZED.get(db, { accKey: key, statement })) {
    if (r.qtrs === quarters || r.qtrs === 0) rows.push(r)
  }
  return rows
}
