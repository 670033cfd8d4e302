/**
 * Serving rows → DTOs. The queries select each column as the DTO needs its type (numbers as DOUBLE,
 * dates and times as text), and these functions only rename and format.
 */
import type { Static } from '@sinclair/typebox'
import { formatCik } from '../../lib/ids.ts'
import type { INSIDER_TRANSACTIONS } from '../../pipeline/sources/insider-transactions/contract.ts'
import { filingIndexUrl } from '../common/edgar-values.ts'

/** An ownership filing's index page, under the issuer's CIK. */
export const filingUrl = (archives: string, issuerCik: number, accKey: string) =>
  filingIndexUrl(archives, issuerCik, accKey)

export type IssuerRow = { issuer_cik: number; issuer_ticker: string | null; issuer_name: string | null }
export const issuerOf = (r: IssuerRow) => ({
  cik: formatCik(r.issuer_cik),
  ticker: r.issuer_ticker,
  name: r.issuer_name,
})

/** A transaction's line of the lookup file (contract INSIDER_TRANSACTIONS): the DTO but its filingUrl. */
export type TransactionLine = Static<typeof INSIDER_TRANSACTIONS.fields>

/** The DTO in the reference's field order: the filing, its URL, the parties, then the row as stored. */
export function toTransaction(archives: string, t: TransactionLine, reporter: unknown) {
  const { accessionNumber, accepted, issuer, reporter: _, ...row } = t
  return {
    accessionNumber,
    filingUrl: filingIndexUrl(archives, issuer.cik, accessionNumber),
    accepted,
    issuer,
    reporter,
    ...row,
  }
}
