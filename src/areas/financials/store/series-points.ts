/**
 * A company's series points from the series lookup files (company-facts contract LOOKUPS): one key per
 * company, metric series and period length, or per company and ratio; its points latest first. Which number
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
  VINTAGE_PERIOD,
  VINTAGES_ON_LINE,
} from '../../../pipeline/sources/company-facts/contract.ts'
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'

/**
 * The periods a request asks for: its window, its period length, and without a window its latest `limit`;
 * as of a day (`knownBy`, YYYYMMDD), only the periods known by then (a line's `known_from`): then `latest`
 * counts the periods known, not every period. A metric's `latest` are each length's, a ratio's those of its
 * lengths together (its key holds them all: contract RATIO_SERIES_KEY).
 */
export type PeriodFilter = {
  from: number
  to: number
  latest: number | undefined
  quarters: number | undefined
  knownBy?: number
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

/** The period lengths a series has: each a key of its own in a metric's file (contract PERIOD_SERIES_KEY). */
export const PERIOD_LENGTHS = [0, 1, 4]

/**
 * The period lengths of a canonical metric's series: a balance's (`instant`) 0; a flow's (`duration`) and a
 * period's opening balance (`instantStart`, stored at its cash-flow period) 1 and 4. A canonical key takes
 * points of its period kind only (company-facts series.ts rule 4), so its other lengths are keys no company
 * has, each a frame decompressed for nothing when looked up.
 */
const CANONICAL_LENGTHS = new Map(CANONICAL_METRICS.map((m) => [m.key, m.period === 'instant' ? [0] : [1, 4]]))

/** A canonical metric's series, with the lengths it can have. */
export const canonicalSeries = (symbol: string): SeriesName => ({
  source: 'canonical',
  symbol,
  ...(CANONICAL_LENGTHS.has(symbol) && { lengths: CANONICAL_LENGTHS.get(symbol) }),
})

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

/** A meta id's tag and rule, as their values in METRIC_META_FIELDS' order (what a point's decoder adds). */
const POINT_METAS = defineMemo({
  name: 'fin-point-metas',
  from: ['fin_point_metas'],
  holds: "a metric point's tag and rule by its meta id",
  compute: async (db) => {
    const rows = await db.all<PointMeta & { meta_id: number }>(
      sql`SELECT meta_id, ${join(METRIC_META_FIELDS.map(ident), ', ')} FROM fin_point_metas`,
    )
    return new Map(rows.map((row) => [row.meta_id, METRIC_META_FIELDS.map((field) => row[field])]))
  },
})

const pointMetas = (db: Db) => db.memo(POINT_METAS)

/**
 * The points of several series of a company in the asked periods, one list per name in the names' order,
 * as objects of the line's fields; a metric point with its tag and rule (`fin_point_metas`) beside its
 * `meta_id` and its series' `symbol` and `source`, a ratio point with its `ratio`. A metric's by period
 * length (0, 1, 4), each length's latest first, a key per length; a ratio's latest first across its
 * lengths, one key. The series are read in one synchronous pass: a company's series are neighbouring
 * keys, so they share frames, and with no await between them no other request's reads can evict those
 * frames from the file's few decompressed ones before the next series of the same request needs them.
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
  const { latest, knownBy } = periods
  const asked = periods.quarters === undefined ? PERIOD_LENGTHS : [periods.quarters]
  const knownByHead = knownBy === undefined ? undefined : BigInt(knownBy)
  // As of a day, the frames of periods the day did not know are passed over (their heads are the earliest
  // day any of them was known: contract POINT_LEAD).
  const passes = (head: bigint) => head > knownByHead!
  const linesOf = <K>(model: SeriesFile<K>, key: K) =>
    knownByHead === undefined ? model.lineTextsOneByOne(db, key) : model.lineTextsPassing(db, key, passes)
  return names.map((name) => {
    const seriesId = ids.get(`${name.source}:${name.symbol}`)
    if (seriesId === undefined || cik >= MAX_CIK) return []
    // Only the lengths the series can have: each other would be a key looked up for nothing.
    const lengths = asked.filter((q) => (name.lengths ?? PERIOD_LENGTHS).includes(q))
    const reads =
      kind === 'metric'
        ? lengths.map((quarters) => ({
            lines: linesOf(FIN_METRIC_SERIES, { cik, seriesId, quarters }),
            lengths: [quarters],
          }))
        : lengths.length
          ? [{ lines: linesOf(FIN_RATIO_SERIES, { cik, seriesId }), lengths }]
          : []
    const decode = metas ? metricDecoder(metas, name) : ratioDecoder(name)
    const points: Record<string, unknown>[] = []
    for (const read of reads) {
      let taken = 0
      for (const line of read.lines) {
        // The build writes these as integers on every line (never null: a row number, 0/1/4, dates).
        const [recency, quarters, endDate, knownFrom] = LEAD(line) as [number, number, number, number]
        if (!read.lengths.includes(quarters)) continue
        // Lines come latest first: past the latest `limit` periods of its length (`recency`), the key's
        // other lines (and frames) are left unread.
        if (knownBy === undefined && latest !== undefined && recency > latest) break
        if (endDate < periods.from || endDate > periods.to) continue
        if (knownBy !== undefined && knownFrom > knownBy) continue
        // As of a day, the latest `limit` are the periods known by then.
        if (latest !== undefined && ++taken > latest) break
        points.push(decode(line))
      }
    }
    return points
  })
}

/** What a series request reads of a series file: a key's lines one by one, or those of the frames a day knew. */
type SeriesFile<K> = {
  lineTextsOneByOne(db: Db, key: K): Generator<string>
  lineTextsPassing(db: Db, key: K, passes: (head: bigint) => boolean): Generator<string>
}

/**
 * A metric point: its line's fields, its tag and rule (its `meta_id`'s, kept beside them: the answer names
 * the fields it sends, ../series.ts), and its series' `symbol` and `source`.
 */
const decodeMetric = FIN_METRIC_SERIES.decodeWith<PointMeta & { symbol: string; source: string }>([
  ...METRIC_META_FIELDS,
  'symbol',
  'source',
])
const META_ID = FIN_METRIC_SERIES.positionOf('meta_id')

/** A ratio point: its line's fields and its `ratio`, the id of the series it was read from. */
const decodeRatio = FIN_RATIO_SERIES.decodeWith<{ ratio: string }>(['ratio'])

/** A metric series' line decoder: a meta's values and the series' name, made once per meta of the series. */
function metricDecoder(metas: Map<number, unknown[]>, name: SeriesName) {
  const extras = new Map<number, readonly unknown[]>()
  const extraOf = (values: readonly unknown[]) => {
    const metaId = values[META_ID] as number
    let extra = extras.get(metaId)
    if (!extra) {
      const meta = metas.get(metaId)
      if (!meta) throw new Error(`${FIN_METRIC_SERIES.name}: meta_id ${metaId} is not in fin_point_metas`)
      extra = [...meta, name.symbol, name.source]
      extras.set(metaId, extra)
    }
    return extra
  }
  return (line: string) => decodeMetric(line, extraOf)
}

/** A ratio series' line decoder: its ratio id, one array for all its lines. */
function ratioDecoder(name: SeriesName) {
  const extra = [name.symbol]
  return (line: string) => decodeRatio(line, extra)
}

/** A vintage of a metric point (company-facts vintages.ts): a value its filings gave it, in filing order. */
export type VintageRow = typeof FIN_METRIC_VINTAGES.fields.static
/** A vintage of a ratio point (company-facts ratios.ts), with the components it was computed from. */
export type RatioVintageRow = typeof FIN_RATIO_VINTAGES.fields.static

const VINTAGE_FILES = { metric: FIN_METRIC_VINTAGES, ratio: FIN_RATIO_VINTAGES } as const

/**
 * Which vintages of a series to read: per period length, the periods ending on or after `since` and, where
 * `until` is given, on or before it.
 */
export type VintagesWanted = readonly { quarters: number; since: number; until?: number }[]

/** A vintage line with its period (its leading `quarters` and `end_date`), the rest not parsed yet. */
export type VintageLine = { quarters: number; end_date: number; line: string }

/**
 * The vintage lines of several series of a company, one list per name in the names' order: of each period
 * length `wanted` names, the periods from its `since` to its `until`, latest period first and each
 * period's vintages in order (the order of the lines). The keys are read in one pass (a company's series
 * are neighbouring keys: KeyedFile.eachAscending), a restatement ledger's some 250 of them; a key's lines
 * past `since` are left unread, and so are its frames of periods after `until` (each frame's head is its
 * first line's period end: a request as of a day years back reads its answer's periods, not every later
 * period's vintages before them).
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
  const reads: { name: number; since: number; until: number; key: bigint }[] = []
  names.forEach((name, i) => {
    const id = ids.get(`${name.source}:${name.symbol}`)
    if (id === undefined || cik >= MAX_CIK) return
    for (const { quarters, since, until = Infinity } of wanted(i))
      if ((name.lengths ?? PERIOD_LENGTHS).includes(quarters))
        reads.push({ name: i, since, until, key: model.key.pack({ cik, seriesId: id, quarters }) })
  })
  reads.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  model.file(db).eachAscending(
    reads.map((r) => r.key),
    (place, line) => {
      const { name, since, until } = reads[place]!
      const [quarters, endDate] = VINTAGE_PERIOD(line) as [number, number]
      if (endDate < since) return false
      if (endDate <= until) out[name]!.push({ quarters, end_date: endDate, line })
      return true
    },
    // A frame whose next one starts (in the same key) after `until` holds only later periods.
    (place, head) => head > reads[place]!.until,
  )
  return out
}

/** A vintage line parsed: a metric's or a ratio's vintage row. */
export const vintageOfLine = <K extends SeriesKind>(kind: K, line: string) =>
  (VINTAGE_FILES[kind] as typeof FIN_RATIO_VINTAGES).decode(line) as K extends 'metric' ? VintageRow : RatioVintageRow

/**
 * Whether a point's line holds every vintage of it (its `vintages`: contract VINTAGES_ON_LINE): its first,
 * its last and those between, so no request reads its vintage lines.
 */
export const lineHoldsEveryVintage = (p: Record<string, unknown>) => (p.vintages as number) <= VINTAGES_ON_LINE
