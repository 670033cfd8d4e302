/**
 * EDGAR's submissions format, as the stage reads it and the sample generator writes it: the parallel
 * filing arrays of `filings.recent` and of each page file, in EDGAR's order.
 */
export const FILING_ARRAYS = [
  'accessionNumber',
  'filingDate',
  'reportDate',
  'acceptanceDateTime',
  'act',
  'form',
  'fileNumber',
  'filmNumber',
  'items',
  'core_type',
  'size',
  'isXBRL',
  'isInlineXBRL',
  'primaryDocument',
  'primaryDocDescription',
] as const
