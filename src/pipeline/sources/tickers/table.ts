import type { BuildDb } from '../../duck.ts'

/**
 * Every ticker of every filer: an entity's own list (position 1 is its primary ticker), plus tickers that
 * company_tickers_exchange.json gives a CIK beyond its submissions list, plus the tickers of a CIK the
 * file lists but no entity has (the submissions mirror lacks its record, as the real one lacks Snowflake's
 * while its companyfacts and ticker are there): numbered in the file's market-value order, so its first is
 * its primary. Every area resolves a ticker through this table (src/areas/common/store/identifiers.ts), so
 * such a ticker finds its filer wherever a source knows the filer.
 */
export async function buildTickers(db: BuildDb) {
  await db.run(`CREATE TABLE t_tickers AS
    WITH own AS (
      SELECT cik, unnest(tickers) AS ticker, unnest(exchanges) AS exchange,
        unnest(range(1, len(tickers) + 1))::INTEGER AS position, last_filing_date
      FROM t_entities
    ),
    extra AS (
      SELECT t.cik, t.ticker, t.exchange, NULL::INTEGER AS position, e.last_filing_date
      FROM stage_tickers t JOIN t_entities e USING (cik)
      WHERE NOT list_contains(e.tickers, t.ticker)
    ),
    unlisted AS (
      SELECT cik, ticker, exchange, row_number() OVER (PARTITION BY cik ORDER BY market_rank)::INTEGER AS position,
        NULL::DATE AS last_filing_date
      FROM stage_tickers WHERE cik NOT IN (SELECT cik FROM t_entities)
    )
    SELECT upper(ticker) AS ticker, cik, exchange, position, coalesce(position = 1, false) AS is_primary, last_filing_date
    FROM (SELECT * FROM own UNION ALL SELECT * FROM extra UNION ALL SELECT * FROM unlisted)
    WHERE ticker IS NOT NULL AND ticker <> ''
    -- a ticker listed twice for one CIK is kept once, at its first position
    QUALIFY row_number() OVER (PARTITION BY upper(ticker), cik ORDER BY position NULLS LAST) = 1`)
  return db.count('SELECT count(*) AS n FROM t_tickers')
}
