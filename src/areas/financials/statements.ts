/**
 * The filing-level operations: the filing's context (`fin_filings`), its presented lines with their
 * values and its tags' metadata (no tables: the build writes those two only as lookup files), each read
 * as lines of a lookup file by `acc_key` (docs/financials.md), no query, grouped into the XBRL block or
 * filtered to one as-reported statement. A statement is what FSDS calls a report: the rows of one `report`
 * number of the filing, which is also the number of the SEC's rendering of it (`R<report>.htm` in the
 * filing's folder); FSDS has no role URI, so that rendering's URL stands for it (docs/financials.md).
 */
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import { accessionKey, normalizeAccession } from '../../lib/ids.ts'
import {
  FIN_FILING_CONCEPTS,
  FIN_FILINGS,
  FIN_STATEMENT_ROWS,
  type StatementCode,
} from '../../pipeline/sources/financial-statements/contract.ts'
import { easternTime, folderUrl } from '../common/edgar-values.ts'
import type { ConceptMeta } from './concept-meta.ts'
import { isoOfYmd, periodLabel, startOf } from './format.ts'

export type FilingRow = {
  acc_key: string
  cik: number
  name: string
  form: string
  fy: number | null
  fp: string | null
  period: number | null
  filed: number
  accepted: string | null
  ticker: string | null
  end_date: number | null
}

/** The statement names FSDS's codes stand for (equity as the API names it, SE). */
export const STATEMENT_NAMES: Record<string, string> = {
  BS: 'Balance Sheet',
  IS: 'Income Statement',
  CF: 'Cash Flow Statement',
  SE: "Stockholders' Equity",
  CI: 'Comprehensive Income',
  UN: 'Unclassifiable Statement',
  CP: 'Cover Page',
}

/**
 * The filing's FSDS row, or a 404 saying the data sets do not have it: its line in the `finFilings`
 * lookup file (contract FIN_FILINGS), not a query, as every filing-level operation starts here.
 */
export async function filingOf(db: Db, accessionNumber: string) {
  const adsh = normalizeAccession(accessionNumber)
  const key = accessionKey(adsh)
  const filing = FIN_FILINGS.get(db, key)[0]
  if (filing === undefined)
    throw new ApiError(
      'not_found',
      `No financial statement data for accession number ${adsh}: the Financial Statement Data Sets of this snapshot do not have the filing.`,
    )
  const row: FilingRow = { acc_key: key.toString(), ...filing }
  return { adsh, row }
}

export const filingContext = (adsh: string, f: FilingRow) => ({
  adsh,
  cik: f.cik,
  entityName: f.name,
  ticker: f.ticker,
  form: f.form,
  fiscalYear: f.fy,
  fiscalPeriod: f.fp,
  period: f.period,
  filed: f.filed,
  accepted: easternTime(f.accepted),
})

type LineRow = ConceptMeta & {
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

type StatementRow = Omit<LineRow, keyof ConceptMeta> & { concept_id: number | null; abstract: number | null }

/**
 * The rows of one filing: the lines of the `finStatementRows` lookup file under its `acc_key`, each with
 * its tag's `concept_id` and `abstract`. They come in stored order, which is the statement's (report,
 * line, then the newest values first: contract.ts `sortedBy`), without a sort. Why a lookup file: a
 * uniform draw of filings touches a new part of the 88 million rows each time, and DuckDB then reads a
 * block of each of the 17 columns, which made the rows query most of an as-reported statement's target
 * (docs/benchmarks.md).
 */
const rowsOf = (db: Db, accKey: bigint): StatementRow[] => FIN_STATEMENT_ROWS.get(db, accKey)

/**
 * The lines of one statement of a filing, each with its tag's metadata: its rows, then the filing's
 * concepts (the lines of the `finFilingConcepts` lookup file under its `acc_key`), matched by
 * `concept_id`. No query: as one on the 48.6 million rows of a `fin_filing_concepts` table it kept the
 * as-reported statements' 16-connection p99 over target (docs/benchmarks.md).
 */
function linesOf(db: Db, accKey: bigint, stmt: StatementCode): LineRow[] {
  const rows = rowsOf(db, accKey).filter((r) => r.stmt === stmt)
  const concepts = new Map<number, ConceptMeta>()
  if (rows.some((r) => r.concept_id !== null))
    for (const { concept_id, ...meta } of FIN_FILING_CONCEPTS.get(db, accKey)) concepts.set(concept_id, meta)
  return rows.map(({ concept_id, ...r }) => ({
    ...r,
    ...NO_META,
    ...(concept_id === null ? undefined : concepts.get(concept_id)),
  }))
}

/** One as-reported statement: each presented line once per value (a line without one, once, with no value context). */
export async function asReported(db: Db, accessionNumber: string, stmt: StatementCode) {
  const { adsh, row } = await filingOf(db, accessionNumber)
  const lines = linesOf(db, BigInt(row.acc_key), stmt)
  if (!lines.length)
    throw new ApiError(
      'not_found',
      `Filing ${adsh} has no ${STATEMENT_NAMES[stmt]!.toLowerCase()} (statement ${stmt}) in the Financial Statement Data Sets.`,
    )
  return {
    filing: filingContext(adsh, row),
    stmt,
    rows: lines.map((l) => ({
      report: l.report,
      line: l.line,
      stmt: l.stmt,
      inpth: l.inpth,
      rfile: l.rfile,
      tag: l.tag,
      version: l.version,
      plabel: l.plabel,
      negating: l.negating,
      valueContext:
        l.ddate === null || l.qtrs === null
          ? null
          : {
              ddate: l.ddate,
              qtrs: l.qtrs,
              uom: l.uom ?? '',
              segments: l.segments,
              coreg: l.coreg,
              value: l.value,
              footnote: l.footnote,
              periodLabel: periodLabel(l.ddate, l.qtrs),
            },
      custom: l.custom,
      datatype: l.datatype,
      iord: l.iord,
      crdr: l.crdr,
      tlabel: l.tlabel,
      doc: l.doc,
      abstract: l.abstract === null ? null : l.abstract === 1,
    })),
  }
}

/** `us-gaap:Revenues`; a custom tag (version = the accession number) under the filer's own prefix. */
function qnameOf(tag: string, version: string, adsh: string, customPrefix: string) {
  if (version === adsh) return `${customPrefix}:${tag}`
  const taxonomy = version.split('/')[0]!
  return `${taxonomy}:${tag}`
}

/**
 * The XBRL block: every statement (report) of the filing in report order, each with its periods (the
 * consolidated values' (ddate, qtrs), newest first) and its lines in presentation order with their
 * consolidated values by period key. Segment and coregistrant values are in the as-reported statements.
 * `roleUri` keeps the statements whose URI, label or definition contains it (case-insensitive).
 */
export async function xbrlBlock(db: Db, archives: string, accessionNumber: string, roleUri: string | undefined) {
  const { adsh, row } = await filingOf(db, accessionNumber)
  // Each line's `abstract` is in its row: the block needs no other metadata, so no query.
  const lines = rowsOf(db, BigInt(row.acc_key))
  const prefix = (row.ticker ?? row.name.replace(/[^A-Za-z]/g, '').slice(0, 4)).toLowerCase()
  const folder = folderUrl(archives, row.cik, row.acc_key)
  type Built = {
    roleUri: string
    roleLabel: string
    roleDefinition: string
    periods: Map<string, { key: string; ddate: number; qtrs: number }>
    rows: Map<
      number,
      { label: string | null; depth: number; qname: string; values: Record<string, number>; abstract: boolean }
    >
  }
  const statements = new Map<number, Built>()
  for (const l of lines) {
    let s = statements.get(l.report)
    if (!s) {
      const name = STATEMENT_NAMES[l.stmt] ?? l.stmt
      const label = l.inpth ? `${name} (Parenthetical)` : name
      s = {
        roleUri: `${folder}R${l.report}.htm`,
        roleLabel: label,
        roleDefinition: `R${l.report} - Statement - ${label}`,
        periods: new Map(),
        rows: new Map(),
      }
      statements.set(l.report, s)
    }
    let r = s.rows.get(l.line)
    if (!r) {
      r = {
        label: l.plabel,
        depth: 0,
        qname: qnameOf(l.tag, l.version, adsh, prefix),
        values: {},
        abstract: l.abstract === 1,
      }
      s.rows.set(l.line, r)
    }
    if (l.ddate === null || l.qtrs === null || l.value === null || l.segments !== null || l.coreg !== null) continue
    const key = l.qtrs === 0 ? isoOfYmd(l.ddate)! : `${isoOfYmd(l.ddate)}/${l.qtrs}Q`
    if (!s.periods.has(key)) s.periods.set(key, { key, ddate: l.ddate, qtrs: l.qtrs })
    // Several units of one line and period (rare): the first in stored order (by unit name).
    if (!(key in r.values)) r.values[key] = l.value
  }
  if (!statements.size)
    throw new ApiError('not_found', `Filing ${adsh} presents no statements in the Financial Statement Data Sets.`)
  const needle = roleUri?.toLowerCase()
  const kept = [...statements.values()].filter(
    (s) => !needle || [s.roleUri, s.roleLabel, s.roleDefinition].some((t) => t.toLowerCase().includes(needle)),
  )
  if (!kept.length)
    throw new ApiError(
      'not_found',
      `No statement of filing ${adsh} has an id or label containing roleUri "${roleUri}".`,
      {
        roleUri: 'matches no statement of the filing',
      },
    )
  return {
    adsh,
    companyName: row.name,
    formType: row.form,
    statements: kept.map((s) => ({
      roleUri: s.roleUri,
      roleLabel: s.roleLabel,
      roleDefinition: s.roleDefinition,
      periods: [...s.periods.values()]
        .sort((a, b) => b.ddate - a.ddate || a.qtrs - b.qtrs)
        .map((p) => {
          const end = isoOfYmd(p.ddate)!
          const start = p.qtrs === 0 ? null : startOf(p.ddate, p.qtrs)
          return {
            key: p.key,
            label: start ? `${start} to ${end}` : end,
            periodType: p.qtrs === 0 ? 'instant' : 'duration',
            instantDate: p.qtrs === 0 ? end : null,
            startDate: start,
            endDate: end,
          }
        }),
      rows: [...s.rows.values()],
    })),
  }
}
