/**
 * A full submission text file as the build reads it: EDGAR's `<accession>.txt` (`<SEC-DOCUMENT>` with a
 * `KEY:\tvalue` header) or the dissemination feed's `.nc` (`<SUBMISSION>` with one tag per line). Both
 * carry the same facts; the parser gives them one shape.
 */

/** How a company or person takes part in a filing, as the header's section names it. */
export type PartyRole = 'filer' | 'reporting-owner' | 'issuer' | 'subject-company' | 'filed-by'

export type Party = { role: PartyRole; cik: number | null; name: string | null }

export type SubmissionDocument = {
  /** `<TYPE>`: the form for the main document, else e.g. `INFORMATION TABLE`, `EX-24`. */
  type: string
  sequence: number | null
  filename: string | null
  description: string | null
  /** Everything between `<TEXT>` and `</TEXT>`. */
  body: string
  /** The `<XML>` part of the body, trimmed, or null when the document is not XML (pre-2003 forms are text). */
  xml: string | null
}

export type SubmissionText = {
  accessionNumber: string
  /** The submission type (`4`, `13F-HR/A`). */
  form: string
  /** YYYY-MM-DD */
  filed: string | null
  /** `YYYY-MM-DD HH:MM:SS`, Eastern time as EDGAR stamps it, without a zone designator; null when absent. */
  accepted: string | null
  /** YYYY-MM-DD */
  period: string | null
  parties: Party[]
  documents: SubmissionDocument[]
}
