/**
 * The Insiders 404s: the error they give, the issuer a ticker path names and the person a CIK names,
 * each asked of the store (store/index.ts).
 */
import { ApiError } from '../../http/errors.ts'
import { formatCik } from '../../lib/ids.ts'
import type { InsidersStore, PersonRow } from './store/index.ts'

export const notFound = (message: string) => new ApiError('not_found', message)

/** The issuer a ticker names (its primary ticker first, docs/api/insiders.md); 404 when it names nobody. */
export async function issuerCikOf(store: InsidersStore, ticker: string): Promise<number> {
  const cik = await store.issuerCik(ticker)
  if (cik === undefined) throw notFound(`No company has the ticker ${ticker.toUpperCase()}.`)
  return cik
}

/** A person's record; 404 when no ownership filing names the CIK. */
export function personOf(store: InsidersStore, cik: number): PersonRow {
  const row = store.person(cik)
  if (!row) throw notFound(`No insider filings name the reporting owner CIK ${formatCik(cik)}.`)
  return row
}
