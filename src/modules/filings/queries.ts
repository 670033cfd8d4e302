/**
 * Filings: the lookup files (db/keyed-file.ts, no query) for accession operations, one filer's pages
 * within its first frames, and pages of form types; otherwise SQL over the serving database
 * (src/pipeline/serving.ts): `filings` sorted by CIK then newest first, and `filings_by_date` newest first
 * with positions (paged by page-plan.ts). Row-group statistics on the sort key skip all but a few rows,
 * and each page is one query (a query costs ~0.4 ms before it reads a row, full scale).
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, list, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionKey, formatCik, normalizeAccession, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { cikForTicker } from '../entities/resolve.ts'
import { loadDayIndex } from './day-index.ts'
import { planPage, type PagePlan } from './page-plan.ts'
import { skipWithinDay } from './page-skip.ts'
import { FILING_ROW, folderUrl, toFiling, type FilingRow } from './dto.ts'
import { documentRecord } from '../../pipeline/sources/filing-index/contract.ts'
import { accessionRecord, filerLineDate, filerLineForm, filerRecord, positionCik, positionOrder, positionRecord, type AccessionRecord } from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { AppliedFilingFilters, Filing, FilingDocument, FilingFilters, FilingList } from './schemas.ts'

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
  const rows = cik === undefined ? await pageWithoutCik(db, filters, f) : await pageOfCik(db, config, cik, filters, f)
  return { ...toPage(rows.map((r) => toFiling(config.archivesUrl, r)), f), filters }
}

/** One filer's pages by query: merged with concurrent ones of the same text when they wait (db/pool.ts). */
const BATCHABLE = { batchable: true }

/**
 * One filer's filings: from its run in the filer lookup file, stored in the list's order, when the page is
 * within its first frames (every filer's first pages, and any page of most filers); otherwise by a query.
 */
async function pageOfCik(db: Db, config: QueryConfig, cik: number, filters: AppliedFilingFilters, p: PageQuery): Promise<FilingRow[]> {
  return pageOfCikFromLookup(db, cik, filters, { offset: offsetOf(p), take: p.limit + 1 }, config.filerFrames ?? FILER_FRAMES) ??
    pageOfCikByQuery(db, cik, filters, p)
}

/**
 * Frames a page of one filer may read (~100 filings each, ~0.02 ms apiece): at most ~1 ms before the
 * query takes over, which reads only that filer's rows but costs ~1.4 ms whatever the page (full scale).
 */
const FILER_FRAMES = 48

function pageOfCikFromLookup(db: Db, cik: number, filters: AppliedFilingFilters, w: { offset: number; take: number }, frames: number): FilingRow[] | undefined {
  const { formTypes, startDate, endDate } = filters
  const forms = formTypes.length ? new Set(formTypes) : undefined
  const budget = { frames, exhausted: false }
  const rows: FilingRow[] = []
  let skip = w.offset
  for (const line of db.lookup('filerFilings').lines(BigInt(cik), budget)) {
    // Tested by their first characters; only the page's lines are parsed.
    const date = filerLineDate(line)
    // Newest first: past the window's start, nothing older can match.
    if (startDate && date < startDate) break
    if (endDate && date > endDate) continue
    if (forms && !forms.has(filerLineForm(line) ?? filerRecord(cik, line).form_type)) continue
    if (skip > 0) {
      skip--
      continue
    }
    if (rows.push(filerRecord(cik, line)) === w.take) return rows
  }
  return budget.exhausted ? undefined : rows
}

function pageOfCikByQuery(db: Db, cik: number, filters: AppliedFilingFilters, p: PageQuery): Promise<FilingRow[]> {
  const where = join([
    sql`cik = ${cik}`,
    filters.formTypes.length ? sql`form_type IN (${list(filters.formTypes)})` : empty,
    filters.startDate ? sql`filing_date >= ${filters.startDate}::DATE` : empty,
    filters.endDate ? sql`filing_date <= ${filters.endDate}::DATE` : empty,
  ])
  // No ORDER BY: one filer's rows are stored newest first (filing date, then accession number), which is
  // the list's order, and DuckDB keeps a table's order without one; the scan stops at the page's end.
  // For the same reason it may be merged with other filers' pages (db/pool.ts).
  return db.all<FilingRow>(sql`
    SELECT ${FILING_ROW}
    FROM filings
    WHERE ${where}
    LIMIT ${p.limit + 1} OFFSET ${offsetOf(p)}`, BATCHABLE)
}

/**
 * Filings of every filer: ranges of positions planned from the day index (page-plan.ts). Pages of form
 * types come from the form-ordered lookup file; pages of every form, from the date-sorted copy.
 */
async function pageWithoutCik(db: Db, filters: AppliedFilingFilters, p: PageQuery): Promise<FilingRow[]> {
  const index = await db.memo('filing-day-index', () => loadDayIndex(db))
  const plan = planPage(index, { ...filters, offset: offsetOf(p), take: p.limit + 1 })
  if (plan.kind === 'empty') return []
  if (plan.kind === 'merge') return mergeOfForms(db, plan)
  if (plan.table === 'filings_by_form') return [...db.lookup('formPositions').range(BigInt(plan.from), BigInt(plan.to))].map(positionRecord)
  // No ORDER BY: the copy is stored in position order, which DuckDB keeps (a sort of the slice cost 0.5 ms).
  return db.all<FilingRow>(sql`SELECT ${FILING_ROW} FROM filings_by_date WHERE pos >= ${plan.from} AND pos < ${plan.to}`)
}

/**
 * A page of several form types: their ranges of the form-ordered file (each in list order) merged, newest
 * first, skipping the page's offset within its first day. It reads the page's lines, the few skipped one
 * by one, and at most a frame ahead per form; only the page's lines are parsed.
 */
function mergeOfForms(db: Db, plan: Extract<PagePlan, { kind: 'merge' }>): FilingRow[] {
  const file = db.lookup('formPositions')
  // Most of the first day's rows before the page are passed by the frames' heads, unread (page-skip.ts).
  const { starts, skipped } = skipWithinDay(file, plan.firstDay, plan.offset)
  const heads = plan.ranges.map(([, to], i) => advance({ lines: file.range(BigInt(starts[i]!), BigInt(to)), line: undefined, order: '' }))
  const rows: FilingRow[] = []
  let skip = plan.offset - skipped
  while (rows.length < plan.take) {
    let best: MergeHead | undefined
    for (const head of heads) if (head.line !== undefined && (!best || comesFirst(head, best))) best = head
    if (!best) break
    const line = best.line!
    advance(best)
    if (skip > 0) skip--
    else rows.push(positionRecord(line))
  }
  for (const head of heads) head.lines.return(undefined)
  return rows
}

/** A form's range in a merge: its next line, and that line's order text, taken once per line (not per comparison). */
type MergeHead = { lines: Generator<string>; line: string | undefined; order: string }

function advance(head: MergeHead): MergeHead {
  const next = head.lines.next()
  head.line = next.done ? undefined : next.value
  head.order = head.line === undefined ? '' : positionOrder(head.line)
  return head
}

/**
 * List order: newer filing date, then greater accession number, then smaller CIK. The CIK decides only if
 * one filing were filed under two form types by its filers; each form's range is in order already.
 */
function comesFirst(a: MergeHead, b: MergeHead): boolean {
  return a.order !== b.order ? a.order > b.order : positionCik(a.line!) < positionCik(b.line!)
}

/**
 * Every filer's line of one accession number (a filing with co-registrants or a reporting owner and an
 * issuer is listed under each CIK), in CIK order, from the filings lookup file.
 */
function accessionRecords(db: Db, accession: string): AccessionRecord[] {
  const key = accessionKey(accession)
  const acc = key.toString()
  return db.lookup('filings').get(key).map((line) => accessionRecord(acc, line))
}

export async function getFilingsByAccession(db: Db, config: QueryConfig, accessionNumber: string): Promise<Filing[]> {
  const accession = normalizeAccession(accessionNumber)
  const records = accessionRecords(db, accession)
  if (!records.length) throw new ApiError('not_found', `No filing with accession number ${accession}.`)
  return records.map((r) => toFiling(config.archivesUrl, r))
}

/** One filer's row of one filing; 404 when that CIK did not file it. */
export async function getFiling(db: Db, config: QueryConfig, cikText: string, accessionNumber: string): Promise<Filing> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const record = accessionRecords(db, accession).find((r) => r.cik === cik)
  if (!record) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  return toFiling(config.archivesUrl, record)
}

/**
 * The documents of a filing, in the folder's sequence. Only filings whose folder listing was fetched
 * have a full list; for the others the primary document (always known from submissions) is returned,
 * with the form type as its type (EDGAR's own convention in folder listings).
 */
export async function listFilingDocuments(db: Db, config: QueryConfig, cikText: string, accessionNumber: string): Promise<FilingDocument[]> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const own = accessionRecords(db, accession).find((r) => r.cik === cik)
  if (!own) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  const folder = folderUrl(config.archivesUrl, cik, own.acc)
  const document = (filename: string, documentType: string | null, description: string | null): FilingDocument =>
    ({ documentType, filename, url: folder + filename, description })
  // The listing's lines are stored by CIK, then sequence.
  const listed = db.lookup('documents').get(accessionKey(accession)).map(documentRecord).filter((d) => d.cik === cik)
  if (listed.length) return listed.map((d) => document(d.filename, d.documentType, d.description))
  return own.primary_document ? [document(own.primary_document, own.form_type, own.primary_doc_description)] : []
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
