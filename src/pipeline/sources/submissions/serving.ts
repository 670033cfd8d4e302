/**
 * The submissions source's part of the serving database (`serving.duckdb`, attached as `s`; the server's
 * index, made from the snapshot's own Parquet). Why a DuckDB file and not the Parquet itself: a filer's
 * newest filings take several times less here (docs/architecture.md, The serving database, has the
 * figures). The tables follow the queries (docs/architecture.md):
 *
 * - integer accession keys (`acc_key`, contract ACC_KEY);
 * - `pos`, each row's position in the order the API lists filings, in the date-sorted copy and in a
 *   form-sorted copy, and per-day counts with the first position of each day (`filing_days`,
 *   `filing_form_days`): a page of the newest filings, of a date window or of one form type is then a
 *   range of positions, however deep;
 * - entities: the columns the filters read (their bodies, and every point lookup, are in the lookup files).
 */
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext } from '../../source.ts'
import { ACC_KEY, ENTITY_TYPES, nameGramSql, SERVING_TABLES } from './contract/index.ts'
import { FILINGS_BY_DATE_ORDER } from './filings.ts'

/**
 * What the filings lists read. The accession number is stored only as `acc_key` (the API formats it back):
 * every column a lookup reads costs time, strings most (every column of the row took over twice as long as
 * one integer column: docs/architecture.md).
 */
const FILING_COLUMNS = `${ACC_KEY} AS acc_key, cik, form_type, form_category, filing_date, accepted_at, entity_name, ticker`

/** `entity_type` as the server filters it (contract entityTypeCode). */
const TYPE_CODE = `list_position([${ENTITY_TYPES.map((t) => `'${t}'`).join(', ')}], entity_type)::UTINYINT`

/** Trigrams of lower-cased names, for `q` (src/areas/entities/store/name-search.ts). Names shorter than 3 have none. */
const NAME_GRAMS = `
  SELECT DISTINCT ${nameGramSql('i')} AS gram, cik, type_code, ticker, name_lower
  FROM (SELECT cik, type_code, ticker, name_lower, unnest(range(1, length(name_lower) - 1)) AS i FROM s.entities)`

const T = SERVING_TABLES

export function servingStatements({ parquet }: BuildContext): string[] {
  return [
    createServingTable(
      T.entities,
      `SELECT cik, ticker, ${TYPE_CODE} AS type_code, lower(name) AS name_lower FROM ${parquet('entities')}`,
    ),
    createServingTable(T.entity_name_grams, `SELECT * FROM (${NAME_GRAMS})`),
    createServingTable(T.filings, `SELECT ${FILING_COLUMNS} FROM ${parquet('filings')}`),
    // One Parquet file in API order (the step that writes it says so), so its row number is the position.
    createServingTable(
      T.filings_by_date,
      `SELECT ${FILING_COLUMNS}, file_row_number AS pos
      FROM ${parquet('filings_by_date', ', file_row_number = true')}`,
    ),
    createServingTable(
      T.filings_by_form,
      `SELECT ${FILING_COLUMNS}, row_number() OVER (ORDER BY form_type, ${FILINGS_BY_DATE_ORDER}) - 1 AS pos
      FROM ${parquet('filings_by_date')}`,
    ),
    createServingTable(
      T.filing_days,
      'SELECT filing_date, min(pos) AS first_pos, count(*) AS n FROM s.filings_by_date GROUP BY ALL',
    ),
    createServingTable(
      T.filing_form_days,
      'SELECT form_type, filing_date, min(pos) AS first_pos, count(*) AS n FROM s.filings_by_form GROUP BY ALL',
    ),
    createServingTable(T.form_types, `SELECT * FROM ${parquet('form_types')}`),
  ]
}

/** Positions must be the row order, or pages would skip and repeat rows: cheap to check, so checked. */
export async function checkPositions({ db }: BuildContext) {
  for (const table of ['filings_by_date', 'filings_by_form']) {
    const wrong = await db.count(
      `SELECT count(*) AS n FROM (SELECT pos, row_number() OVER () - 1 AS i FROM s.${table}) WHERE pos <> i`,
    )
    if (wrong) throw new Error(`serving database: ${wrong} rows of ${table} are out of position order`)
  }
}
