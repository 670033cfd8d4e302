/**
 * The filings of a submissions chunk as typed rows. EDGAR stores them column-wise (`filings.recent` and
 * each page file hold parallel arrays); DuckDB zips several `unnest`s in one SELECT, padding a shorter
 * array with NULL, which the `problem` column then reports.
 *
 * Each value is converted here, once. `problem` names the first value that does not convert (a bad
 * date, a malformed accession number), so the table step can fail with the file and position at fault
 * without keeping the raw text of 20 million rows.
 */

import { columnsArg } from '../../sql-text.ts'
import { FILING_ARRAYS } from './format.ts'
import type { Chunk } from './ndjson-chunks.ts'

const ARRAYS = FILING_ARRAYS

/**
 * Element types of the fast path: DuckDB converts while parsing, ~30% faster than text plus try_cast.
 * A chunk with a value that does not convert (or a date-time EDGAR wrote oddly) is staged again on the
 * text path, which converts leniently and reports the exact value and position of anything wrong.
 */
const NATIVE: Partial<Record<(typeof ARRAYS)[number], string>> = {
  filingDate: 'DATE',
  acceptanceDateTime: 'TIMESTAMP',
  size: 'BIGINT',
  isXBRL: 'INTEGER',
  isInlineXBRL: 'INTEGER',
}
export type FilingPath = 'native' | 'text'
const elementType = (c: (typeof ARRAYS)[number], path: FilingPath) =>
  path === 'native' ? (NATIVE[c] ?? 'VARCHAR') : 'VARCHAR'
const mainColumns = (path: FilingPath) =>
  columnsArg({
    _file: 'VARCHAR',
    cik: 'VARCHAR',
    filings: `STRUCT(recent STRUCT(${ARRAYS.map((c) => `"${c}" ${elementType(c, path)}[]`).join(', ')}))`,
  })
const pageColumns = (path: FilingPath) =>
  columnsArg({ _file: 'VARCHAR', ...Object.fromEntries(ARRAYS.map((c) => [c, `${elementType(c, path)}[]`])) })

const unnestAll = (alias: string) =>
  `unnest(range(len(${alias}."accessionNumber")))::INTEGER AS pos, ${ARRAYS.map((c) => `unnest(${alias}."${c}") AS "${c}"`).join(', ')}`

/** Typed columns of a staged filing, in order. `part` is 'recent' or the page file's name. */
export const STAGED_FILING_COLUMNS = `file VARCHAR, part VARCHAR, pos INTEGER, cik BIGINT, accession_number VARCHAR,
  form_type VARCHAR, filing_date DATE, report_date DATE, accepted_at TIMESTAMP, act VARCHAR, file_number VARCHAR,
  film_number VARCHAR, items VARCHAR, core_type VARCHAR, size BIGINT, is_xbrl BOOLEAN, is_inline_xbrl BOOLEAN,
  primary_document VARCHAR, primary_doc_description VARCHAR, problem VARCHAR`

/** How each converted column is computed: already typed on the native path, converted leniently on the text path. */
const CONVERT: Record<
  FilingPath,
  Record<'filing_date' | 'accepted_at' | 'size_bytes' | 'is_xbrl' | 'is_inline_xbrl', string>
> = {
  native: {
    filing_date: '"filingDate"',
    accepted_at: '"acceptanceDateTime"',
    size_bytes: '"size"',
    is_xbrl: '"isXBRL" = 1',
    is_inline_xbrl: '"isInlineXBRL" = 1',
  },
  text: {
    filing_date: `try_cast("filingDate" AS DATE)`,
    accepted_at: `try_cast(nullif("acceptanceDateTime", '') AS TIMESTAMP)`,
    size_bytes: `try_cast(nullif("size", '') AS BIGINT)`,
    is_xbrl: `"isXBRL" = '1'`,
    is_inline_xbrl: `"isInlineXBRL" = '1'`,
  },
}

export function typedFilingsSelect(
  read: (chunk: Chunk, columns: string) => string,
  chunk: Chunk,
  kind: 'main' | 'page',
  path: FilingPath,
) {
  // A page file has the arrays at top level and no CIK of its own: the CIK comes from its file name.
  const rows =
    kind === 'main'
      ? `SELECT _file, 'recent' AS part, cik AS cik_text, ${unnestAll('r')}
         FROM (SELECT _file, cik, filings.recent AS r FROM ${read(chunk, mainColumns(path))})`
      : `SELECT _file, _file AS part, regexp_extract(_file, '^CIK(\\d{10})', 1) AS cik_text, ${unnestAll('p')}
         FROM (SELECT _file, p FROM ${read(chunk, pageColumns(path))} p)`
  const c = CONVERT[path]
  return `
    SELECT _file AS file, part, pos, cik, "accessionNumber" AS accession_number, nullif(trim(form), '') AS form_type,
      filing_date, report_date, accepted_at, nullif(act, '') AS act, nullif("fileNumber", '') AS file_number,
      nullif("filmNumber", '') AS film_number, nullif(items, '') AS items, nullif(core_type, '') AS core_type, size_bytes AS size,
      ${c.is_xbrl} AS is_xbrl, ${c.is_inline_xbrl} AS is_inline_xbrl,
      nullif("primaryDocument", '') AS primary_document, nullif("primaryDocDescription", '') AS primary_doc_description,
      CASE
        WHEN "accessionNumber" IS NULL THEN 'accessionNumber is missing (are the column arrays of equal length?)'
        WHEN NOT regexp_full_match("accessionNumber", '\\d{10}-\\d{2}-\\d{6}')
          THEN 'accessionNumber ' || to_json("accessionNumber") || ' is not of the form ##########-##-######'
        WHEN filing_date IS NULL THEN 'filingDate ' || coalesce(to_json("filingDate"), 'null') || ' is not a date'
        -- reportDate is "" for forms without a period: that is absent, not wrong
        WHEN report_date IS NULL AND nullif("reportDate", '') IS NOT NULL THEN 'reportDate ' || to_json("reportDate") || ' is not a date'
        WHEN accepted_at IS NULL AND nullif("acceptanceDateTime"::VARCHAR, '') IS NOT NULL
          THEN 'acceptanceDateTime ' || to_json("acceptanceDateTime") || ' is not a date-time'
        WHEN nullif(trim(form), '') IS NULL THEN 'form is empty'
        WHEN size_bytes IS NULL AND nullif("size"::VARCHAR, '') IS NOT NULL THEN 'size ' || to_json("size") || ' is not a number'
        WHEN cik IS NULL THEN 'cik ' || coalesce(to_json(cik_text), 'null') || ' is not a number'
      END AS problem
    FROM (
      SELECT *, try_cast(cik_text AS BIGINT) AS cik, ${c.filing_date} AS filing_date,
        try_cast(nullif("reportDate", '') AS DATE) AS report_date, ${c.accepted_at} AS accepted_at, ${c.size_bytes} AS size_bytes
      FROM (${rows})
    )`
}
