/**
 * Segment revenue rows (`fin_segment_rows`, by CIK): each 10-K's and 10-Q's revenue by member of one axis,
 * from the filing's dimensional `num` rows. The rules, each here once (docs/financials.md "Segment
 * revenue"; test/financials/segments.test.ts):
 *
 * - the filing's periods: its own (its end date, over its year for a 10-K, `qtrs` 4, or its three-month
 *   quarter for a 10-Q, `qtrs` 1) and its comparative columns, the same span ending a whole number of
 *   years earlier (within COMPARATIVE_SLACK_DAYS: a 52/53-week year ends a few days off the calendar
 *   year); a period's fiscal year is the filing's `fy` minus those years (the filer's own labelling:
 *   FY2024's 10-K reports FY2023 and FY2022), its fiscal quarter the filing's `fp` (FY = 4),
 *   `years_back` the years (0: the filing's own period). Which filing answers a period is chosen per
 *   request (the latest that reports it: areas/financials/segment-rules.ts fromLatestFiling);
 * - revenue tags in the canonical rule order (src/reference/canonical-metrics.json `revenue`): the first
 *   tag with dimensional rows gives them all (`seg.rev.priority.N` after its rank, its confidence);
 * - only rows of one axis (`Axis=Member;`): a row of two axes is an intersection, counted in both;
 *   no coregistrant rows;
 * - the segment type from the axis and member names: a product/service axis is `service` for a member
 *   named like a service, else `product`; geographic, country and region axes `geography`; segment axes
 *   `business`; any other `other`;
 * - `total_revenue`: the filing's consolidated revenue at that period (fin_standardized).
 * A period's rows are one revenue tag's: the first by rule rank with dimensional rows at that period.
 * Subtotal members (a "Products" member beside the products it sums) are found per request, where a
 * period's rows are at hand (areas/financials/segment-rules.ts).
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { createServingTable } from '../../serving-table.ts'
import { quote } from '../../sql-text.ts'
import { SERVING_TABLES } from './contract.ts'
import { ymdDate } from './sql.ts'

const REVENUE_RULES = CANONICAL_METRICS.find((m) => m.key === 'revenue')!.rules.map(
  (r, i) => `(${quote(r.tag)}, ${i + 1}, ${r.confidence})`,
)

/** The segment type of an axis and member (see the module comment). */
export const SEGMENT_TYPE = `CASE
  WHEN axis ILIKE '%ProductOrService%' OR axis ILIKE '%ProductLine%' OR axis ILIKE '%Product%'
    THEN CASE WHEN member ILIKE '%Service%' THEN 'service' ELSE 'product' END
  WHEN axis ILIKE '%Geograph%' OR axis ILIKE '%Country%' OR axis ILIKE '%Region%' THEN 'geography'
  WHEN axis ILIKE '%Segment%' THEN 'business'
  ELSE 'other' END`

/**
 * How far a comparative column's end may be from a whole number of years before the filing's own end: a
 * 52/53-week year ends on a weekday within a week of a fixed date (Copperfield: 2026-05-30, 2025-05-31),
 * and a quarter's end (some 91 days) is never within it.
 */
export const COMPARATIVE_SLACK_DAYS = 15

export const segmentStatements = (): string[] => [
  createServingTable(
    SERVING_TABLES.fin_segment_rows,
    `WITH rules AS (SELECT * FROM (VALUES ${REVENUE_RULES.join(', ')}) r(tag, rank, confidence)),
    filings AS (
      SELECT acc_key, cik, form, fy, fp, period, filed, accepted, end_date,
             CASE WHEN fp = 'FY' THEN 4 ELSE 1 END AS span,
             CASE fp WHEN 'FY' THEN 4 WHEN 'Q1' THEN 1 WHEN 'Q2' THEN 2 WHEN 'Q3' THEN 3 END AS fiscal_quarter
      FROM b.fin_filings WHERE fp IN ('FY', 'Q1', 'Q2', 'Q3') AND fy IS NOT NULL),
    dimensional AS (
      SELECT f.*, n.ddate, n.tag, n.version, n.uom, n.value::DOUBLE AS value, r.rank, r.confidence,
             split_part(n.segments, '=', 1) AS axis, rtrim(split_part(n.segments, '=', 2), ';') AS member,
             datediff('day', ${ymdDate('n.ddate')}, ${ymdDate('f.end_date')}) AS days_back
      FROM filings f
      JOIN t_fsds_num n ON n.acc_key = f.acc_key AND n.qtrs = f.span AND n.ddate <= f.end_date
      JOIN rules r ON r.tag = n.tag
      WHERE n.segments IS NOT NULL AND n.segments <> '' AND (n.coreg IS NULL OR n.coreg = '')
        AND length(n.segments) - length(replace(n.segments, '=', '')) = 1 AND n.value IS NOT NULL),
    rows AS (
      SELECT * EXCLUDE (days_back), round(days_back / 365.25)::INTEGER AS years_back FROM dimensional
      WHERE days_back = 0
        OR (days_back > 365 - ${COMPARATIVE_SLACK_DAYS} AND abs(days_back - 365.25 * round(days_back / 365.25)) <= ${COMPARATIVE_SLACK_DAYS})
      QUALIFY dense_rank() OVER (PARTITION BY acc_key, ddate ORDER BY rank) = 1)
    SELECT r.cik, r.fy - r.years_back AS fy, r.fiscal_quarter, r.years_back, r.acc_key, r.form, r.fp, r.period,
           r.filed, r.accepted, r.ddate AS end_date, r.span AS quarters, r.axis, r.member,
           ${SEGMENT_TYPE} AS segment_type, r.value, r.uom AS unit, r.tag, r.version,
           'seg.rev.priority.' || r.rank AS rule_id, r.confidence::DOUBLE AS confidence, t.value AS total_revenue
    FROM rows r
    LEFT JOIN s.fin_standardized t ON t.acc_key = r.acc_key AND t.statement = 'income' AND t.metric = 'revenue'
      AND t.ddate = r.ddate AND t.qtrs = r.span AND t.uom = r.uom`,
  ),
]
