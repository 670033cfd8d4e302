/**
 * From what a client types to a CIK. All digits: a CIK (zero-padding optional). Otherwise a ticker,
 * case-insensitive: the company whose primary ticker it is, else a company listing it among its other
 * tickers (a share class such as BRK-B), so that every listed ticker finds its filer.
 */
import type { Db } from '../../db/client.ts'
import { sql } from '../../db/sql.ts'
import { isCikLike, normalizeTicker, parseCik } from '../../lib/ids.ts'

/** The CIK a ticker belongs to, preferring the company whose primary ticker it is. */
export async function cikForTicker(db: Db, ticker: string): Promise<number | undefined> {
  const row = await db.one<{ cik: number }>(sql`
    SELECT cik::INTEGER AS cik FROM tickers
    WHERE ticker = ${normalizeTicker(ticker)}
    -- One ticker can appear under two CIKs (a parent and its trust, a re-registration): primary first.
    ORDER BY is_primary DESC, position, cik
    LIMIT 1`)
  return row?.cik
}

/** CIK for a path identifier; undefined when a ticker is unknown. A CIK is returned as given (existence is the caller's question). */
export async function resolveIdentifier(db: Db, identifier: string): Promise<number | undefined> {
  return isCikLike(identifier) ? parseCik(identifier) : cikForTicker(db, identifier)
}
