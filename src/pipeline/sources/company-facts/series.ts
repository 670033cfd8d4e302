/**
 * The metric series: every point of every company's metrics, chosen once by the build. Each rule here is
 * one statement (docs/financials.md "Metric series" states them; test/financials/series-rules.test.ts has
 * a test per rule):
 *
 * 1. Latest filing wins: of the facts of one period (cik, taxonomy, tag, unit, start, end), the one of
 *    the latest filing (filed, then accession number) gives the value and the filing; the period's fiscal
 *    year and period are those of the first filing that reported it (its own report; later filings repeat
 *    it as a comparative with their own `fy`). A filing that gives the period two values (duplicate facts
 *    rounded differently: 748,000 and 700,000) gives the more precise, then the smaller (filing-value.ts).
 * 2. Duration from the filing: a duration's quarters are those of the filing's own FSDS `num` row of the
 *    same tag, end date and value (the nearest to the day count when several match); a fact FSDS lacks is
 *    counted in days (70–125 one quarter, 155–215 two, 245–300 three, 340–390 four: 16-week quarters and
 *    52/53-week years included); any other length is no series period. An instant is `qtrs` 0.
 * 3. One point per period: per (cik, tag, quarters, end date), us-gaap before other taxonomies, USD before
 *    other units.
 * 4. Canonical keys by the rule table (src/reference/canonical-metrics.json), of the us-gaap points of
 *    its tags at the key's period kind (canonical.ts): never one smaller than a component the same filing
 *    reports (the guard), then the tag the filing's own statement presents, then the priority order;
 *    `strategy` says which decided. companyfacts holds only the filer's non-dimensional facts, so a
 *    canonical total is never a segment's, a line item's member or a coregistrant's value.
 *    `instantStart` (cash at the beginning of a cash-flow period) is the instant the day before the period
 *    starts, stored at the cash-flow period.
 * 5. Derived quarters: a quarter no filing reports alone is the difference of two values of its fiscal
 *    year, in decimal (exact, whatever the order of the sum): a year to date minus the one a quarter
 *    shorter with the same start (six months minus three, nine minus six, the year minus nine months), and
 *    for a fourth quarter without nine months to date the year minus its three quarters reported alone.
 *    Only reported values are subtracted (never a derived one), never across a gap (no shorter year to
 *    date, or two of them: no point), and the result must span one quarter by rule 2's day count. The
 *    value subtracted is the latest its filings reported by the longer period's filing (so an original
 *    nine months never has a later restated six months taken from it). `strategy` "derived", the longer
 *    period's filing, tag and rule, and `derived_from` every filing the values came from, its own first.
 *    Cash at a period's start (`instantStart`) is never subtracted: a derived cash-flow quarter's is the
 *    instant of the day before it starts, as rule 4 has it for a reported period.
 * Series keep quarters 0, 1 and 4; year-to-date points (2, 3) only serve rule 5.
 *
 * Every rule looks at one company at a time, so the statements run once per range of CIKs (batches.ts).
 */

import type { InRange } from '../../key-ranges.ts'
import { servingTablePart } from '../../serving-table.ts'
import { ALL_CIKS } from './batches.ts'
import { CANDIDATES_DROP, CANONICAL_SETUP, CANONICAL_TEARDOWN, canonicalStatements, cashAtStart } from './canonical.ts'
import { SERVING_TABLES } from './contract.ts'
import { filingValueKey } from './filing-value.ts'
import { SERIES_NUMBER_JOIN, SERIES_NUMBERS } from './series-numbers.ts'
import { VINTAGES_DROP, vintageStatements } from './vintages.ts'

const CONSOLIDATED_NUM = `(n.segments IS NULL OR n.segments = '') AND (n.coreg IS NULL OR n.coreg = '')`
const ymd = (date: string) => `strftime(${date}, '%Y%m%d')::INTEGER`

/**
 * Rule 5's arithmetic in decimal: exact for the SEC's values (none has more than 8 places) and the same
 * whatever order a parallel sum adds the quarters in (in DOUBLE, -0.4202 came out -0.42020000000000013
 * one run in a few). A value past 10^30 has no decimal (NULL): no fourth quarter is derived from it.
 */
const DEC = (value: string) => `try_cast(${value} AS DECIMAL(38, 8))`

/** Rule 2's day count: the quarters a duration of `days` days spans, NULL when none. */
export const QUARTERS_OF_DAYS = `CASE WHEN days BETWEEN 70 AND 125 THEN 1 WHEN days BETWEEN 155 AND 215 THEN 2
  WHEN days BETWEEN 245 AND 300 THEN 3 WHEN days BETWEEN 340 AND 390 THEN 4 END`

/**
 * The statements of all ranges, in CIK order, between the rule table's creation and its drop. The first
 * range creates the tables, unless `appending` (they hold the companies a nightly took: series-reuse.ts).
 */
export function seriesStatements(batches: readonly InRange[] = ALL_CIKS, appending = false): string[] {
  return [
    // The rule table (`cf_rules`) and what rule 4 reads of every filing (canonical.ts).
    ...CANONICAL_SETUP,
    ...batches.flatMap((inBatch, i) => batchStatements(inBatch, i === 0 && !appending)),
    ...CANONICAL_TEARDOWN,
  ]
}

/** Canonical points (rows of `cf_canonical`, from `from`) as rows of `cf_points`. */
const canonicalPoints = (from: string) => `
      SELECT cik, metric, 'canonical', taxonomy, tag, unit, start_date, end_date, quarters, value, adsh,
             acc_key, form, filed, fy, fp, version, strategy, rule_id, confidence::DOUBLE, NULL, first_filed
      FROM ${from}`

/**
 * A point's recency (1 = its series' latest period at its length: a request for the latest N reads N lines
 * a series) as `k.recency`, joined onto `alias`, a row of the temporary table `table` (a row a point, those
 * `where` keeps): numbered over the points' keys alone and joined back by row, since a window over the whole
 * rows sorted every column of them. The metric and the ratio points number theirs alike (ratios.ts).
 */
export const recencyJoin = (table: string, alias: string, series: string, where = 'true') =>
  `JOIN (SELECT rowid AS point_row, row_number() OVER (PARTITION BY ${series} ORDER BY end_date DESC)::INTEGER AS recency
        FROM ${table} WHERE ${where}) k ON k.point_row = ${alias}.rowid`

/** One range's points into `b.fin_metric_points` (the `first` creates it). */
function batchStatements(inBatch: InRange, first: boolean): string[] {
  return [
    // Rule 1.
    // A hash aggregate per period rather than a window over every fact: no sort of the whole table.
    `CREATE TEMP TABLE cf_latest AS
      SELECT cik, taxonomy, tag, unit, start_date, end_date, latest.value, latest.adsh, latest.acc_key, latest.form,
             latest.filed, first.fy, first.fp, first.filed AS first_filed,
             CASE WHEN start_date IS NULL THEN NULL ELSE date_diff('day', start_date, end_date) + 1 END AS days
      FROM (
        SELECT cik, taxonomy, tag, unit, start_date, end_date,
               arg_max({'value': value, 'adsh': adsh, 'acc_key': acc_key, 'form': form, 'filed': filed},
                       (filed, acc_key, ${filingValueKey('value')})) AS latest,
               arg_min({'fy': fy, 'fp': fp, 'filed': filed}, (filed, acc_key)) AS first
        FROM t_cf_facts WHERE ${inBatch('cik')} GROUP BY cik, taxonomy, tag, unit, start_date, end_date)`,
    // Rule 2's candidates: the consolidated standard-tag values of the range's filings, made apart from the
    // join that picks among them (scanned, filtered and joined in one statement, they ran a range out of
    // memory on two threads).
    `CREATE TEMP TABLE cf_num AS
      SELECT n.acc_key, n.tag, n.ddate, n.qtrs, n.uom, n.version, n.value::DOUBLE AS value
      FROM t_fsds_num n WHERE ${CONSOLIDATED_NUM} AND n.version <> n.adsh
        -- Only the range's filings: the join's table is theirs, not every value of every filing.
        AND n.acc_key IN (SELECT acc_key FROM cf_latest)`,
    // Rule 2: the filing's own num row of the fact (its qtrs and taxonomy version).
    `CREATE TEMP TABLE cf_periods AS
      SELECT l.*, CASE WHEN l.start_date IS NULL THEN 0 ELSE coalesce(n.qtrs, ${QUARTERS_OF_DAYS.replaceAll('days', 'l.days')}) END AS quarters,
             n.version
      FROM cf_latest l
      LEFT JOIN cf_num n
        ON n.acc_key = l.acc_key AND n.tag = l.tag AND n.ddate = ${ymd('l.end_date')} AND n.uom = l.unit
           AND n.value = l.value AND (n.qtrs = 0) = (l.start_date IS NULL)
      QUALIFY row_number() OVER (PARTITION BY l.cik, l.taxonomy, l.tag, l.unit, l.start_date, l.end_date
                                 ORDER BY abs(coalesce(n.qtrs, 0) * 91.3 - coalesce(l.days, 0))) = 1`,
    'DROP TABLE cf_latest',
    'DROP TABLE cf_num',
    // Rule 3.
    `CREATE TEMP TABLE cf_raw AS
      SELECT * FROM cf_periods WHERE quarters IS NOT NULL
      QUALIFY row_number() OVER (PARTITION BY cik, tag, quarters, end_date
                                 ORDER BY taxonomy <> 'us-gaap', unit <> 'USD', unit, taxonomy, start_date DESC) = 1`,
    'DROP TABLE cf_periods',
    // Rule 4 (canonical.ts).
    ...canonicalStatements(inBatch),
    `CREATE TEMP TABLE cf_points AS
      SELECT cik, tag AS symbol, 'raw' AS source, taxonomy, tag, unit, start_date, end_date, quarters, value, adsh,
             acc_key, form, filed, fy, fp, version, 'raw' AS strategy, NULL::VARCHAR AS rule_id, 1.0::DOUBLE AS confidence,
             NULL::BIGINT[] AS derived_from,
             -- The first filing of the point's fact (its vintages' first: vintages.ts V1 reads no other tag after it).
             first_filed
      FROM cf_raw
      UNION ALL
      ${canonicalPoints('cf_canonical')}`,
    'DROP TABLE cf_raw',
    'DROP TABLE cf_canonical',
    // Rule 5: each subtraction a derived quarter may come from, with the value subtracted as its filings
    // reported it by the longer period's filing (one vintage: no original year to date minus a restated one).
    `CREATE TEMP TABLE cf_subtracted AS
      WITH reported AS (
        SELECT * FROM cf_points WHERE quarters > 0 AND start_date IS NOT NULL
          -- Cash at a period's start is an instant, not a flow: no difference of two of them is a quarter's.
          AND NOT (source = 'canonical' AND symbol IN (SELECT metric FROM cf_rules WHERE period = 'instantStart'))),
      pairs AS (
        -- A year to date minus the one a quarter shorter of the same fiscal year (the same start).
        SELECT a.cik, a.symbol, a.source, a.quarters AS span, a.end_date, a.filed, a.acc_key, 1 AS pref,
               p.taxonomy, p.tag, p.unit, p.start_date AS p_start, p.end_date AS p_end, p.value AS p_value, p.acc_key AS p_acc
        FROM reported a JOIN reported p ON p.cik = a.cik AND p.symbol = a.symbol AND p.source = a.source
          AND p.unit = a.unit AND p.start_date = a.start_date AND p.quarters = a.quarters - 1 AND p.end_date < a.end_date
        WHERE a.quarters BETWEEN 2 AND 4
        UNION ALL
        -- A year minus its three quarters reported alone.
        SELECT a.cik, a.symbol, a.source, a.quarters, a.end_date, a.filed, a.acc_key, 2,
               p.taxonomy, p.tag, p.unit, p.start_date, p.end_date, p.value, p.acc_key
        FROM reported a JOIN reported p ON p.cik = a.cik AND p.symbol = a.symbol AND p.source = a.source
          AND p.unit = a.unit AND p.quarters = 1 AND p.start_date >= a.start_date AND p.end_date < a.end_date
        WHERE a.quarters = 4),
      vintage AS (
        SELECT pr.cik, pr.symbol, pr.source, pr.span, pr.end_date, pr.pref, pr.p_end,
               arg_max({'value': f.value, 'acc_key': f.acc_key}, (f.filed, f.acc_key, ${filingValueKey('f.value')})) AS v
        FROM pairs pr JOIN t_cf_facts f ON f.cik = pr.cik AND f.taxonomy = pr.taxonomy AND f.tag = pr.tag
          AND f.unit = pr.unit AND f.start_date = pr.p_start AND f.end_date = pr.p_end
        WHERE ${inBatch('f.cik')} AND (f.filed < pr.filed OR (f.filed = pr.filed AND f.acc_key <= pr.acc_key))
        GROUP BY pr.cik, pr.symbol, pr.source, pr.span, pr.end_date, pr.pref, pr.p_end)
      SELECT pr.cik, pr.symbol, pr.source, pr.span, pr.end_date, pr.pref, pr.p_end,
             -- Reported only later than the longer period (a comparative): its latest value.
             coalesce(v.v.value, pr.p_value) AS value, coalesce(v.v.acc_key, pr.p_acc) AS acc_key
      FROM pairs pr LEFT JOIN vintage v USING (cik, symbol, source, span, end_date, pref, p_end)`,
    // Rule 5: the subtraction each derived quarter comes from, one per period at most (its vintages,
    // vintages.ts, subtract the same periods).
    `CREATE TEMP TABLE cf_best AS
        SELECT cik, symbol, source, span, end_date, pref, max(p_end) AS prior_end, sum(${DEC('value')}) AS prior,
               list(acc_key ORDER BY p_end) AS prior_keys
        FROM cf_subtracted GROUP BY cik, symbol, source, span, end_date, pref
        -- One shorter year to date (two would be ambiguous), or all three quarters; never a gap.
        HAVING count(${DEC('value')}) = CASE pref WHEN 1 THEN 1 ELSE 3 END AND count(*) = count(${DEC('value')})
          AND ${QUARTERS_OF_DAYS.replaceAll('days', "date_diff('day', max(p_end), end_date)")} = 1
        QUALIFY row_number() OVER (PARTITION BY cik, symbol, source, end_date ORDER BY pref, span DESC) = 1`,
    // Rule 5: the derived quarters, where no filing reports the quarter alone.
    `INSERT INTO cf_points
      SELECT a.* REPLACE (b.prior_end + 1 AS start_date, 1 AS quarters, (${DEC('a.value')} - b.prior)::DOUBLE AS value,
                          CASE WHEN a.quarters = 4 THEN 'Q4' ELSE a.fp END AS fp, 'derived' AS strategy,
                          -- The longer period's filing first, then those of the values subtracted, each once.
                          list_prepend(a.acc_key, list_filter(b.prior_keys, (k, i) -> k <> a.acc_key
                                       AND list_position(b.prior_keys, k) = i)) AS derived_from)
      FROM cf_points a JOIN cf_best b ON b.cik = a.cik AND b.symbol = a.symbol AND b.source = a.source
        AND b.end_date = a.end_date AND b.span = a.quarters
      WHERE ${DEC('a.value')} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM cf_points q WHERE q.cik = a.cik AND q.symbol = a.symbol
                          AND q.source = a.source AND q.quarters = 1 AND q.end_date = a.end_date)`,
    // Rule 4's cash at the start for the quarters rule 5 adds: a derived cash-flow quarter's is the instant of
    // the day before it starts (the end of the period subtracted), chosen as for a reported period.
    `INSERT INTO cf_points
      ${canonicalPoints(`(${cashAtStart(`SELECT DISTINCT p.cik, 1 AS quarters, p.start_date, p.end_date,
          date_diff('day', p.start_date, p.end_date) + 1 AS days
        FROM cf_points p JOIN cf_rules c ON c.metric = p.symbol
        WHERE p.source = 'canonical' AND p.strategy = 'derived' AND c.statement = 'cashFlow' AND c.period = 'duration'`)}) s
        WHERE NOT EXISTS (SELECT 1 FROM cf_points q WHERE q.cik = s.cik AND q.symbol = s.metric AND q.source = 'canonical'
                          AND q.quarters = 1 AND q.end_date = s.end_date)`)}`,
    CANDIDATES_DROP,
    SERIES_NUMBERS,
    // Every value each point's filings gave it (vintages.ts).
    ...vintageStatements(inBatch),
    'DROP TABLE cf_subtracted',
    'DROP TABLE cf_best',
    servingTablePart(
      SERVING_TABLES.fin_metric_vintages,
      first,
      `SELECT v.cik, v.symbol, v.source, v.quarters, ${ymd('v.end_date')} AS end_date,
             v.vintage::INTEGER AS vintage, v.acc_key, v.form, ${ymd('v.filed')} AS filed, f.accepted, f.period, v.value,
             v.tag
      FROM cf_vintages v LEFT JOIN b.fin_filings f ON f.acc_key = v.acc_key
      -- Restated points only (vintages.ts V6): a point of one vintage is its first_reported.
      WHERE v.vintages > 1`,
    ),
    // The served points: filing context from the FSDS filing (its period and acceptance time), labels,
    // metadata of the (tag, version).
    servingTablePart(
      SERVING_TABLES.fin_metric_points,
      first,
      `SELECT p.cik, p.symbol, p.source, p.quarters, ${ymd('p.end_date')} AS end_date, p.acc_key, p.form, p.fy,
             CASE WHEN p.quarters = 1 AND p.fp = 'FY' THEN 'Q4' ELSE p.fp END AS fp,
             f.period, ${ymd('p.filed')} AS filed, f.accepted, p.unit, p.value, p.tag, p.version,
             -- The file's label, unless empty (the filing-fee taxonomy ffd has "" labels), else the FSDS tag's.
             CASE WHEN p.source = 'canonical' THEN m.label ELSE coalesce(nullif(l.label, ''), c.tlabel) END AS label,
             -- companyfacts holds only the SEC's standard taxonomies (us-gaap, ifrs-full, dei, srt, invest, ffd,
             -- ecd, …), never a filer's own extension: no point is of a custom tag.
             0 AS custom,
             c.datatype, p.strategy, p.rule_id, p.confidence, p.derived_from,
             k.recency,
             -- Restated: a filing gave the period another value than the first (vintages.ts V3). The first
             -- vintage on every point (V6): a point of one vintage has no row in fin_metric_vintages.
             coalesce(v.vintages > 1, false) AS restated,
             {'value': v.value, 'acc_key': v.acc_key::VARCHAR, 'form': v.form, 'filed': ${ymd('v.filed')},
              'accepted': ff.accepted::VARCHAR, 'period': ff.period,
              -- Its tag where it is not the point's (V1): most are, and this is on every line.
              'tag': CASE WHEN v.tag IS DISTINCT FROM p.tag THEN v.tag END} AS first_reported
      FROM cf_points p
      ${recencyJoin('cf_points', 'p', 'cik, symbol, source, quarters', 'quarters IN (0, 1, 4)')}
      ${SERIES_NUMBER_JOIN('p')}
      LEFT JOIN cf_vintages v ON v.vintage = 1 AND v.cik = p.cik AND v.sid = n.sid
        AND v.quarters = p.quarters AND v.end_date = p.end_date
      LEFT JOIN b.fin_filings ff ON ff.acc_key = v.acc_key
      LEFT JOIN b.fin_filings f ON f.acc_key = p.acc_key
      LEFT JOIN t_cf_labels l ON l.taxonomy = p.taxonomy AND l.tag = p.tag
      LEFT JOIN s.fin_concepts c ON c.tag = p.tag AND c.version = p.version
      LEFT JOIN cf_metric_labels m ON m.metric = p.symbol
      WHERE p.quarters IN (0, 1, 4)`,
    ),
    'DROP TABLE cf_points',
    'DROP TABLE cf_series',
    VINTAGES_DROP,
  ]
}
