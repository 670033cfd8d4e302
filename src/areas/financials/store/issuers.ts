/**
 * A company of the financial data and its filings, read from lookup files by CIK, no query. Its
 * `fin_issuers` row is in the `finIssuers` lookup file (financial-statements contract FIN_ISSUERS): the
 * build puts there every filer with an FSDS filing or a companyfacts file, named by the first source that
 * knows it (financial-statements/issuers.ts), so a company is found here whichever sources have it. The
 * company lookup, the series and the segments start here. Its 10-K and 10-Q filings are the lines of the
 * `finCompanyFilings` lookup file under its CIK.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import { FIN_COMPANY_FILINGS, FIN_ISSUERS } from '../../../pipeline/sources/financial-statements/contract.ts'

export type Issuer = Static<typeof FIN_ISSUERS.fields>

/** One of a company's filings as the company lookup lists them. */
export type CompanyFilingRow = Static<typeof FIN_COMPANY_FILINGS.fields>

/** The company with this CIK, or undefined when the financial data has none. */
export function financialIssuer(db: Db, cik: number): Issuer | undefined {
  return FIN_ISSUERS.get(db, cik)[0]
}

/**
 * The filer's filings at positions [from, to) of its lookup file, which holds them newest accepted first:
 * the lines past `to` are left unread.
 */
export function companyFilings(db: Db, cik: number, from: number, to: number): CompanyFilingRow[] {
  const rows: CompanyFilingRow[] = []
  let at = 0
  for (const line of FIN_COMPANY_FILINGS.lineTextsOneByOne(db, cik)) {
    if (at >= to) break
    if (at++ >= from) rows.push(FIN_COMPANY_FILINGS.decode(line))
  }
  return rows
}
