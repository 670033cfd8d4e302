/**
 * CUSIP → issuer (ticker, CIK, name, SIC), derived from the data the build has: the issuer names the
 * information tables give each CUSIP against the names of the entities (submissions) and their tickers.
 *
 * Names are compared normalized (upper case, punctuation and the common legal suffixes dropped: "Apple
 * Inc." and "APPLE INC" are both `APPLE`). A CUSIP's name is the normalized name most of its rows give;
 * its confidence is
 *   (rows giving that name / rows of the CUSIP) × (1 for exactly one listed entity of that name,
 *   0.8 for exactly one entity, none listed; 0 for none or several).
 * A CUSIP whose confidence is below MIN_CONFIDENCE gets a null ticker, CIK and SIC: never a guess. Its
 * issuer name is still the one the filings give.
 */
import type { BuildDb } from '../../duck.ts'

export const MIN_CONFIDENCE = 0.75
/** Words that name a legal form, not an issuer (and EDGAR's state tags such as /DE/). */
const LEGAL_WORDS = [
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'LTD',
  'LIMITED',
  'PLC',
  'LLC',
  'LP',
  'L P',
  'THE',
  'NV',
  'N V',
  'SA',
  'AG',
  'DE',
  'MD',
  'NY',
  'NEW',
]

export async function buildCusipMap(db: BuildDb) {
  // RE2 has no lookahead: adjacent legal words share a space, so the words are dropped in two passes.
  const drop = (x: string) => `regexp_replace(${x}, ' (${LEGAL_WORDS.join('|')}) ', ' ', 'g')`
  await db.run(
    `CREATE OR REPLACE MACRO f13_norm_name(x) AS trim(regexp_replace(${drop(
      drop(`' ' || regexp_replace(upper(coalesce(x, '')), '[^A-Z0-9]+', ' ', 'g') || ' '`),
    )}, ' +', ' ', 'g'))`,
  )
  await db.runLarge(`CREATE OR REPLACE TABLE t13_cusips AS
    WITH raw AS (
      -- Names are normalized once per distinct spelling, not once per row (~150 million at EDGAR's volume).
      SELECT cusip, issuer_name, title_of_class, count(*) AS n
      FROM t13_info WHERE cusip IS NOT NULL GROUP BY cusip, issuer_name, title_of_class
    ),
    -- Ties are broken by the text itself, so that the same rows always give the same map.
    named AS (
      SELECT cusip, f13_norm_name(issuer_name) AS norm, sum(n) AS n,
        first(issuer_name ORDER BY n DESC, issuer_name) AS issuer_name,
        first(title_of_class ORDER BY n DESC, title_of_class) AS title_of_class
      FROM raw GROUP BY cusip, norm
    ),
    best AS (
      SELECT cusip, first(norm ORDER BY n DESC, norm) AS norm, first(issuer_name ORDER BY n DESC, norm) AS issuer_name,
        first(title_of_class ORDER BY n DESC, norm) AS title_of_class, max(n)::DOUBLE / sum(n) AS name_share
      FROM named GROUP BY cusip
    ),
    entity_names AS (
      SELECT f13_norm_name(name) AS norm, count(*) AS entities, count(*) FILTER (WHERE ticker IS NOT NULL) AS listed,
        arg_max(cik, ticker IS NOT NULL) AS cik, arg_max(ticker, ticker IS NOT NULL) AS ticker,
        arg_max(sic, ticker IS NOT NULL) AS sic
      FROM t_entities WHERE name IS NOT NULL AND cik IS NOT NULL GROUP BY norm
    ),
    scored AS (
      SELECT b.*, e.cik, e.ticker, e.sic,
        round(b.name_share * CASE WHEN e.listed = 1 THEN 1 WHEN e.entities = 1 AND e.listed = 0 THEN 0.8 ELSE 0 END, 4)
          AS confidence
      FROM best b LEFT JOIN entity_names e ON e.norm = b.norm AND b.norm <> ''
    )
    SELECT cusip, issuer_name, title_of_class, coalesce(confidence, 0) AS confidence,
      CASE WHEN confidence >= ${MIN_CONFIDENCE} THEN cik END AS issuer_cik,
      CASE WHEN confidence >= ${MIN_CONFIDENCE} THEN ticker END AS ticker,
      CASE WHEN confidence >= ${MIN_CONFIDENCE} THEN sic END AS sic
    FROM scored ORDER BY cusip`)
  return db.count('SELECT count(*) AS n FROM t13_cusips')
}
