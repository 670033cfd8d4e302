/**
 * The submissions source's read models (src/pipeline/read-model.ts): the lookup files of filings, keyed by
 * the accession number's 18 digits (`acc_key`), the filer's CIK or a position in form order, of names by
 * trigram, and of entity bodies. Filing lines are JSON arrays rather than objects: the field names would be
 * a third of the files.
 */
import { Type } from '@sinclair/typebox'
import { columnKey } from '../../../contract.ts'
import { readModel } from '../../../read-model.ts'
import { ACC_KEY, ACCESSION_KEY } from './accession-key.ts'
import { ENTITY_JSON } from './entity-json.ts'

/** A filing as the server reads it, from a lookup line or a serving table (`FILING_ROW` in src/areas/common/store/filing-row.ts). */
export type FilingRow = {
  /** The accession number's 18 digits as an integer (`acc_key`), in decimal. */
  acc: string
  cik: number
  form_type: string
  form_category: string
  ticker: string | null
  /** YYYY-MM-DD */
  filing_date: string
  /** YYYY-MM-DD HH:MM:SS[.ffffff] */
  accepted_at: string | null
  entity_name: string
}

const text = Type.String()
const nullableText = Type.Union([Type.String(), Type.Null()])
/** YYYY-MM-DD: fixed width, so that the fields after it can be read without parsing (read-model.ts `peek`). */
const date = Type.String({ minLength: 10, maxLength: 10 })

/** Entity bodies (the API's JSON, entity-json.ts), rendered by the build and sent as they are. */
export const ENTITIES = readModel({
  name: 'entities',
  path: 'lookup/entities',
  key: columnKey('cik::BIGINT'),
  keyIs: 'CIK',
  line: 'rendered',
  // The body's schema is the Entities area's (src/areas/entities/schemas.ts Entity), which the build may
  // not import: test/entities checks every rendered body against it.
  fields: Type.Object({ cik: text, name: text }),
  renderedSql: ENTITY_JSON,
  order: 'one line per CIK',
  // A page of 20 entities reads 20 bodies (~1 KB each) from as many frames; 4 KB frames made a name search
  // a quarter faster for a larger file, and 2 KB gained nothing more (docs/benchmarks.md).
  frameBytes: 4096,
})

/** Every filer's line of a filing, by accession number, in CIK order (the key is the record's `acc`). */
export const FILINGS = readModel({
  name: 'filings',
  path: 'lookup/filings',
  key: ACCESSION_KEY,
  keyIs: 'accession number (ACC_KEY)',
  line: 'array',
  fields: Type.Object({
    cik: Type.Number(),
    form_type: text,
    form_category: text,
    ticker: nullableText,
    filing_date: date,
    accepted_at: nullableText,
    entity_name: text,
    primary_document: nullableText,
    primary_doc_description: nullableText,
  }),
  order: 'CIK',
})

/** A filer's line of a filing with the accession number it is keyed by. */
export type AccessionRecord = FilingRow & { primary_document: string | null; primary_doc_description: string | null }

/**
 * Each filer's filings (keyed by CIK), in the list's order: filing date, then accession number, newest
 * first. The date and form type come first, so that a page with filters can test a line by them
 * (`peek`) and parse only the lines it returns. The record's `cik` is the key.
 */
export const FILER_FILINGS = readModel({
  name: 'filerFilings',
  path: 'lookup/filer-filings',
  key: columnKey('cik::BIGINT'),
  keyIs: 'CIK',
  line: 'array',
  fields: Type.Object({
    filing_date: date,
    form_type: text,
    acc: text,
    form_category: text,
    ticker: nullableText,
    accepted_at: nullableText,
    entity_name: text,
  }),
  sql: { acc: `${ACC_KEY}::VARCHAR` },
  order: 'filing date, then accession number, newest first',
})

/** `["YYYY-MM-DD",…`: the filing date (never null). */
export const filerLineDate = FILER_FILINGS.peek.fixed('filing_date')

/** The form type (never null), unless JSON escaped a character of it: then undefined, and the line must be parsed. */
export const filerLineForm = FILER_FILINGS.peek.text('form_type')

/**
 * Filings in form type then list order, keyed by position in the serving database's `filings_by_form`. The
 * filing date, the accession number's 18 digits (zero-padded, so that text order is number order) and the
 * CIK come first: a merge of several forms' ranges orders lines by them without parsing (`peek`).
 */
export const FORM_POSITIONS = readModel({
  name: 'formPositions',
  path: 'lookup/filings-by-form',
  key: columnKey('pos::BIGINT'),
  keyIs: 'position in filings_by_form',
  line: 'array',
  fields: Type.Object({
    filing_date: date,
    acc: Type.String({ minLength: 18, maxLength: 18 }),
    cik: Type.Number(),
    form_type: text,
    form_category: text,
    ticker: nullableText,
    accepted_at: nullableText,
    entity_name: text,
  }),
  sql: { acc: `lpad(acc_key::VARCHAR, 18, '0')` },
  order: 'one line per position: form type, then filing date and accession number newest first, then CIK',
  // A merged page reads a frame per form from the middle; 8 KB frames waste less of it, and the heads
  // (src/areas/filings/store/page-skip.ts) pass a deep page's first-day rows unread, to within a frame.
  frameBytes: 8192,
})

/** `["YYYY-MM-DD","<18 digits>",<cik>,…`: date and accession number as one text, newest first when compared descending. */
export const positionOrder = FORM_POSITIONS.peek.prefix('acc')

/** The accession number's 18 digits: on one day, the list's order (descending; text order is number order). */
export const positionAcc = FORM_POSITIONS.peek.fixed('acc')

/** A frame head of the form-ordered file (lib/keyed-file.ts): its first line's accession number. */
export const positionHead = (line: string) => BigInt(positionAcc(line))

/** The CIK, the list order's last key (ascending). */
export const positionCik = FORM_POSITIONS.peek.number('cik')

/** The names holding each trigram, by trigram (index.ts nameGramKey), in CIK order: what the name filters test. */
export const NAME_GRAMS = readModel({
  name: 'nameGrams',
  path: 'lookup/name-grams',
  key: columnKey<bigint>('gram'),
  keyIs: 'trigram (nameGramKey)',
  line: 'array',
  fields: Type.Object({ cik: Type.Number(), type_code: Type.Number(), ticker: nullableText, name_lower: text }),
  order: 'CIK',
})
