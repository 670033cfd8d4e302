/**
 * Entities: one row per CIK, every field of a submissions file (docs/api/entities.md), plus filers known only from
 * the index files (name only, type 'unknown').
 *
 * EDGAR rules applied here:
 * - `entityType` in EDGAR is 'operating' or 'other'; the API's class is company | individual |
 *   institution | unknown: 'operating' is a company; an 'other' filer with a null EIN (EDGAR's mark of a
 *   person), no tickers, no state of incorporation and no filer category is an individual (insiders such
 *   as "BUFFETT WARREN E", who also co-files 13F reports); any other filer of 13F reports is an
 *   institution; any other 'other' filer is a company (funds, trusts, LLCs).
 * - The primary ticker is the first ticker of the submissions file; when that list is empty, the tickers of
 *   company_tickers_exchange.json (in the SEC's market-value order) stand in.
 * - "" means absent: empty strings become NULL; an EIN of 000000000 is EDGAR's placeholder, so NULL.
 * - Former names keep their dates (midnight US Eastern, written in UTC: the UTC date is the Eastern date).
 */
import type { BuildDb } from '../../duck.ts'
import { BuildError } from '../../errors.ts'
import { PARQUET, quote } from '../../sql-text.ts'

async function findBadEntity(db: BuildDb) {
  return db.one<{ file: string; problem: string }>(`
    SELECT _file AS file, CASE
      WHEN cik IS NULL OR NOT regexp_full_match(cik, '\\d{1,10}') THEN 'cik ' || coalesce(to_json(cik), 'null') || ' is not a number'
      WHEN cik::BIGINT <> regexp_extract(_file, '^CIK(\\d{10})', 1)::BIGINT THEN 'cik ' || cik || ' does not match the file name'
      WHEN nullif(trim(name), '') IS NULL THEN 'name is missing'
      WHEN nullif(trim(sic), '') IS NOT NULL AND try_cast(trim(sic) AS INTEGER) IS NULL THEN 'sic ' || to_json(sic) || ' is not a number'
    END AS problem
    FROM stage_entities WHERE problem IS NOT NULL LIMIT 1`)
}

/**
 * Writes the `entities` table straight into the snapshot, sorted by CIK, and exposes it as `t_entities`
 * for the steps after it. Reading it back from Parquet keeps it out of DuckDB's memory: as an in-memory
 * table (uncompressed, a million rows of lists and structs) it crowded the filings sort out at full scale.
 */
export async function buildEntities(db: BuildDb, source: string | undefined, file: string) {
  const bad = source ? await findBadEntity(db) : undefined
  if (bad && source) throw new BuildError(bad.problem, source, bad.file)
  await db.run(`COPY (
    WITH fs AS (
      SELECT cik, count(*)::INTEGER AS filing_count, min(filing_date) AS first_filing_date, max(filing_date) AS last_filing_date,
        bool_or(form_type IN ('13F-HR', '13F-HR/A', '13F-NT', '13F-NT/A')) AS files_13f
      FROM filings_union GROUP BY cik
    ),
    tk AS (
      SELECT cik, list(ticker ORDER BY market_rank) AS tickers, list(exchange ORDER BY market_rank) AS exchanges,
        min(market_rank)::INTEGER AS market_rank
      FROM stage_tickers GROUP BY cik
    ),
    sub AS (
      SELECT e.cik::BIGINT AS cik, trim(e.name) AS name,
        CASE
          WHEN e.entityType = 'operating' THEN 'company'
          -- EDGAR gives people a JSON null EIN; organizations have one or the 000000000 placeholder
          WHEN e.ein IS NULL AND len(coalesce(e.tickers, [])) = 0 AND nz(e.stateOfIncorporation) IS NULL
               AND nz(e.category) IS NULL THEN 'individual'
          WHEN fs.files_13f THEN 'institution'
          WHEN e.entityType = 'other' THEN 'company'
          ELSE 'unknown'
        END AS entity_type,
        nz(e.entityType) AS sec_entity_type,
        CASE WHEN len(coalesce(e.tickers, [])) > 0 THEN e.tickers ELSE coalesce(tk.tickers, []) END AS tickers,
        CASE WHEN len(coalesce(e.tickers, [])) > 0 THEN e.exchanges ELSE coalesce(tk.exchanges, []) END AS exchanges,
        try_cast(nz(e.sic) AS INTEGER) AS sic, nz(e.sicDescription) AS sic_description, nz(e.ownerOrg) AS owner_org,
        e.insiderTransactionForOwnerExists = '1' AS insider_transaction_for_owner_exists,
        e.insiderTransactionForIssuerExists = '1' AS insider_transaction_for_issuer_exists,
        nullif(nz(e.ein), '000000000') AS ein, nz(e.lei) AS lei, nz(e.description) AS description, nz(e.website) AS website,
        nz(e.investorWebsite) AS investor_website,
        -- EDGAR joins filer categories with <br>: "Non-accelerated filer<br>Smaller reporting company"
        nullif(trim(regexp_replace(coalesce(e.category, ''), '\\s*<br\\s*/?>\\s*', ', ', 'g'), ', '), '') AS category,
        CASE WHEN regexp_full_match(e.fiscalYearEnd, '\\d{4}') THEN e.fiscalYearEnd END AS fiscal_year_end,
        nz(e.stateOfIncorporation) AS state_of_incorporation,
        nz(e.stateOfIncorporationDescription) AS state_of_incorporation_description,
        nz(e.phone) AS phone, nz(e.flags) AS flags,
        list_transform(coalesce(e.formerNames, []), x -> struct_pack(
          name := trim(x.name), "from" := try_cast(x."from" AS TIMESTAMP)::DATE, "to" := try_cast(x."to" AS TIMESTAMP)::DATE
        )) AS former_names,
        address(e.addresses.mailing) AS mailing_address, address(e.addresses.business) AS business_address,
        tk.market_rank, 'submissions' AS source
      FROM stage_entities e LEFT JOIN fs ON fs.cik = e.cik::BIGINT LEFT JOIN tk ON tk.cik = e.cik::BIGINT
    ),
    index_only AS (
      SELECT cik, arg_max(company_name, filing_date) AS name FROM stage_index
      WHERE cik NOT IN (SELECT cik FROM sub) GROUP BY cik
    )
    SELECT s.*, s.tickers[1] AS ticker, fs.filing_count, fs.first_filing_date, fs.last_filing_date
    FROM sub s LEFT JOIN fs USING (cik)
    UNION ALL BY NAME
    SELECT i.cik, i.name, 'unknown' AS entity_type, coalesce(tk.tickers, []) AS tickers, coalesce(tk.exchanges, []) AS exchanges,
      tk.tickers[1] AS ticker, tk.market_rank, []::STRUCT(name VARCHAR, "from" DATE, "to" DATE)[] AS former_names,
      fs.filing_count, fs.first_filing_date, fs.last_filing_date, 'index' AS source
    FROM index_only i LEFT JOIN fs USING (cik) LEFT JOIN tk USING (cik)
    ORDER BY cik
  ) TO ${quote(file)} (${PARQUET}, ROW_GROUP_SIZE 100000)`)
  await db.run(`CREATE VIEW t_entities AS SELECT * FROM read_parquet(${quote(file)})`)
  return db.count('SELECT count(*) AS n FROM t_entities')
}

/** SQL macros shared by the table steps. */
export async function createMacros(db: BuildDb) {
  await db.run(`CREATE OR REPLACE MACRO nz(x) AS nullif(trim(x), '')`)
  await db.run(`CREATE OR REPLACE MACRO address(a) AS struct_pack(
    street1 := nz(a.street1), street2 := nz(a.street2), city := nz(a.city), state_or_country := nz(a.stateOrCountry),
    zip_code := nz(a.zipCode), state_or_country_description := nz(a.stateOrCountryDescription),
    foreign_state_territory := nz(a.foreignStateTerritory), country := nz(a.country), country_code := nz(a.countryCode),
    -- isForeignLocation is 0, 1 or null (EDGAR often leaves it null on business addresses)
    foreign_location := CASE a.isForeignLocation WHEN '1' THEN true WHEN '0' THEN false END)`)
}
