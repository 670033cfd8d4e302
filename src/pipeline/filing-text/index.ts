/**
 * Full submission text files (`Archives/edgar/data/<cik>/<accession>.txt`), shared by the sources that
 * read filings themselves for the days their quarterly data sets do not cover yet (ownership Forms 3/4/5,
 * Form 13F): parsing both layouts, finding them in the mirror, fetching them after the daily indexes, and
 * writing them for the sample generator.
 */
export { headerDate, headerDateTime } from './dates.ts'
export { downloadFilingTexts, type FilingTextRequest, filingTextsListed } from './download.ts'
export { formatSubmissionText, type SubmissionTextInput } from './format.ts'
export {
  FILING_TEXT_ROOT,
  type FilingTextFile,
  type FilingTextFolder,
  filingTextPath,
  filingTextsOfForms,
  findFilingTexts,
  foundFilingTexts,
} from './mirror-files.ts'
export { parseSubmissionText, SubmissionTextError, submissionTypeOf } from './parse.ts'
export { ParsedTexts } from './parsed-cache.ts'
export type { Party, PartyRole, SubmissionDocument, SubmissionText } from './types.ts'
