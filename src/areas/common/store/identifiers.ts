/**
 * From what a client types to a CIK, for every area that takes a CIK or a ticker. All digits: a CIK
 * (zero-padding optional). Otherwise a ticker, case-insensitive: the company whose primary ticker it is,
 * else a company listing it among its other tickers (a share class such as BRK-B), so that every listed
 * ticker finds its filer.
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { isCik, isCikLike, normalizeTicker, parseCik } from '../../../lib/ids.ts'

/**
 * The CIK a ticker belongs to, preferring the company whose primary ticker it is. All tickers of the
 * snapshot (about 12,000) are held in a map per snapshot: a lookup costs no query.
 */
export async function cikForTicker(db: Db, ticker: string): Promise<number | undefined> {
  const tickers = await db.memo(TICKER_CIKS)
  return tickers.get(normalizeTicker(ticker))
}

const TICKER_CIKS = defineMemo({
  name: 'ticker-ciks',
  from: ['tickers'],
  holds: 'the CIK of every ticker, the primary listing first',
  compute: (db) => loadTickerCiks(db),
})

async function loadTickerCiks(db: Db): Promise<ReadonlyMap<string, number>> {
  const rows = await db.all<{ ticker: string; cik: number }>(sql`
    SELECT ticker, cik::INTEGER AS cik FROM tickers
    -- One ticker can appear under two CIKs (a parent and its trust, a re-registration): primary first.
    QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY is_primary DESC, position, cik) = 1`)
  return new Map(rows.map((r) => [r.ticker, r.cik]))
}

/**
 * CIK for a path identifier; undefined when it names nobody: an unknown ticker, or a run of more than 10
 * digits (a CIK no entity can have: answered without a lookup, and never parsed, since 30 digits overflow
 * to a float). A CIK is returned as given: whether an entity has it is the caller's question.
 */
export async function resolveIdentifier(db: Db, identifier: string): Promise<number | undefined> {
  if (isCikLike(identifier)) return isCik(identifier) ? parseCik(identifier) : undefined
  return cikForTicker(db, identifier)
}
