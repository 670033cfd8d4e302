/**
 * A company of the financial data as its operations use it (the store reads it: store/issuers.ts): the
 * 404 when the data has none, and the issuer as every body writes it. The company lookup, the series and
 * the segments start here.
 */
import { ApiError } from '../../http/errors.ts'
import { formatCik } from '../../lib/ids.ts'
import type { FinancialsStore, Issuer } from './store/index.ts'

/** The company with this CIK (undefined: an identifier that named none), else a 404 naming `who` as asked. */
export function knownIssuer(store: FinancialsStore, cik: number | undefined, who: string): Issuer {
  const row = cik === undefined ? undefined : store.issuer(cik)
  if (!row)
    throw new ApiError(
      'not_found',
      `No financial data for ${who}: no such company in the financial data of this snapshot.`,
    )
  return row
}

/** The issuer as every financials body writes it. */
export const issuerBody = (i: Issuer) => ({
  cik: formatCik(i.cik),
  ticker: i.ticker,
  name: i.name,
  sic: i.sic,
  countryInc: i.countryinc,
})
