/**
 * The small tables: form types (active forms with category and description), SIC codes (office,
 * industry title, sector, large tickers) and tickers (every ticker of every entity, for lookups).
 */
import { describeFormType } from '../../reference/form-types.ts'
import { sectorForSic } from '../../reference/sectors.ts'
import type { BuildDb } from '../duck.ts'
import { appendTable } from '../stage/reference.ts'

/** `form_info(form_type, category, description)` for every form that occurs, by the one TypeScript rule. */
export async function createFormInfo(db: BuildDb) {
  const forms = await db.all<{ form_type: string }>(`SELECT DISTINCT form_type FROM filings_union`)
  const rows = forms.map(({ form_type }) => {
    const info = describeFormType(form_type)
    return [form_type, info.category, info.description]
  })
  await appendTable(db, 'form_info', { form_type: 'VARCHAR', category: 'VARCHAR', description: 'VARCHAR' }, rows)
}

/** Active form types: those with at least one filing, with how many and the latest date. */
export async function buildFormTypes(db: BuildDb) {
  await db.run(`CREATE TABLE t_form_types AS
    SELECT f.form_type, fi.category, fi.description, count(*)::INTEGER AS filing_count,
      max(f.filing_date) AS latest_filing_date
    FROM t_filings f JOIN form_info fi USING (form_type)
    GROUP BY ALL`)
  return db.count('SELECT count(*) AS n FROM t_form_types')
}

/**
 * SIC codes: the SEC's list plus codes that entities use but the list lacks (title from the entities'
 * sicDescription, office from their ownerOrg "05 Real Estate & Construction"). Large tickers are the
 * primary tickers of large accelerated filers with that code, in the SEC's market-value order, at most 10.
 */
export async function buildSicCodes(db: BuildDb) {
  const codes = await db.all<{ sic: number }>(
    `SELECT sic_code AS sic FROM stage_sic UNION SELECT sic FROM t_entities WHERE sic IS NOT NULL`,
  )
  await appendTable(db, 'sic_sectors', { sic: 'INTEGER', sector: 'VARCHAR' }, codes.map(({ sic }) => [sic, sectorForSic(sic)]))
  await db.run(`CREATE TABLE t_sic_codes AS
    WITH used AS (
      SELECT sic, mode(sic_description) AS title, mode(owner_org) AS owner_org, count(*)::INTEGER AS entity_count
      FROM t_entities WHERE sic IS NOT NULL GROUP BY sic
    ),
    large AS (
      SELECT sic, list(ticker ORDER BY market_rank NULLS LAST, ticker) AS tickers FROM t_entities
      WHERE ticker IS NOT NULL AND category ILIKE '%large accelerated filer%' GROUP BY sic
    )
    SELECT coalesce(s.sic_code, u.sic) AS sic_code,
      coalesce(s.office, regexp_replace(u.owner_org, '^\\d+\\s+', 'Office of ')) AS office,
      coalesce(s.industry_title, upper(u.title)) AS industry_title,
      sec.sector,
      nullif(array_to_string(list_slice(l.tickers, 1, 10), ','), '') AS large_size_tickers,
      coalesce(u.entity_count, 0) AS entity_count
    FROM stage_sic s FULL OUTER JOIN used u ON u.sic = s.sic_code
    LEFT JOIN large l ON l.sic = coalesce(s.sic_code, u.sic)
    LEFT JOIN sic_sectors sec ON sec.sic = coalesce(s.sic_code, u.sic)`)
  return db.count('SELECT count(*) AS n FROM t_sic_codes')
}

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
