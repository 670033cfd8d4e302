/**
 * One filer's filings, newest first, as a page of the filings list: what the filings list does with a
 * `cik` or `ticker` filter and what an entity's filings are (src/areas/filings, src/areas/entities). From
 * the filer's run in its lookup file when the page lies within its first frames (every filer's first
 * pages, and any page of nearly all filers), otherwise one query on the CIK-sorted `filings` table.
 * The rows only: the filters' normalizing and the list's envelope are in src/areas/common/filing.ts.
 */
import type { Db } from '../../../db/client.ts'
import { empty, join, list, sql } from '../../../db/sql.ts'
import {
  FILER_FILINGS,
  type FilingRow,
  filerLineDate,
  filerLineForm,
} from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { AppliedFilingFilters } from '../filing-schemas.ts'
import { FILING_ROW } from './filing-row.ts'

/** Rows [offset, offset + take) of a list: `take` is a page's limit + 1, to learn whether a next page exists. */
export type RowWindow = { offset: number; take: number }

/** One filer's pages by query: merged with concurrent ones of the same text when they wait (db/pool.ts). */
const BATCHABLE = { batchable: true }

/**
 * One filer's filings: from its run in the filer lookup file, stored in the list's order, when the page is
 * within its first frames (every filer's first pages, and any page of most filers); otherwise by a query.
 * `frames` is a tuning, not a setting (QueryConfig.filerFrames): undefined reads up to FILER_FRAMES.
 */
export async function filerFilings(
  db: Db,
  cik: number,
  filters: AppliedFilingFilters,
  w: RowWindow,
  frames: number | undefined,
): Promise<FilingRow[]> {
  return pageOfCikFromLookup(db, cik, filters, w, frames ?? FILER_FRAMES) ?? pageOfCikByQuery(db, cik, filters, w)
}

/**
 * Frames a page of one filer may read (~100 filings each) before the query takes over: the query reads
 * only that filer's rows but pays DuckDB's fixed cost whatever the page, so the frames stop where reading
 * them would cost about as much (docs/benchmarks.md).
 */
const FILER_FRAMES = 48

/** A filer's line as a filing row: the line has no CIK, since it is the file's key. */
const decodeFiler = FILER_FILINGS.decodeWith<{ cik: number }>(['cik'])
const filerRow = (cik: number, line: string): FilingRow => decodeFiler(line, [cik])

function pageOfCikFromLookup(
  db: Db,
  cik: number,
  filters: AppliedFilingFilters,
  w: RowWindow,
  frames: number,
): FilingRow[] | undefined {
  const { formTypes, startDate, endDate } = filters
  const forms = formTypes.length ? new Set(formTypes) : undefined
  const budget = { frames, exhausted: false }
  const rows: FilingRow[] = []
  let skip = w.offset
  for (const line of FILER_FILINGS.lineTextsOneByOne(db, cik, budget)) {
    // Tested by their first characters; only the page's lines are parsed.
    const date = filerLineDate(line)
    // Newest first: past the window's start, nothing older can match.
    if (startDate && date < startDate) break
    if (endDate && date > endDate) continue
    if (forms && !forms.has(filerLineForm(line) ?? filerRow(cik, line).form_type)) continue
    if (skip > 0) {
      skip--
      continue
    }
    if (rows.push(filerRow(cik, line)) === w.take) return rows
  }
  return budget.exhausted ? undefined : rows
}

function pageOfCikByQuery(db: Db, cik: number, filters: AppliedFilingFilters, w: RowWindow): Promise<FilingRow[]> {
  const where = join([
    sql`cik = ${cik}`,
    filters.formTypes.length ? sql`form_type IN (${list(filters.formTypes)})` : empty,
    filters.startDate ? sql`filing_date >= ${filters.startDate}::DATE` : empty,
    filters.endDate ? sql`filing_date <= ${filters.endDate}::DATE` : empty,
  ])
  // No ORDER BY: one filer's rows are stored newest first (filing date, then accession number), which is
  // the list's order, and DuckDB keeps a table's order without one; the scan stops at the page's end.
  // For the same reason it may be merged with other filers' pages (db/pool.ts).
  return db.all<FilingRow>(
    sql`
    SELECT ${FILING_ROW}
    FROM filings
    WHERE ${where}
    LIMIT ${w.take} OFFSET ${w.offset}`,
    BATCHABLE,
  )
}
