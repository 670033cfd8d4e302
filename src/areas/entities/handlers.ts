/**
 * What each Entities operation answers, from what the store read (store/index.ts): parameters checked and
 * normalized here, envelopes and 404s made here; entity bodies go out as the build rendered them. No data
 * access: every read goes through the store.
 */
import type { QueryConfig } from '../../config.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { RawJson } from '../../http/raw-json.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, isCikLike, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { filingList, normalizeFilingFilters } from '../common/filing.ts'
import type { FilingFilters } from '../common/filing-schemas.ts'
import type { Entity, EntityFilters } from './schemas.ts'
import type { EntitiesStore } from './store/index.ts'

/** Rows [offset, offset + limit + 1) of a page: the extra row says whether a next page exists. */
const windowOf = (p: PageQuery) => ({ offset: offsetOf(p), take: p.limit + 1 })

/** Entities by CIK, filtered; `q` is a case-insensitive substring of the current name (the store picks the way). */
export async function listEntities(store: EntitiesStore, config: QueryConfig, f: EntityFilters & PageQuery) {
  checkOffset(f, config.maxOffset)
  const cik = f.cik ? parseCik(f.cik) : undefined
  const filters = {
    cik: cik === undefined ? null : formatCik(cik),
    ticker: f.ticker ? normalizeTicker(f.ticker) : null,
    entityType: f.entityType ?? null,
    q: f.q?.trim() || null,
  }
  const { ticker, entityType, q } = filters
  const rows = await store.entityPage({ cik, ticker, entityType, q }, windowOf(f), config.nameFrames)
  return { ...toPage(rows, f), filters }
}

/** One entity by CIK or ticker, as the build rendered it; 404 when none matches. */
export async function getEntity(store: EntitiesStore, identifier: string): Promise<RawJson<Entity>> {
  const cik = await store.cikOf(identifier)
  const body = cik === undefined ? undefined : store.entity(cik)
  if (body === undefined) throw notFound(identifier)
  return body
}

/** The filings of one entity, with the same filters, paging and envelope as the filings list. */
export async function listEntityFilings(
  store: EntitiesStore,
  config: QueryConfig,
  identifier: string,
  f: Omit<FilingFilters, 'cik' | 'ticker'> & PageQuery,
) {
  const byCik = isCikLike(identifier)
  const cik = await store.cikOf(identifier)
  // A resolved ticker names a known entity already; only a CIK needs looking up.
  const known = cik !== undefined && (!byCik || (await store.hasEntity(cik)))
  if (!known) throw notFound(identifier)
  checkOffset(f, config.maxOffset)
  // The filters echo the ticker the entity was named by, as the filings list does.
  const filters = normalizeFilingFilters({ ...f, ticker: byCik ? undefined : identifier }, cik)
  const rows = await store.filerFilings(cik, filters, windowOf(f), config.filerFrames)
  return filingList(config.archivesUrl, rows, f, filters)
}

/** SIC codes by code, with the large filers' primary tickers as one comma-separated string. */
export async function listSicCodes(store: EntitiesStore, config: QueryConfig, p: PageQuery) {
  checkOffset(p, config.maxOffset)
  return toPage(await store.sicCodes(windowOf(p)), p)
}

const notFound = (identifier: string) =>
  new ApiError(
    'not_found',
    isCikLike(identifier)
      ? `No entity with CIK ${formatCik(identifier)}.`
      : `No entity with ticker ${normalizeTicker(identifier)}.`,
  )
