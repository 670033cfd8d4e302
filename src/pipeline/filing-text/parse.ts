/**
 * One submission text file into its header facts and documents. Line endings are normalized first: the
 * dissemination feed's `.nc` files arrive with bare carriage returns.
 */
import { readDocuments } from './documents.ts'
import { readNcHeader, readTxtHeader } from './header.ts'
import type { SubmissionText } from './types.ts'

export class SubmissionTextError extends Error {}

export function parseSubmissionText(raw: string): SubmissionText {
  const text = raw.replace(/\r\n?/g, '\n')
  const firstDocument = text.indexOf('<DOCUMENT>')
  const headerPart = firstDocument < 0 ? text : text.slice(0, firstDocument)
  const header = headerPart.includes('<SEC-HEADER>')
    ? readTxtHeader(headerPart)
    : headerPart.includes('<SUBMISSION>')
      ? readNcHeader(headerPart)
      : null
  if (!header || !/^\d{10}-\d{2}-\d{6}$/.test(header.accessionNumber) || !header.form)
    throw new SubmissionTextError('not an EDGAR submission text file (no accession number or submission type)')
  return { ...header, documents: readDocuments(text) }
}

/**
 * The submission type from the first few KB of a file, without reading the rest: a source skips the
 * files of other forms cheaply (the mirror's `Archives/` folder holds every source's filings).
 */
export function submissionTypeOf(head: string): string | null {
  const m = /^CONFORMED SUBMISSION TYPE:\s*(\S.*?)\s*$/m.exec(head) ?? /^<TYPE>\s*(\S.*?)\s*$/m.exec(head)
  return m?.[1] ?? null
}
