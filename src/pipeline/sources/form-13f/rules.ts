/**
 * The 13F rules, each in one place (docs/institutions.md says why each is so):
 *
 * - QUARTER: the quarter label is `YYYYQn` of the period of report (2024-09-30 → `2024Q3`); the quarter's
 *   end date joins a quarter to the one before it.
 * - VALUE UNIT: the information table's VALUE was reported in thousands of dollars until the SEC's
 *   switch to whole dollars for filings made from 2023-01-03 on (the data sets' readme: "Starting on
 *   January 3, 2023, market value is reported rounded to the nearest dollar. Previously, market value was
 *   reported in thousands"). The era is the *filing* date's, so a late filing for a 2021 quarter made in
 *   2023 is in dollars. Some filers kept reporting thousands after the switch (and a few reported dollars
 *   before it). They are found by their prices: each share position's implied price per share in dollars
 *   (VALUE / shares, × 1000 in the thousands era), first against its peers, else against itself:
 *   - PEERS: the position's price as a power of ten (its decade, log10 rounded) against the decade most
 *     positions in the same CUSIP and quarter give (at least 3 positions). A dollar-era filing most of
 *     whose compared positions sit 2 or more decades below it (a thousandfold gap is 3) is in thousands
 *     ('thousands_kept'); a thousands-era filing most of whose positions sit 2 or more above it is in
 *     dollars ('dollars_early'). They decide when at least 3 of the filing's positions have a consensus
 *     (or any, for a filing of fewer than 3 priced positions).
 *   - OWN PRICES, when peers are too few (a partial mirror, an old quarter, rare securities) and the filing
 *     has at least 3 priced positions: real share prices lie between $1 and $10,000 (only Berkshire
 *     Hathaway's class A trades above), and a thousandfold error moves a whole portfolio out of that band
 *     on one side. A dollar-era filing most of whose positions are priced below $1 is 'thousands_kept'; a
 *     thousands-era filing most of whose positions are priced above $10,000 is 'dollars_early'.
 *   - Otherwise (no priced position, or one or two without peers) the era decides.
 *   Decades and counts, not medians: every step is a plain aggregate, which DuckDB spills to disk over
 *   EDGAR's ~150 million rows ("most" is a count above half, which is the median's test). Values are
 *   multiplied in `f13_value_in_dollars` only, once, from the value as reported and the filing's unit.
 * - AMENDMENTS: for a manager and quarter, the holdings are those of the latest original 13F-HR or
 *   RESTATEMENT amendment (a restatement replaces what came before it), plus those of every NEW HOLDINGS
 *   amendment filed after it (they add positions). An amendment without a type is taken as a
 *   restatement: EDGAR's form asks for the type on every amendment, and a restatement is the whole table.
 * - NOTICE: a 13F-NT (or a cover page of report type 13F NOTICE REPORT) has no holdings; it names the
 *   managers that report for the filer.
 */
import type { BuildDb } from '../../duck.ts'

/** The first filing date of the whole-dollar era. */
export const DOLLAR_ERA_START = '2023-01-03'
/** A position whose price sits this many decades off its peers' is in the other unit (a factor 1000 is 3). */
export const UNIT_DECADES = 2
/**
 * Positions needed for a vote: in a CUSIP and quarter for a consensus decade; of a filing compared with a
 * consensus for its peers to decide its unit; of a filing priced for its own prices to decide it.
 */
export const UNIT_MIN_POSITIONS = 3
/** Real share prices lie within these bounds, in dollars: a portfolio mostly outside them is in the other unit. */
export const PRICE_FLOOR = 1
export const PRICE_CEILING = 10_000

export async function createRuleMacros(db: BuildDb) {
  await db.run(`CREATE OR REPLACE MACRO f13_quarter_label(period) AS
    strftime(period, '%Y') || 'Q' || quarter(period)::VARCHAR`)
  await db.run(`CREATE OR REPLACE MACRO f13_quarter_end(period) AS
    last_day(make_date(year(period), quarter(period) * 3, 1))`)
  await db.run(`CREATE OR REPLACE MACRO f13_value_in_dollars(reported, unit) AS
    CASE WHEN unit IN ('dollars', 'dollars_early') THEN reported ELSE reported * 1000 END`)
  await db.run(`CREATE OR REPLACE MACRO f13_role(form, report_type, is_amendment, amendment_type) AS
    CASE WHEN form LIKE '13F-NT%' OR coalesce(report_type, '') LIKE '%NOTICE%' THEN 'notice'
      WHEN NOT (form LIKE '%/A' OR coalesce(is_amendment, false)) THEN 'original'
      WHEN coalesce(amendment_type, '') LIKE 'NEW HOLDING%' THEN 'new_holdings'
      ELSE 'restatement' END`)
}

/**
 * `t13_unit_votes`, a filing's votes on its unit: its priced share positions (SH, no put or call), how
 * many of them are priced below PRICE_FLOOR or above PRICE_CEILING, and how many have a consensus to be
 * compared with, and of those how many sit UNIT_DECADES or more below or above it.
 */
export const UNIT_VOTES_COLUMNS =
  'accession VARCHAR, priced BIGINT, under_floor BIGINT, over_ceiling BIGINT, compared BIGINT, below BIGINT, above BIGINT'

/**
 * One quarter's votes on its filings' units, from `rows` (accession, qend, filed, cusip, shares,
 * value_reported, share_type, put_call: the quarter's information-table rows with their filing's dates).
 * A consensus is per CUSIP and quarter, so a quarter is decided from its own rows alone.
 */
export const unitVotesOf = (rows: string) => `
    WITH priced AS (
      SELECT accession, qend, cusip, price, round(log10(price))::INTEGER AS decade FROM (
        SELECT accession, qend, cusip,
          value_reported::DOUBLE * CASE WHEN filed < DATE '${DOLLAR_ERA_START}' THEN 1000 ELSE 1 END / shares AS price
        FROM ${rows}
        WHERE shares > 0 AND value_reported > 0 AND share_type = 'SH' AND put_call IS NULL AND cusip IS NOT NULL
      )
    ),
    decades AS (SELECT qend, cusip, decade, count(*) AS n FROM priced GROUP BY ALL),
    consensus AS (
      -- The decade most positions give; a tie goes to the lower one, so the same rows give the same unit.
      SELECT qend, cusip, arg_max(decade, n * 1000 - decade) AS decade FROM decades
      GROUP BY qend, cusip HAVING sum(n) >= ${UNIT_MIN_POSITIONS}
    )
    SELECT p.accession, count(*) AS priced,
      count(*) FILTER (WHERE p.price < ${PRICE_FLOOR}) AS under_floor,
      count(*) FILTER (WHERE p.price > ${PRICE_CEILING}) AS over_ceiling,
      count(c.decade) AS compared,
      count(*) FILTER (WHERE p.decade - c.decade <= -${UNIT_DECADES}) AS below,
      count(*) FILTER (WHERE p.decade - c.decade >= ${UNIT_DECADES}) AS above
    FROM priced p LEFT JOIN consensus c USING (qend, cusip) GROUP BY p.accession`

/**
 * `t13_units` (accession, value_unit, unit_basis and the votes): the unit of each filing's VALUE column,
 * 'thousands' or 'dollars' as its era says, or 'thousands_kept' and 'dollars_early' where its prices say
 * otherwise; `unit_basis` says what decided ('peers', 'own_prices' or 'era'). From every filing and the
 * votes of its quarter (`t13_unit_votes`, derive.ts).
 */
export async function buildUnits(db: BuildDb) {
  const n = UNIT_MIN_POSITIONS
  await db.run(`CREATE OR REPLACE TABLE t13_units AS
    WITH votes AS (
      SELECT f.accession, f.filed < DATE '${DOLLAR_ERA_START}' AS thousands_era,
        coalesce(v.priced, 0) AS unit_priced, coalesce(v.under_floor, 0) AS unit_under_floor,
        coalesce(v.over_ceiling, 0) AS unit_over_ceiling, coalesce(v.compared, 0) AS unit_compared,
        coalesce(v.below, 0) AS unit_below, coalesce(v.above, 0) AS unit_above
      FROM t13_filings f LEFT JOIN t13_unit_votes v USING (accession)
    ),
    based AS (
      SELECT *, CASE
          WHEN unit_compared >= ${n} OR (unit_compared > 0 AND unit_priced < ${n}) THEN 'peers'
          WHEN unit_priced >= ${n} THEN 'own_prices'
          ELSE 'era' END AS unit_basis
      FROM votes
    )
    SELECT accession,
      CASE WHEN thousands_era THEN
          CASE WHEN (unit_basis = 'peers' AND unit_above * 2 > unit_compared)
            OR (unit_basis = 'own_prices' AND unit_over_ceiling * 2 > unit_priced) THEN 'dollars_early' ELSE 'thousands' END
        ELSE
          CASE WHEN (unit_basis = 'peers' AND unit_below * 2 > unit_compared)
            OR (unit_basis = 'own_prices' AND unit_under_floor * 2 > unit_priced) THEN 'thousands_kept' ELSE 'dollars' END
      END AS value_unit,
      unit_basis, unit_priced, unit_under_floor, unit_over_ceiling, unit_compared, unit_below, unit_above
    FROM based`)
}

/**
 * `effective` on t13_filings: whether a filing's holdings count for its manager and quarter (the
 * amendment rule above). Filings are ordered by filing date, acceptance, then accession number.
 */
export const EFFECTIVE_SQL = `
  WITH ordered AS (
    SELECT accession, cik, qend, role, row_number() OVER (PARTITION BY cik, qend ORDER BY filed, accepted_at NULLS FIRST, accession) AS seq
    FROM t13_filings_base
  ),
  base AS (SELECT cik, qend, max(seq) AS base_seq FROM ordered WHERE role IN ('original', 'restatement') GROUP BY cik, qend)
  SELECT o.accession, o.seq,
    (o.role IN ('original', 'restatement') AND o.seq = b.base_seq)
      OR (o.role = 'new_holdings' AND o.seq > coalesce(b.base_seq, 0)) AS effective
  FROM ordered o LEFT JOIN base b USING (cik, qend)`
