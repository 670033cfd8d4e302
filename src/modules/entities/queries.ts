/**
 * Entities SQL: the `entities` table (sorted by CIK, each entity's DTO rendered as JSON by the build,
 * dto-sql.ts), `tickers` for resolution and `sic_codes`.
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, isCikLike, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { listFilings } from '../filings/queries.ts'
import type { FilingFilters } from '../filings/schemas.ts'
import { resolveIdentifier } from './resolve.ts'
import type { Entity, EntityFilters, SicCode } from './schemas.ts'

/** Entities by CIK, filtered; `q` is a case-insensitive substring of the current name. */
export async function listEntities(db: Db, config: QueryConfig, f: EntityFilters & PageQuery) {
  checkOffset(f, config.maxOffset)
  const filters = {
    cik: f.cik ? formatCik(parseCik(f.cik)) : null,
    ticker: f.ticker ? normalizeTicker(f.ticker) : null,
    entityType: f.entityType ?? null,
    q: f.q?.trim() || null,
  }
  const where = join([
    f.cik ? sql`cik = ${parseCik(f.cik)}` : empty,
    filters.ticker ? sql`ticker = ${filters.ticker}` : empty,
    filters.entityType ? sql`entity_type = ${filters.entityType}` : empty,
    // contains() rather than LIKE: a % or _ typed by the client is a character, not a wildcard.
    filters.q ? sql`contains(name_lower, lower(${filters.q}))` : empty,
  ])
  // Two steps. First the page's CIKs alone: no ORDER BY, because the table is stored in CIK order and
  // DuckDB keeps a table's order in results without one (preserve_insertion_order), so the scan stops
  // once the page is full; and only the narrow columns, because skipped rows would otherwise have their
  // JSON read too (offset 90,000 of one entity type: 229 ms with bodies, 3 ms without, full scale).
  // Then the bodies of that CIK range with the same filters: exactly the page's rows.
  const page = await db.all<{ cik: number }>(sql`
    SELECT cik::INTEGER AS cik FROM entities WHERE ${where}
    LIMIT ${f.limit + 1} OFFSET ${offsetOf(f)}`)
  const rows = page.length
    ? await db.all<{ body: string }>(sql`
        SELECT body FROM entities WHERE cik BETWEEN ${page[0]!.cik} AND ${page.at(-1)!.cik} AND ${where}`)
    : []
  return { ...toPage(rows.map(parseEntity), f), filters }
}

/** One entity by CIK or ticker; 404 when none matches. */
export async function getEntity(db: Db, identifier: string): Promise<Entity> {
  const cik = await resolveIdentifier(db, identifier)
  const row = cik === undefined ? undefined : await db.one<{ body: string }>(sql`SELECT body FROM entities WHERE cik = ${cik}`)
  if (!row) throw notFound(identifier)
  return parseEntity(row)
}

/** The filings of one entity, with the same filters, paging and envelope as the filings list. */
export async function listEntityFilings(db: Db, config: QueryConfig, identifier: string, f: Omit<FilingFilters, 'cik' | 'ticker'> & PageQuery) {
  const byCik = isCikLike(identifier)
  const cik = await resolveIdentifier(db, identifier)
  // A resolved ticker names a known entity already; only a CIK needs looking up.
  const known = cik !== undefined && (!byCik || (await db.one(sql`SELECT 1 AS found FROM entities WHERE cik = ${cik}`)))
  if (!known) throw notFound(identifier)
  return listFilings(db, config, { ...f, ticker: byCik ? undefined : identifier }, cik)
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

const parseEntity = (row: { body: string }) => JSON.parse(row.body) as Entity

const notFound = (identifier: string) =>
  new ApiError('not_found', isCikLike(identifier) ? `No entity with CIK ${formatCik(identifier)}.` : `No entity with ticker ${normalizeTicker(identifier)}.`)
