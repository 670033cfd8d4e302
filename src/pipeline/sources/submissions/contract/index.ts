/**
 * The submissions source's contract: what the server reads of the tables and lookup files this source
 * writes (src/areas/filings, src/areas/entities and src/areas/common read them; the build writes them).
 * Both sides import this module and its siblings in contract/, never the rest of the source. A test
 * (test/pipeline/contracts.test.ts) checks the built serving database against SERVING_TABLES.
 */
import { lookupsOf } from '../../../read-model.ts'
import { servingTable, servingTablesOf } from '../../../serving-table.ts'
import { ENTITIES, FILER_FILINGS, FILINGS, FORM_POSITIONS, NAME_GRAMS } from './lookup-lines.ts'

/** The entity classes of the API, in the order the serving database codes them (1-based). */
export const ENTITY_TYPES = ['company', 'individual', 'institution', 'unknown'] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

/**
 * An entity type as the serving database filters it: its position in ENTITY_TYPES, from 1. DuckDB
 * evaluates a filter over the whole row group it cannot skip, and on text that is a string comparison per
 * row: a page of one type took 60% longer with a text filter (docs/benchmarks.md).
 */
export const entityTypeCode = (type: string) => ENTITY_TYPES.indexOf(type as EntityType) + 1

export { ACC_KEY, ACCESSION_KEY, accessionKeyOf } from './accession-key.ts'

/** Lookup files (lib/keyed-file.ts) by name: the read models of lookup-lines.ts. */
export const LOOKUPS = lookupsOf(ENTITIES, FILINGS, FILER_FILINGS, FORM_POSITIONS, NAME_GRAMS)

/** Filing columns of the serving copies: the accession number only as `acc_key` (reading a string costs). */
const FILING = ['acc_key', 'cik', 'form_type', 'form_category', 'filing_date', 'accepted_at', 'entity_name', 'ticker']

/**
 * Serving-database tables (serving-table.ts): each one's columns in stored order and its order. One with a
 * `key` and no `orderBy` copies a Parquet table of the snapshot written in that order.
 */
export const SERVING_TABLES = servingTablesOf(
  servingTable({
    name: 'entities',
    holds: "an entity's CIK with the columns the entity list filters by: ticker, type code, lower-cased name",
    columns: ['cik', 'ticker', 'type_code', 'name_lower'],
    key: 'cik',
  }),
  servingTable({
    name: 'entity_name_grams',
    holds: 'a trigram of an entity name (nameGramKey) with the entity it is in, for the name search `q`',
    columns: ['gram', 'cik', 'type_code', 'ticker', 'name_lower'],
    orderBy: 'gram, cik',
  }),
  servingTable({
    name: 'filings',
    holds: "a filing, with the columns of a filer's filing list",
    columns: FILING,
    key: 'cik, filing_date DESC, acc_key DESC',
  }),
  servingTable({
    name: 'filings_by_date',
    holds: 'a filing with its position `pos` in the list of every filing (API order)',
    columns: [...FILING, 'pos'],
    key: 'pos (filing_date DESC, acc_key DESC, cik)',
  }),
  servingTable({
    name: 'filings_by_form',
    holds: 'a filing with its position `pos` in the list by form type',
    columns: [...FILING, 'pos'],
    orderBy: 'pos',
    key: 'pos (form_type, then as filings_by_date)',
  }),
  servingTable({
    name: 'filing_days',
    holds: "a filing date with its first position in filings_by_date and its filings' count",
    columns: ['filing_date', 'first_pos', 'n'],
    orderBy: 'filing_date DESC',
  }),
  servingTable({
    name: 'filing_form_days',
    holds: "a form type's filing date with its first position in filings_by_form and its filings' count",
    columns: ['form_type', 'filing_date', 'first_pos', 'n'],
    orderBy: 'form_type, filing_date DESC',
  }),
  servingTable({
    name: 'form_types',
    holds: 'a form type with its category, description, filing count and latest filing date',
    columns: ['form_type', 'category', 'description', 'filing_count', 'latest_filing_date'],
    key: 'form_type',
  }),
)

/**
 * A trigram of a lower-cased name as one integer: its three code points, 21 bits each. The build computes
 * it in SQL (nameGramSql), the server in JavaScript; a text key would cost a string comparison per row.
 */
export const nameGramKey = (text: string, i: number) =>
  (BigInt(text.charCodeAt(i)) << 42n) + (BigInt(text.charCodeAt(i + 1)) << 21n) + BigInt(text.charCodeAt(i + 2))

/** nameGramKey in SQL, for the trigram starting at 1-based position `i` of `name_lower`. */
export const nameGramSql = (i: string) =>
  `(unicode(substring(name_lower, ${i}, 1))::BIGINT << 42) + (unicode(substring(name_lower, ${i} + 1, 1))::BIGINT << 21) + unicode(substring(name_lower, ${i} + 2, 1))`
