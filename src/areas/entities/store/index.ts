/**
 * The Entities store: everything the area reads. The `entities` table (sorted by CIK, the columns filters
 * read), `tickers` for resolution and `sic_codes`. Each entity's DTO is rendered as JSON by the build
 * (src/pipeline/sources/submissions/contract/entity-json.ts) into the entities lookup file
 * (lib/keyed-file.ts), where every page and lookup reads its bodies by CIK without a query, and sends them
 * as they are (http/raw-json.ts). Methods take normalized arguments; src/areas/entities/handlers.ts shapes
 * what they return.
 */
import type { Db } from '../../../db/client.ts'
import { empty, join, sql } from '../../../db/sql.ts'
import type { RawJson } from '../../../http/raw-json.ts'
import { ENTITIES, type FilingRow } from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { AppliedFilingFilters } from '../../common/filing-schemas.ts'
import { filerFilings, type RowWindow as Window } from '../../common/store/filer-filings.ts'
import { resolveIdentifier } from '../../common/store/identifiers.ts'
import { type Entity, entityTypeCode, type SicCode } from '../schemas.ts'
import { cikIndex, hasCik } from './cik-index.ts'
import { pageOfGramFromLookup, rarestGram } from './name-search.ts'

export type { FilingRow } from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'
export type { RowWindow } from '../../common/store/filer-filings.ts'

/** A list's filters, normalized: `q` trimmed, the ticker upper-cased, null for none. */
export type EntityPageFilters = { cik: number | undefined } & Filters

export const entitiesStore = (db: Db) => ({
  /** A page of entities' bodies, by CIK (`frames`: QueryConfig.nameFrames). */
  entityPage: (f: EntityPageFilters, w: Window, frames: number | undefined): Promise<RawJson<Entity>[]> =>
    entityPage(db, f, w, frames),

  /** The CIK a path identifier names (common/store/identifiers.ts); undefined when it names nobody. */
  cikOf: (identifier: string): Promise<number | undefined> => resolveIdentifier(db, identifier),

  /** Whether an entity has this CIK: the in-memory CIK list, no query. */
  hasEntity: async (cik: number): Promise<boolean> => hasCik(await cikIndex(db), cik),

  /** One entity's body as the build rendered it; undefined when no entity has the CIK. */
  entity: (cik: number): RawJson<Entity> | undefined => ENTITIES.get(db, cik)[0],

  /** One filer's filings, newest first, filtered (common/store/filer-filings.ts; `frames`: QueryConfig.filerFrames). */
  filerFilings: (
    cik: number,
    filters: AppliedFilingFilters,
    w: Window,
    frames: number | undefined,
  ): Promise<FilingRow[]> => filerFilings(db, cik, filters, w, frames),

  /** SIC codes by code, with the large filers' primary tickers as one comma-separated string. */
  sicCodes: (w: Window): Promise<SicCode[]> =>
    db.all<SicCode>(sql`
    SELECT sic_code::INTEGER AS "sicCode", office, industry_title AS "industryTitle",
           -- Stored as the comma-separated string the API sends (market-value order, at most 10).
           nullif(large_size_tickers, '') AS "largeSizeTickers",
           sector
    FROM sic_codes
    ORDER BY sic_code
    LIMIT ${w.take} OFFSET ${w.offset}`),
})

export type EntitiesStore = ReturnType<typeof entitiesStore>

/**
 * Entities by CIK, filtered; `q` is a case-insensitive substring of the current name. Three ways to the
 * page's CIKs, each reading about a page of rows: no filter or only a type, a slice of the in-memory
 * CIK lists (cik-index.ts); `q`, its rarest trigram's rows (name-search.ts); otherwise a scan of the
 * narrow columns (a CIK filter finds its row group by the CIK sort; a ticker filter is rare).
 */
async function entityPage(db: Db, f: EntityPageFilters, window: Window, frames: number | undefined) {
  const { cik, ticker, entityType, q } = f
  const gram = cik === undefined && q ? await rarestGram(db, q) : undefined
  return cik === undefined && !ticker && !q
    ? await pageOfType(db, entityType, window)
    : gram === null
      ? []
      : gram !== undefined
        ? await pageOfGram(db, gram, { ticker, entityType, q }, window, frames ?? NAME_FRAMES)
        : await pageByScan(db, { ticker, entityType, q, cik }, window)
}

type Filters = { ticker: string | null; entityType: string | null; q: string | null }

/** Filters shared by the scan and the trigram rows; `contains` rather than LIKE: a % or _ typed by the client is a character. */
const where = (f: Filters & { cik?: number }) =>
  join([
    f.cik !== undefined ? sql`cik = ${f.cik}` : empty,
    f.ticker ? sql`ticker = ${f.ticker}` : empty,
    f.entityType ? sql`type_code = ${entityTypeCode(f.entityType)}` : empty,
    f.q ? sql`contains(name_lower, lower(${f.q}))` : empty,
  ])

/** A page of all entities or of one type: a slice of its in-memory CIK list, then their bodies. */
async function pageOfType(db: Db, entityType: string | null, w: Window) {
  const index = await cikIndex(db)
  const ciks = entityType === null ? index.all : index.byType.get(entityType)
  return bodiesOf(db, Array.from(ciks?.subarray(w.offset, w.offset + w.take) ?? []))
}

/**
 * Frames of a trigram's run (~400 names each) a name search reads before it queries instead: the query
 * runs on DuckDB's threads, a long scan here would hold the server's one JavaScript thread.
 */
const NAME_FRAMES = 16

/**
 * A page of a name search: the rarest trigram's rows, stored in CIK order, from its lookup file or else
 * by query, then the bodies of those CIKs.
 */
async function pageOfGram(db: Db, gram: bigint, f: Filters, w: Window, frames: number) {
  const typeCode = f.entityType ? entityTypeCode(f.entityType) : null
  const fromFile = pageOfGramFromLookup(db, gram, { q: f.q!, ticker: f.ticker, typeCode }, w, frames)
  const ciks =
    fromFile ??
    (
      await db.all<{ cik: number }>(sql`
    SELECT cik::DOUBLE AS cik FROM entity_name_grams WHERE gram = ${gram} AND ${where(f)}
    LIMIT ${w.take} OFFSET ${w.offset}`)
    ).map((r) => r.cik)
  return bodiesOf(db, ciks)
}

/**
 * Any other filters: a scan of the narrow columns with no ORDER BY (stored in CIK order, kept by DuckDB
 * without one, so the scan stops once the page is full), then the page's bodies.
 */
async function pageByScan(db: Db, f: Filters & { cik?: number }, w: Window) {
  const page = await db.all<{ cik: number }>(sql`
    SELECT cik::DOUBLE AS cik FROM entities WHERE ${where(f)} LIMIT ${w.take} OFFSET ${w.offset}`)
  return bodiesOf(
    db,
    page.map((r) => r.cik),
  )
}

/** Bodies of some CIKs (ascending, as every page is), from the lookup file: neighbours share a frame. */
function bodiesOf(db: Db, ciks: number[]): RawJson<Entity>[] {
  return ENTITIES.getMany(db, ciks).flat()
}
