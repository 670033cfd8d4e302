/**
 * A company's series points from the series lookup files (company-facts contract LOOKUPS): one key per
 * company, series and period length, its points latest first. Which number
 * a series has is `fin_series_ids`, and what a metric point's `meta_id` stands for is `fin_point_metas`:
 * both read once per snapshot (a few thousand rows here; some 20,000 raw tags, each in a few taxonomy
 * versions, in EDGAR's).
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { ident, join, sql } from '../../../db/sql.ts'
import {
  FIN_METRIC_SERIES,
  FIN_METRIC_VINTAGES,
  FIN_RATIO_SERIES,
  FIN_RATIO_VINTAGES,
  METRIC_META_FIELDS,
} from '../../../pipeline/sources/company-facts/contract.ts'

/**
 * The periods a request asks for: its window, its period length, and without a window its latest `limit`;
 * as of a day (`knownBy`, YYYYMMDD), only the periods known by then (a line's `known_from`): then `latest`
 * counts the periods known, not every period.
 */
export type PeriodFilter = {
  from: number
  to: number
  latest: number | undefined
  quarters: number | undefined
  knownBy?: number
  /** `latest` counts the periods of all the series' lengths together (a ratio's answer), not each length's. */
  latestOfAllLengths?: boolean
}

/** A series: a metric's (`raw` tag, `canonical` key) or a ratio's (`ratio`, its id). */
export type SeriesName = {
  source: 'raw' | 'canonical' | 'ratio'
  symbol: string
  /** The period lengths it can have, where its definition says (a ratio of balances only: 0); else any. */
  lengths?: readonly number[]
}

const FILES = { metric: FIN_METRIC_SERIES, ratio: FIN_RATIO_SERIES } as const

/** Which series file: a metric's or a ratio's. */
export type SeriesKind = keyof typeof FILES

/** The period lengths a series has: each is a key of its own (contract PERIOD_SERIES_KEY). */
export const PERIOD_LENGTHS = [0, 1, 4]

/** A line's leading `recency`, `quarters`, `end_date` and `known_from`, read without parsing the rest (the same for both files). */
const LEAD = FIN_METRIC_SERIES.peek.numbers('known_from')

/** Every CIK the SEC has issued is below 2^31 (contract PERIOD_SERIES_KEY); a larger one has no series. */
const MAX_CIK = 2 ** 31

const SERIES_IDS = defineMemo({
  name: 'fin-series-ids',
  from: ['fin_series_ids'],
  holds: "each metric's and ratio's series id",
  compute: async (db) => {
    const rows = await db.all<{ source: string; symbol: string; series_id: number }>(
      sql`SELECT source, symbol, series_id FROM fin_series_ids`,
    )
    return new Map(rows.map((r) => [`${r.source}:${r.symbol}`, r.series_id]))
  },
})

const seriesIds = (db: Db) => db.memo(SERIES_IDS)

type PointMeta = Record<(typeof METRIC_META_FIELDS)[number], unknown>

const POINT_METAS = defineMemo({
  name: 'fin-point-metas',
  from: ['fin_point_metas'],
  holds: "a metric point's tag and rule by its meta id",
  compute: async (db) => {
    const rows = await db.all<PointMeta & { meta_id: number }>(
      sql`SELECT meta_id, ${join(METRIC_META_FIELDS.map(ident), ', ')} FROM fin_point_metas`,
    )
    return new Map(rows.map(({ meta_id, ...meta }) => [meta_id, meta as PointMeta]))
  },
})

const pointMetas = (db: Db) => db.memo(POINT_METAS)

/**
 * The points of several series of a company in the asked periods, one list per name in the names' order,
 * by period length (0, 1, 4) and each length's latest first, as objects of the line's fields; a
 * metric point with its tag and rule (`fin_point_metas`) beside its `meta_id`. The series are read in one
 * synchronous pass: a company's series are neighbouring keys, so they share frames, and with no await
 * between them no other request's reads can evict those frames from the file's few decompressed ones
 * before the next series of the same request needs them.
 */
export async function seriesPoints(
  db: Db,
  kind: SeriesKind,
  cik: number,
  names: readonly SeriesName[],
  periods: PeriodFilter,
): Promise<Record<string, unknown>[][]> {
  const ids = await seriesIds(db)
  const metas = kind === 'metric' ? await pointMetas(db) : undefined
  const model: typeof FIN_METRIC_SERIES | typeof FIN_RATIO_SERIES = FILES[kind]
  const { latest, knownBy } = periods
  const asked = periods.quarters === undefined ? PERIOD_LENGTHS : [periods.quarters]
  const knownByHead = knownBy === undefined ? undefined : BigInt(knownBy)
  return names.map((name) => {
    const id = ids.get(`${name.source}:${name.symbol}`)
    if (id === undefined || cik >= MAX_CIK) return []
    // The lines taken, with their period, parsed once the latest of all lengths are known.
    const read: [line: string, quarters: number, endDate: number][] = []
    // Of all lengths together, the least place (placeOf) the latest `latest` read so far have: a line of a
    // later length placed below it cannot be among them, nor can the lines after it (older periods).
    let least = -1
    // Only the lengths the series can have: each other would be a key looked up for nothing.
    for (const quarters of asked.filter((q) => (name.lengths ?? PERIOD_LENGTHS).includes(q))) {
      if (periods.latestOfAllLengths && latest !== undefined && read.length >= latest) least = leastKept(read, latest)
      const key = { cik, seriesId: id, quarters }
      // As of a day, the frames of periods the day did not know are passed over (their heads are the
      // earliest day any of them was known: contract POINT_LEAD).
      const lines =
        knownByHead === undefined
          ? model.lineTextsOneByOne(db, key)
          : model.lineTextsPassing(db, key, (head) => head > knownByHead)
      let taken = 0
      for (const line of lines) {
        // The build writes these as integers on every line (never null: a row number, 0/1/4, dates).
        const [recency, , endDate, knownFrom] = LEAD(line) as [number, number, number, number]
        // Lines come latest first: past the latest `limit` periods, the key's other lines (and frames) are left unread.
        if (knownBy === undefined && latest !== undefined && recency > latest) break
        if (endDate < periods.from || endDate > periods.to) continue
        if (knownBy !== undefined && knownFrom > knownBy) continue
        if (placeOf(quarters, endDate) < least) break
        // As of a day, the latest `limit` are the periods known by then.
        if (latest !== undefined && ++taken > latest) break
        read.push([line, quarters, endDate])
      }
    }
    const kept = periods.latestOfAllLengths && latest !== undefined ? latestOfAll(read, latest) : read
    return kept.map((l) => {
      const point: Record<string, unknown> = model.decode(l[0])
      if (metas) {
        // The point keeps its `meta_id`: the answer names the fields it sends (../series.ts).
        const metaId = point.meta_id as number
        const meta = metas.get(metaId)
        if (!meta) throw new Error(`${model.name}: meta_id ${metaId} is not in fin_point_metas`)
        Object.assign(point, meta)
      }
      return point
    })
  })
}

/**
 * Of a series' lines (each length's latest), the `latest` periods of all lengths together, latest end
 * date first and, at one end date, the longer period: the others are not parsed.
 */
function latestOfAll<L extends [string, number, number]>(lines: L[], latest: number): L[] {
  if (lines.length <= latest) return lines
  const least = leastKept(lines, latest)
  return lines.filter((l) => placeOf(l[1], l[2]) >= least)
}

/** A period's place in that order (one per period of a series): the later end date, then the longer period. */
const placeOf = (quarters: number, endDate: number) => endDate * 8 + quarters

/** The least place among the latest `latest` of `lines` (at least that many), found by sorting numbers. */
const leastKept = (lines: readonly [string, number, number][], latest: number) =>
  Float64Array.from(lines, (l) => placeOf(l[1], l[2])).sort()[lines.length - latest]!

/** A vintage of a metric point (company-facts vintages.ts): a value its filings gave it, in filing order. */
export type VintageRow = typeof FIN_METRIC_VINTAGES.fields.static
/** A vintage of a ratio point (company-facts ratios.ts), with the components it was computed from. */
export type RatioVintageRow = typeof FIN_RATIO_VINTAGES.fields.static

const VINTAGE_FILES = { metric: FIN_METRIC_VINTAGES, ratio: FIN_RATIO_VINTAGES } as const

/** Which vintages of a series to read: per period length, the periods ending on or after `since`. */
export type VintagesWanted = readonly { quarters: number; since: number }[]

/** A vintage line's leading `quarters` and `end_date` (the same for both files). */
const VINTAGE_LEAD = FIN_METRIC_VINTAGES.peek.numbers('end_date')

/** A vintage line with its period (its leading `quarters` and `end_date`), the rest not parsed yet. */
export type VintageLine = { quarters: number; end_date: number; line: string }

/**
 * The vintage lines of several series of a company, one list per name in the names' order: of each period
 * length `wanted` names, the periods ending on or after its `since`, latest period first and each
 * period's vintages in order (the order of the lines). The keys are read in one pass (a company's series
 * are neighbouring keys: KeyedFile.eachAscending), a restatement ledger's some 250 of them; a key's lines
 * past `since` are left unread.
 */
export async function seriesVintageLines(
  db: Db,
  kind: SeriesKind,
  cik: number,
  names: readonly SeriesName[],
  wanted: (name: number) => VintagesWanted,
): Promise<VintageLine[][]> {
  const ids = await seriesIds(db)
  const model = VINTAGE_FILES[kind]
  const out = names.map((): VintageLine[] => [])
  const reads: { name: number; since: number; key: bigint }[] = []
  names.forEach((name, i) => {
    const id = ids.get(`${name.source}:${name.symbol}`)
    if (id === undefined || cik >= MAX_CIK) return
    for (const { quarters, since } of wanted(i))
      if (PERIOD_LENGTHS.includes(quarters))
        reads.push({ name: i, since, key: model.key.pack({ cik, seriesId: id, quarters }) })
  })
  reads.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  model.file(db).eachAscending(
    reads.map((r) => r.key),
    (place, line) => {
      const { name, since } = reads[place]!
      const [quarters, endDate] = VINTAGE_LEAD(line) as [number, number]
      if (endDate < since) return false
      out[name]!.push({ quarters, end_date: endDate, line })
      return true
    },
  )
  return out
}

/** A vintage line parsed: a metric's or a ratio's vintage row. */
export const vintageOfLine = <K extends SeriesKind>(kind: K, line: string) =>
  (VINTAGE_FILES[kind] as typeof FIN_RATIO_VINTAGES).decode(line) as K extends 'metric' ? VintageRow : RatioVintageRow
