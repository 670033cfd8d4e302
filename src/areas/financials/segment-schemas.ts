/**
 * Shapes of the six segment revenue operations (docs/api/financials.md, Segment revenue; the reference's
 * FinancialSegmentResponse). Field names are the reference's, exactly; `period` is a fiscal year YYYY only.
 */
import { t } from 'elysia'
import {
  AccessionNumber,
  CikOrTicker,
  LimitParam,
  Nullable,
  OutInteger,
  OutYyyymmdd,
  QueryInteger,
} from '../../http/schemas.ts'
import { CompanyIssuer } from './schemas.ts'
import { PointInTime } from './series-schemas.ts'

export const SEGMENT_TYPES = ['product', 'service', 'geography', 'business', 'other'] as const

export const IssuerParams = t.Object({
  issuer: t.String({
    ...CikOrTicker,
    description:
      'A CIK (digits, zero-padding optional) or a ticker (case-insensitive); one that matches nothing is a 404',
  }),
})

const Year = '(19|20)[0-9]{2}'
const common = {
  metric: t.Optional(
    t.String({
      pattern: '^revenue$',
      expected: 'revenue (the only metric segments are given for)',
      description: 'revenue',
    }),
  ),
  axis: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_:\\-]+$',
      expected: 'an axis name such as ProductOrService or srt:ProductOrServiceAxis',
      description: 'Keeps the rows of this axis (its name as FSDS writes it; a prefix and an Axis suffix are ignored)',
    }),
  ),
  qtrs: t.Optional(
    QueryInteger({
      minimum: 1,
      maximum: 4,
      description: '1 to 3: the 10-Q of that fiscal quarter (its quarter); 4: the annual report (default)',
    }),
  ),
  limit: LimitParam(100, 50, 'Segment rows per period (at most 100)'),
  ...PointInTime,
}
const SegmentTypeParam = t.Optional(
  t.String({
    pattern: `^(${SEGMENT_TYPES.join('|')})(,(${SEGMENT_TYPES.join('|')}))*$`,
    expected: `one or more of ${SEGMENT_TYPES.join(', ')}, comma-separated`,
    description: 'product, service, geography, business or other; several comma-separated',
  }),
)
const Single = {
  period: t.Optional(
    t.String({
      pattern: `^${Year}$`,
      expected: 'a fiscal year as YYYY',
      description: 'Fiscal year YYYY; default the latest',
    }),
  ),
  accessionNumber: t.Optional(AccessionNumber),
}
const Compare = {
  periods: t.Optional(
    t.String({
      pattern: `^${Year}(,${Year}){0,9}$`,
      expected: 'comma-separated fiscal years as YYYY (at most 10)',
      description: 'Fiscal years YYYY, comma-separated; default the latest three',
    }),
  ),
}

export const SegmentQuery = t.Object({ ...common, segmentType: SegmentTypeParam, ...Single })
export const SegmentFixedQuery = t.Object({ ...common, ...Single })
export const SegmentCompareQuery = t.Object({ ...common, segmentType: SegmentTypeParam, ...Compare })
export const SegmentFixedCompareQuery = t.Object({ ...common, ...Compare })
/** What every segment operation reads of its query (the variants fix `segmentType`, single ones `period`). */
export type SegmentRequest = {
  metric?: string
  axis?: string
  qtrs?: number
  limit: number
  segmentType?: string
  period?: string
  accessionNumber?: string
  periods?: string
  asOf?: string
  vintage?: string
}

const SegmentRow = t.Object(
  {
    name: t.String({ examples: ['iPhone'] }),
    segmentType: t.String({ description: 'product, service, geography, business or other' }),
    axisQname: t.String({ description: 'The axis as FSDS names it (no prefix)', examples: ['ProductOrService'] }),
    axisLabel: t.String(),
    memberQname: t.String({ description: 'The member as FSDS names it (no prefix)', examples: ['IPhone'] }),
    memberLabel: t.String(),
    value: t.Number(),
    unit: t.String(),
    percentOfRevenue: Nullable(t.Number({ description: 'value / total revenue, four decimals' })),
    sourceTag: t.String(),
    sourceVersion: Nullable(t.String()),
    strategy: t.String({ examples: ['segment_priority'] }),
    ruleId: t.String({ examples: ['seg.rev.priority.1'] }),
    confidence: t.Number(),
  },
  { title: 'FinancialSegmentRow' },
)

const SegmentPeriod = t.Object(
  {
    adsh: t.String(),
    form: t.String(),
    fiscalYear: OutInteger(),
    fiscalPeriod: t.String(),
    period: Nullable(OutYyyymmdd),
    filed: OutYyyymmdd,
    accepted: Nullable(t.String()),
    endDate: OutYyyymmdd,
    quarters: OutInteger(),
    totalRevenue: Nullable(t.Number()),
    segmentRevenueTotal: t.Number({
      description: 'Each revenue dollar once: subtotal members and other axes not added',
    }),
    coveragePct: Nullable(t.Number({ description: 'segmentRevenueTotal / totalRevenue, at most 1' })),
    rows: t.Array(SegmentRow),
  },
  { title: 'FinancialSegmentPeriod' },
)

export const SegmentResponse = t.Object(
  {
    issuer: CompanyIssuer,
    filters: t.Object({
      metric: t.String(),
      axis: Nullable(t.String()),
      segmentType: Nullable(
        t.String({
          description: 'The segment types asked, comma-separated, without repeats',
          examples: ['product,service'],
        }),
      ),
      period: Nullable(t.String({ description: 'The fiscal year asked (YYYY); null for compare', examples: ['2025'] })),
      periods: Nullable(
        t.String({
          description: 'The fiscal years asked by compare, comma-separated, without repeats',
          examples: ['2024,2025'],
        }),
      ),
      accessionNumber: Nullable(t.String()),
      qtrs: OutInteger(),
      limit: OutInteger(),
      asOf: t.Optional(Nullable(t.String({ format: 'date' }))),
      vintage: t.Optional(t.String()),
    }),
    periods: t.Array(SegmentPeriod),
  },
  { title: 'FinancialSegmentResponse' },
)
