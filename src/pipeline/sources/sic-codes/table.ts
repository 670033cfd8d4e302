import { sectorForSic } from '../../../reference/sectors.ts'
import { appendTable } from '../../append.ts'
import type { BuildDb } from '../../duck.ts'

/**
 * SIC codes: the SEC's list plus codes that entities use but the list lacks (title from the entities'
 * sicDescription, office from their ownerOrg "05 Real Estate & Construction"). Large tickers are the
 * primary tickers of large accelerated filers with that code, in the SEC's market-value order, at most 10.
 */
export async function buildSicCodes(db: BuildDb) {
  const codes = await db.all<{ sic: number }>(
    `SELECT sic_code AS sic FROM stage_sic UNION SELECT sic FROM t_entities WHERE sic IS NOT NULL`,
  )
  await appendTable(
    db,
    'sic_sectors',
    { sic: 'INTEGER', sector: 'VARCHAR' },
    codes.map(({ sic }) => [sic, sectorForSic(sic)]),
  )
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
