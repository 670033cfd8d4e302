/**
 * Serving rows → DTOs. The queries select each column as the DTO needs its type (numbers as DOUBLE,
 * dates and times as text), and these functions only rename and format.
 */
import { accessionOf, folderUrl } from '../common/filing.ts'

/** 2024-09-30 16:07:30 → 2024-09-30T16:07:30: EDGAR's Eastern time, without a zone designator (SPEC 2.5). */
export const stamp = (v: string | null) => (v === null ? null : `${v.slice(0, 10)}T${v.slice(11, 19)}`)
export const cik10 = (cik: number) => String(cik).padStart(10, '0')

/** An ownership filing's index page, under the issuer's CIK. */
export const filingUrl = (archives: string, issuerCik: number, accKey: string) =>
  `${folderUrl(archives, issuerCik, accKey)}${accessionOf(accKey)}-index.htm`

export type IssuerRow = { issuer_cik: number; issuer_ticker: string | null; issuer_name: string | null }
export const issuerOf = (r: IssuerRow) => ({ cik: cik10(r.issuer_cik), ticker: r.issuer_ticker, name: r.issuer_name })

/** What a feed query selects (FEED_SELECT) for each transaction. */
export type FeedRow = IssuerRow & {
  acc: string
  reporter_cik: number | null
  reporter_name: string | null
  is_director: boolean | null
  is_officer: boolean | null
  is_ten_percent_owner: boolean | null
  officer_title: string | null
  security_title: string | null
  transaction_date: string | null
  deemed_execution_date: string | null
  transaction_code: string | null
  type: 'buy' | 'sell' | null
  shares: number | null
  price_per_share: number | null
  value: number | null
  acquired_disposed: 'A' | 'D' | null
  shares_owned_following: number | null
  direct_indirect: string | null
  nature_of_ownership: string | null
  derivative: boolean
  underlying_title: string | null
  underlying_shares: number | null
  exercise_price: number | null
  exercise_date: string | null
  expiration_date: string | null
  accepted_at: string | null
}

export function toTransaction(archives: string, r: FeedRow) {
  return {
    accessionNumber: accessionOf(r.acc),
    filingUrl: filingUrl(archives, r.issuer_cik, r.acc),
    accepted: stamp(r.accepted_at),
    issuer: issuerOf(r),
    // null when the data set's quarter lacks its REPORTINGOWNER table
    reporter:
      r.reporter_cik === null
        ? null
        : {
            cik: cik10(r.reporter_cik),
            name: r.reporter_name,
            director: r.is_director ?? false,
            officer: r.is_officer ?? false,
            tenPercentOwner: r.is_ten_percent_owner ?? false,
            officerTitle: r.officer_title,
          },
    securityType: r.security_title,
    transactionDate: r.transaction_date,
    deemedExecutionDate: r.deemed_execution_date,
    transactionCode: r.transaction_code,
    type: r.type,
    shares: r.shares,
    pricePerShare: r.price_per_share,
    value: r.value,
    acquiredDisposed: r.acquired_disposed === 'A' || r.acquired_disposed === 'D' ? r.acquired_disposed : null,
    sharesOwnedFollowingTransaction: r.shares_owned_following,
    directOrIndirectOwnership: r.direct_indirect,
    natureOfOwnership: r.nature_of_ownership,
    derivative: r.derivative,
    underlyingSecurityTitle: r.underlying_title,
    underlyingSecurityShares: r.underlying_shares,
    exercisePrice: r.exercise_price,
    exerciseDate: r.exercise_date,
    expirationDate: r.expiration_date,
  }
}
