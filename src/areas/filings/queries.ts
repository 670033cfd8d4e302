/**
 * Filings: the lookup files (lib/keyed-file.ts, no query) for accession operations and pages of form
 * types; one filer's pages as src/areas/common/store/filer-filings.ts reads them; otherwise SQL over the serving
 * database (src/pipeline/sources/submissions/serving.ts): `filings_by_date` newest first with positions
 * (paged by page-plan.ts). Row-group statistics on the sort key skip all but a few rows,
 * and each page is one query (a query has a fixed cost before it reads a row: docs/architecture.md).
 */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { accessionKey, formatCik, normalizeAccession, parseCik } from '../../lib/ids.ts'
import { DOCUMENTS } from '../../pipeline/sources/filing-index/contract.ts'
import {
  type AccessionRecord,
  FILINGS,
  FORM_POSITIONS,
  positionCik,
  positionOrder,
} from '../../pipeline/sources/submissions/contract/lookup-lines.ts'
import { folderUrl } from '../common/edgar-values.ts'
import { FILING_ROW, type FilingRow, toFiling } from '../common/filing.ts'
import type { AppliedFilingFilters, Filing, FilingFilters, FilingList } from '../common/filing-schemas.ts'
import { filerFilingsPage, normalizeFilingFilters } from '../common/store/filer-filings.ts'
import { cikForTicker } from '../common/store/identifiers.ts'
import { DAY_INDEX } from './day-index.ts'
import { type PagePlan, planPage } from './page-plan.ts'
import { skipWithinDay } from './page-skip.ts'
import type { FilingDocument } from './schemas.ts'

/**
 * Filings newest first (filing date, then accession number, then CIK), `limit + 1` rows to learn whether a next
 * page exists. With a CIK or ticker the CIK-sorted copy is read; otherwise the position-ordered copies.
 * An unknown ticker matches nothing (an empty page, not an error: it is a filter).
 */
export async function listFilings(db: Db, config: QueryConfig, f: FilingFilters & PageQuery): Promise<FilingList> {
  checkOffset(f, config.maxOffset)
  let cik = f.cik ? parseCik(f.cik) : undefined
  const filters = normalizeFilingFilters(f, cik)
  if (filters.ticker) {
    const tickerCik = await cikForTicker(db, filters.ticker)
    // cik and ticker together must name the same filer.
    if (tickerCik === undefined || (cik !== undefined && cik !== tickerCik)) return { ...toPage([], f), filters }
    cik = tickerCik
  }
  if (cik !== undefined) return filerFilingsPage(db, config, cik, filters, f)
  const rows = await pageWithoutCik(db, filters, f)
  return {
    ...toPage(
      rows.map((r) => toFiling(config.archivesUrl, r)),
      f,
    ),
    filters,
  }
}

/**
 * Filings of every filer: ranges of positions planned from the day index (page-plan.ts). Pages of form
 * types come from the form-ordered lookup file; pages of every form, from the date-sorted copy.
 */
async function pageWithoutCik(db: Db, filters: AppliedFilingFilters, p: PageQuery): Promise<FilingRow[]> {
  const index = await db.memo(DAY_INDEX)
  const plan = planPage(index, { ...filters, offset: offsetOf(p), take: p.limit + 1 })
  if (plan.kind === 'empty') return []
  if (plan.kind === 'merge') return mergeOfForms(db, plan)
  if (plan.table === 'filings_by_form') return [...FORM_POSITIONS.range(db, plan.from, plan.to)]
  // No ORDER BY: the copy is stored in position order, which DuckDB keeps (a sort of the slice only added time: docs/benchmarks.md).
  return db.all<FilingRow>(
    sql`SELECT ${FILING_ROW} FROM filings_by_date WHERE pos >= ${plan.from} AND pos < ${plan.to}`,
  )
}

/**
 * A page of several form types: their ranges of the form-ordered file (each in list order) merged, newest
 * first, skipping the page's offset within its first day. It reads the page's lines, the few skipped one
 * by one, and at most a frame ahead per form; only the page's lines are parsed.
 */
function mergeOfForms(db: Db, plan: Extract<PagePlan, { kind: 'merge' }>): FilingRow[] {
  const file = FORM_POSITIONS.file(db)
  // Most of the first day's rows before the page are passed by the frames' heads, unread (page-skip.ts).
  const { starts, skipped } = skipWithinDay(file, plan.firstDay, plan.offset)
  const heads = plan.ranges.map(([, to], i) =>
    advance({ lines: FORM_POSITIONS.rangeTexts(db, starts[i]!, to), line: undefined, order: '' }),
  )
  const rows: FilingRow[] = []
  let skip = plan.offset - skipped
  while (rows.length < plan.take) {
    let best: MergeHead | undefined
    for (const head of heads) if (head.line !== undefined && (!best || comesFirst(head, best))) best = head
    if (!best) break
    const line = best.line!
    advance(best)
    if (skip > 0) skip--
    else rows.push(FORM_POSITIONS.decode(line))
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
  const acc = accessionKey(accession).toString()
  return FILINGS.get(db, accession).map((row) => ({ ...row, acc }))
}

export async function getFilingsByAccession(db: Db, config: QueryConfig, accessionNumber: string): Promise<Filing[]> {
  const accession = normalizeAccession(accessionNumber)
  const records = accessionRecords(db, accession)
  if (!records.length) throw new ApiError('not_found', `No filing with accession number ${accession}.`)
  return records.map((r) => toFiling(config.archivesUrl, r))
}

/** One filer's row of one filing; 404 when that CIK did not file it. */
export async function getFiling(
  db: Db,
  config: QueryConfig,
  cikText: string,
  accessionNumber: string,
): Promise<Filing> {
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
export async function listFilingDocuments(
  db: Db,
  config: QueryConfig,
  cikText: string,
  accessionNumber: string,
): Promise<FilingDocument[]> {
  const accession = normalizeAccession(accessionNumber)
  const cik = parseCik(cikText)
  const own = accessionRecords(db, accession).find((r) => r.cik === cik)
  if (!own) throw new ApiError('not_found', `No filing ${accession} for CIK ${formatCik(cik)}.`)
  const folder = folderUrl(config.archivesUrl, cik, own.acc)
  const document = (filename: string, documentType: string | null, description: string | null): FilingDocument => ({
    documentType,
    filename,
    url: folder + filename,
    description,
  })
  // The listing's lines are stored by CIK, then sequence.
  const listed = DOCUMENTS.get(db, accession).filter((d) => d.cik === cik)
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
