/**
 * The EDGAR values every area writes the same way, each formatted here only: archive URLs under the
 * configured archive host (SEC_ARCHIVES_URL), and acceptance times in the notation each area's contract
 * gives. CIKs and accession numbers are formatted in src/lib/ids.ts.
 */
import { accessionDigits, accessionOfKey } from '../../lib/ids.ts'

/** A filing's folder in the archive: <archives>/<CIK without padding>/<accession's 18 digits>/. */
export const folderUrl = (archives: string, cik: number | string, accession: string) =>
  `${archives}/${Number(cik)}/${accessionDigits(accession)}/`

/** A filing's index page, from its accession number or integer key. */
export const filingIndexUrl = (archives: string, cik: number | string, accession: string) =>
  `${folderUrl(archives, cik, accession)}${accessionOfKey(accessionDigits(accession))}-index.htm`

/**
 * A timestamp as DuckDB prints it ('2024-09-30 16:07:30') → '2024-09-30T16:07:30': EDGAR's Eastern time,
 * without a zone designator (insiders, financials).
 */
export const easternTime = (ts: string | null): string | null =>
  ts === null ? null : `${ts.slice(0, 10)}T${ts.slice(11, 19)}`

/** EDGAR's own notation of an acceptance time (filings): Eastern time, although written with `.000Z`. */
export const edgarAcceptedTime = (ts: string | null): string | null =>
  ts === null ? null : `${ts.slice(0, 10)}T${ts.slice(11, 19)}.000Z`

/** A UTC timestamp (the 13F data sets') → '2026-08-13T20:11:30Z'. */
export const utcTime = (ts: string | null): string | null =>
  ts === null ? null : `${ts.slice(0, 10)}T${ts.slice(11, 19)}Z`
