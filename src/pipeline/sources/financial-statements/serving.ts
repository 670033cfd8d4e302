/**
 * The financial-statements source's part of the serving database, one table per access path, each sorted
 * by the key its operation filters on (contract.ts lists them):
 *
 * - `fin_filings` by `acc_key`: a filing's context (FilingContextDTO) and its own period's end date;
 * - `fin_company_filings` by CIK, newest accepted first: the company lookup; `fin_issuers` by CIK, the
 *   companies any source knows (issuers.ts);
 * - `fin_concepts` by (custom, tag, text, version) and `fin_concept_texts` by text: every (tag, version)
 *   once, and each distinct text once for the concept search to scan;
 * - the `finStatementRows` lookup file by `acc_key`, report, line (not a table: the server reads nothing
 *   else of it): presentation lines joined with their values once, here, so the XBRL block and each
 *   as-reported statement read one run of lines; a line's tag metadata is its `concept_id`, and the
 *   `finFilingConcepts` lookup file (by `acc_key`, not a table either) holds each filing's concepts once:
 *   stored on every row, a tag's documentation would repeat on each of its values; looked up in
 *   `fin_concepts` by a list of ids, it would touch row groups all over a table of every custom tag;
 * - `fin_standardized` by `acc_key`: the canonical metrics the rule table picks (standardized.ts);
 * - `fin_segment_rows` by CIK and fiscal period: segment revenue by axis member (segments.ts).
 *
 * Everything reads the quarters through the views the period conversion made (`t_fsds_*`), which are
 * empty tables when the mirror has no quarter.
 */
import { ROWS_PER_RANGE } from '../../key-ranges.ts'
import { lookupOf } from '../../lookup-files.ts'
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext, LookupSpec } from '../../source.ts'
import {
  FIN_COMPANY_FILINGS,
  FIN_FILING_CONCEPTS,
  FIN_FILINGS,
  FIN_ISSUERS,
  FIN_SEGMENT_ROWS,
  FIN_STANDARDIZED,
  FIN_STATEMENT_ROWS,
  SERVING_TABLES,
} from './contract.ts'
import { ISSUERS } from './issuers.ts'
import { segmentStatements } from './segments.ts'
import { takenOrMade } from './serving-reuse.ts'
import { CONSOLIDATED, ymdDate } from './sql.ts'
import { standardizedStatements } from './standardized.ts'

/** The forms the company lookup lists. */
const LOOKUP_FORMS = `('10-K', '10-Q', '10-K/A', '10-Q/A')`

/**
 * A filing's own period end: FSDS's `period` is the balance-sheet date rounded to a month end, so the
 * end date is the reported `ddate` within 31 days of it that carries the most consolidated values (the
 * later one on a tie), else `period` itself (a 52/53-week year ends on 2026-05-30, `period` says 0531).
 */
const END_DATES = `
  SELECT acc_key, ddate FROM (
    SELECT n.acc_key, n.ddate, count(*) AS values
    FROM t_fsds_num n JOIN t_fsds_sub s USING (acc_key)
    WHERE ${CONSOLIDATED.replaceAll('segments', 'n.segments').replaceAll('coreg', 'n.coreg')}
      AND abs(date_diff('day', ${ymdDate('n.ddate')}, ${ymdDate('s.period')})) <= 31
    GROUP BY ALL)
  QUALIFY row_number() OVER (PARTITION BY acc_key ORDER BY values DESC, ddate DESC) = 1`

/** Latest metadata of each (tag, version): standard tags repeat in every quarter's tag.txt. */
const CONCEPTS = `
  SELECT tag, version, arg_max(custom, quarter) AS custom, arg_max(abstract, quarter) AS abstract,
         arg_max(datatype, quarter) AS datatype, arg_max(iord, quarter) AS iord, arg_max(crdr, quarter) AS crdr,
         arg_max(tlabel, quarter) AS tlabel, arg_max(doc, quarter) AS doc
  FROM t_fsds_tag GROUP BY tag, version`

const T = SERVING_TABLES

export async function servingStatements(ctx: BuildContext): Promise<string[]> {
  return [
    `CREATE TEMP TABLE fin_end_dates AS ${END_DATES}`,
    createServingTable(
      T.fin_filings,
      `SELECT s.acc_key, s.cik, s.name, s.sic, s.countryinc, s.form, s.fy, s.fp, s.period, s.filed, s.accepted,
             t.ticker, coalesce(e.ddate, s.period) AS end_date
      FROM t_fsds_sub s
      LEFT JOIN fin_end_dates e USING (acc_key)
      -- One ticker per filer (its primary; the first by position should a filer have several): one row per filing.
      LEFT JOIN (SELECT cik, arg_min(ticker, position) AS ticker FROM s.tickers WHERE is_primary GROUP BY cik) t ON t.cik = s.cik`,
    ),
    createServingTable(
      T.fin_company_filings,
      `SELECT cik, acc_key, form, fy, fp, period, end_date, filed, accepted FROM b.fin_filings
      WHERE form IN ${LOOKUP_FORMS}`,
    ),
    createServingTable(T.fin_issuers, ISSUERS),
    // Made from the quarterly sets alone: a night without a new quarter copies them (serving-reuse.ts).
    ...takenOrMade(
      ctx,
      FSDS_ONLY[0]!,
      [T.fin_concepts, T.fin_concept_texts, T.fin_standardized],
      [...conceptStatements, ...(await standardizedStatements(ctx))],
    ),
    ...segmentStatements(),
    'DROP TABLE fin_end_dates',
  ]
}

/** The concepts and their texts, from the quarterly sets' tag files. */
const conceptStatements = [
  // A text is a distinct (custom, tag, label, documentation): a company's custom tag repeats in each of its
  // filings (version = accession number) with the same text. Numbered in the concepts' order.
  `CREATE TEMP TABLE fin_texts AS
      SELECT row_number() OVER (ORDER BY custom, tag, tlabel NULLS FIRST, doc NULLS FIRST)::INTEGER AS text_id, *
      FROM (SELECT DISTINCT coalesce(custom, 0) AS custom, tag, tlabel, doc FROM (${CONCEPTS}))`,
  // Standard tags first, then custom ones (most of the rows); one text's versions together, so each text's
  // concepts are one run of concept_id.
  createServingTable(
    T.fin_concepts,
    `SELECT row_number() OVER (ORDER BY t.text_id, c.version)::INTEGER AS concept_id, t.text_id,
             c.tag, c.version, t.custom, c.abstract, c.datatype, c.iord, c.crdr, c.tlabel, c.doc
      FROM (${CONCEPTS}) c
      JOIN fin_texts t ON t.custom = coalesce(c.custom, 0) AND t.tag = c.tag
        AND t.tlabel IS NOT DISTINCT FROM c.tlabel AND t.doc IS NOT DISTINCT FROM c.doc`,
  ),
  // What the concept search scans: each text once, lower-cased once here (lower() per row at query time
  // tripled a documentation scan of 5M rows), with the run of concepts it stands for.
  createServingTable(
    T.fin_concept_texts,
    `SELECT t.text_id, t.custom, min(c.concept_id) AS first_id, count(*)::INTEGER AS n,
             lower(t.tag || ' ' || coalesce(t.tlabel, '')) AS search_text, lower(t.doc) AS search_doc
      FROM fin_texts t JOIN s.fin_concepts c USING (text_id)
      GROUP BY t.text_id, t.custom, t.tag, t.tlabel, t.doc`,
  ),
  'DROP TABLE fin_texts',
]

/** A filing is one row of fin_filings (its context would otherwise depend on which row a lookup finds): cheap, so checked. */
export async function checkFilings({ db }: BuildContext) {
  const twice = await db.count(
    'SELECT count(*) AS n FROM (SELECT acc_key FROM b.fin_filings GROUP BY acc_key HAVING count(*) > 1)',
  )
  if (twice) throw new Error(`serving database: ${twice} accession numbers have more than one row in fin_filings`)
}

/**
 * The files made from the quarterly sets alone (their values, presentation and tags, and the serving tables
 * made of them only: a filing's context from fin_filings but its ticker): a night without a new quarter
 * takes them from the previous snapshot.
 */
const FSDS_ONLY = ['financial-statements']

/**
 * A filing's context as a line of a lookup file: every filing-level operation starts with it, and as a
 * DuckDB point query it cost over half of a standardized statement's target; a read here costs a small
 * fraction of that (docs/benchmarks.md).
 */
export const financialLookups = (): LookupSpec[] => [
  lookupOf(FIN_FILINGS, { rowsOf: 'b.fin_filings', from: 'FROM b.fin_filings ORDER BY acc_key' }),
  // Written straight from the join, not from a serving table: the server reads the rows only through this
  // file, and a copy in the serving database was 1.45 GB of it at full volume. In 32 ranges of filings:
  // a full-volume build that sorted the whole join (with 164 million num rows) ran out of disk for its
  // spill in that step. No count (rowsOf): it would run the join a second time.
  lookupOf(FIN_STATEMENT_ROWS, {
    madeFrom: FSDS_ONLY,
    ranges: { column: 'acc_key', of: 't_fsds_pre', parts: 32, rowsPerPart: ROWS_PER_RANGE },
    from: (inRange) => `FROM (${statementRows(inRange)})
      ORDER BY acc_key, report, line, ddate DESC, qtrs, uom, segments_as_filed NULLS FIRST, coreg_as_filed NULLS FIRST`,
  }),
  // Each filing's concepts once (not once per value): an as-reported statement's metadata is one read by
  // acc_key. Written straight from the join, as the statement rows are: the server reads them only through
  // this file (as the fin_filing_concepts table, 48.6 million rows at full volume, their query kept the
  // 16-connection p99 of the as-reported statements over target). In ranges of filings, each range's
  // sort of the lines being a part of the whole. No count (rowsOf): it would run the join a second time.
  lookupOf(FIN_FILING_CONCEPTS, {
    madeFrom: FSDS_ONLY,
    ranges: { column: 'acc_key', of: 't_fsds_pre', parts: 8, rowsPerPart: ROWS_PER_RANGE },
    from: (inRange) => `FROM (SELECT DISTINCT acc_key, tag, version FROM t_fsds_pre WHERE ${inRange('acc_key')}) p
      JOIN s.fin_concepts c ON c.tag = p.tag AND c.version = p.version
      ORDER BY p.acc_key, c.concept_id`,
  }),
  lookupOf(FIN_STANDARDIZED, {
    madeFrom: FSDS_ONLY,
    rowsOf: `(${OWN_PERIOD_STANDARDIZED})`,
    from: `FROM (${OWN_PERIOD_STANDARDIZED}) st ORDER BY ${FIN_STANDARDIZED.key.sql}, st.ddate, st.qtrs, st.metric`,
  }),
  // The company lookup's, the series' and the segments' reads: as DuckDB point queries by CIK each paid
  // DuckDB's fixed cost (a segment request missed its target: docs/benchmarks.md), most of it before
  // a row is read. Read in stored order (preserve_insertion_order): each table is sorted by its key.
  lookupOf(FIN_ISSUERS, { rowsOf: 's.fin_issuers', from: 'FROM s.fin_issuers' }),
  lookupOf(FIN_COMPANY_FILINGS, { rowsOf: 'b.fin_company_filings', from: 'FROM b.fin_company_filings' }),
  lookupOf(FIN_SEGMENT_ROWS, { madeFrom: FSDS_ONLY, rowsOf: 'b.fin_segment_rows', from: 'FROM b.fin_segment_rows' }),
]

/**
 * Each presented line of each filing with each of its values (none for a line without one), its tag's
 * `concept_id` and whether the tag is abstract (STATEMENT_ROW_FIELDS: the XBRL block needs no other
 * metadata, so it reads no query), and the segments and coregistrant as filed (`''` or NULL) to order by.
 */
const statementRows = (inRange: (column: string) => string) => `SELECT p.acc_key, p.report, p.line,
    CASE p.stmt WHEN 'EQ' THEN 'SE' ELSE p.stmt END AS stmt, p.inpth, p.rfile, p.tag, p.version, p.plabel, p.negating,
    n.ddate, n.qtrs, n.uom, nullif(n.segments, '') AS segments, nullif(n.coreg, '') AS coreg,
    n.value::DOUBLE AS value, n.footnote, c.concept_id, c.abstract, n.segments AS segments_as_filed,
    n.coreg AS coreg_as_filed
  FROM (SELECT * FROM t_fsds_pre WHERE ${inRange('acc_key')}) p
  LEFT JOIN (SELECT * FROM t_fsds_num WHERE ${inRange('acc_key')}) n
    ON n.acc_key = p.acc_key AND n.tag = p.tag AND n.version = p.version
  LEFT JOIN s.fin_concepts c ON c.tag = p.tag AND c.version = p.version`

/**
 * The standardized values at each filing's own period end: what a standardized statement answers by
 * default, 45% of fin_standardized's rows. As a query on that 67-million-row table it cost nearly all of
 * the target on a cold block (uniform draws); another period still takes the query.
 */
const OWN_PERIOD_STANDARDIZED = `SELECT st.* FROM s.fin_standardized st JOIN b.fin_filings f
  ON f.acc_key = st.acc_key AND st.ddate = f.end_date`
