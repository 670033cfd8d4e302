/**
 * The small reference sources: `company_tickers_exchange.json` (tickers, exchanges and the SEC's own
 * market-value order), `sic_codes.csv`, and rows computed in TypeScript (form-type descriptions, sectors)
 * that the SQL steps join against. Columns are read by header name, never by position.
 */
import type { BuildDb } from '../duck.ts'
import { BuildError, duckMessage } from '../errors.ts'
import type { SourceFile } from '../sources.ts'
import { quote } from '../sql-text.ts'

/** `stage_tickers(cik, name, ticker, exchange, market_rank)`: one row per ticker, rank = position in the file. */
export async function stageTickers(db: BuildDb, file: SourceFile | undefined) {
  await db.run(`CREATE TABLE stage_tickers (cik BIGINT, name VARCHAR, ticker VARCHAR, exchange VARCHAR, market_rank INTEGER)`)
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
  if (bad) throw new BuildError('expected fields cik (a number) and ticker in every row', file.rel, `data[${bad.market_rank - 1}]`)
  return db.count('SELECT count(*) AS n FROM stage_tickers')
}

/** `stage_sic(sic_code, office, industry_title)` from the SEC's list (`SIC Code,Office,Industry Title`). */
export async function stageSicCodes(db: BuildDb, file: SourceFile | undefined) {
  await db.run(`CREATE TABLE stage_sic (sic_code INTEGER, office VARCHAR, industry_title VARCHAR)`)
  if (!file) return 0
  try {
    await db.run(`CREATE TEMP TABLE sic_raw AS
      SELECT trim("SIC Code") AS code, nullif(trim("Office"), '') AS office, nullif(trim("Industry Title"), '') AS title
      FROM read_csv(${quote(file.path)}, header = true, all_varchar = true, quote = '"', escape = '"')`)
  } catch (e) {
    throw new BuildError(`${duckMessage(e).replace(/ in file "[^"]*"/, '')} (expected the header SIC Code,Office,Industry Title)`, file.rel)
  }
  const bad = await db.one<{ code: string; office: string; title: string }>(
    `SELECT code, office, title FROM sic_raw WHERE try_cast(code AS INTEGER) IS NULL OR title IS NULL LIMIT 1`,
  )
  if (bad) {
    throw new BuildError('SIC Code must be a number and Industry Title present', file.rel, `row ${JSON.stringify([bad.code, bad.office, bad.title])}`)
  }
  await db.run(`INSERT INTO stage_sic SELECT code::INTEGER, office, title FROM sic_raw`)
  await db.run('DROP TABLE sic_raw')
  return db.count('SELECT count(*) AS n FROM stage_sic')
}

type Cell = string | number | boolean | null

/** Creates `table` and fills it from JavaScript rows through DuckDB's appender (no SQL text per value). */
export async function appendTable(db: BuildDb, table: string, columns: Record<string, 'VARCHAR' | 'INTEGER' | 'BOOLEAN'>, rows: Cell[][]) {
  const names = Object.keys(columns)
  await db.run(`CREATE OR REPLACE TABLE ${table} (${names.map((n) => `"${n}" ${columns[n]}`).join(', ')})`)
  const appender = await db.conn.createAppender(table)
  for (const row of rows) {
    names.forEach((n, i) => {
      const v = row[i] ?? null
      if (v === null) appender.appendNull()
      else if (columns[n] === 'INTEGER') appender.appendInteger(Number(v))
      else if (columns[n] === 'BOOLEAN') appender.appendBoolean(Boolean(v))
      else appender.appendVarchar(String(v))
    })
    appender.endRow()
  }
  appender.flushSync()
  appender.closeSync()
}
