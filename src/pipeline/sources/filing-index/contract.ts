/**
 * The filing-index source's contract: the documents lookup file the server reads (src/areas/filings),
 * keyed by the accession number's 18 digits like the filings lookup file (submissions contract ACC_KEY).
 */
import { Type } from '@sinclair/typebox'
import { lookupsOf, readModel } from '../../read-model.ts'
import { ACCESSION_KEY } from '../submissions/contract/index.ts'

const nullableText = Type.Union([Type.String(), Type.Null()])

/** Listed documents of filings whose folder listing was fetched, by accession number. */
export const DOCUMENTS = readModel({
  name: 'documents',
  path: 'lookup/documents',
  key: ACCESSION_KEY,
  keyIs: 'accession number (ACC_KEY)',
  line: 'array',
  fields: Type.Object({
    cik: Type.Number(),
    sequence: Type.Number(),
    filename: Type.String(),
    documentType: nullableText,
    description: nullableText,
  }),
  sql: { documentType: 'document_type' },
  order: 'CIK, then sequence',
  // Most filings have no listing, and a request learns that only by reading the frame where the key would
  // be: a small frame keeps that read cheap.
  frameBytes: 2048,
})

export const LOOKUPS = lookupsOf(DOCUMENTS)
