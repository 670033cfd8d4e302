/**
 * The vintages of the metric series: for each point (series.ts rules 1–5), every value its filings gave it,
 * in the order they were filed, so a request can answer as of any day and as first reported
 * (docs/financials.md "Point in time" states the rules with examples; test/financials/vintages.test.ts has
 * a test per rule):
 *
 * V1. A reported point's filings are every filing of its fact (the cik, taxonomy, tag, unit, start and end
 *     rules 1–3 chose): companyfacts keeps each filing's value of each period. A canonical key's point
 *     (rule 4) takes, from a filing that reports its chosen tag at the period, that tag's value; a filing
 *     before the first that reported the chosen tag takes the first of the key's other tags it reports at
 *     the period, in the rule table's priority order (a filer that renamed its revenue tag still has its
 *     first-reported revenue). A filing that gives one fact two values gives the one rule 1 takes (the
 *     more precise, then the smaller). Each value keeps the tag its filing reported it under
 *     (`tag`): an answer that takes it names that tag, as the filing has it.
 * V2. A derived quarter's vintages (rule 5) are its longer period's: at each filing of the longer period,
 *     that filing's value minus the shorter periods' values as known at it (the latest filed by then; none
 *     filed yet: their latest, as rule 5 has it), known when the last of those filings was filed. A
 *     vintage known after the point's own is left out: the last vintage is the point.
 * V3. A vintage is a change: of a point's filings in filing order (filed, then accession number), the first
 *     and each whose value differs from the one before. A filing that repeats the value is no vintage
 *     (a restatement is a different value, never a repeat).
 * (V4 and V5, the ratios' and rankings' vintages, are ratios.ts's and rankings.ts's.)
 * V6. Stored: a restated point's vintages (more than one) in `fin_metric_vintages`; every point's first
 *     vintage as its `first_reported` (a point of one vintage is its value, first known at that filing).
 *     Most points are never restated: their vintages would repeat the points.
 * The build checks that each restated point's last vintage is its value, and that an unrestated point's
 * first_reported is (checkSeries).
 */
import type { InRange } from '../../key-ranges.ts'
import { filingValueOrder } from './filing-value.ts'
import { SERIES_NUMBER_JOIN } from './series-numbers.ts'

const POINT = 'cik, symbol, source, quarters, end_date'
/** A point within its range, its series by number (series.ts SERIES_NUMBERS): what the windows partition by. */
const IN_RANGE = 'cik, sid, quarters, end_date'
const DEC = (value: string) => `try_cast(${value} AS DECIMAL(38, 8))`
/** `a` filed no later than `b` (by filed date, then accession number). */
const notAfter = (a: string, b: string) =>
  `(${a}.filed < ${b}.filed OR (${a}.filed = ${b}.filed AND ${a}.acc_key <= ${b}.acc_key))`

/**
 * One range's vintages into `cf_vintages` (POINT, acc_key, filed, form, value, tag, vintage, vintages:
 * changes only, quarters 0, 1 and 4), from `cf_points`, `cf_best` and `cf_subtracted` (series.ts) while they
 * exist. `cf_reports` keeps each filing's `rank`: 0 for the point's own tag, else the other tag's in the rule
 * table, and the tag itself (`vtag`; a derived quarter's, its longer period's at that filing).
 */
export const vintageStatements = (inBatch: InRange): string[] => [
  // V1: every filing's value of each reported point (all period lengths: rule 5's longer periods too).
  `CREATE TEMP TABLE cf_reports AS
    WITH pts AS (
      SELECT p.cik, p.symbol, p.source, n.sid, p.taxonomy, p.tag, p.unit, p.quarters, p.end_date, p.first_filed,
             -- Cash at a period's start is the instant the day before it (canonical.ts).
             CASE WHEN k.period = 'instantStart' THEN p.start_date - 1 ELSE p.end_date END AS fact_end,
             CASE WHEN k.period = 'instantStart' OR p.quarters = 0 THEN NULL ELSE p.start_date END AS fact_start
      FROM cf_points p ${SERIES_NUMBER_JOIN('p')} LEFT JOIN (SELECT DISTINCT metric, period FROM cf_rules) k
        ON p.source = 'canonical' AND k.metric = p.symbol
      WHERE p.strategy <> 'derived'),
    reports AS (
      SELECT p.*, f.acc_key, f.filed, f.form, f.value, 0 AS rank, f.tag AS vtag
      FROM pts p JOIN t_cf_facts f ON f.cik = p.cik AND f.taxonomy = p.taxonomy AND f.tag = p.tag AND f.unit = p.unit
        AND f.end_date = p.fact_end AND f.start_date IS NOT DISTINCT FROM p.fact_start
      WHERE ${inBatch('f.cik')}
      UNION ALL
      SELECT p.*, f.acc_key, f.filed, f.form, f.value, r.rank, f.tag AS vtag
      FROM pts p JOIN cf_rules r ON r.metric = p.symbol AND r.tag <> p.tag
      JOIN t_cf_facts f ON f.cik = p.cik AND f.taxonomy = 'us-gaap' AND f.tag = r.tag AND f.unit = p.unit
        AND f.end_date = p.fact_end AND f.start_date IS NOT DISTINCT FROM p.fact_start
      -- Another tag counts only before the chosen tag's first filing (below): none filed after it is read.
      WHERE p.source = 'canonical' AND f.filed <= p.first_filed AND ${inBatch('f.cik')}),
    -- One value per filing: of two a filing gives one fact, the one rule 1 takes.
    each_filing AS (
      SELECT ${POINT}, sid, acc_key, filed, form, rank, vtag, value
      FROM reports
      QUALIFY row_number() OVER (PARTITION BY ${IN_RANGE}, acc_key ORDER BY rank, ${filingValueOrder('value')}) = 1)
    SELECT ${POINT}, acc_key, filed, form, value, rank, sid, vtag FROM (
      SELECT *, min(CASE WHEN rank = 0 THEN filed END) OVER p AS chosen_filed,
             min(CASE WHEN rank = 0 THEN acc_key END) OVER p AS chosen_acc
      FROM each_filing WINDOW p AS (PARTITION BY ${IN_RANGE}))
    -- Another tag only before the chosen tag's first filing of the period.
    WHERE rank = 0 OR filed < chosen_filed OR (filed = chosen_filed AND acc_key < chosen_acc)`,
  // V2: a derived quarter at each filing of its longer period.
  `INSERT INTO cf_reports
    WITH d AS (
      SELECT b.cik, b.symbol, b.source, n.sid, b.span, b.end_date, b.pref, p.acc_key AS point_acc
      FROM cf_best b JOIN cf_points p ON p.cik = b.cik AND p.symbol = b.symbol AND p.source = b.source
        AND p.quarters = 1 AND p.end_date = b.end_date AND p.strategy = 'derived'
      ${SERIES_NUMBER_JOIN('p')}),
    longer AS (
      SELECT d.*, v.acc_key, v.filed, v.form, v.value, v.vtag
      FROM d JOIN cf_reports v ON v.cik = d.cik AND v.sid = d.sid
        AND v.quarters = d.span AND v.end_date = d.end_date),
    terms AS (
      SELECT l.cik, l.symbol, l.source, l.sid, l.end_date, l.point_acc, l.acc_key, l.filed, l.form, l.value, l.vtag, s.p_end,
             coalesce(arg_max({'value': pv.value, 'filed': pv.filed, 'acc_key': pv.acc_key, 'form': pv.form},
                              (pv.filed, pv.acc_key)) FILTER (WHERE ${notAfter('pv', 'l')}),
                      arg_max({'value': pv.value, 'filed': pv.filed, 'acc_key': pv.acc_key, 'form': pv.form},
                              (pv.filed, pv.acc_key))) AS used
      FROM longer l
      JOIN cf_subtracted s ON s.cik = l.cik AND s.symbol = l.symbol AND s.source = l.source AND s.span = l.span
        AND s.end_date = l.end_date AND s.pref = l.pref
      -- Rule 5 subtracts the chosen tag's values only.
      JOIN cf_reports pv ON pv.cik = s.cik AND pv.symbol = s.symbol AND pv.source = s.source AND pv.end_date = s.p_end
        AND pv.rank = 0 AND pv.quarters = CASE s.pref WHEN 1 THEN s.span - 1 ELSE 1 END
      GROUP BY ALL),
    at_each AS (
      SELECT cik, any_value(symbol) AS symbol, any_value(source) AS source, sid, end_date, point_acc,
             acc_key AS longer_acc, any_value(filed) AS longer_filed, any_value(vtag) AS vtag,
             (${DEC('any_value(value)')} - sum(${DEC('used.value')}))::DOUBLE AS value,
             -- Known when the last of its filings was filed.
             greatest(max({'filed': used.filed, 'acc_key': used.acc_key, 'form': used.form}),
                      {'filed': any_value(filed), 'acc_key': acc_key, 'form': any_value(form)}) AS known
      FROM terms GROUP BY cik, sid, end_date, point_acc, acc_key)
    SELECT e.cik, e.symbol, e.source, 1 AS quarters, e.end_date, e.known.acc_key, e.known.filed, e.known.form, e.value,
           0 AS rank, e.sid, e.vtag
    FROM at_each e JOIN at_each own ON own.cik = e.cik AND own.sid = e.sid
      AND own.end_date = e.end_date AND own.longer_acc = own.point_acc
    WHERE e.known <= own.known
    -- Two filings of the longer period known at once: the later one's.
    QUALIFY row_number() OVER (PARTITION BY e.cik, e.sid, e.end_date, e.known.acc_key
                               ORDER BY e.longer_filed DESC, e.longer_acc DESC) = 1`,
  // V3: the changes of the served points, numbered, each with its point's count of them.
  `CREATE TEMP TABLE cf_vintages AS
    SELECT *, row_number() OVER (PARTITION BY ${IN_RANGE} ORDER BY filed, acc_key) AS vintage,
           count(*) OVER (PARTITION BY ${IN_RANGE}) AS vintages
    FROM (
      SELECT ${POINT}, sid, acc_key, filed, form, value, vtag AS tag FROM (
        SELECT *, lag(value) OVER w AS before, row_number() OVER w AS n FROM cf_reports WHERE quarters IN (0, 1, 4)
        WINDOW w AS (PARTITION BY ${IN_RANGE} ORDER BY filed, acc_key))
      WHERE n = 1 OR value IS DISTINCT FROM before)`,
  'DROP TABLE cf_reports',
]

export const VINTAGES_DROP = 'DROP TABLE cf_vintages'

/**
 * A vintage as a point's line holds it (contract VINTAGE_ON_LINE: `first_reported`, `last_vintage`), from
 * the vintage row `v` (`''`: the columns of the row being read), and `more` fields after its own.
 */
export function vintageOnLine(v: string, more = '') {
  const c = (column: string) => (v ? `${v}.${column}` : column)
  return `{'value': ${c('value')}, 'acc_key': ${c('acc_key')}::VARCHAR, 'form': ${c('form')}, 'filed': ${c('filed')},
           'accepted': ${c('accepted')}::VARCHAR, 'period': ${c('period')}${more}}`
}

/** A point's key: a metric point's (fin_metric_points, fin_metric_vintages), or a ratio point's. */
export const METRIC_POINT_KEY = ['cik', 'symbol', 'source', 'quarters', 'end_date'] as const
export const RATIO_POINT_KEY = ['cik', 'ratio', 'quarters', 'end_date'] as const

/**
 * Every vintage of the points `points` selects (rows with their table's key, value, restated and
 * first_reported), as rows of their vintage table after the point's `carried` columns: a restated point's
 * from `vintages` (its rows of fin_metric_vintages or fin_ratio_vintages), any other point's one vintage
 * from its first_reported (V6 undone, for the ratios' and rankings' vintages: the one place that undoes
 * it). `components`: a ratio's vintages carry the components each value came from. A point selected twice
 * has its vintages twice.
 */
export function everyVintage(
  points: string,
  vintages: string,
  {
    key = METRIC_POINT_KEY,
    carried = [],
    components = false,
    tagged = false,
  }: { key?: readonly string[]; carried?: readonly string[]; components?: boolean; tagged?: boolean } = {},
) {
  const keep = [...key, ...carried].map((c) => `p.${c}`).join(', ')
  const same = key.map((c) => `v.${c} = p.${c}`).join(' AND ')
  // `tagged`: a metric vintage's own tag (V1; a first_reported's is null where it is the point's), and the
  // point's taxonomy version only where that is its tag.
  const tag = (column: string) =>
    tagged
      ? `, coalesce(${column}, p.tag) AS tag, CASE WHEN coalesce(${column}, p.tag) = p.tag THEN p.version END AS version`
      : ''
  return `
  SELECT ${keep}, v.vintage, v.acc_key, v.form, v.filed, v.accepted, v.period, v.value${components ? ', v.components' : ''}${tag('v.tag')}
  FROM (${points}) p JOIN (${vintages}) v ON ${same}
  WHERE p.restated
  UNION ALL
  SELECT ${keep}, 1, p.first_reported.acc_key::BIGINT, p.first_reported.form, p.first_reported.filed,
         p.first_reported.accepted::TIMESTAMP, p.first_reported.period, p.value${components ? ', p.components' : ''}${tag('p.first_reported.tag')}
  FROM (${points}) p WHERE NOT p.restated`
}
