/**
 * A company's series points from the series lookup files (company-facts contract LOOKUPS): one key per
 * company and series, its points by period length and end date. Which number a series has is
 * `fin_series_ids`, read once per snapshot (a few hundred names here; some 20,000 raw tags in EDGAR's).
 */
import type { Db } from '../../db/client.ts'
import { sql } from '../../db/sql.ts'
import { METRIC_POINT_FIELDS, RATIO_POINT_FIELDS, seriesKey } from '../../pipeline/sources/company-facts/contract.ts'

/** The periods a request asks for: its window, its period length, and without a window its latest `limit`. */
export type PeriodFilter = { from: number; to: number; latest: number | undefined; quarters: number | undefined }

/** A series: a metric's (`raw` tag, `canonical` key) or a ratio's (`ratio`, its id). */
export type SeriesName = { source: 'raw' | 'canonical' | 'ratio'; symbol: string }

const FILES = {
  metric: ['finMetricSeries', METRIC_POINT_FIELDS],
  ratio: ['finRatioSeries', RATIO_POINT_FIELDS],
} as const

/** A line's leading `recency`, `quarters` and `end_date` (contract *_POINT_FIELDS), read without parsing the rest. */
const LEAD = /^\[(\d+),(\d+),(\d+),/

/** Every CIK the SEC has issued is below 2^31 (contract seriesKey); a larger one has no series. */
const MAX_CIK = 2 ** 31

const seriesIds = (db: Db) =>
  db.memo('fin-series-ids', async () => {
    const rows = await db.all<{ source: string; symbol: string; series_id: number }>(
      sql`SELECT source, symbol, series_id FROM fin_series_ids`,
    )
    return new Map(rows.map((r) => [`${r.source}:${r.symbol}`, r.series_id]))
  })

/** The points of one series of a company in the asked periods, as objects of the line's fields, oldest first per period length. */
export async function seriesPoints(
  db: Db,
  kind: keyof typeof FILES,
  cik: number,
  name: SeriesName,
  periods: PeriodFilter,
): Promise<Record<string, unknown>[]> {
  const id = (await seriesIds(db)).get(`${name.source}:${name.symbol}`)
  if (id === undefined || cik >= MAX_CIK) return []
  const [file, fields] = FILES[kind]
  const out: Record<string, unknown>[] = []
  for (const line of db.lookup(file).lines(seriesKey(cik, id))) {
    const lead = LEAD.exec(line)
    // The build writes the three as integers on every line (never null: a row number, 0/1/4, a date).
    if (!lead) throw new Error(`${file}: a line without its recency, quarters and end date: ${line.slice(0, 80)}`)
    const [recency, quarters, endDate] = [Number(lead[1]), Number(lead[2]), Number(lead[3])]
    if (periods.latest !== undefined && recency > periods.latest) continue
    if (periods.quarters !== undefined && quarters !== periods.quarters) continue
    if (endDate < periods.from || endDate > periods.to) continue
    const values = JSON.parse(line) as unknown[]
    out.push(Object.fromEntries(fields.map((f, i) => [f, values[i]])))
  }
  return out
}
