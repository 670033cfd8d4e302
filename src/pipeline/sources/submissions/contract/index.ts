/**
 * The submissions source's contract: what the server reads of the tables and lookup files this source
 * writes (src/areas/filings, src/areas/entities and src/areas/common read them; the build writes them).
 * Both sides import this module and its siblings in contract/, never the rest of the source. A test
 * (test/pipeline/contracts.test.ts) checks the built serving database against SERVING_TABLES.
 */
import { accessionKey } from '../../../../lib/ids.ts'
import type { PackedKey } from '../../../contract.ts'

/** The entity classes of the API, in the order the serving database codes them (1-based). */
export const ENTITY_TYPES = ['company', 'individual', 'institution', 'unknown'] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

/**
 * An entity type as the serving database filters it: its position in ENTITY_TYPES, from 1. DuckDB
 * evaluates a filter over the whole row group it cannot skip, and on text that is a string comparison per
 * row: a page of one type took 60% longer with a text filter (docs/benchmarks.md).
 */
export const entityTypeCode = (type: string) => ENTITY_TYPES.indexOf(type as EntityType) + 1

/**
 * Integer form of an accession number, as the build computes it: 0000320193-24-000123 → 320193240000123
 * (lib/ids.ts accessionKey is the server's side). DuckDB keeps only an 8-byte prefix of a string's
 * min/max per row group, which for accession numbers is the filer's CIK, so a string key skips nothing.
 */
export const ACC_KEY = `replace(accession_number, '-', '')::BIGINT`

/** A lookup file's key that is a filing's accession number (ACC_KEY), packed from its text. */
export const ACCESSION_KEY: PackedKey<string> = { sql: ACC_KEY, pack: accessionKey }

/** Lookup files (lib/keyed-file.ts) by name, each a path in the snapshot without extension. */
export const LOOKUPS = {
  /** Entity bodies (the API's JSON, contract/entity-json.ts) by CIK. */
  entities: 'lookup/entities',
  /** Every filer's line of a filing, by accession number (contract/lookup-lines.ts). */
  filings: 'lookup/filings',
  /** Each filer's filings, newest first, by CIK. */
  filerFilings: 'lookup/filer-filings',
  /** Filings in form type then list order, by position in `filings_by_form`. */
  formPositions: 'lookup/filings-by-form',
  /** The names holding each trigram, by trigram (nameGramKey), in CIK order. */
  nameGrams: 'lookup/name-grams',
} as const

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

/** A name's line in the trigram lookup file: what the name filters test. */
export const NAME_GRAM_LINE = `json_array(cik, type_code, ticker, name_lower)::VARCHAR`
