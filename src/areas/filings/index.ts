/**
 * Filings routes (docs/api/filings.md). Handlers only delegate: lists through the snapshot's result cache
 * (db/result-cache.ts), the three accession operations straight to the lookup files, which cost about
 * what a cache hit does (so they would only push pages out of the cache); SQL is in queries.ts, shapes in
 * schemas.ts. The list goes out without Elysia's per-row check (http/raw-json.ts); the schema still documents it.
 * Every operation is open to every plan (FREE).
 */
import { Elysia, t } from 'elysia'
import { access } from '../../auth/access.ts'
import { queryConfig } from '../../config.ts'
import { sendJson } from '../../http/raw-json.ts'
import { routerParams } from '../../http/routes.ts'
import { errorResponses, pageQuery } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import { Filing, FilingFilters, FilingList } from '../common/filing-schemas.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import { FILINGS_BENCH } from './bench.ts'
import { getFiling, getFilingsByAccession, listFilingDocuments, listFilings, listFormTypes } from './queries.ts'
import { AccessionParams, CikAccessionParams, FilingDocument, FormTypeList } from './schemas.ts'

const filingsRoutes = ({ config, database }: AreaDeps) => {
  const settings = queryConfig(config)
  return (
    new Elysia({ prefix: '/v1/filings', tags: ['Filings'] })
      .use(dbContext(database))
      .get(
        '',
        async ({ db, cacheKey, query }) => sendJson(await db.cached(cacheKey, () => listFilings(db, settings, query))),
        {
          query: t.Composite([FilingFilters, pageQuery(config.MAX_LIMIT)]),
          response: { 200: FilingList, ...errorResponses },
          detail: {
            ...access('FREE'),
            operationId: 'listFilings',
            summary: 'List filings',
            description:
              'Filings newest first (filing date, then accession number). Filters combine with AND; dates are inclusive. ' +
              'Amendments are their own form types (10-K/A). A filing with several filers is listed once per filer. ' +
              '`hasMoreData` says whether another page exists, without counting all rows.',
          },
        },
      )
      .get('/form-types', ({ db, cacheKey, query }) => db.cached(cacheKey, () => listFormTypes(db, settings, query)), {
        query: pageQuery(config.MAX_LIMIT),
        response: { 200: FormTypeList, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'listFormTypes',
          summary: 'List form types',
          description:
            'Every form type that occurs in the served snapshot, alphabetically, with its category and a description.',
        },
      })
      // The router allows one name per position, and /:cik/:accessionNumber needs `cik` here (src/http/routes.ts).
      .get('/:cik', ({ db, params }) => getFilingsByAccession(db, settings, params.cik), {
        params: AccessionParams,
        response: { 200: t.Array(Filing), ...errorResponses },
        detail: {
          ...access('FREE'),
          ...routerParams({ cik: 'accessionNumber' }),
          operationId: 'getFilingsByAccession',
          summary: 'Get a filing by accession number',
          description:
            'Every row of the filing: one per filer (co-registrants, or the issuer and reporting owner of a Form 4), ordered by CIK. 404 when no filer has it.',
        },
      })
      .get('/:cik/:accessionNumber', ({ db, params }) => getFiling(db, settings, params.cik, params.accessionNumber), {
        params: CikAccessionParams,
        response: { 200: Filing, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'getFiling',
          summary: "Get one filer's filing",
          description: 'The filing as listed under this CIK. 404 when this CIK did not file it.',
        },
      })
      .get(
        '/:cik/:accessionNumber/documents',
        ({ db, params }) => listFilingDocuments(db, settings, params.cik, params.accessionNumber),
        {
          params: CikAccessionParams,
          response: { 200: t.Array(FilingDocument), ...errorResponses },
          detail: {
            ...access('FREE'),
            operationId: 'listFilingDocuments',
            summary: 'List the documents of a filing',
            description:
              "The filing folder's documents in sequence, with their EDGAR types and archive URLs. When the snapshot holds no folder listing " +
              'for the filing, the primary document alone is returned. 404 when this CIK did not file it.',
          },
        },
      )
  )
}

export const filings: Area = {
  tag: 'Filings',
  sources: ['submissions', 'tickers', 'indexes', 'filing-index'],
  routes: filingsRoutes,
  bench: FILINGS_BENCH,
}
