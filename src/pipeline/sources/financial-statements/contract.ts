/**
 * The financial-statements source's contract: the serving tables the financials area reads (the build
 * writes them in serving.ts). Every filing-level table is keyed by `acc_key`, the integer form of the
 * accession number (submissions contract ACC_KEY: DuckDB keeps only an 8-byte prefix of a string's
 * min/max, so a string key would skip no row group).
 */
import { packedKey } from '../../contract.ts'

/** The statement codes of the API: FSDS's `EQ` (equity) is answered as `SE`; the others as FSDS has them. */
export const STATEMENT_CODES = ['IS', 'BS', 'CF', 'SE', 'CI'] as const
export type StatementCode = (typeof STATEMENT_CODES)[number]

const FILING = ['acc_key', 'cik', 'name', 'sic', 'countryinc', 'form', 'fy', 'fp', 'period', 'filed', 'accepted']

/** The columns of a `finStatementRows` line, in its JSON array's order (the server reads them by position). */
export const STATEMENT_ROW_FIELDS = [
  'report',
  'line',
  'stmt',
  'inpth',
  'rfile',
  'tag',
  'version',
  'plabel',
  'negating',
  'ddate',
  'qtrs',
  'uom',
  'segments',
  'coreg',
  'value',
  'footnote',
  'concept_id',
  'abstract',
] as const

/** A tag's metadata as tag.txt gives it, the columns every concept table and line carries after its keys. */
export const CONCEPT_META_FIELDS = ['custom', 'abstract', 'datatype', 'iord', 'crdr', 'tlabel', 'doc'] as const

export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  /** One row per FSDS filing; `end_date` is its own period's end (the reported date nearest `period`). */
  fin_filings: { columns: [...FILING, 'ticker', 'end_date'], sortedBy: 'acc_key' },
  /** 10-K, 10-Q and their amendments per filer, newest accepted first: the company lookup. */
  fin_company_filings: {
    columns: ['cik', 'acc_key', 'form', 'fy', 'fp', 'period', 'end_date', 'filed', 'accepted'],
    sortedBy: 'cik, accepted DESC, acc_key DESC',
  },
  /**
   * Every company of the financial data (an FSDS filing or a companyfacts file), named by the first source
   * that knows it (submissions, tickers, companyfacts, FSDS: issuers.ts), with its primary ticker.
   */
  fin_issuers: { columns: ['cik', 'ticker', 'name', 'sic', 'countryinc'], sortedBy: 'cik' },
  /** Every (tag, version) of tag.txt once, numbered in stored order, with its metadata and its text. */
  fin_concepts: {
    columns: ['concept_id', 'text_id', 'tag', 'version', ...CONCEPT_META_FIELDS],
    sortedBy: 'custom, tag, text, version (= concept_id)',
  },
  /**
   * Each distinct (custom, tag, label, documentation) once, lower-cased for the search, with its run of
   * concepts (`first_id`, `n`): a custom tag's text repeats in every filing that uses it.
   */
  fin_concept_texts: {
    columns: ['text_id', 'custom', 'first_id', 'n', 'search_text', 'search_doc'],
    sortedBy: 'text_id (custom, tag, label, documentation)',
  },
  /**
   * Canonical metric values per filing and period, chosen by the rule table (src/reference/canonical-metrics.json)
   * and the canonical choice (src/pipeline/canonical-choice.ts), `strategy` saying which rule decided.
   */
  fin_standardized: {
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
    sortedBy: 'acc_key, statement, ddate, qtrs, metric',
  },
  /**
   * Segment revenue rows of each 10-K and 10-Q at its own period and its comparative columns (`fy` the
   * period's fiscal year, `years_back` its distance from the filing's own), one axis each (segments.ts).
   */
  fin_segment_rows: {
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
    sortedBy: 'cik, fiscal_quarter, fy DESC, accepted DESC, acc_key, axis, value DESC, member',
  },
}

/** The lookup files the financials area reads (lib/keyed-file.ts), by the name the manifest lists them under. */
export const LOOKUPS = {
  /** Each filing's context (FILING_LINE) by `acc_key`: what every filing-level operation reads first. */
  finFilings: 'lookup/fin-filings',
  /**
   * Each presented line of each filing with each of its values (none for a line without one) and its tag's
   * `concept_id` (STATEMENT_ROW_LINE), by `acc_key`, in presentation order (report, line, then the values by
   * `ddate` newest first, `qtrs`, `uom`, segments, coregistrant). No serving table holds these rows.
   */
  finStatementRows: 'lookup/fin-statement-rows',
  /**
   * Each filing's concepts (the tags its statements present, each once) with their `fin_concepts` metadata
   * (FILING_CONCEPT_LINE), by `acc_key`, by `concept_id`: the as-reported statements' tag metadata, matched
   * to the statement rows by `concept_id`. No serving table holds these rows.
   */
  finFilingConcepts: 'lookup/fin-filing-concepts',
  /**
   * The `fin_standardized` rows at each filing's own period end (`ddate` = `fin_filings.end_date`, the
   * standardized statements' default) by `acc_key`, in stored order (STANDARDIZED_LINE).
   */
  finStandardized: 'lookup/fin-standardized',
  /** Each filer's `fin_issuers` row (ISSUER_LINE) by CIK: the company lookup, the series and segments start here. */
  finIssuers: 'lookup/fin-issuers',
  /** Each filer's `fin_company_filings` rows (COMPANY_FILING_LINE) by CIK, newest accepted first. */
  finCompanyFilings: 'lookup/fin-company-filings',
  /**
   * The `fin_segment_rows` (SEGMENT_ROW_LINE) by segmentRowsKey(CIK, fiscal quarter), in stored order: a
   * request reads one fiscal quarter of one company, or its four (a filing asked for by accession number).
   */
  finSegmentRows: 'lookup/fin-segment-rows',
} as const

/** A filer's line in `finIssuers`: its `fin_issuers` row as a JSON object. */
export const ISSUER_LINE = `json_object('cik', cik, 'ticker', ticker, 'name', name, 'sic', sic, 'countryinc', countryinc)::VARCHAR`

/** A filing's line in `finCompanyFilings` (the accession key as text: 18 digits are no exact double). */
export const COMPANY_FILING_LINE = `json_object('acc_key', acc_key::VARCHAR, 'form', form, 'fy', fy, 'fp', fp,
  'end_date', end_date, 'filed', filed, 'accepted', accepted::VARCHAR)::VARCHAR`

/** The key of a company's segment rows of one fiscal quarter (1-3, 4 the fiscal year) in `finSegmentRows`. */
export const SEGMENT_ROWS_KEY = packedKey<{ cik: number; fiscalQuarter: number }>({
  cik: { sql: 'cik', of: (cik) => cik },
  fiscalQuarter: { sql: 'fiscal_quarter', of: (q) => q, size: 8 },
})

/** A segment row's line in `finSegmentRows`: its `fin_segment_rows` columns as a JSON object. */
export const SEGMENT_ROW_LINE = `json_object('cik', cik, 'fy', fy, 'years_back', years_back, 'acc_key', acc_key::VARCHAR,
  'form', form, 'fp', fp, 'period', period, 'filed', filed, 'accepted', accepted::VARCHAR, 'end_date', end_date, 'quarters', quarters,
  'axis', axis, 'member', member, 'segment_type', segment_type, 'value', value, 'unit', unit, 'tag', tag,
  'version', version, 'rule_id', rule_id, 'confidence', confidence, 'total_revenue', total_revenue)::VARCHAR`

/**
 * A filing's line in `finFilings`: its `fin_filings` row as a JSON object of the columns the server reads
 * (`accepted` as DuckDB renders a TIMESTAMP as text, as the query it replaces returned it).
 */
export const FILING_LINE = `json_object('cik', cik, 'name', name, 'form', form, 'fy', fy, 'fp', fp, 'period', period,
  'filed', filed, 'accepted', accepted::VARCHAR, 'ticker', ticker, 'end_date', end_date)::VARCHAR`

/** A statement row's line in `finStatementRows`: a JSON array of STATEMENT_ROW_FIELDS. */
export const STATEMENT_ROW_LINE = `json_array(${STATEMENT_ROW_FIELDS.join(', ')})::VARCHAR`

/** The columns of a `finFilingConcepts` line, in its JSON array's order (the server reads them by position). */
export const FILING_CONCEPT_FIELDS = ['concept_id', ...CONCEPT_META_FIELDS] as const

/** A filing's concept's line in `finFilingConcepts`: a JSON array of FILING_CONCEPT_FIELDS. */
export const FILING_CONCEPT_LINE = `json_array(${FILING_CONCEPT_FIELDS.join(', ')})::VARCHAR`

/** The columns of a `finStandardized` line, in its JSON array's order. */
export const STANDARDIZED_FIELDS = [
  'statement',
  'metric',
  'ddate',
  'qtrs',
  'uom',
  'value',
  'tag',
  'rule_id',
  'confidence',
  'strategy',
] as const

/** A standardized value's line in `finStandardized`: a JSON array of STANDARDIZED_FIELDS. */
export const STANDARDIZED_LINE = `json_array(${STANDARDIZED_FIELDS.map((f) => `st.${f}`).join(', ')})::VARCHAR`
