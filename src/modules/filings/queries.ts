/**
 * Filings SQL over the serving database (src/build/serving.ts). Each access path has its copy: `filings`
 * sorted by CIK then newest first, `filings_by_date` newest first and `filings_by_form` by form then
 * newest first (both with positions, paged by page-plan.ts), and `filing_accessions`, a narrow
 * accession → CIK index on integer keys. Row-group statistics on the sort key skip all but a few rows.
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, ident, join, list, sql, type Sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionKey, formatCik, normalizeAccession, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { cikForTicker } from '../entities/resolve.ts'
import { loadDayIndex } from './day-index.ts'
import { planPage } from './page-plan.ts'
import type { AppliedFilingFilters, Filing, FilingDocument, FilingFilters, FilingList } from './schemas.ts'


/** The Filing DTO; `archives` is the SEC archive prefix (bound, so tests and mirrors can point elsewhere). */
const filingColumns = (archives: string) => sql`
  accession_number AS "accessionNumber",
  lpad(cik::VARCHAR, 10, '0') AS cik,
  form_type AS "formType",
  form_category AS "formTypeCategory",
  ticker,
  strftime(filing_date, '%Y-%m-%d') AS "filingDate",
  -- The filing's index page: /Archives/edgar/data/<CIK without padding>/<accession without dashes>/<accession>-index.htm
  ${archives} || '/' || cik::VARCHAR || '/' || replace(accession_number, '-', '') || '/' || accession_number || '-index.htm' AS "filingUrl",
  -- EDGAR writes acceptance times with a Z although they are Eastern time; we keep its notation.
  strftime(accepted_at, '%Y-%m-%dT%H:%M:%S.000Z') AS "acceptedDate",
  entity_name AS "entityName"`

/** Form types from `10-k, 10-Q ,,8-K` → ['10-K', '10-Q', '8-K'] (trimmed, upper-cased, de-duplicated). */
export function parseFormTypes(formTypes: string | undefined): string[] {
  if (!formTypes) return []
  return [...new Set(formTypes.split(',').map((f) => f.trim().replace(/\s+/g, ' ').toUpperCase()).filter(Boolean))]
}

/** The normalized filters a list echoes; start after end is a 400 naming both. */
export function normalizeFilingFilters(f: FilingFilters, cik: number | undefined): AppliedFilingFilters {
  if (f.startDate && f.endDate && f.startDate > f.endDate) {
    throw new ApiError('invalid_parameter', `startDate ${f.startDate} is after endDate ${f.endDate}.`, {
      startDate: `expected a date on or before endDate (${f.endDate})`,
      endDate: `expected a date on or after startDate (${f.startDate})`,
    })
  }
  return {
    formTypes: parseFormTypes(f.formTypes),
    cik: cik === undefined ? null : formatCik(cik),
    ticker: f.ticker ? normalizeTicker(f.ticker) : null,
    startDate: f.startDate ?? null,
    endDate: f.endDate ?? null,
  }
}

/**
 * Filings newest first (filing date, then accession number, then CIK), `limit + 1` rows to learn whether a next
 * page exists. With a CIK or ticker the CIK-sorted copy is read; otherwise the position-ordered copies.
 * An unknown ticker matches nothing (an empty page, not an error: it is a filter).
 */
export async function listFilings(db: Db, config: QueryConfig, f: FilingFilters & PageQuery, fixedCik?: number): Promise<FilingList> {
  checkOffset(f, config.maxOffset)
  let cik = fixedCik ?? (f.cik ? parseCik(f.cik) : undefined)
  const filters = normalizeFilingFilters(f, cik)
  if (filters.ticker && fixedCik === undefined) {
    const tickerCik = await cikForTicker(db, filters.ticker)
    // cik and ticker together must name the same filer.
    if (tickerCik === undefined || (cik !== undefined && cik !== tickerCik)) return { ...toPage([], f), filters }
    cik = tickerCik
  }
  const rows = cik === undefined ? await pageWithoutCik(db, config, filters, f) : await pageOfCik(db, config, cik, filters, f)
  return { ...toPage(rows, f), filters }
}

const ORDER = (table: Sql) => sql`filing_date DESC, accession_number DESC, ${table}.cik`

/** One filer's filings: at most some thousands of rows, found by the CIK sort. */
function pageOfCik(db: Db, config: QueryConfig, cik: number, filters: AppliedFilingFilters, p: PageQuery): Promise<Filing[]> {
  const where = join([
    sql`cik = ${cik}`,
    filters.formTypes.length ? sql`form_type IN (${list(filters.formTypes)})` : empty,
    filters.startDate ? sql`filing_date >= ${filters.startDate}::DATE` : empty,
    filters.endDate ? sql`filing_date <= ${filters.endDate}::DATE` : empty,
  ])
  // No ORDER BY: one filer's rows are stored newest first (filing date, then accession number), which is
  // the list's order, and DuckDB keeps a table's order without one; the scan stops at the page's end.
  return db.all<Filing>(sql`
    SELECT ${filingColumns(config.archivesUrl)}
    FROM filings
    WHERE ${where}
    LIMIT ${p.limit + 1} OFFSET ${offsetOf(p)}`)
}

/** Filings of every filer: ranges of positions planned from the day index (page-plan.ts). */
async function pageWithoutCik(db: Db, config: QueryConfig, filters: AppliedFilingFilters, p: PageQuery): Promise<Filing[]> {
  const index = await db.memo('filing-day-index', () => loadDayIndex(db))
  const plan = planPage(index, { ...filters, offset: offsetOf(p), take: p.limit + 1 })
  const columns = filingColumns(config.archivesUrl)
  if (plan.kind === 'empty') return []
  if (plan.kind === 'slice') {
    const table = ident(plan.table)
    return db.all<Filing>(sql`SELECT ${columns} FROM ${table} WHERE pos >= ${plan.from} AND pos < ${plan.to} ORDER BY pos`)
  }
  // Two steps, both reading each range on its own so that the position statistics find it. First the
  // page's positions, sorted on the three order columns alone (the days around a page hold thousands of
  // rows; carrying every column through the sort cost several ms). Then the page's rows: within one
  // form's range they are consecutive, so each form contributes one range of positions.
  const ranges = (select: Sql, bounds: [number, number][]) =>
    join(bounds.map(([from, to]) => sql`SELECT ${select} FROM filings_by_form WHERE pos >= ${from} AND pos < ${to}`), ' UNION ALL ')
  const page = await db.all<{ pos: number }>(sql`
    SELECT pos::INTEGER AS pos FROM (${ranges(sql`pos, filing_date, accession_number, cik`, plan.ranges)}) AS filings_by_form
    ORDER BY ${ORDER(sql`filings_by_form`)}
    LIMIT ${plan.take} OFFSET ${plan.offset}`)
  if (!page.length) return []
  const pageRanges = plan.ranges.flatMap(([from, to]): [number, number][] => {
    const inside = page.filter((r) => r.pos >= from && r.pos < to).map((r) => r.pos)
    return inside.length ? [[Math.min(...inside), Math.max(...inside) + 1]] : []
  })
  return db.all<Filing>(sql`
    SELECT ${columns} FROM (${ranges(sql`*`, pageRanges)}) AS filings_by_form
    ORDER BY ${ORDER(sql`filings_by_form`)}`)
}

/**
 * Every filer's row of one accession number (a filing with co-registrants or a reporting owner and an
 * issuer is listed under each CIK), by CIK. The narrow index finds the CIKs; the CIK-sorted copy the rows.
 */
export async function getFilingsByAccession(db: Db, config: QueryConfig, accessionNumber: string): Promise<Filing[]> {
  const accession = normalizeAccession(accessionNumber)
  const key = accessionKey(accession)
  const owners = await db.all<{ cik: number }>(sql`SELECT DISTINCT cik::INTEGER AS cik FROM filing_accessions WHERE acc_key = ${key} ORDER BY 1`)
  if (!owners.length) throw new ApiError('not_found', `No filing with accession number ${accession}.`)
  return db.all<Filing>(sql`
    SELECT ${filingColumns(config.archivesUrl)}
    FROM filings
    WHERE cik IN (${list(owners.map((o) => o.cik))}) AND acc_key = ${key}
    ORDER BY filings.cik`)
}

/** One filer's row of one filing; 404 when that CIK did not file it. */
export async function getFiling(db: Db, config: QueryConfig, cikText: string, accessionNumber: string): Promise<Filing> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const row = await db.one<Filing>(sql`
    SELECT ${filingColumns(config.archivesUrl)} FROM filings WHERE cik = ${cik} AND acc_key = ${accessionKey(accession)}`)
  if (!row) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  return row
}

/**
 * The documents of a filing, in the folder's sequence. Only filings whose folder listing was fetched
 * have a full list; for the others the primary document (always known from submissions) is returned.
 */
export async function listFilingDocuments(db: Db, config: QueryConfig, cikText: string, accessionNumber: string): Promise<FilingDocument[]> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const folder = sql`${config.archivesUrl} || '/' || cik::VARCHAR || '/' || replace(accession_number, '-', '') || '/'`
  const documents = await db.all<FilingDocument>(sql`
    SELECT document_type AS "documentType", filename, ${folder} || filename AS url, description
    FROM filing_documents
    WHERE cik = ${cik} AND acc_key = ${accessionKey(accession)}
    ORDER BY sequence`)
  if (documents.length) return documents
  const primary = await db.one<{ found: boolean } & FilingDocument>(sql`
    SELECT true AS found,
           -- The primary document's type is the form type (EDGAR's own convention in folder listings).
           form_type AS "documentType", primary_document AS filename,
           ${folder} || primary_document AS url, primary_doc_description AS description
    FROM filings WHERE cik = ${cik} AND acc_key = ${accessionKey(accession)}`)
  if (!primary) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  if (!primary.filename) return []
  const { found: _, ...document } = primary
  return [document]
}

/** Form types that occur in the snapshot, alphabetically. */
export async function listFormTypes(db: Db, config: QueryConfig, p: PageQuery) {
  checkOffset(p, config.maxOffset)
  const rows = await db.all<{ formName: string; category: string; description: string | null }>(sql`
    SELECT form_type AS "formName", category, description
    FROM form_types
    WHERE filing_count > 0
    ORDER BY form_type
    LIMIT ${p.limit + 1} OFFSET ${offsetOf(p)}`)
  return toPage(rows, p)
}
