/**
 * The SEC's SIC code list (`sic_codes.csv`: SIC Code,Office,Industry Title) into `stage_sic`. Columns are
 * read by header name.
 */
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import type { SourceFile } from '../../mirror.ts'
import { quote } from '../../sql-text.ts'

/** `stage_sic(sic_code, office, industry_title)` from the SEC's list (`SIC Code,Office,Industry Title`). */
export async function stageSicCodes(db: BuildDb, file: SourceFile | undefined) {
  await db.run(`CREATE TABLE stage_sic (sic_code INTEGER, office VARCHAR, industry_title VARCHAR)`)
  if (!file) return 0
  try {
    await db.run(`CREATE TEMP TABLE sic_raw AS
      SELECT trim("SIC Code") AS code, nullif(trim("Office"), '') AS office, nullif(trim("Industry Title"), '') AS title
      FROM read_csv(${quote(file.path)}, header = true, all_varchar = true, quote = '"', escape = '"')`)
  } catch (e) {
    throw new BuildError(
      `${duckMessage(e).replace(/ in file "[^"]*"/, '')} (expected the header SIC Code,Office,Industry Title)`,
      file.rel,
    )
  }
  const bad = await db.one<{ code: string; office: string; title: string }>(
    `SELECT code, office, title FROM sic_raw WHERE try_cast(code AS INTEGER) IS NULL OR title IS NULL LIMIT 1`,
  )
  if (bad) {
    throw new BuildError(
      'SIC Code must be a number and Industry Title present',
      file.rel,
      `row ${JSON.stringify([bad.code, bad.office, bad.title])}`,
    )
  }
  await db.run(`INSERT INTO stage_sic SELECT code::INTEGER, office, title FROM sic_raw`)
  await db.run('DROP TABLE sic_raw')
  return db.count('SELECT count(*) AS n FROM stage_sic')
}
