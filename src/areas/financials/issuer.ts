/**
 * A company of the financial data: its `fin_issuers` row, read from the `finIssuers` lookup file
 * (financial-statements contract FIN_ISSUERS). The build puts there every filer with an FSDS filing or a
 * companyfacts file, named by the first source that knows it (financial-statements/issuers.ts), so a
 * company is found here whichever sources have it. The company lookup, the series and the segments start here.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import { formatCik } from '../../lib/ids.ts'
import { FIN_ISSUERS } from '../../pipeline/sources/financial-statements/contract.ts'

export type Issuer = Static<typeof FIN_ISSUERS.fields>

/** The company with this CIK, or undefined when the financial data has none. */
export function financialIssuer(db: Db, cik: number): Issuer | undefined {
  return FIN_ISSUERS.get(db, cik)[0]
}

/** The company with this CIK (undefined: an identifier that named none), else a 404 naming `who` as asked. */
export function knownIssuer(db: Db, cik: number | undefined, who: string): Issuer {
  const row = cik === undefined ? undefined : financialIssuer(db, cik)
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
