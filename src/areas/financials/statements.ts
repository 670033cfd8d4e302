/**
 * The filing-level operations: the filing's context (`fin_filings`), its presented lines with their
 * values and its tags' metadata, as the store reads them from lookup files by `acc_key`
 * (store/filings.ts), grouped into the XBRL block or filtered to one as-reported statement. A statement
 * is what FSDS calls a report: the rows of one `report` number of the filing, which is also the number of
 * the SEC's rendering of it (`R<report>.htm` in the filing's folder); FSDS has no role URI, so that
 * rendering's URL stands for it (docs/financials.md).
 */
import { ApiError } from '../../http/errors.ts'
import { accessionKey, normalizeAccession } from '../../lib/ids.ts'
import type { StatementCode } from '../../pipeline/sources/financial-statements/contract.ts'
import { easternTime, folderUrl } from '../common/edgar-values.ts'
import { isoOfYmd, periodLabel, startOf } from './format.ts'
import type { FilingRow, FinancialsStore } from './store/index.ts'

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

/** The filing's FSDS row, or a 404 saying the data sets do not have it: every filing-level operation starts here. */
export async function filingOf(store: FinancialsStore, accessionNumber: string) {
  const adsh = normalizeAccession(accessionNumber)
  const row = store.filing(accessionKey(adsh))
  if (row === undefined)
    throw new ApiError(
      'not_found',
      `No financial statement data for accession number ${adsh}: the Financial Statement Data Sets of this snapshot do not have the filing.`,
    )
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

/** One as-reported statement: each presented line once per value (a line without one, once, with no value context). */
export async function asReported(store: FinancialsStore, accessionNumber: string, stmt: StatementCode) {
  const { adsh, row } = await filingOf(store, accessionNumber)
  const lines = store.statementLines(BigInt(row.acc_key), stmt)
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
export async function xbrlBlock(
  store: FinancialsStore,
  archives: string,
  accessionNumber: string,
  roleUri: string | undefined,
) {
  const { adsh, row } = await filingOf(store, accessionNumber)
  // Each line's `abstract` is in its row: the block needs no other metadata, so no query.
  const lines = store.statementRows(BigInt(row.acc_key))
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
