/**
 * Filings: every (filer CIK, accession number) pair. EDGAR lists a multi-filer filing (a Form 4 of an
 * insider about an issuer, say) under each filer, so the accession number alone is not a key.
 *
 * Sources, in order of preference: submissions (recent and page files), then the master.idx rows that
 * submissions lack (the current day, filers without a submissions file).
 */
import type { BuildDb } from '../duck.ts'
import { BuildError } from '../errors.ts'

/** First malformed staged filing, described with its file and position, or nothing. */
async function findBadFiling(db: BuildDb) {
  return db.one<{ file: string; part: string; pos: number; problem: string }>(`
    SELECT file, part, pos, problem FROM (
      SELECT file, part, pos, CASE
        WHEN "accessionNumber" IS NULL THEN 'accessionNumber is missing (are the column arrays of equal length?)'
        WHEN NOT regexp_full_match("accessionNumber", '\\d{10}-\\d{2}-\\d{6}')
          THEN 'accessionNumber ' || to_json("accessionNumber") || ' is not of the form ##########-##-######'
        WHEN try_cast("filingDate" AS DATE) IS NULL THEN 'filingDate ' || coalesce(to_json("filingDate"), 'null') || ' is not a date'
        WHEN nullif("reportDate", '') IS NOT NULL AND try_cast("reportDate" AS DATE) IS NULL
          THEN 'reportDate ' || to_json("reportDate") || ' is not a date'
        WHEN nullif("acceptanceDateTime", '') IS NOT NULL AND try_cast("acceptanceDateTime" AS TIMESTAMP) IS NULL
          THEN 'acceptanceDateTime ' || to_json("acceptanceDateTime") || ' is not a date-time'
        WHEN nullif(trim(form), '') IS NULL THEN 'form is empty'
        WHEN nullif(size, '') IS NOT NULL AND try_cast(size AS BIGINT) IS NULL THEN 'size ' || to_json(size) || ' is not a number'
        WHEN try_cast(cik AS BIGINT) IS NULL THEN 'cik ' || coalesce(to_json(cik), 'null') || ' is not a number'
      END AS problem
      FROM stage_filings
    ) WHERE problem IS NOT NULL LIMIT 1`)
}

/** `t_filings_typed`: typed rows from both sources, without entity names yet (entities need filing stats first). */
export async function typeFilings(db: BuildDb, source: string) {
  const bad = await findBadFiling(db)
  if (bad) {
    const record = bad.part === 'recent' ? `filings.recent[${bad.pos}]` : `filing [${bad.pos}]`
    throw new BuildError(bad.problem, source, `${bad.file}: ${record}`)
  }
  await db.run(`CREATE TABLE t_filings_typed AS
    WITH sub AS (
      SELECT cik::BIGINT AS cik, "accessionNumber" AS accession_number, trim(form) AS form_type,
        "filingDate"::DATE AS filing_date,
        -- reportDate is "" for forms without a period
        try_cast(nullif("reportDate", '') AS DATE) AS report_date,
        try_cast(nullif("acceptanceDateTime", '') AS TIMESTAMP) AS accepted_at,
        nz(act) AS act, nz("fileNumber") AS file_number, nz("filmNumber") AS film_number, nz(items) AS items,
        nz(core_type) AS core_type, try_cast(nullif(size, '') AS BIGINT) AS size,
        "isXBRL" = '1' AS is_xbrl, "isInlineXBRL" = '1' AS is_inline_xbrl,
        nz("primaryDocument") AS primary_document, nz("primaryDocDescription") AS primary_doc_description,
        'submissions' AS source, NULL::VARCHAR AS index_company_name
      FROM stage_filings
      -- a filing listed twice for one CIK (recent and a page file) is kept once, preferring recent
      QUALIFY row_number() OVER (PARTITION BY cik, "accessionNumber" ORDER BY part = 'recent' DESC, part, pos) = 1
    ),
    idx AS (
      SELECT cik, accession_number, form_type, filing_date, source, company_name AS index_company_name
      FROM stage_index
      QUALIFY row_number() OVER (PARTITION BY cik, accession_number ORDER BY source = 'daily-index' DESC, filing_date DESC) = 1
    ),
    known AS (SELECT cik, accession_number FROM sub WHERE cik IN (SELECT cik FROM idx))
    SELECT * FROM sub
    UNION ALL BY NAME
    SELECT idx.* FROM idx ANTI JOIN known USING (cik, accession_number)`)
  return db.count('SELECT count(*) AS n FROM t_filings_typed')
}

/** `t_filings`: typed filings with the filer's current name, primary ticker and the form's category. */
export async function finishFilings(db: BuildDb) {
  await db.run(`CREATE TABLE t_filings AS
    SELECT f.accession_number, f.cik, f.form_type, fi.category AS form_category, f.filing_date, f.report_date,
      f.accepted_at, f.act, f.file_number, f.film_number, f.items, f.core_type, f.size, f.is_xbrl, f.is_inline_xbrl,
      f.primary_document, f.primary_doc_description,
      coalesce(e.name, f.index_company_name) AS entity_name, e.ticker, f.source,
      year(f.filing_date)::SMALLINT AS filing_year
    FROM t_filings_typed f
    LEFT JOIN t_entities e USING (cik)
    LEFT JOIN form_info fi USING (form_type)`)
  await db.run('DROP TABLE t_filings_typed')
}
