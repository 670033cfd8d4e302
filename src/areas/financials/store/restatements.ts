/**
 * The restatement ledger's read: a company's restated periods (more than one vintage: company-facts
 * vintages.ts) from the metric vintages' lookup file, which holds only those (V6), a series per key: the
 * asked series of one company are neighbouring keys, read in one pass (series-points.ts). Newest period
 * first, then symbol, source and period length; each period's vintages in filing order. The whole
 * market's restatements of a quarter: a range of `fin_restatement_rankings` (the build ranks the same
 * vintages: company-facts restatement-rankings.ts).
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { CANONICAL_KEYS } from '../../../reference/canonical-metrics.ts'
import type { RankedCompany } from './rankings.ts'
import {
  canonicalSeries,
  PERIOD_LENGTHS,
  type SeriesName,
  seriesVintageLines,
  type VintageRow,
  vintageOfLine,
} from './series-points.ts'

export type RestatedPeriodRow = {
  symbol: string
  source: string
  quarters: number
  end_date: number
  vintages: Pick<VintageRow, 'vintage' | 'acc_key' | 'form' | 'filed' | 'accepted' | 'value' | 'tag'>[]
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

/** Byte order, as the ledger has always sorted symbols (upper-case tags before lower-case keys). */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The restated periods of the asked series, `skip` of them skipped, at most `want`. */
export async function restatedPeriods(
  db: Db,
  cik: number,
  f: RestatedFilter,
  skip: number,
  want: number,
): Promise<RestatedPeriodRow[]> {
  const names: SeriesName[] = [
    ...(f.everyKey ? CANONICAL_KEYS : f.canonical).map(canonicalSeries),
    ...f.raw.map((symbol) => ({ source: 'raw' as const, symbol })),
  ]
  const lengths = f.quarters === undefined ? PERIOD_LENGTHS : [f.quarters]
  const vintages = await seriesVintageLines(db, 'metric', cik, names, () =>
    lengths.map((quarters) => ({ quarters, since: f.from })),
  )
  // The periods as their lines, parsed only for the page: a company's ledger has hundreds of vintages.
  const periods: (Omit<RestatedPeriodRow, 'vintages'> & { lines: string[] })[] = []
  names.forEach((name, i) => {
    // A series' lines come by period (period length, then the latest first), then vintage.
    // Only the asked lengths back to `from` were read: the window's end is what is left to apply.
    for (const v of vintages[i]!) {
      if (v.end_date > f.to) continue
      const last = periods.at(-1)
      if (
        last?.symbol === name.symbol &&
        last.source === name.source &&
        last.quarters === v.quarters &&
        last.end_date === v.end_date
      )
        last.lines.push(v.line)
      else periods.push({ ...name, quarters: v.quarters, end_date: v.end_date, lines: [v.line] })
    }
  })
  periods.sort(
    (a, b) =>
      b.end_date - a.end_date || byBytes(a.symbol, b.symbol) || byBytes(a.source, b.source) || a.quarters - b.quarters,
  )
  return periods
    .slice(skip, skip + want)
    .map(({ lines, ...period }) => ({ ...period, vintages: lines.map((line) => vintageOfLine('metric', line)) }))
}

/** A change of the whole market's restatements of a quarter (`fin_restatement_rankings`), the value before it beside it. */
export type RestatementRankRow = RankedCompany & {
  rank: number
  quarters: number
  end_date: number
  fy: number | null
  fp: string | null
  unit: string
  vintage: number
  value: number
  acc_key: string
  form: string | null
  filed: number
  accepted: string | null
  tag: string
  previous_value: number
  previous_acc_key: string
  previous_form: string | null
  previous_filed: number
  previous_accepted: string | null
  previous_tag: string
}

/** Which ranking: a metric and the quarter the changing filings were filed in (YYYYQ), or its latest. */
export type RestatementRanking = { metric: string; filedQuarter: number | undefined; skip: number; want: number }

/** Each metric's latest quarter with restatements (YYYYQ): the quarter ranked when none is asked. */
const LATEST_QUARTERS = defineMemo({
  name: 'fin-restatement-latest-quarters',
  from: ['fin_restatement_quarters'],
  holds: "each metric's latest calendar quarter with a restatement filed",
  compute: async (db) => {
    const rows = await db.all<{ metric: string; filed_quarter: number }>(
      sql`SELECT metric, max(filed_quarter) AS filed_quarter FROM fin_restatement_quarters GROUP BY metric`,
    )
    return new Map(rows.map((r) => [r.metric, r.filed_quarter]))
  },
})

/**
 * A page of a metric's restatements of a quarter, largest change first: the quarter ranked (none when the
 * metric has no restatement at all and none was asked) and its rows at ranks past `skip`, at most `want`.
 */
export async function restatementRanking(
  db: Db,
  r: RestatementRanking,
): Promise<{ filedQuarter: number | undefined; rows: RestatementRankRow[] }> {
  const filedQuarter = r.filedQuarter ?? (await db.memo(LATEST_QUARTERS)).get(r.metric)
  if (filedQuarter === undefined) return { filedQuarter, rows: [] }
  const rows = await db.all<RestatementRankRow>(sql`
    SELECT rank, cik::INTEGER AS cik, ticker, entity_name, sic, countryinc, quarters, end_date, fy, fp, unit, vintage,
           value, acc_key::VARCHAR AS acc_key, form, filed, accepted::VARCHAR AS accepted, tag, previous_value,
           previous_acc_key::VARCHAR AS previous_acc_key, previous_form, previous_filed,
           previous_accepted::VARCHAR AS previous_accepted, previous_tag
    FROM fin_restatement_rankings
    WHERE metric = ${r.metric} AND filed_quarter = ${filedQuarter} AND rank > ${r.skip} AND rank <= ${r.skip + r.want}
    ORDER BY rank`)
  return { filedQuarter, rows }
}
