/**
 * The filing-index source's contract: the documents lookup file the server reads (src/areas/filings),
 * keyed by the accession number's 18 digits like the filings lookup file (submissions contract ACC_KEY).
 */

export const LOOKUPS = {
  /** Listed documents of filings whose folder listing was fetched, by accession number. */
  documents: 'lookup/documents',
} as const

/** A listed document's line, in CIK then sequence order. */
export const DOCUMENT_LINE = `json_array(cik, sequence, filename, document_type, description)::VARCHAR`

export type DocumentRecord = {
  cik: number
  sequence: number
  filename: string
  documentType: string | null
  description: string | null
}

export function documentRecord(line: string): DocumentRecord {
  const [cik, sequence, filename, documentType, description] = JSON.parse(line)
  return { cik, sequence, filename, documentType, description }
}
