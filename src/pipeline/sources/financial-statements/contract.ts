/**
 * The financial-statements source's contract: the serving tables the financials area reads (the build
 * writes them in serving.ts). Every filing-level table is keyed by `acc_key`, the integer form of the
 * accession number (submissions contract ACC_KEY: DuckDB keeps only an 8-byte prefix of a string's
 * min/max, so a string key would skip no row group).
 */
import { Type } from '@sinclair/typebox'
import type { CanonicalStatement } from '../../../reference/canonical-metrics.ts'
import { columnKey, packedKey } from '../../contract.ts'
import { lookupsOf, readModel } from '../../read-model.ts'
import { servingTable, servingTablesOf } from '../../serving-table.ts'

/** The statement codes of the API: FSDS's `EQ` (equity) is answered as `SE`; the others as FSDS has them. */
export const STATEMENT_CODES = ['IS', 'BS', 'CF', 'SE', 'CI'] as const
export type StatementCode = (typeof STATEMENT_CODES)[number]

const FILING = ['acc_key', 'cik', 'name', 'sic', 'countryinc', 'form', 'fy', 'fp', 'period', 'filed', 'accepted']

/** A tag's metadata as tag.txt gives it, the columns every concept table and line carries after its keys. */
export const CONCEPT_META_FIELDS = ['custom', 'abstract', 'datatype', 'iord', 'crdr', 'tlabel', 'doc'] as const

export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'fin_filings',
    buildOnly: true,
    holds:
      "an FSDS filing with its filer's primary ticker; `end_date` is its own period's end (the reported date nearest `period`)",
    columns: [...FILING, 'ticker', 'end_date'],
    orderBy: 'acc_key',
  }),
  servingTable({
    name: 'fin_company_filings',
    buildOnly: true,
    holds: 'a 10-K, 10-Q or amendment of a filer, for the company lookup',
    columns: ['cik', 'acc_key', 'form', 'fy', 'fp', 'period', 'end_date', 'filed', 'accepted'],
    orderBy: 'cik, accepted DESC, acc_key DESC',
  }),
  servingTable({
    name: 'fin_issuers',
    holds:
      'a company of the financial data (an FSDS filing or a companyfacts file), named by the first source that knows it (submissions, tickers, companyfacts, FSDS), with its primary ticker',
    columns: ['cik', 'ticker', 'name', 'sic', 'countryinc'],
    orderBy: 'cik',
  }),
  servingTable({
    name: 'fin_concepts',
    holds: 'a (tag, version) of tag.txt, numbered in stored order, with its metadata and its text',
    columns: ['concept_id', 'text_id', 'tag', 'version', ...CONCEPT_META_FIELDS],
    orderBy: 'concept_id',
    key: 'custom, tag, text, version (= concept_id)',
  }),
  servingTable({
    name: 'fin_concept_texts',
    // A custom tag's text repeats in every filing that uses it.
    holds:
      'a distinct (custom, tag, label, documentation), lower-cased for the concept search, with its run of concepts (`first_id`, `n`)',
    columns: ['text_id', 'custom', 'first_id', 'n', 'search_text', 'search_doc'],
    orderBy: 'text_id',
    key: 'text_id (custom, tag, label, documentation)',
  }),
  servingTable({
    name: 'fin_standardized',
    holds:
      "a canonical metric's value of a filing and period, chosen by the rule table and the canonical choice, `strategy` saying which rule decided",
    columns: [
      'acc_key',
      'statement',
      'metric',
      'ddate',
      'qtrs',
      'uom',
      'value',
      'tag',
      'version',
      'rule_id',
      'confidence',
      'strategy',
    ],
    orderBy: 'acc_key, statement, ddate, qtrs, metric',
  }),
  servingTable({
    name: 'fin_segment_rows',
    buildOnly: true,
    holds:
      "a segment revenue row of a 10-K or 10-Q, one axis's member, at the filing's own period or a comparative column (`fy` the period's fiscal year, `years_back` its distance from the filing's own)",
    columns: [
      'cik',
      'fy',
      'fiscal_quarter',
      'years_back',
      'acc_key',
      'form',
      'fp',
      'period',
      'filed',
      'accepted',
      'end_date',
      'quarters',
      'axis',
      'member',
      'segment_type',
      'value',
      'unit',
      'tag',
      'version',
      'rule_id',
      'confidence',
      'total_revenue',
    ],
    orderBy: 'cik, fiscal_quarter, fy DESC, accepted DESC, acc_key, axis, value DESC, member',
  }),
)

/** The standardized statements, in the order of their lines in `finStandardized` (FILING_STATEMENT_KEY). */
export const STANDARDIZED_STATEMENTS = [
  'balanceSheet',
  'cashFlow',
  'income',
] as const satisfies readonly CanonicalStatement[]

/**
 * A filing's statement: `acc_key` (below 10^18) times 3 plus the statement's place in
 * STANDARDIZED_STATEMENTS, under 2^63. A standardized statement reads only its own lines.
 */
export const FILING_STATEMENT_KEY = packedKey<{ accKey: bigint; statement: CanonicalStatement }>({
  accKey: { sql: 'st.acc_key', of: (key) => key },
  statement: {
    sql: `CASE st.statement ${STANDARDIZED_STATEMENTS.map((s, i) => `WHEN '${s}' THEN ${i}`).join(' ')} END`,
    of: (statement) => STANDARDIZED_STATEMENTS.indexOf(statement),
    size: STANDARDIZED_STATEMENTS.length,
  },
})

/** The key of a company's segment rows of one fiscal quarter (1-3, 4 the fiscal year) in `finSegmentRows`. */
export const SEGMENT_ROWS_KEY = packedKey<{ cik: number; fiscalQuarter: number }>({
  cik: { sql: 'cik', of: (cik) => cik },
  fiscalQuarter: { sql: 'fiscal_quarter', of: (q) => q, size: 8 },
})

const text = Type.String()
const number = Type.Number()
const nullableText = Type.Union([Type.String(), Type.Null()])
const nullableNumber = Type.Union([Type.Number(), Type.Null()])
/** The accession number's integer as text (18 digits are no exact double). */
const ACC_KEY_TEXT = 'acc_key::VARCHAR'
/** A TIMESTAMP as DuckDB renders it as text, as the queries these files replace returned it. */
const ACCEPTED_TEXT = 'accepted::VARCHAR'

/**
 * Each filing's context by `acc_key`: its `fin_filings` row, what every filing-level operation reads
 * first (the record's `acc_key` is the key).
 */
export const FIN_FILINGS = readModel({
  name: 'finFilings',
  path: 'lookup/fin-filings',
  key: columnKey<bigint>('acc_key'),
  keyIs: 'acc_key',
  line: 'object',
  fields: Type.Object({
    cik: number,
    name: text,
    form: text,
    fy: nullableNumber,
    fp: nullableText,
    period: nullableNumber,
    filed: number,
    accepted: nullableText,
    ticker: nullableText,
    end_date: nullableNumber,
  }),
  sql: { accepted: ACCEPTED_TEXT },
  order: 'one line per filing',
  // A line is a few hundred bytes and every filing-level request reads one: a small frame is all it decompresses.
  frameBytes: 2048,
})

/**
 * Each presented line of each filing with each of its values (none for a line without one) and its tag's
 * `concept_id` and `abstract`, by `acc_key`. No serving table holds these rows.
 */
export const FIN_STATEMENT_ROWS = readModel({
  name: 'finStatementRows',
  path: 'lookup/fin-statement-rows',
  key: columnKey<bigint>('acc_key'),
  keyIs: 'acc_key',
  line: 'array',
  fields: Type.Object({
    report: number,
    line: number,
    stmt: text,
    inpth: number,
    rfile: nullableText,
    tag: text,
    version: text,
    plabel: nullableText,
    negating: number,
    ddate: nullableNumber,
    qtrs: nullableNumber,
    uom: nullableText,
    segments: nullableText,
    coreg: nullableText,
    value: nullableNumber,
    footnote: nullableText,
    concept_id: nullableNumber,
    abstract: nullableNumber,
  }),
  order: 'report, line, then the values by ddate newest first, qtrs, uom, segments, coregistrant',
})

/** The columns of a statement row, in its line's order. */
export const STATEMENT_ROW_FIELDS = Object.keys(FIN_STATEMENT_ROWS.fields.properties)

/**
 * Each filing's concepts (the tags its statements present, each once) with their `fin_concepts` metadata,
 * by `acc_key`: the as-reported statements' tag metadata, matched to the statement rows by `concept_id`.
 * No serving table holds these rows.
 */
export const FIN_FILING_CONCEPTS = readModel({
  name: 'finFilingConcepts',
  path: 'lookup/fin-filing-concepts',
  key: columnKey<bigint>('p.acc_key'),
  keyIs: 'acc_key',
  line: 'array',
  fields: Type.Object({
    concept_id: number,
    custom: nullableNumber,
    abstract: nullableNumber,
    datatype: nullableText,
    iord: nullableText,
    crdr: nullableText,
    tlabel: nullableText,
    doc: nullableText,
  }),
  order: 'concept_id',
})

/** The columns of a filing's concept, in its line's order: its `concept_id`, then CONCEPT_META_FIELDS. */
export const FILING_CONCEPT_FIELDS = Object.keys(FIN_FILING_CONCEPTS.fields.properties)

const STANDARDIZED_FIELDS = {
  statement: text,
  metric: text,
  ddate: number,
  qtrs: number,
  uom: text,
  value: number,
  tag: text,
  rule_id: text,
  confidence: number,
  strategy: text,
}

/**
 * The `fin_standardized` rows at each filing's own period end (`ddate` = `fin_filings.end_date`, the
 * standardized statements' default) by `acc_key`.
 */
export const FIN_STANDARDIZED = readModel({
  name: 'finStandardized',
  path: 'lookup/fin-standardized',
  key: FILING_STATEMENT_KEY,
  keyIs: 'FILING_STATEMENT_KEY (acc_key, statement)',
  line: 'array',
  fields: Type.Object(STANDARDIZED_FIELDS),
  sql: Object.fromEntries(Object.keys(STANDARDIZED_FIELDS).map((f) => [f, `st.${f}`])),
  order: 'ddate, qtrs, metric',
  // A statement's lines at the filing's own period are a couple of kilobytes: a small frame is most of
  // what a request decompresses.
  frameBytes: 4096,
})

/** Each filer's `fin_issuers` row by CIK: the company lookup, the series and segments start here. */
export const FIN_ISSUERS = readModel({
  name: 'finIssuers',
  path: 'lookup/fin-issuers',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'object',
  fields: Type.Object({ cik: number, ticker: nullableText, name: text, sic: nullableNumber, countryinc: nullableText }),
  order: 'one line per CIK',
  // Every company request reads one line of about 150 bytes: a small frame is what it decompresses.
  frameBytes: 2048,
})

/** Each filer's `fin_company_filings` rows by CIK, newest accepted first. */
export const FIN_COMPANY_FILINGS = readModel({
  name: 'finCompanyFilings',
  path: 'lookup/fin-company-filings',
  key: columnKey('cik'),
  keyIs: 'CIK',
  line: 'object',
  fields: Type.Object({
    acc_key: text,
    form: text,
    fy: nullableNumber,
    fp: nullableText,
    end_date: nullableNumber,
    filed: number,
    accepted: nullableText,
  }),
  sql: { acc_key: ACC_KEY_TEXT, accepted: ACCEPTED_TEXT },
  order: 'accepted, newest first',
})

/**
 * The `fin_segment_rows` by SEGMENT_ROWS_KEY (CIK, fiscal quarter), in stored order: a request reads one
 * fiscal quarter of one company, or its four (a filing asked for by accession number).
 */
export const FIN_SEGMENT_ROWS = readModel({
  name: 'finSegmentRows',
  path: 'lookup/fin-segment-rows',
  key: SEGMENT_ROWS_KEY,
  keyIs: 'SEGMENT_ROWS_KEY (CIK, fiscal quarter)',
  line: 'object',
  fields: Type.Object({
    cik: number,
    fy: number,
    years_back: number,
    acc_key: text,
    form: text,
    fp: text,
    period: nullableNumber,
    filed: number,
    accepted: nullableText,
    end_date: number,
    quarters: number,
    axis: text,
    member: text,
    segment_type: text,
    value: number,
    unit: text,
    tag: text,
    version: nullableText,
    rule_id: text,
    confidence: number,
    total_revenue: nullableNumber,
  }),
  sql: { acc_key: ACC_KEY_TEXT, accepted: ACCEPTED_TEXT },
  order: "fin_segment_rows' stored order: fiscal year newest first, accepted newest first, axis, value largest first",
})

/** The lookup files the financials area reads (lib/keyed-file.ts), by the name the manifest lists them under. */
export const LOOKUPS = lookupsOf(
  FIN_FILINGS,
  FIN_STATEMENT_ROWS,
  FIN_FILING_CONCEPTS,
  FIN_STANDARDIZED,
  FIN_ISSUERS,
  FIN_COMPANY_FILINGS,
  FIN_SEGMENT_ROWS,
)
