/** The columns of the filing-index source's Parquet table, for docs/data-dictionary.md (checked as submissions/dictionary.ts says). */
import type { TableSchema } from '../../source.ts'

export const DOCUMENT_COLUMNS: TableSchema = {
  accession_number: ['VARCHAR', "the filing's accession number, `##########-##-######`"],
  cik: ['BIGINT', 'the CIK of the filer whose folder lists the document'],
  sequence: ['INTEGER', "the document's place in the folder listing (1 = first)"],
  filename: ['VARCHAR', "the file's name in the filing's folder"],
  document_type: [
    'VARCHAR',
    "the EDGAR document type: the form for the primary document, else from the file's name (`EX-101.SCH`, `EX-99.1`, `GRAPHIC`, `COMPLETE SUBMISSION`…); NULL when the name says nothing",
  ],
  description: [
    'VARCHAR',
    "what the document is: the primary document's description, else from its type; NULL when unknown",
  ],
  size: ['BIGINT', 'its size in bytes, as the listing gives it'],
  last_modified: ['TIMESTAMP', 'its last-modified time, as the listing gives it'],
  is_primary: ['BOOLEAN', "the filing's primary document (named so by its submissions record)"],
}
