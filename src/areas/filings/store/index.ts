/**
 * The Filings store: everything the area reads. The lookup files (lib/keyed-file.ts, no query) for
 * accession operations and pages of form types; one filer's pages as src/areas/common/store/filer-filings.ts
 * reads them; otherwise SQL over the serving database (src/pipeline/sources/submissions/serving.ts):
 * `filings_by_date` newest first with positions (paged by page-plan.ts). Row-group statistics on the sort
 * key skip all but a few rows, and each page is one query (a query has a fixed cost before it reads a
 * row: docs/architecture.md). Methods take normalized arguments and return rows; src/areas/filings/handlers.ts
 * shapes them.
 */
import type { Db } from '../../../db/client.ts'
import { sql } from '../../../db/sql.ts'
import { accessionKey } from '../../../lib/ids.ts'
import { DOCUMENTS } from '../../../pipeline/sources/filing-index/contract.ts'
import {
  type AccessionRecord,
  FILINGS,
  type FilingRow,
  FORM_POSITIONS,
  positionCik,
  positionOrder,
} from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'
import type { AppliedFilingFilters } from '../../common/filing-schemas.ts'
import { filerFilings, type RowWindow } from '../../common/store/filer-filings.ts'
import { FILING_ROW } from '../../common/store/filing-row.ts'
import { cikForTicker } from '../../common/store/identifiers.ts'
import { DAY_INDEX } from './day-index.ts'
import { type PagePlan, planPage } from './page-plan.ts'
import { skipWithinDay } from './page-skip.ts'

export type { AccessionRecord, FilingRow } from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'
export type { RowWindow } from '../../common/store/filer-filings.ts'

/** A form type that occurs in the snapshot, as the list sends it. */
export type FormTypeRow = { formName: string; category: string; description: string | null }

/** A document of a filing folder's listing (the filing-index source's documents lookup file). */
export type ListedDocument = ReturnType<typeof DOCUMENTS.get>[number]

export const filingsStore = (db: Db) => ({
  /** The CIK a ticker belongs to (common/store/identifiers.ts); undefined for an unknown ticker. */
  cikForTicker: (ticker: string): Promise<number | undefined> => cikForTicker(db, ticker),

  /** One filer's filings, newest first, filtered (common/store/filer-filings.ts; `frames`: QueryConfig.filerFrames). */
  filerFilings: (
    cik: number,
    filters: AppliedFilingFilters,
    w: RowWindow,
    frames: number | undefined,
  ): Promise<FilingRow[]> => filerFilings(db, cik, filters, w, frames),

  /** Every filer's filings, newest first (filing date, then accession number, then CIK), filtered. */
  filings: (filters: AppliedFilingFilters, w: RowWindow): Promise<FilingRow[]> => pageWithoutCik(db, filters, w),

  /** Every filer's line of one accession number, in CIK order; none when no filer has it. */
  accessionRecords: (accession: string): AccessionRecord[] => accessionRecords(db, accession),

  /** One filer's documents of a filing, in the folder's sequence; none when its listing was not fetched. */
  listedDocuments: (accession: string, cik: number): ListedDocument[] =>
    // The listing's lines are stored by CIK, then sequence.
    DOCUMENTS.get(db, accession).filter((d) => d.cik === cik),

  /** Form types that occur in the snapshot, alphabetically. */
  formTypes: (w: RowWindow): Promise<FormTypeRow[]> =>
    db.all<FormTypeRow>(sql`
    SELECT form_type AS "formName", category, description
    FROM form_types
    WHERE filing_count > 0
    ORDER BY form_type
    LIMIT ${w.take} OFFSET ${w.offset}`),
})

export type FilingsStore = ReturnType<typeof filingsStore>

/**
 * Filings of every filer: ranges of positions planned from the day index (page-plan.ts). Pages of form
 * types come from the form-ordered lookup file; pages of every form, from the date-sorted copy.
 */
async function pageWithoutCik(db: Db, filters: AppliedFilingFilters, w: RowWindow): Promise<FilingRow[]> {
  const index = await db.memo(DAY_INDEX)
  const plan = planPage(index, { ...filters, offset: w.offset, take: w.take })
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
