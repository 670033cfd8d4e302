/**
 * Filings: every (filer CIK, accession number) pair. EDGAR lists a multi-filer filing (a Form 4 of an
 * insider about an issuer, say) under each filer, so the accession number alone is not a key.
 *
 * Sources, in order of preference: submissions (recent and page files), then the master.idx rows that
 * submissions lack (the current day, filers without a submissions file).
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { BuildDb } from '../../duck.ts'
import { BuildError } from '../../errors.ts'
import { PARQUET, quote } from '../../sql-text.ts'

/**
 * `filings_union`: typed rows from both sources, without entity names yet (entities need filing stats
 * first). Fails on the first value that did not convert, naming its file and position.
 */
export async function typeFilings(db: BuildDb, source: string) {
  const bad = await db.one<{ file: string; part: string; pos: number; problem: string }>(
    `SELECT file, part, pos, problem FROM stage_filings WHERE problem IS NOT NULL ORDER BY file, pos LIMIT 1`,
  )
  if (bad) {
    const record = bad.part === 'recent' ? `filings.recent[${bad.pos}]` : `filing [${bad.pos}]`
    throw new BuildError(bad.problem, source, `${bad.file}: ${record}`)
  }
  // A filing listed twice for one CIK (in recent and in a page file) is kept once. Counting first keeps
  // the costly window off the common path, where there are none.
  const duplicates = await db.count(`SELECT count(*) AS n FROM (
    SELECT 1 FROM stage_filings GROUP BY cik, accession_number HAVING count(*) > 1)`)
  const sub = duplicates
    ? `SELECT * FROM stage_filings
       QUALIFY row_number() OVER (PARTITION BY cik, accession_number ORDER BY part = 'recent' DESC, part, pos) = 1`
    : 'SELECT * FROM stage_filings'
  await db.run(`CREATE VIEW filings_sub AS SELECT * EXCLUDE (file, part, pos, problem), 'submissions' AS source,
    NULL::VARCHAR AS index_company_name FROM (${sub})`)
  await db.run(`CREATE TABLE index_only AS
    WITH idx AS (
      SELECT cik, accession_number, form_type, filing_date, source, company_name AS index_company_name
      FROM stage_index
      -- the same filing can be listed twice (a fund filing once per series): keep one row per filer
      QUALIFY row_number() OVER (PARTITION BY cik, accession_number ORDER BY source = 'daily-index' DESC, filing_date DESC) = 1
    ),
    known AS (SELECT cik, accession_number FROM filings_sub WHERE cik IN (SELECT cik FROM idx))
    SELECT idx.* FROM idx ANTI JOIN known USING (cik, accession_number)`)
  await db.run(`CREATE VIEW filings_union AS SELECT * FROM filings_sub UNION ALL BY NAME SELECT * FROM index_only`)
  return { rows: await db.count('SELECT count(*) AS n FROM filings_union'), duplicates }
}

/**
 * Rows per sort in the by-date step. A single sort of all 23 million wide rows (full scale) ran out of
 * memory now and then: at 2 GB, 2.5 GB and, in two runs of four, at the 4 GB default, while most runs
 * passed at 2 GB. In date ranges of this size each sort holds a quarter of the rows; four full-scale
 * builds so cut (one at 2 GB) all passed.
 */
export const SORT_CHUNK_ROWS = 6_000_000

/**
 * `filings_by_date`, written straight into the snapshot: filings with the filer's current name, primary
 * ticker and the form's category, newest first. It is also `t_filings`, the source of the other copies
 * and of the checks, so the join and the first sort happen once.
 *
 * Past `chunkRows` rows, the rows are cut into date ranges of about that many (by quantiles of the filing
 * date), each sorted into its own file in the work folder, newest range first; the files are then copied
 * in that order into one, which needs no sort, only the order kept.
 */
export async function finishFilings(
  db: BuildDb,
  file: string,
  work: string,
  rows: number,
  chunkRows = SORT_CHUNK_ROWS,
) {
  const joined = (where: string) => `
    SELECT f.accession_number, f.cik, f.form_type, fi.category AS form_category, f.filing_date, f.report_date,
      f.accepted_at, f.act, f.file_number, f.film_number, f.items, f.core_type, f.size, f.is_xbrl, f.is_inline_xbrl,
      f.primary_document, f.primary_doc_description,
      coalesce(e.name, f.index_company_name) AS entity_name, e.ticker, f.source
    FROM filings_union f
    LEFT JOIN t_entities e USING (cik)
    LEFT JOIN form_info fi USING (form_type)
    WHERE ${where}
    ORDER BY ${FILINGS_BY_DATE_ORDER}`
  const write = (select: string, target: string) =>
    db.runLarge(`COPY (${select}) TO ${quote(target)} (${PARQUET}, ROW_GROUP_SIZE 100000)`)
  const ranges = dateRanges(await rangeStarts(db, rows, chunkRows))
  if (ranges.length === 1) {
    await write(joined('TRUE'), file)
  } else {
    const parts = ranges.map((_, i) => join(work, `sorted-by-date-${i}.parquet`))
    for (const [i, where] of ranges.entries()) await write(joined(where), parts[i]!)
    await db.run('SET preserve_insertion_order = true')
    try {
      await write(`SELECT * FROM read_parquet([${parts.map(quote).join(', ')}])`, file)
    } finally {
      await db.run('SET preserve_insertion_order = false')
    }
    for (const part of parts) rmSync(part, { force: true })
  }
  await db.run(`CREATE VIEW t_filings AS SELECT * FROM read_parquet(${quote(file)})`)
}

/** The first (newest) day of each date range but the oldest, newest first: none when one range will do. */
async function rangeStarts(db: BuildDb, rows: number, chunkRows: number): Promise<string[]> {
  const n = Math.ceil(rows / chunkRows)
  if (n <= 1) return []
  const fractions = Array.from({ length: n - 1 }, (_, i) => (n - 1 - i) / n)
  const found = await db.all<{ day: string }>(`
    SELECT DISTINCT unnest(quantile_disc(filing_date, [${fractions.join(', ')}]))::VARCHAR AS day FROM filings_union ORDER BY day DESC`)
  return found.map((r) => r.day)
}

/** WHERE clauses for the ranges that `starts` cut, newest first; NULL dates sort last, so they go last. */
function dateRanges(starts: string[]): string[] {
  if (!starts.length) return ['TRUE']
  const day = (d: string) => `DATE ${quote(d)}`
  return [
    `filing_date >= ${day(starts[0]!)}`,
    ...starts.slice(1).map((d, i) => `filing_date >= ${day(d)} AND filing_date < ${day(starts[i]!)}`),
    `(filing_date < ${day(starts.at(-1)!)} OR filing_date IS NULL)`,
  ]
}

export const FILINGS_BY_DATE_ORDER = 'filing_date DESC, accession_number DESC, cik'
