/**
 * Entities routes: each operation declared once (src/areas/operation.ts). The lists go through the
 * snapshot's result cache; the entity lookup is a point lookup. Entity bodies go out as the build
 * rendered them. Handlers get the area's store (store/index.ts: every read, SQL, lookup files and memos)
 * and shape what it read (handlers.ts); shapes are in schemas.ts. Every operation is open to every plan (FREE).
 */
import { t } from 'elysia'
import { queryConfig } from '../../config.ts'
import { renderedList } from '../../http/raw-json.ts'
import { pageQuery } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import { FilingList } from '../common/filing-schemas.ts'
import type { AreaDeps } from '../context.ts'
import { areaRoutes, operationsOf } from '../operation.ts'
import { ENTITIES_BENCH } from './bench.ts'
import { getEntity, listEntities, listEntityFilings, listSicCodes } from './handlers.ts'
import { Entity, EntityFilingFilters, EntityFilters, EntityList, IdentifierParams, SicCodeList } from './schemas.ts'
import { entitiesStore } from './store/index.ts'

const defineOperation = operationsOf(entitiesStore)

const entitiesOperations = ({ config }: AreaDeps) => {
  const settings = queryConfig(config)
  return [
    defineOperation({
      path: '',
      plan: 'FREE',
      operationId: 'listEntities',
      rows: 'data',
      summary: 'List entities',
      description:
        'Companies, individuals, institutions and filers known only from index files, by CIK. Filters combine with AND: ' +
        '`cik` (zero-padding optional), `ticker` (primary ticker, case-insensitive), `entityType`, `q` (case-insensitive substring of the current name).',
      query: t.Composite([EntityFilters, pageQuery(config.MAX_LIMIT)]),
      response: EntityList,
      handler: ({ store, query }) => listEntities(store, settings, query),
      render: renderedList,
    }),
    defineOperation({
      path: '/sic-codes',
      plan: 'FREE',
      operationId: 'listSicCodes',
      rows: 'data',
      summary: 'List SIC codes',
      description:
        "The SEC's Standard Industrial Classification codes by code, with the reviewing office, a sector, and the tickers of the largest filers in each.",
      query: pageQuery(config.MAX_LIMIT),
      response: SicCodeList,
      handler: ({ store, query }) => listSicCodes(store, settings, query),
    }),
    defineOperation({
      path: '/:identifier',
      plan: 'FREE',
      operationId: 'getEntity',
      summary: 'Get an entity by CIK or ticker',
      description:
        'All digits: a CIK, zero-padding optional. Otherwise a ticker, case-insensitive: the company whose primary ticker it is, ' +
        'else the company listing it among its other tickers. 404 when none matches (a number of more than 10 digits is a CIK no entity has).',
      params: IdentifierParams,
      response: Entity,
      pointLookup: true,
      handler: ({ store, params }) => getEntity(store, params.identifier),
    }),
    defineOperation({
      path: '/:identifier/filings',
      plan: 'FREE',
      operationId: 'listEntityFilings',
      rows: 'data',
      summary: "List an entity's filings",
      description:
        'The same list, filters and envelope as GET /v1/filings, for one entity given by CIK or ticker. 404 when the entity is unknown.',
      params: IdentifierParams,
      query: t.Composite([EntityFilingFilters, pageQuery(config.MAX_LIMIT)]),
      response: FilingList,
      handler: ({ store, params, query }) => listEntityFilings(store, settings, params.identifier, query),
    }),
  ]
}

export const entities: Area = {
  tag: 'Entities',
  sources: ['submissions', 'tickers', 'sic-codes'],
  routes: (deps) => areaRoutes(deps, { prefix: '/v1/entities', tag: 'Entities' }, entitiesOperations(deps)),
  bench: ENTITIES_BENCH,
}
