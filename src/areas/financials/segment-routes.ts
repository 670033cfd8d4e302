/**
 * The six segment revenue routes (docs/api/financials.md, Segment revenue): the main operation, its
 * geography and product-service variants (`segmentType` fixed), and each one's `compare` across fiscal
 * years. Open to every plan (FREE). SQL in segments.ts; shapes in segment-schemas.ts.
 */
import { Elysia } from 'elysia'
import { access } from '../../auth/access.ts'
import type { RequestDb } from '../../db/client.ts'
import { sendJson } from '../../http/raw-json.ts'
import { errorResponses } from '../../http/schemas.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import {
  IssuerParams,
  SegmentCompareQuery,
  SegmentFixedCompareQuery,
  SegmentFixedQuery,
  SegmentQuery,
  type SegmentRequest,
  SegmentResponse,
} from './segment-schemas.ts'
import { segments } from './segments.ts'

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

/** A variant's handler, for one period or compared across fiscal years: the variant fixes the segment type. */
const answer =
  (v: Variant, compare: boolean) =>
  async ({
    db,
    cacheKey,
    params,
    query,
  }: {
    db: RequestDb
    cacheKey: string
    params: { issuer: string }
    query: Omit<SegmentRequest, 'segmentType'> & { segmentType?: string }
  }) =>
    sendJson(
      await db.cached(cacheKey, () =>
        segments(db, params.issuer, { ...query, segmentType: v.fixed ?? query.segmentType }, compare),
      ),
    )

const variantRoutes = ({ database }: AreaDeps, v: Variant) =>
  new Elysia({ tags: ['Financials'] })
    .use(dbContext(database))
    .get(`/:issuer/segments${v.path}`, answer(v, false), {
      params: IssuerParams,
      query: v.fixed ? SegmentFixedQuery : SegmentQuery,
      response: { 200: SegmentResponse, ...errorResponses },
      detail: {
        ...access('FREE'),
        operationId: `getFinancial${v.id}`,
        summary: `A company's segment revenue ${v.what}`,
        description: DESCRIPTION,
      },
    })
    .get(`/:issuer/segments${v.path}/compare`, answer(v, true), {
      params: IssuerParams,
      query: v.fixed ? SegmentFixedCompareQuery : SegmentCompareQuery,
      response: { 200: SegmentResponse, ...errorResponses },
      detail: {
        ...access('FREE'),
        operationId: `compareFinancial${v.id}`,
        summary: `A company's segment revenue ${v.what}, across fiscal years`,
        description:
          'The same as the single-period operation for each fiscal year of `periods` (default the latest three), newest first, ' +
          'with the same segments at the same positions.',
      },
    })

// Mounted by the area's app, whose prefix (/v1/financials) these paths take.
export const segmentRoutes = (deps: AreaDeps) =>
  new Elysia({ tags: ['Financials'] })
    .use(variantRoutes(deps, VARIANTS[0]))
    .use(variantRoutes(deps, VARIANTS[1]))
    .use(variantRoutes(deps, VARIANTS[2]))
