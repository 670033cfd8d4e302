/**
 * Entities SQL: the `entities` table (sorted by CIK, the columns filters read), `tickers` for resolution
 * and `sic_codes`. Each entity's DTO is rendered as JSON by the build (src/pipeline/sources/submissions/contract/entity-json.ts) into the entities lookup
 * file (lib/keyed-file.ts), where every page and lookup reads its bodies by CIK without a query, and sends
 * them as they are (http/raw-json.ts).
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { RawJson } from '../../http/raw-json.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, isCikLike, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { ENTITIES } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { FilingFilters } from '../common/filing-schemas.ts'
import { filerFilingsPage, normalizeFilingFilters } from '../common/store/filer-filings.ts'
import { resolveIdentifier } from '../common/store/identifiers.ts'
import { cikIndex, hasCik } from './cik-index.ts'
import { pageOfGramFromLookup, rarestGram } from './name-search.ts'
import { type Entity, type EntityFilters, entityTypeCode, type SicCode } from './schemas.ts'

/**
 * Entities by CIK, filtered; `q` is a case-insensitive substring of the current name. Three ways to the
 * page's CIKs, each reading about a page of rows: no filter or only a type, a slice of the in-memory
 * CIK lists (cik-index.ts); `q`, its rarest trigram's rows (name-search.ts); otherwise a scan of the
 * narrow columns (a CIK filter finds its row group by the CIK sort; a ticker filter is rare).
 */
export async function listEntities(db: Db, config: QueryConfig, f: EntityFilters & PageQuery) {
  checkOffset(f, config.maxOffset)
  const cik = f.cik ? parseCik(f.cik) : undefined
  const filters = {
    cik: cik === undefined ? null : formatCik(cik),
    ticker: f.ticker ? normalizeTicker(f.ticker) : null,
    entityType: f.entityType ?? null,
    q: f.q?.trim() || null,
  }
  const window = { offset: offsetOf(f), take: f.limit + 1 }
  const { ticker, entityType, q } = filters
  const gram = cik === undefined && filters.q ? await rarestGram(db, filters.q) : undefined
  const rows =
    cik === undefined && !ticker && !q
      ? await pageOfType(db, entityType, window)
      : gram === null
        ? []
        : gram !== undefined
          ? await pageOfGram(db, gram, { ticker, entityType, q }, window, config.nameFrames ?? NAME_FRAMES)
          : await pageByScan(db, { ticker, entityType, q, cik }, window)
  return { ...toPage(rows, f), filters }
}

type Window = { offset: number; take: number }
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

/** One entity by CIK or ticker, as the build rendered it; 404 when none matches. */
export async function getEntity(db: Db, identifier: string): Promise<RawJson<Entity>> {
  const cik = await resolveIdentifier(db, identifier)
  const body = cik === undefined ? undefined : ENTITIES.get(db, cik)[0]
  if (body === undefined) throw notFound(identifier)
  return body
}

/** The filings of one entity, with the same filters, paging and envelope as the filings list. */
export async function listEntityFilings(
  db: Db,
  config: QueryConfig,
  identifier: string,
  f: Omit<FilingFilters, 'cik' | 'ticker'> & PageQuery,
) {
  const byCik = isCikLike(identifier)
  const cik = await resolveIdentifier(db, identifier)
  // A resolved ticker names a known entity already; only a CIK needs looking up.
  const known = cik !== undefined && (!byCik || hasCik(await cikIndex(db), cik))
  if (!known) throw notFound(identifier)
  checkOffset(f, config.maxOffset)
  // The filters echo the ticker the entity was named by, as the filings list does.
  return filerFilingsPage(
    db,
    config,
    cik,
    normalizeFilingFilters({ ...f, ticker: byCik ? undefined : identifier }, cik),
    f,
  )
}

/** SIC codes by code, with the large filers' primary tickers as one comma-separated string. */
export async function listSicCodes(db: Db, config: QueryConfig, p: PageQuery) {
  checkOffset(p, config.maxOffset)
  const rows = await db.all<SicCode>(sql`
    SELECT sic_code::INTEGER AS "sicCode", office, industry_title AS "industryTitle",
           -- Stored as the comma-separated string the API sends (market-value order, at most 10).
           nullif(large_size_tickers, '') AS "largeSizeTickers",
           sector
    FROM sic_codes
    ORDER BY sic_code
    LIMIT ${p.limit + 1} OFFSET ${offsetOf(p)}`)
  return toPage(rows, p)
}

const notFound = (identifier: string) =>
  new ApiError(
    'not_found',
    isCikLike(identifier)
      ? `No entity with CIK ${formatCik(identifier)}.`
      : `No entity with ticker ${normalizeTicker(identifier)}.`,
  )
