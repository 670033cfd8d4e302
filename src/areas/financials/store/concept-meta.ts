/**
 * A tag's metadata as FSDS's tag.txt gives it, the same columns whether read from the concept search's
 * `fin_concepts` or from a filing's own concepts (the `finFilingConcepts` lookup file, contract
 * FILING_CONCEPT_FIELDS).
 */
import { ident, join } from '../../../db/sql.ts'
import { CONCEPT_META_FIELDS } from '../../../pipeline/sources/financial-statements/contract.ts'

/** `custom` and `abstract` are 0/1 as stored; the operations turn them into booleans. */
export type ConceptMeta = {
  custom: number | null
  abstract: number | null
  datatype: string | null
  iord: string | null
  crdr: string | null
  tlabel: string | null
  doc: string | null
}

export const CONCEPT_META_COLUMNS = join(CONCEPT_META_FIELDS.map(ident), ', ')
