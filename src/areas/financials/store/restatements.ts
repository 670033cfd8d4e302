/**
 * The restatement ledger's read: a company's restated periods (more than one vintage: company-facts
 * vintages.ts) from `fin_metric_vintages`, which holds only those (V6), stored by company, series and
 * period, so one company's rows are a few neighbouring row groups. Newest period first, then symbol and period length; each period's
 * vintages in filing order. One query: the page and one more row, to tell whether there are more.
 */
import type { Db } from '../../../db/client.ts'
import { list, sql } from '../../../db/sql.ts'

export type RestatedPeriodRow = {
  symbol: string
  source: string
  quarters: number
  end_date: number
  vintages: {
    vintage: number
    acc_key: string
    form: string | null
    filed: number
    accepted: string | null
    value: number
  }[]
}

/** Which series: canonical keys and raw tags (either list empty: none of that source). */
export type RestatedFilter = {
  canonical: readonly string[]
  raw: readonly string[]
  /** Every canonical key when no symbol was asked. */
  everyKey: boolean
  quarters: number | undefined
  from: number
  to: number
}

export async function restatedPeriods(
  db: Db,
  cik: number,
  f: RestatedFilter,
  skip: number,
  want: number,
): Promise<RestatedPeriodRow[]> {
  // A never-matching name keeps an empty list valid SQL.
  const canonical = f.canonical.length ? f.canonical : ['']
  const raw = f.raw.length ? f.raw : ['']
  const series = f.everyKey
    ? sql`source = 'canonical'`
    : sql`((source = 'canonical' AND symbol IN (${list(canonical)})) OR (source = 'raw' AND symbol IN (${list(raw)})))`
  const quarters = f.quarters === undefined ? sql`true` : sql`quarters = ${f.quarters}`
  return db.all<RestatedPeriodRow>(sql`
    SELECT symbol, source, quarters, end_date,
           list({'vintage': vintage, 'acc_key': acc_key::VARCHAR, 'form': form, 'filed': filed,
                 'accepted': accepted::VARCHAR, 'value': value} ORDER BY vintage) AS vintages
    FROM fin_metric_vintages
    WHERE cik = ${cik} AND ${series} AND ${quarters} AND end_date BETWEEN ${f.from} AND ${f.to}
    GROUP BY symbol, source, quarters, end_date
    ORDER BY end_date DESC, symbol, source, quarters
    LIMIT ${want} OFFSET ${skip}`)
}
