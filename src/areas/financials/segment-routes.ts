/**
 * The six segment revenue operations: the main one, its geography and product-service variants
 * (`segmentType` fixed), and each one's `compare` across fiscal years. Open to every plan. The operation
 * in segments.ts (reads in store/segments.ts); shapes in segment-schemas.ts.
 */
import { operationsOf } from '../operation.ts'
import {
  IssuerParams,
  SegmentCompareQuery,
  SegmentFixedCompareQuery,
  SegmentFixedQuery,
  SegmentQuery,
  SegmentResponse,
} from './segment-schemas.ts'
import { segments } from './segments.ts'
import { financialsStore } from './store/index.ts'

const defineOperation = operationsOf(financialsStore)

const VARIANTS = [
  { path: '', id: 'Segments', fixed: undefined, what: 'by every segment type' },
  { path: '/geography', id: 'GeographySegments', fixed: 'geography', what: 'by geography (segmentType=geography)' },
  {
    path: '/product-service',
    id: 'ProductServiceSegments',
    fixed: 'product,service',
    what: 'by product and service (segmentType=product,service)',
  },
] as const

const DESCRIPTION =
  'Revenue by segment of one fiscal period (the latest fiscal year unless `period`, `qtrs` or `accessionNumber` say otherwise), ' +
  "from the latest filing that reports it (its own 10-K or 10-Q, or a later one's comparative column), each row with its axis and " +
  'member, segment type, value and share of revenue, and the period with the filing it came from, its total revenue, segment total ' +
  '(each dollar once: subtotal members and other axes are not added) and coverage. 404 when the company or its segment data is unknown.'

type Variant = (typeof VARIANTS)[number]

/** A variant for one period or compared across fiscal years: the variant fixes the segment type. */
const variantOperation = (v: Variant, compare: boolean) =>
  defineOperation({
    path: `/:issuer/segments${v.path}${compare ? '/compare' : ''}`,
    plan: 'FREE',
    operationId: `${compare ? 'compare' : 'get'}Financial${v.id}`,
    rows: 'periods.rows',
    summary: `A company's segment revenue ${v.what}${compare ? ', across fiscal years' : ''}`,
    description: compare
      ? 'The same as the single-period operation for each fiscal year of `periods` (default the latest three), newest first, ' +
        'with the same segments at the same positions.'
      : DESCRIPTION,
    params: IssuerParams,
    query: compare
      ? v.fixed
        ? SegmentFixedCompareQuery
        : SegmentCompareQuery
      : v.fixed
        ? SegmentFixedQuery
        : SegmentQuery,
    response: SegmentResponse,
    handler: ({ store, params, query }) =>
      segments(
        store,
        params.issuer,
        { ...query, segmentType: v.fixed ?? (query as { segmentType?: string }).segmentType },
        compare,
      ),
  })

/** Mounted under the area's prefix (/v1/financials), each variant's single-period operation then its compare. */
export const segmentOperations = () => VARIANTS.flatMap((v) => [variantOperation(v, false), variantOperation(v, true)])
