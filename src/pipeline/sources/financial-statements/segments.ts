/**
 * Segment revenue rows (`fin_segment_rows`, by CIK): each 10-K's and 10-Q's revenue by member of one axis,
 * from the filing's dimensional `num` rows. The rules, each here once (docs/financials.md "Segment
 * revenue"; test/financials/segments.test.ts):
 *
 * - the filing's own period: its end date, over its year (a 10-K, `qtrs` 4) or its three-month quarter
 *   (a 10-Q, `qtrs` 1); its fiscal quarter is its `fp` (FY = 4);
 * - revenue tags in the canonical rule order (src/reference/canonical-metrics.json `revenue`): the first
 *   tag with dimensional rows gives them all (`seg.rev.priority.N` after its rank, its confidence);
 * - only rows of one axis (`Axis=Member;`): a row of two axes is an intersection, counted in both;
 *   no coregistrant rows;
 * - the segment type from the axis and member names: a product/service axis is `service` for a member
 *   named like a service, else `product`; geographic, country and region axes `geography`; segment axes
 *   `business`; any other `other`;
 * - `total_revenue`: the filing's consolidated revenue at that period (fin_standardized).
 * Subtotal members (a "Products" member beside the products it sums) are found per request, where a
 * period's rows are at hand (areas/financials/segment-rules.ts).
 */
import { CANONICAL_METRICS } from '../../../reference/canonical-metrics.ts'
import { quote } from '../../sql-text.ts'

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

export const segmentStatements = (): string[] => [
  `CREATE TABLE s.fin_segment_rows AS
    WITH rules AS (SELECT * FROM (VALUES ${REVENUE_RULES.join(', ')}) r(tag, rank, confidence)),
    filings AS (
      SELECT acc_key, cik, form, fy, fp, period, filed, accepted, end_date,
             CASE WHEN fp = 'FY' THEN 4 ELSE 1 END AS span,
             CASE fp WHEN 'FY' THEN 4 WHEN 'Q1' THEN 1 WHEN 'Q2' THEN 2 WHEN 'Q3' THEN 3 END AS fiscal_quarter
      FROM s.fin_filings WHERE fp IN ('FY', 'Q1', 'Q2', 'Q3') AND fy IS NOT NULL),
    rows AS (
      SELECT f.*, n.tag, n.version, n.uom, n.value::DOUBLE AS value, r.rank, r.confidence,
             split_part(n.segments, '=', 1) AS axis, rtrim(split_part(n.segments, '=', 2), ';') AS member
      FROM filings f
      JOIN t_fsds_num n ON n.acc_key = f.acc_key AND n.ddate = f.end_date AND n.qtrs = f.span
      JOIN rules r ON r.tag = n.tag
      WHERE n.segments IS NOT NULL AND n.segments <> '' AND (n.coreg IS NULL OR n.coreg = '')
        AND length(n.segments) - length(replace(n.segments, '=', '')) = 1 AND n.value IS NOT NULL
      QUALIFY dense_rank() OVER (PARTITION BY f.acc_key ORDER BY r.rank) = 1)
    SELECT r.cik, r.fy, r.fiscal_quarter, r.acc_key, r.form, r.fp, r.period, r.filed, r.accepted, r.end_date,
           r.span AS quarters, r.axis, r.member, ${SEGMENT_TYPE} AS segment_type, r.value, r.uom AS unit, r.tag, r.version,
           'seg.rev.priority.' || r.rank AS rule_id, r.confidence::DOUBLE AS confidence, t.value AS total_revenue
    FROM rows r
    LEFT JOIN s.fin_standardized t ON t.acc_key = r.acc_key AND t.statement = 'income' AND t.metric = 'revenue'
      AND t.ddate = r.end_date AND t.qtrs = r.span AND t.uom = r.uom
    ORDER BY r.cik, r.fiscal_quarter, r.fy DESC, r.accepted DESC, r.acc_key, r.axis, r.value DESC, r.member`,
]
