/**
 * Serving rows → DTOs. The queries select each column as the DTO needs its type (numbers as DOUBLE,
 * dates and times as text), and these functions only rename and format.
 */
import { accessionOf, folderUrl } from '../common/filing.ts'

/** 2024-09-30 16:07:30 → 2024-09-30T16:07:30: EDGAR's Eastern time, without a zone designator (docs/api/insiders.md, The transaction). */
export const stamp = (v: string | null) => (v === null ? null : `${v.slice(0, 10)}T${v.slice(11, 19)}`)
export const cik10 = (cik: number) => String(cik).padStart(10, '0')

/** An ownership filing's index page, under the issuer's CIK. */
export const filingUrl = (archives: string, issuerCik: number, accKey: string) =>
  `${folderUrl(archives, issuerCik, accKey)}${accessionOf(accKey)}-index.htm`

export type IssuerRow = { issuer_cik: number; issuer_ticker: string | null; issuer_name: string | null }
export const issuerOf = (r: IssuerRow) => ({ cik: cik10(r.issuer_cik), ticker: r.issuer_ticker, name: r.issuer_name })

/** A transaction's line of the lookup file (contract TRANSACTION_LINE): the DTO but its filingUrl. */
export type TransactionLine = {
  accessionNumber: string
  accepted: string | null
  issuer: { cik: string; ticker: string | null; name: string | null }
  reporter: Record<string, unknown> | null
  [field: string]: unknown
}

/** The DTO in the reference's field order: the filing, its URL, the parties, then the row as stored. */
export function toTransaction(archives: string, t: TransactionLine, reporter: unknown) {
  const { accessionNumber, accepted, issuer, reporter: _, ...row } = t
  const acc = accessionNumber.replaceAll('-', '')
  return {
    accessionNumber,
    filingUrl: `${archives}/${Number(issuer.cik)}/${acc}/${accessionNumber}-index.htm`,
    accepted,
    issuer,
    reporter,
    ...row,
  }
}
