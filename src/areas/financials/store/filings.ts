/**
 * A filing of the Financial Statement Data Sets as the filing-level operations read it: its context
 * (`fin_filings`), its presented lines with their values and its tags' metadata (no tables: the build
 * writes those two only as lookup files), each read as lines of a lookup file by `acc_key`
 * (docs/financials.md), no query. The operations (../statements.ts) group them into the XBRL block or
 * filter them to one as-reported statement.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import {
  FIN_FILING_CONCEPTS,
  FIN_FILINGS,
  FIN_STATEMENT_ROWS,
  type StatementCode,
} from '../../../pipeline/sources/financial-statements/contract.ts'
import type { ConceptMeta } from './concept-meta.ts'

/** A filing's `finFilings` line (its fields as the read model declares them) with its `acc_key`. */
export type FilingRow = { acc_key: string } & Static<typeof FIN_FILINGS.fields>

/**
 * The filing's FSDS row, or undefined when the data sets do not have it: its line in the `finFilings`
 * lookup file (contract FIN_FILINGS), not a query, as every filing-level operation starts here.
 */
export function filingRow(db: Db, key: bigint): FilingRow | undefined {
  const filing = FIN_FILINGS.get(db, key)[0]
  return filing === undefined ? undefined : { acc_key: key.toString(), ...filing }
}

export type LineRow = ConceptMeta & {
  report: number
  line: number
  stmt: string
  inpth: number
  rfile: string | null
  tag: string
  version: string
  plabel: string | null
  negating: number
  ddate: number | null
  qtrs: number | null
  uom: string | null
  segments: string | null
  coreg: string | null
  value: number | null
  footnote: string | null
}

const NO_META: ConceptMeta = {
  custom: null,
  abstract: null,
  datatype: null,
  iord: null,
  crdr: null,
  tlabel: null,
  doc: null,
}

export type StatementRow = Omit<LineRow, keyof ConceptMeta> & { concept_id: number | null; abstract: number | null }

/**
 * The rows of one filing: the lines of the `finStatementRows` lookup file under its `acc_key`, each with
 * its tag's `concept_id` and `abstract`. They come in stored order, which is the statement's (report,
 * line, then the newest values first: contract.ts `sortedBy`), without a sort. Why a lookup file: a
 * uniform draw of filings touches a new part of the 88 million rows each time, and DuckDB then reads a
 * block of each of the 17 columns, which made the rows query most of an as-reported statement's target
 * (docs/benchmarks.md).
 */
export const statementRows = (db: Db, accKey: bigint): StatementRow[] => FIN_STATEMENT_ROWS.get(db, accKey)

/**
 * The lines of one statement of a filing, each with its tag's metadata: its rows, then the filing's
 * concepts (the lines of the `finFilingConcepts` lookup file under its `acc_key`), matched by
 * `concept_id`. No query: as one on the 48.6 million rows of a `fin_filing_concepts` table it kept the
 * as-reported statements' 16-connection p99 over target (docs/benchmarks.md).
 */
export function statementLines(db: Db, accKey: bigint, stmt: StatementCode): LineRow[] {
  const rows = statementRows(db, accKey).filter((r) => r.stmt === stmt)
  const concepts = new Map<number, ConceptMeta>()
  if (rows.some((r) => r.concept_id !== null))
    for (const { concept_id, ...meta } of FIN_FILING_CONCEPTS.get(db, accKey)) concepts.set(concept_id, meta)
  return rows.map(({ concept_id, ...r }) => ({
    ...r,
    ...NO_META,
    ...(concept_id === null ? undefined : concepts.get(concept_id)),
  }))
}
