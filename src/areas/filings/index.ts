/**
 * Filings routes: each operation declared once (src/areas/operation.ts). The list and the form types go
 * through the snapshot's result cache; the three accession operations are point lookups. Handlers get the
 * area's store (store/index.ts: every read, SQL, lookup files and memos) and shape what it read
 * (handlers.ts); shapes are in schemas.ts. Every operation is open to every plan (FREE).
 */
import { t } from 'elysia'
import { queryConfig } from '../../config.ts'
import { pageQuery } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import { Filing, FilingFilters, FilingList } from '../common/filing-schemas.ts'
import type { AreaDeps } from '../context.ts'
import { areaRoutes, operationsOf } from '../operation.ts'
import { FILINGS_BENCH } from './bench.ts'
import { getFiling, getFilingsByAccession, listFilingDocuments, listFilings, listFormTypes } from './handlers.ts'
import { AccessionParams, CikAccessionParams, FilingDocument, FormTypeList } from './schemas.ts'
import { filingsStore } from './store/index.ts'

const defineOperation = operationsOf(filingsStore)

const filingsOperations = ({ config }: AreaDeps) => {
  const settings = queryConfig(config)
  return [
    defineOperation({
      path: '',
      plan: 'FREE',
      operationId: 'listFilings',
      rows: 'data',
      summary: 'List filings',
      description:
        'Filings newest first (filing date, then accession number). Filters combine with AND; dates are inclusive. ' +
        'Amendments are their own form types (10-K/A). A filing with several filers is listed once per filer. ' +
        '`hasMoreData` says whether another page exists, without counting all rows.',
      query: t.Composite([FilingFilters, pageQuery(config.MAX_LIMIT)]),
      response: FilingList,
      handler: ({ store, query }) => listFilings(store, settings, query),
    }),
    defineOperation({
      path: '/form-types',
      plan: 'FREE',
      operationId: 'listFormTypes',
      rows: 'data',
      summary: 'List form types',
      description:
        'Every form type that occurs in the served snapshot, alphabetically, with its category and a description.',
      query: pageQuery(config.MAX_LIMIT),
      response: FormTypeList,
      handler: ({ store, query }) => listFormTypes(store, settings, query),
    }),
    // The router allows one name per position, and /:cik/:accessionNumber needs `cik` here (src/http/routes.ts).
    defineOperation({
      path: '/:cik',
      plan: 'FREE',
      routerParams: { cik: 'accessionNumber' },
      operationId: 'getFilingsByAccession',
      rows: '',
      summary: 'Get a filing by accession number',
      description:
        'Every row of the filing: one per filer (co-registrants, or the issuer and reporting owner of a Form 4), ordered by CIK. 404 when no filer has it.',
      params: AccessionParams,
      response: t.Array(Filing),
      pointLookup: true,
      handler: ({ store, params }) => getFilingsByAccession(store, settings, params.cik),
    }),
    defineOperation({
      path: '/:cik/:accessionNumber',
      plan: 'FREE',
      operationId: 'getFiling',
      summary: "Get one filer's filing",
      description: 'The filing as listed under this CIK. 404 when this CIK did not file it.',
      params: CikAccessionParams,
      response: Filing,
      pointLookup: true,
      handler: ({ store, params }) => getFiling(store, settings, params.cik, params.accessionNumber),
    }),
    defineOperation({
      path: '/:cik/:accessionNumber/documents',
      plan: 'FREE',
      operationId: 'listFilingDocuments',
      rows: '',
      summary: 'List the documents of a filing',
      description:
        "The filing folder's documents in sequence, with their EDGAR types and archive URLs. When the snapshot holds no folder listing " +
        'for the filing, the primary document alone is returned. 404 when this CIK did not file it.',
      params: CikAccessionParams,
      response: t.Array(FilingDocument),
      pointLookup: true,
      handler: ({ store, params }) => listFilingDocuments(store, settings, params.cik, params.accessionNumber),
    }),
  ]
}

export const filings: Area = {
  tag: 'Filings',
  sources: ['submissions', 'tickers', 'indexes', 'filing-index'],
  routes: (deps) => areaRoutes(deps, { prefix: '/v1/filings', tag: 'Filings' }, filingsOperations(deps)),
  bench: FILINGS_BENCH,
}
