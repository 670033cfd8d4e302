/**
 * The submissions source's contract: what the server reads of the tables and lookup files this source
 * writes (src/areas/filings, src/areas/entities and src/areas/common read them; the build writes them).
 * Both sides import this module and its siblings in contract/, never the rest of the source. A test
 * (test/pipeline/contracts.test.ts) checks the built serving database against SERVING_TABLES.
 */
import { lookupsOf } from '../../../read-model.ts'
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

export { ACC_KEY, ACCESSION_KEY } from './accession-key.ts'

/** Lookup files (lib/keyed-file.ts) by name: the read models of lookup-lines.ts. */
export const LOOKUPS = lookupsOf(ENTITIES, FILINGS, FILER_FILINGS, FORM_POSITIONS, NAME_GRAMS)

/** Filing columns of the serving copies: the accession number only as `acc_key` (reading a string costs). */
const FILING = ['acc_key', 'cik', 'form_type', 'form_category', 'filing_date', 'accepted_at', 'entity_name', 'ticker']

/** Serving-database tables and the columns the server reads, in stored order. */
export const SERVING_TABLES: Record<string, { columns: string[]; sortedBy: string }> = {
  entities: { columns: ['cik', 'ticker', 'type_code', 'name_lower'], sortedBy: 'cik' },
  entity_name_grams: { columns: ['gram', 'cik', 'type_code', 'ticker', 'name_lower'], sortedBy: 'gram, cik' },
  filings: { columns: FILING, sortedBy: 'cik, filing_date DESC, acc_key DESC' },
  filings_by_date: { columns: [...FILING, 'pos'], sortedBy: 'pos (filing_date DESC, acc_key DESC, cik)' },
  filings_by_form: { columns: [...FILING, 'pos'], sortedBy: 'pos (form_type, then as filings_by_date)' },
  filing_days: { columns: ['filing_date', 'first_pos', 'n'], sortedBy: 'filing_date DESC' },
  filing_form_days: {
    columns: ['form_type', 'filing_date', 'first_pos', 'n'],
    sortedBy: 'form_type, filing_date DESC',
  },
  form_types: {
    columns: ['form_type', 'category', 'description', 'filing_count', 'latest_filing_date'],
    sortedBy: 'form_type',
  },
}

/**
 * A trigram of a lower-cased name as one integer: its three code points, 21 bits each. The build computes
 * it in SQL (nameGramSql), the server in JavaScript; a text key would cost a string comparison per row.
 */
export const nameGramKey = (text: string, i: number) =>
  (BigInt(text.charCodeAt(i)) << 42n) + (BigInt(text.charCodeAt(i + 1)) << 21n) + BigInt(text.charCodeAt(i + 2))

/** nameGramKey in SQL, for the trigram starting at 1-based position `i` of `name_lower`. */
export const nameGramSql = (i: string) =>
  `(unicode(substring(name_lower, ${i}, 1))::BIGINT << 42) + (unicode(substring(name_lower, ${i} + 1, 1))::BIGINT << 21) + unicode(substring(name_lower, ${i} + 2, 1))`
