/**
 * What the Insiders queries share: the 404 they give, and the issuer a ticker path names. The queries
 * themselves, one per operation over the serving tables of the insider source (its contract.ts), each
 * sorted on the key the operation filters by, are in feeds.ts, directories.ts, figures.ts and holdings.ts.
 */
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import { cikForTicker } from '../common/store/identifiers.ts'

export const notFound = (message: string) => new ApiError('not_found', message)

/** The issuer a ticker names (its primary ticker first, docs/api/insiders.md); 404 when it names nobody. */
export async function issuerCikOf(db: Db, ticker: string): Promise<number> {
  const cik = await cikForTicker(db, ticker)
  if (cik === undefined) throw notFound(`No company has the ticker ${ticker.toUpperCase()}.`)
  return cik
}
