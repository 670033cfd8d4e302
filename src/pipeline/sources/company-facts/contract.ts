/**
 * The company-facts source's contract: the serving tables the financials area reads for the metric and
 * ratio series and their rankings (the build writes them: series.ts, ratios.ts, rankings.ts). Dates are
 * YYYYMMDD integers as in the FSDS tables; `accepted` is the FSDS filing's (Eastern time), NULL for a
 * filing the data sets lack; `acc_key` is the accession number as an integer.
 */
import { type TProperties, Type } from '@sinclair/typebox'
import { CANONICAL_KEYS } from '../../../reference/canonical-metrics.ts'
import { RATIOS } from '../../../reference/financial-ratios.ts'
import { type KeyPart, packedKey } from '../../contract.ts'
import { lookupsOf, readModel } from '../../read-model.ts'
import { servingTable, servingTablesOf } from '../../serving-table.ts'

const FILING = ['acc_key', 'form', 'fy', 'fp', 'period', 'filed', 'accepted'] as const
/** A ranked company's names, and its point's period, value, tag and rule: a ranking's row and its vintages'. */
/** A vintage row's number, filing and value, after its point's key (vintages.ts, ratios.ts). */
const VINTAGE_COLUMNS = ['vintage', 'acc_key', 'form', 'filed', 'accepted', 'period', 'value'] as const
const RANKED_COMPANY = ['ticker', 'entity_name', 'sic', 'countryinc'] as const
const RANKED_POINT = [
  'end_date',
  'quarters',
  'unit',
  'value',
  'tag',
  'version',
  'strategy',
  'rule_id',
  'confidence',
] as const

export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'fin_metric_points',
    buildOnly: true,
    // `recency` 1 for a series' latest period (per period length), 2 for the one before…; `derived_from` the
    // `acc_key`s of the filings a derived quarter's values came from (its own filing's first), else NULL.
    holds: "a company's point of a symbol (canonical key or raw tag), source and period, with its filing and tag",
    columns: [
      'cik',
      'symbol',
      'source',
      'quarters',
      'end_date',
      ...FILING,
      'unit',
      'value',
      'tag',
      'version',
      'label',
      'custom',
      'datatype',
      'strategy',
      'rule_id',
      'confidence',
      'derived_from',
      'recency',
      'restated',
      'first_reported',
    ],
    orderBy: 'cik, symbol, source, quarters, end_date',
  }),
  servingTable({
    name: 'fin_metric_vintages',
    buildOnly: true,
    // vintages.ts states the rules: a filing that repeats the value before it is no vintage; a point of one
    // vintage has none here (its first_reported is it).
    holds:
      "a value a restated metric point's filings gave it, numbered in filing order (`vintage` 1 = first reported): the first and each change, with the tag its filing reported it under",
    columns: ['cik', 'symbol', 'source', 'quarters', 'end_date', ...VINTAGE_COLUMNS, 'tag'],
    orderBy: 'cik, symbol, source, quarters, end_date, vintage',
  }),
  servingTable({
    name: 'fin_ratio_points',
    buildOnly: true,
    holds: "a company's point of a ratio and period; `components` is a JSON array of {metric, value, unit}",
    columns: [
      'cik',
      'ratio',
      'grp',
      'quarters',
      'end_date',
      ...FILING,
      'value',
      'unit',
      'components',
      'currency',
      'recency',
      'restated',
      'first_reported',
    ],
    orderBy: 'cik, ratio, quarters, end_date',
  }),
  servingTable({
    name: 'fin_ratio_vintages',
    buildOnly: true,
    // ratios.ts states how: the ratio as each filing that changed one of its terms left it.
    holds:
      'a value a restated ratio point had as the filings of its period were filed, numbered (`vintage` 1 = first known): the first and each change',
    columns: ['cik', 'ratio', 'quarters', 'end_date', ...VINTAGE_COLUMNS, 'components'],
    orderBy: 'cik, ratio, quarters, end_date, vintage',
  }),
  servingTable({
    name: 'fin_ratio_points_by_ratio',
    holds: 'a USD ratio point again, for a ranking within a date window',
    columns: ['ratio', 'quarters', 'end_date', 'cik', ...FILING, 'value', 'unit', 'components'],
    orderBy: 'ratio, quarters, end_date DESC, cik',
  }),
  servingTable({
    name: 'fin_ratio_top',
    holds: "a company's latest USD point of a ratio and period length, ranked (1 = largest)",
    columns: ['ratio', 'quarters', 'rank', 'cik', ...FILING, 'end_date', 'value', 'unit', 'components'],
    orderBy: 'ratio, quarters, rank',
  }),
  servingTable({
    name: 'fin_metric_rankings',
    holds:
      "a company's USD canonical value ranked per metric, basis (annual, quarterly), fiscal year and quarter (0 for annual)",
    columns: ['metric', 'basis', 'year', 'quarter', 'rank', 'cik', ...RANKED_COMPANY, ...FILING, ...RANKED_POINT],
    orderBy: 'metric, basis, year, quarter, rank',
  }),
  servingTable({
    name: 'fin_metric_ranking_vintages',
    buildOnly: true,
    holds:
      "a ranked company's value of a metric, basis, fiscal year and quarter as each filing left it (`vintage`), with the day it was known (`known`, YYYYMMDD) and the days it answers a ranking as of a day: from `known` to before `latest_until` (the last known), or to before `first_until` (the first known)",
    columns: [
      'metric',
      'basis',
      'year',
      'quarter',
      'cik',
      'vintage',
      'known',
      ...RANKED_COMPANY,
      ...FILING,
      ...RANKED_POINT,
      'latest_until',
      'first_until',
    ],
    // By value within a ranking's year: a ranking as of a day is the first rows of its range the day takes.
    orderBy: 'metric, basis, quarter, year, value DESC, cik, vintage',
  }),
  servingTable({
    name: 'fin_ratio_vintages_by_ratio',
    holds:
      "a USD ratio vintage again, by ratio, with the day it was known and the days it answers a ranking as of a day (the vintage taken of the company's latest period known): from `known` to before `latest_until` or `first_until`",
    columns: [
      'ratio',
      'quarters',
      'end_date',
      'cik',
      'vintage',
      'known',
      ...RANKED_COMPANY,
      ...FILING,
      'value',
      'unit',
      'components',
      'latest_until',
      'first_until',
    ],
    // By value: a ranking as of a day is the first rows of the ratio's range the day takes.
    orderBy: 'ratio, quarters, value DESC, cik, end_date, vintage',
  }),
  servingTable({
    name: 'fin_restatement_rankings',
    holds:
      "a change of a company's reported USD canonical point (a vintage after the first), with the value and filing before it, ranked per metric and the calendar quarter the changing filing was filed in (`filed_quarter`, YYYYQ: 20243), 1 = the largest change",
    columns: [
      'metric',
      'filed_quarter',
      'rank',
      'cik',
      ...RANKED_COMPANY,
      'quarters',
      'end_date',
      'fy',
      'fp',
      'unit',
      'vintage',
      'value',
      'acc_key',
      'form',
      'filed',
      'accepted',
      'tag',
      'previous_value',
      'previous_acc_key',
      'previous_form',
      'previous_filed',
      'previous_accepted',
      'previous_tag',
    ],
    orderBy: 'metric, filed_quarter, rank',
  }),
  servingTable({
    name: 'fin_restatement_quarters',
    holds: 'per metric and calendar quarter, how many changes `fin_restatement_rankings` ranks',
    columns: ['metric', 'filed_quarter', 'restatements'],
    orderBy: 'metric, filed_quarter',
  }),
  // What the points, vintages and ratios above were made from, for the next build to take a company's rows
  // while they are the same (series-reuse.ts).
  servingTable({
    name: 'fin_fact_prints',
    buildOnly: true,
    holds: "a company's staged facts as a number: the sum of each fact row's hash, and how many rows",
    columns: ['cik', 'print', 'facts'],
    orderBy: 'cik',
  }),
  servingTable({
    name: 'fin_fact_labels',
    buildOnly: true,
    holds: "a concept's label, as the points took it from companyfacts",
    columns: ['taxonomy', 'tag', 'label'],
    orderBy: 'taxonomy, tag',
  }),
  servingTable({
    name: 'fin_series_inputs',
    buildOnly: true,
    holds:
      'one row: the fingerprint of what every company shares (the rules, the quarterly financial statements the points read)',
    columns: ['fingerprint'],
    key: 'one row',
  }),
  // What the staging parsed, for the next build to take a company's facts while its files are the same
  // (stage-reuse.ts).
  servingTable({
    name: 'fin_fact_files',
    buildOnly: true,
    holds:
      "a file of companyfacts.zip as its central directory gives it: the company (the file's name), CRC-32 and size",
    columns: ['cik', 'crc', 'bytes'],
    orderBy: 'cik, crc, bytes',
  }),
  servingTable({
    name: 'fin_fact_file_labels',
    buildOnly: true,
    holds: "a concept's label and description as a company's file gives them",
    columns: ['cik', 'taxonomy', 'tag', 'label', 'description'],
    orderBy: 'cik, taxonomy, tag, label, description',
  }),
  servingTable({
    name: 'fin_fact_names',
    buildOnly: true,
    holds: "a company's name as its file gives it (`entityName`)",
    columns: ['cik', 'name'],
    orderBy: 'cik',
  }),
  servingTable({
    name: 'fin_fact_snapshot',
    buildOnly: true,
    holds: "one row: the snapshot whose `company_facts` holds the facts of those files (this build's)",
    columns: ['snapshot_id'],
    key: 'one row',
  }),
  servingTable({
    name: 'fin_series_ids',
    // The number is the series' part of its key in the series lookup files (seriesKey).
    holds:
      'a series name, numbered (each number kept by every later build): `source` raw or canonical (a metric series) or ratio, and its symbol',
    columns: ['series_id', 'source', 'symbol'],
    orderBy: 'series_id',
    key: 'series_id (= source, symbol)',
  }),
  servingTable({
    name: 'fin_point_metas',
    // A series line names its part by `meta_id` instead of repeating it (one per taxonomy version, tag and
    // rule: 2,005 for 75 million points at full volume).
    holds:
      'a distinct tag-and-rule part of a metric point (METRIC_META_FIELDS), numbered (each number kept by every later build)',
    columns: ['meta_id', 'tag', 'version', 'label', 'custom', 'datatype', 'strategy', 'rule_id', 'confidence'],
    orderBy: 'meta_id',
  }),
  servingTable({
    name: 'fin_metric_ranking_years',
    holds:
      'the companies ranked per metric, basis, quarter and fiscal year, and whether the year is complete (the default year)',
    columns: ['metric', 'basis', 'quarter', 'year', 'companies', 'complete'],
    orderBy: 'metric, basis, quarter, year',
  }),
  servingTable({
    name: 'fin_metric_ranking_known_years',
    holds:
      "the latest complete year of a metric's ranking (basis, quarter) by what each day from `known_from` on knew: the year a ranking as of a day ranks without `year`",
    columns: ['metric', 'basis', 'quarter', 'known_from', 'year'],
    orderBy: 'metric, basis, quarter, known_from',
  }),
)

/**
 * A series' key, one per period length: the company in the high 32 bits, then the series
 * (`fin_series_ids`) and the period length (`quarters` 0, 1 or 4) in the low ones. CIKs have at most 10
 * digits, but every CIK the SEC has issued is below 2^31, so the key stays a non-negative 64-bit integer.
 * One key per length (a metric's series, the vintages): a metric's answer is each length's latest `limit`
 * periods, so a request reads only the lengths it asks for, and a request as of a day passes over a
 * length's points newer than the day (frame heads) without reading the other lengths' between them.
 */
export const PERIOD_SERIES_KEY = packedKey<{ cik: number; seriesId: number; quarters: number }>({
  cik: { sql: 'cik', of: (cik) => cik },
  seriesId: { sql: 'series_id', of: (id) => id, size: 2 ** 29 },
  quarters: { sql: 'quarters', of: (q) => q, size: 8 },
})

/**
 * A ratio series' key: the company in the high 32 bits, the series (`fin_series_ids`) in the low ones, every
 * period length under one key. A ratio's answer is its latest `limit` periods of all its lengths together
 * (a quarter and the year ending with it side by side), so its lines run latest period first across both
 * lengths: that answer is a key's first lines, where one key per length read twice as many frames and
 * lines, most of the yearly ones only to be cut.
 */
export const RATIO_SERIES_KEY = packedKey<{ cik: number; seriesId: number }>({
  cik: { sql: 'cik', of: (cik) => cik },
  seriesId: { sql: 'series_id', of: (id) => id, size: 2 ** 32 },
})

/**
 * How a field is written where not as its column: the accession key as text (18 digits are no exact
 * double), and so a derived point's keys of its filings (null on any other point), the acceptance time as
 * DuckDB renders a TIMESTAMP, a ratio's components as the JSON they hold.
 */
const AS_WRITTEN = {
  acc_key: 'acc_key::VARCHAR',
  accepted: 'accepted::VARCHAR',
  components: 'components::JSON',
  derived_from: 'derived_from::VARCHAR[]',
}

const text = Type.String()
const nullableText = Type.Union([Type.String(), Type.Null()])
const nullableNumber = Type.Union([Type.Number(), Type.Null()])

/**
 * What every point's line starts with: `recency`, `quarters`, `end_date`, `known_from`, `all_known_from`
 * and `newer_known_from`, which a request filters on (read without parsing the rest: `peek.numbers`), then
 * the point's filing. `known_from`: the first day any vintage of the point was known (P1, YYYYMMDD), so a
 * request as of an earlier day passes the line unread; `all_known_from`: the first day every vintage was
 * known, from which on the line holds the answer (`last_vintage`, `first_reported`) and a request reads no
 * vintage; `newer_known_from`: the earliest `known_from` of the line and the lines before it in its key
 * (the later periods), each frame's head, so such a request passes over the frames of periods newer than
 * the day unread.
 */
const POINT_LEAD = {
  recency: Type.Number(),
  quarters: Type.Number(),
  end_date: Type.Number(),
  known_from: Type.Number(),
  all_known_from: Type.Number(),
  newer_known_from: Type.Number(),
  acc_key: text,
  form: nullableText,
  fy: nullableNumber,
  fp: nullableText,
  period: nullableNumber,
  filed: nullableNumber,
  accepted: nullableText,
}

/** A metric point's tag and rule, the same on most points of a series: stored once in `fin_point_metas`. */
export const METRIC_META_FIELDS = [
  'tag',
  'version',
  'label',
  'custom',
  'datatype',
  'strategy',
  'rule_id',
  'confidence',
] as const

/** A vintage's value and filing, as a point's line holds its first and its last. */
const VINTAGE_ON_LINE = {
  value: Type.Number(),
  acc_key: text,
  form: nullableText,
  filed: Type.Number(),
  accepted: nullableText,
  period: nullableNumber,
}

/**
 * A metric point's first vintage: its first-reported value and that filing (vintages.ts V6), with the tag
 * its filing reported the value under (vintages.ts V1) where that is not the point's own (null: the point's,
 * as on most lines). On every point: a point of one vintage has no vintage rows, and a request as of a day
 * reads when it was first known here.
 */
const METRIC_FIRST_REPORTED = Type.Object({ ...VINTAGE_ON_LINE, tag: nullableText })

/**
 * A restated metric point's last vintage (null on any other point): the filing that gave today's value (the
 * point's own filing is the latest that reported it, maybe a later one repeating it). A request as of a day
 * that knew every vintage (`all_known_from`) answers it without reading the vintages.
 */
const LAST_VINTAGE = Type.Union([Type.Object({ ...VINTAGE_ON_LINE, tag: text }), Type.Null()])

/**
 * The most vintages a point's line holds: a restated point of at most this many has the ones between its
 * first and its last on its line too (`middle_vintages`), so a day that knew some of them answers from the
 * line. Real companyfacts files restate a fact more than three times rarely if ever, and the generator's
 * full-volume sample, which restates more often, has fewer than one restated point in fifty with more:
 * those are read from the vintage files (docs/financials.md).
 */
export const VINTAGES_ON_LINE = 4

/** A restated point's vintages between its first and its last, in order, when it has at most VINTAGES_ON_LINE (else null). */
const middleVintages = <T extends TProperties>(vintage: T) =>
  Type.Union([Type.Array(Type.Object(vintage)), Type.Null()])

/**
 * Each metric series' points by PERIOD_SERIES_KEY (CIK, series id, period length), latest first: a request
 * for the latest `limit` periods stops reading at the first line past them. Its tag and rule are its
 * `meta_id` (some 110 bytes of 240 when written out on every point), then a derived quarter's filings
 * (null on every other point).
 */
export const FIN_METRIC_SERIES = readModel({
  name: 'finMetricSeries',
  path: 'lookup/fin-metric-series',
  key: PERIOD_SERIES_KEY,
  keyIs: 'PERIOD_SERIES_KEY (CIK, series id, period length)',
  line: 'array',
  fields: Type.Object({
    ...POINT_LEAD,
    unit: text,
    value: Type.Number(),
    meta_id: Type.Number(),
    derived_from: Type.Union([Type.Array(Type.String()), Type.Null()]),
    restated: Type.Boolean(),
    first_reported: METRIC_FIRST_REPORTED,
    last_vintage: LAST_VINTAGE,
    // How many vintages the point has (1 when never restated): of up to VINTAGES_ON_LINE, all are on the
    // line (its first, its last and those between), so a day that knew some of them answers from the line.
    vintages: Type.Number(),
    middle_vintages: middleVintages({ ...VINTAGE_ON_LINE, tag: text }),
  }),
  sql: AS_WRITTEN,
  packed: ['first_reported', 'last_vintage', 'middle_vintages'],
  order: 'recency (latest period first)',
  // A request reads a few series of a company (its latest forty periods each, some 16 KB): a series starting
  // late in a frame cost a whole frame of the company's other series before its own lines.
  keyFrameAfter: 2048,
})

/** What a metric point holds: its line's fields with its `fin_point_metas` row in place of `meta_id`. */
export const METRIC_POINT_FIELDS = [
  ...Object.keys(FIN_METRIC_SERIES.fields.properties).filter((f) => f !== 'meta_id'),
  ...METRIC_META_FIELDS,
]

/**
 * Each ratio series' points by RATIO_SERIES_KEY (CIK, series id of the ratio), its lengths together, latest
 * period first and at one end date the longer period first; `recency` counts a line's own length (a
 * request for one length stops at the first line past its latest `limit`), `newer_known_from` the key's
 * lines before it of both lengths. `components` as the JSON it is.
 */
export const FIN_RATIO_SERIES = readModel({
  name: 'finRatioSeries',
  path: 'lookup/fin-ratio-series',
  key: RATIO_SERIES_KEY,
  keyIs: 'RATIO_SERIES_KEY (CIK, series id)',
  line: 'array',
  fields: Type.Object({
    ...POINT_LEAD,
    value: Type.Number(),
    unit: text,
    components: Type.Unknown(),
    restated: Type.Boolean(),
    // A restated point's with the components that value was computed from (null on any other point: its
    // components are the point's), so a request as of a day or as first reported takes it from the line.
    first_reported: Type.Object({ ...VINTAGE_ON_LINE, components: Type.Unknown() }),
    // With the components that value was computed from.
    last_vintage: Type.Union([Type.Object({ ...VINTAGE_ON_LINE, components: Type.Unknown() }), Type.Null()]),
    // How many vintages the point has, and those between its first and its last, as a metric line's.
    vintages: Type.Number(),
    middle_vintages: middleVintages({ ...VINTAGE_ON_LINE, components: Type.Unknown() }),
  }),
  sql: AS_WRITTEN,
  packed: ['first_reported', 'last_vintage', 'middle_vintages'],
  order: 'end date descending, then period length descending (latest period first)',
  // A request of every ratio reads the latest points of two dozen series, each a frame of its own: a
  // small frame is what it decompresses for each (a series' latest eight points are about three kilobytes),
  // and each series starts its own frame unless the one before holds less than a kilobyte.
  frameBytes: 4096,
  keyFrameAfter: 1024,
})

/** A vintage's period, number, filing and value: a metric's and a ratio's vintage lines start alike. */
const VINTAGE_FIELDS = {
  quarters: Type.Number(),
  end_date: Type.Number(),
  vintage: Type.Number(),
  acc_key: text,
  form: nullableText,
  filed: Type.Number(),
  accepted: nullableText,
  period: nullableNumber,
  value: Type.Number(),
}

/**
 * Each metric series' vintages (vintages.ts) by PERIOD_SERIES_KEY, latest period first, then vintage: what a
 * request as of a day (`asOf`) or as first reported (`vintage=first`) reads instead of the latest values.
 * Restated points only: any other point's one vintage is its `first_reported`.
 */
export const FIN_METRIC_VINTAGES = readModel({
  name: 'finMetricVintages',
  path: 'lookup/fin-metric-vintages',
  key: PERIOD_SERIES_KEY,
  keyIs: 'PERIOD_SERIES_KEY (CIK, series id, period length)',
  line: 'array',
  fields: Type.Object({
    ...VINTAGE_FIELDS,
    tag: text,
  }),
  sql: AS_WRITTEN,
  order: 'end date (latest first), vintage',
  frameBytes: 4096,
})

/** Each ratio series' vintages (ratios.ts) by PERIOD_SERIES_KEY, as FIN_METRIC_VINTAGES, with each value's components. */
export const FIN_RATIO_VINTAGES = readModel({
  name: 'finRatioVintages',
  path: 'lookup/fin-ratio-vintages',
  key: PERIOD_SERIES_KEY,
  keyIs: 'PERIOD_SERIES_KEY (CIK, series id, period length)',
  line: 'array',
  fields: Type.Object({
    ...VINTAGE_FIELDS,
    components: Type.Unknown(),
  }),
  sql: AS_WRITTEN,
  order: 'end date (latest first), vintage',
  frameBytes: 4096,
})

/**
 * A vintage line's leading `quarters` and `end_date`, read without parsing the rest (the same in both vintage
 * files): what a request filters its lines by, and each frame's head (the end of its first line's period).
 */
export const VINTAGE_PERIOD = FIN_METRIC_VINTAGES.peek.numbers('end_date')

/** The fields of a ratio point, in its line's order. */
export const RATIO_POINT_FIELDS = Object.keys(FIN_RATIO_SERIES.fields.properties)

/** Names in byte order (as DuckDB sorts them): a ranking's number in a key is its place here. */
const inOrder = (names: readonly string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const RANKED_METRIC_KEYS = inOrder(CANONICAL_KEYS)
const RANKED_RATIO_IDS = inOrder(RATIOS.map((r) => r.id))

/** A name's place among `names` (0-based), in SQL and in TypeScript. */
const placeIn = (names: readonly string[], column: string): KeyPart<string> => ({
  sql: `list_position([${names.map((n) => `'${n}'`).join(', ')}], ${column}) - 1`,
  of: (name) => names.indexOf(name),
  size: names.length,
})

/**
 * A metric ranking's key: the metric (its place in byte order), the quarter (0: annual) and the fiscal
 * year. In that order the keys run as fin_metric_ranking_vintages is sorted (metric, basis, quarter,
 * year), so the file is written in the table's stored order.
 */
export const METRIC_RANKING_KEY = packedKey<{ metric: string; quarter: number; year: number }>({
  metric: placeIn(RANKED_METRIC_KEYS, 'metric'),
  quarter: { sql: 'quarter', of: (q) => q, size: 5 },
  year: { sql: 'year', of: (y) => y, size: 10_000 },
})

/**
 * A ratio ranking's key: the ratio (its place in byte order), its period length, and a calendar year the
 * line answers some day of (`answers_in`). A ratio ranks each company's latest period, so of a ratio's
 * lines most answer no day of a given year (those of the company's other periods): kept by year, a
 * request reads the lines of the days' year only. A line is in each year from its `known` day's to its
 * span's end's, at most the last year anything was known (RATIO_RANKING_YEARS_SQL): a later day reads that
 * year's lines.
 */
export const RATIO_RANKING_KEY = packedKey<{ ratio: string; quarters: number; year: number }>({
  ratio: placeIn(RANKED_RATIO_IDS, 'ratio'),
  quarters: { sql: 'quarters', of: (q) => q, size: 5 },
  year: { sql: 'answers_in', of: (y) => y, size: 10_000 },
})

/** The years a ratio ranking line answers days of (RATIO_RANKING_KEY), as a table function over the line's row. */
export const RATIO_RANKING_YEARS_SQL = (lastYear: string) =>
  `unnest(generate_series(known // 10000, least((greatest(latest_until, first_until) - 1) // 10000, ${lastYear}))) AS answers_in`

/**
 * What a ranking vintage's line starts with: the span of days it answers (src/reference/point-in-time.ts),
 * read without parsing the rest: from `known` to before `latest_until` (the last known) or `first_until`.
 */
const RANKING_SPAN = { known: Type.Number(), latest_until: Type.Number(), first_until: Type.Number() }

/** A ranked company's names. */
const RANKED_NAMES = {
  cik: Type.Number(),
  ticker: nullableText,
  entity_name: nullableText,
  sic: nullableNumber,
  countryinc: nullableText,
}

/** A ranked vintage's filing and period. */
const RANKED_FILING = {
  acc_key: text,
  form: nullableText,
  fy: nullableNumber,
  fp: nullableText,
  period: nullableNumber,
  filed: Type.Number(),
  accepted: nullableText,
  end_date: Type.Number(),
  quarters: Type.Number(),
}

/**
 * Each metric ranking's vintages (fin_metric_ranking_vintages) by METRIC_RANKING_KEY, largest value first:
 * a ranking as of a day is the first `limit` lines whose span holds the day. As a DuckDB query each
 * request read cold blocks of every column of a year's rows (docs/benchmarks.md).
 */
export const FIN_METRIC_RANKING_LINES = readModel({
  name: 'finMetricRankingLines',
  path: 'lookup/fin-metric-ranking-lines',
  key: METRIC_RANKING_KEY,
  keyIs: 'METRIC_RANKING_KEY (metric, quarter, fiscal year)',
  line: 'array',
  fields: Type.Object({
    ...RANKING_SPAN,
    year: Type.Number(),
    ...RANKED_NAMES,
    ...RANKED_FILING,
    unit: text,
    value: Type.Number(),
    tag: text,
    version: nullableText,
    strategy: text,
    rule_id: nullableText,
    confidence: Type.Number(),
  }),
  sql: AS_WRITTEN,
  order: 'value (largest first), cik, vintage',
})

/** Each ratio's USD vintages (fin_ratio_vintages_by_ratio) by RATIO_RANKING_KEY, largest value first, as FIN_METRIC_RANKING_LINES. */
export const FIN_RATIO_RANKING_LINES = readModel({
  name: 'finRatioRankingLines',
  path: 'lookup/fin-ratio-ranking-lines',
  key: RATIO_RANKING_KEY,
  keyIs: 'RATIO_RANKING_KEY (ratio, period length, a year it answers days of)',
  line: 'array',
  fields: Type.Object({
    ...RANKING_SPAN,
    ...RANKED_NAMES,
    ...RANKED_FILING,
    value: Type.Number(),
    unit: text,
    components: Type.Unknown(),
  }),
  sql: AS_WRITTEN,
  order: 'value (largest first), cik, end date, vintage',
})

export const LOOKUPS = lookupsOf(
  FIN_METRIC_SERIES,
  FIN_RATIO_SERIES,
  FIN_METRIC_VINTAGES,
  FIN_RATIO_VINTAGES,
  FIN_METRIC_RANKING_LINES,
  FIN_RATIO_RANKING_LINES,
)
