/**
 * `company_tickers_exchange.json` into `stage_tickers`: tickers, exchanges and the SEC's own market-value
 * order. Columns are read by the names in its `fields` array, never by position.
 */
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import type { SourceFile } from '../../mirror.ts'
import { quote } from '../../sql-text.ts'

/** `stage_tickers(cik, name, ticker, exchange, market_rank)`: one row per ticker, rank = position in the file. */
export async function stageTickers(db: BuildDb, file: SourceFile | undefined) {
  await db.run(
    `CREATE TABLE stage_tickers (cik BIGINT, name VARCHAR, ticker VARCHAR, exchange VARCHAR, market_rank INTEGER)`,
  )
  if (!file) return 0
  try {
    await db.run(`INSERT INTO stage_tickers
      WITH doc AS (SELECT fields, data FROM read_json(${quote(file.path)}, columns = {'fields': 'VARCHAR[]', 'data': 'JSON[]'},
                                                       format = 'auto', maximum_object_size = 67108864)),
      rows AS (SELECT fields, unnest(data) AS r, unnest(range(len(data)))::INTEGER + 1 AS market_rank FROM doc),
      -- 'fields' names the columns of each row; their order is not assumed
      cols AS (SELECT r, market_rank, '$[' || (list_position(fields, 'cik') - 1) || ']' AS c, '$[' || (list_position(fields, 'name') - 1) || ']' AS n,
                    '$[' || (list_position(fields, 'ticker') - 1) || ']' AS t, '$[' || (list_position(fields, 'exchange') - 1) || ']' AS x FROM rows)
      SELECT try_cast(json_extract_string(r, c) AS BIGINT), json_extract_string(r, n), upper(trim(json_extract_string(r, t))),
             nullif(trim(json_extract_string(r, x)), ''), market_rank
      FROM cols`)
  } catch (e) {
    throw new BuildError(duckMessage(e).replace(/ in file "[^"]*"/, ''), file.rel)
  }
  const bad = await db.one<{ market_rank: number }>(
    `SELECT market_rank FROM stage_tickers WHERE cik IS NULL OR ticker IS NULL OR ticker = '' ORDER BY market_rank LIMIT 1`,
  )
  if (bad)
    throw new BuildError(
      'expected fields cik (a number) and ticker in every row',
      file.rel,
      `data[${bad.market_rank - 1}]`,
    )
  return db.count('SELECT count(*) AS n FROM stage_tickers')
}
