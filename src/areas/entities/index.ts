/**
 * Entities routes (docs/api/entities.md). Handlers only delegate: lists through the snapshot's result cache
 * (db/result-cache.ts), the entity lookup straight to its lookup file, which costs about what a cache hit
 * does (so it would only push pages out of the cache); SQL is in queries.ts, shapes in schemas.ts. Entity
 * bodies go out as the build rendered them, and filing lists without Elysia's per-row check (http/raw-json.ts);
 * the schemas still document both.
 * Every operation is open to every plan (FREE).
 */
import { Elysia, t } from 'elysia'
import { access } from '../../auth/access.ts'
import { queryConfig } from '../../config.ts'
import { renderedList, sendJson } from '../../http/raw-json.ts'
import { errorResponses, pageQuery } from '../../http/schemas.ts'
import type { Area } from '../area.ts'
import { FilingList } from '../common/filing-schemas.ts'
import { type AreaDeps, dbContext } from '../context.ts'
import { ENTITIES_BENCH } from './bench.ts'
import { getEntity, listEntities, listEntityFilings, listSicCodes } from './queries.ts'
import { Entity, EntityFilingFilters, EntityFilters, EntityList, IdentifierParams, SicCodeList } from './schemas.ts'

const entitiesRoutes = ({ config, database }: AreaDeps) => {
  const settings = queryConfig(config)
  return new Elysia({ prefix: '/v1/entities', tags: ['Entities'] })
    .use(dbContext(database))
    .get(
      '',
      async ({ db, cacheKey, query }) =>
        sendJson(renderedList(await db.cached(cacheKey, () => listEntities(db, settings, query)))),
      {
        query: t.Composite([EntityFilters, pageQuery(config.MAX_LIMIT)]),
        response: { 200: EntityList, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'listEntities',
          summary: 'List entities',
          description:
            'Companies, individuals, institutions and filers known only from index files, by CIK. Filters combine with AND: ' +
            '`cik` (zero-padding optional), `ticker` (primary ticker, case-insensitive), `entityType`, `q` (case-insensitive substring of the current name).',
        },
      },
    )
    .get('/sic-codes', ({ db, cacheKey, query }) => db.cached(cacheKey, () => listSicCodes(db, settings, query)), {
      query: pageQuery(config.MAX_LIMIT),
      response: { 200: SicCodeList, ...errorResponses },
      detail: {
        ...access('FREE'),
        operationId: 'listSicCodes',
        summary: 'List SIC codes',
        description:
          "The SEC's Standard Industrial Classification codes by code, with the reviewing office, a sector, and the tickers of the largest filers in each.",
      },
    })
    .get('/:identifier', async ({ db, params }) => sendJson(await getEntity(db, params.identifier)), {
      params: IdentifierParams,
      response: { 200: Entity, ...errorResponses },
      detail: {
        ...access('FREE'),
        operationId: 'getEntity',
        summary: 'Get an entity by CIK or ticker',
        description:
          'All digits: a CIK, zero-padding optional. Otherwise a ticker, case-insensitive: the company whose primary ticker it is, ' +
          'else the company listing it among its other tickers. 404 when none matches (a number of more than 10 digits is a CIK no entity has).',
      },
    })
    .get(
      '/:identifier/filings',
      async ({ db, cacheKey, params, query }) =>
        sendJson(await db.cached(cacheKey, () => listEntityFilings(db, settings, params.identifier, query))),
      {
        params: IdentifierParams,
        query: t.Composite([EntityFilingFilters, pageQuery(config.MAX_LIMIT)]),
        response: { 200: FilingList, ...errorResponses },
        detail: {
          ...access('FREE'),
          operationId: 'listEntityFilings',
          summary: "List an entity's filings",
          description:
            'The same list, filters and envelope as GET /v1/filings, for one entity given by CIK or ticker. 404 when the entity is unknown.',
        },
      },
    )
}

export const entities: Area = {
  tag: 'Entities',
  sources: ['submissions', 'tickers', 'sic-codes'],
  routes: entitiesRoutes,
  bench: ENTITIES_BENCH,
}
