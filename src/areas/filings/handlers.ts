/**
 * What each Filings operation answers, from what the store read (store/index.ts): parameters checked and
 * normalized here, rows shaped into the API's bodies (src/areas/common/filing.ts), 404s when the store
 * finds nothing. No data access: every read goes through the store.
 */
import type { QueryConfig } from '../../config.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, normalizeAccession, parseCik } from '../../lib/ids.ts'
import { folderUrl } from '../common/edgar-values.ts'
import { filingList, normalizeFilingFilters, toFiling } from '../common/filing.ts'
import type { Filing, FilingFilters, FilingList } from '../common/filing-schemas.ts'
import type { FilingDocument } from './schemas.ts'
import type { FilingsStore } from './store/index.ts'

/** Rows [offset, offset + limit + 1) of a page: the extra row says whether a next page exists. */
const windowOf = (p: PageQuery) => ({ offset: offsetOf(p), take: p.limit + 1 })

/**
 * Filings newest first (filing date, then accession number, then CIK), `limit + 1` rows to learn whether a next
 * page exists. With a CIK or ticker the CIK-sorted copy is read; otherwise the position-ordered copies.
 * An unknown ticker matches nothing (an empty page, not an error: it is a filter).
 */
export async function listFilings(
  store: FilingsStore,
  config: QueryConfig,
  f: FilingFilters & PageQuery,
): Promise<FilingList> {
  checkOffset(f, config.maxOffset)
  let cik = f.cik ? parseCik(f.cik) : undefined
  const filters = normalizeFilingFilters(f, cik)
  if (filters.ticker) {
    const tickerCik = await store.cikForTicker(filters.ticker)
    // cik and ticker together must name the same filer.
    if (tickerCik === undefined || (cik !== undefined && cik !== tickerCik)) return { ...toPage([], f), filters }
    cik = tickerCik
  }
  const rows =
    cik !== undefined
      ? await store.filerFilings(cik, filters, windowOf(f), config.filerFrames)
      : await store.filings(filters, windowOf(f))
  return filingList(config.archivesUrl, rows, f, filters)
}

export async function getFilingsByAccession(
  store: FilingsStore,
  config: QueryConfig,
  accessionNumber: string,
): Promise<Filing[]> {
  const accession = normalizeAccession(accessionNumber)
  const records = store.accessionRecords(accession)
  if (!records.length) throw new ApiError('not_found', `No filing with accession number ${accession}.`)
  return records.map((r) => toFiling(config.archivesUrl, r))
}

/** One filer's row of one filing; 404 when that CIK did not file it. */
export async function getFiling(
  store: FilingsStore,
  config: QueryConfig,
  cikText: string,
  accessionNumber: string,
): Promise<Filing> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const record = store.accessionRecords(accession).find((r) => r.cik === cik)
  if (!record) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  return toFiling(config.archivesUrl, record)
}

/**
 * The documents of a filing, in the folder's sequence. Only filings whose folder listing was fetched
 * have a full list; for the others the primary document (always known from submissions) is returned,
 * with the form type as its type (EDGAR's own convention in folder listings).
 */
export async function listFilingDocuments(
  store: FilingsStore,
  config: QueryConfig,
  cikText: string,
  accessionNumber: string,
): Promise<FilingDocument[]> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const own = store.accessionRecords(accession).find((r) => r.cik === cik)
  if (!own) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  const folder = folderUrl(config.archivesUrl, cik, own.acc)
  const document = (filename: string, documentType: string | null, description: string | null): FilingDocument => ({
    documentType,
    filename,
    url: folder + filename,
    description,
  })
  const listed = store.listedDocuments(accession, cik)
  if (listed.length) return listed.map((d) => document(d.filename, d.documentType, d.description))
  return own.primary_document ? [document(own.primary_document, own.form_type, own.primary_doc_description)] : []
}

/** Form types that occur in the snapshot, alphabetically. */
export async function listFormTypes(store: FilingsStore, config: QueryConfig, p: PageQuery) {
  checkOffset(p, config.maxOffset)
  return toPage(await store.formTypes(windowOf(p)), p)
}
