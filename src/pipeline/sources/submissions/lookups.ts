/**
 * The submissions source's lookup files (contract/lookup-lines.ts; lib/keyed-file.ts): what the server
 * answers entity and filing lookups, and most pages, from without a query. Each query yields (key, line)
 * in key order with all of a key's lines in the order served, one line per row of the table it names first.
 */
import { lookupOf } from '../../lookup-files.ts'
import type { BuildContext, LookupSpec } from '../../source.ts'
import { ENTITIES, FILER_FILINGS, FILINGS, FORM_POSITIONS, NAME_GRAMS, positionHead } from './contract/lookup-lines.ts'

export function lookupSpecs({ parquet }: BuildContext): LookupSpec[] {
  return [
    lookupOf(ENTITIES, { rowsOf: parquet('entities'), from: `FROM ${parquet('entities')} ORDER BY cik` }),
    lookupOf(FILINGS, { rowsOf: parquet('filings'), from: `FROM ${parquet('filings')} ORDER BY 1, cik` }),
    // No ORDER BY: the Parquet is stored by CIK, newest first (the filings table), and its order is kept.
    lookupOf(FILER_FILINGS, { rowsOf: parquet('filings'), from: `FROM ${parquet('filings')}` }),
    // The serving database's form-sorted copy, stored in position order: no sort either.
    lookupOf(FORM_POSITIONS, { rowsOf: 's.filings_by_form', head: positionHead, from: 'FROM s.filings_by_form' }),
    // Stored by trigram, then CIK.
    lookupOf(NAME_GRAMS, { rowsOf: 's.entity_name_grams', from: 'FROM s.entity_name_grams' }),
  ]
}
