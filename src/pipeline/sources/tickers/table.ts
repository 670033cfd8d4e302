import type { BuildDb } from '../../duck.ts'

/**
 * Every ticker of every entity: the entity's own list (position 1 is its primary ticker), plus tickers
 * that company_tickers_exchange.json gives a CIK beyond its submissions list.
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
    )
    SELECT upper(ticker) AS ticker, cik, exchange, position, coalesce(position = 1, false) AS is_primary, last_filing_date
    FROM (SELECT * FROM own UNION ALL SELECT * FROM extra)
    WHERE ticker IS NOT NULL AND ticker <> ''
    -- a ticker listed twice for one CIK is kept once, at its first position
    QUALIFY row_number() OVER (PARTITION BY upper(ticker), cik ORDER BY position NULLS LAST) = 1`)
  return db.count('SELECT count(*) AS n FROM t_tickers')
}
