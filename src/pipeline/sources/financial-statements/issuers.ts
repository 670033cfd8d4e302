/**
 * The companies of the financial data (`fin_issuers`, one row per CIK): every filer with a filing in the
 * Financial Statement Data Sets or a file in companyfacts, whichever other sources know it. The real
 * mirror has filers that only some sources know: Snowflake's companyfacts and ticker without its
 * submissions record, and quarters of FSDS filers whose records are gone. The company lookup, the series
 * and the segments resolve a company here and nowhere else (the `finIssuers` lookup file), so a company
 * is served where any source knows it, and one that none knows is a 404.
 *
 * Identity when sources disagree, each field from the first source that has it:
 * - `name`: the entity (its submissions record, or the index files for a filer only they list: the name
 *   the Entities area serves), then company_tickers_exchange.json (its first row by market value), then
 *   companyfacts' `entityName`, then the newest FSDS filing's `name` (upper-case, as filed then).
 *   Submissions first: it is the SEC's current conformed name, and the other areas give the same.
 * - `ticker`: the primary ticker of the tickers table (the entity's first, else the exchange file's first
 *   by market value; tickers/table.ts).
 * - `sic`: the entity's, else the newest FSDS filing's; `countryinc`: the newest FSDS filing's (only the
 *   data sets give a country of incorporation).
 * A filer that no source names (a companyfacts file without `entityName`, in no other source) is left
 * out: every body names its company.
 *
 * This is the table's SELECT: its CREATE statement, ordered by CIK, comes from its declaration (contract.ts).
 */
export const ISSUERS = `WITH fsds AS (
    SELECT cik, arg_max(name, accepted) AS name, arg_max(sic, accepted) AS sic, arg_max(countryinc, accepted) AS countryinc
    FROM b.fin_filings GROUP BY cik
  ),
  known AS (SELECT cik FROM fsds UNION SELECT cik FROM t_cf_names),
  listed AS (SELECT cik, arg_min(nullif(trim(name), ''), market_rank) AS name FROM stage_tickers GROUP BY cik),
  primary_ticker AS (SELECT cik, arg_min(ticker, position) AS ticker FROM s.tickers WHERE is_primary GROUP BY cik)
  SELECT k.cik, t.ticker, coalesce(e.name, l.name, c.name, f.name) AS name, coalesce(e.sic, f.sic) AS sic,
         f.countryinc
  FROM known k
  LEFT JOIN t_entities e ON e.cik = k.cik
  LEFT JOIN listed l ON l.cik = k.cik
  LEFT JOIN t_cf_names c ON c.cik = k.cik
  LEFT JOIN fsds f ON f.cik = k.cik
  LEFT JOIN primary_ticker t ON t.cik = k.cik
  WHERE coalesce(e.name, l.name, c.name, f.name) IS NOT NULL`
