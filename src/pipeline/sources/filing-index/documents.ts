/**
 * Filing documents from filing folder listings. A listing names files but not their EDGAR document
 * types, so the type comes from the name by the conventions EDGAR filers follow (XBRL linkbase suffixes,
 * `ex99-1` exhibit names), and the primary document from the filing's submissions record. Files that
 * EDGAR generates itself (the index pages, R files, FilingSummary.xml, Financial_Report.xlsx, ...) are
 * renderings, not documents of the filing, and are left out; the complete submission text file is kept.
 * Unrecognized names get a NULL type rather than a guess.
 */
import type { BuildDb } from '../../duck.ts'

const GENERATED = `(?i)(-index\\.html?|-index-headers\\.html?|-xbrl\\.zip|^R\\d+\\.htm|^FilingSummary\\.xml|^Financial_Report\\.xlsx|^MetaLinks\\.json|^report\\.css|^Show\\.js)$`
const LINKBASE = { cal: 'CALCULATION', def: 'DEFINITION', lab: 'LABEL', pre: 'PRESENTATION' }

export async function buildDocuments(db: BuildDb) {
  const linkbases = Object.entries(LINKBASE)
    .map(
      ([s, name]) =>
        `WHEN lower(name) LIKE '%\\_${s}.xml' ESCAPE '\\' THEN ['EX-101.${s.toUpperCase()}', 'XBRL TAXONOMY EXTENSION ${name} LINKBASE DOCUMENT']`,
    )
    .join('\n        ')
  await db.run(`CREATE TABLE t_documents AS
    WITH d AS (
      SELECT accession_number, regexp_extract(folder, '/data/(\\d+)/', 1)::BIGINT AS cik, sequence,
        item.name AS name, try_cast(nullif(trim(item.size), '') AS BIGINT) AS size,
        try_strptime(item."last-modified", '%Y-%m-%d %H:%M:%S') AS last_modified
      FROM stage_documents
      WHERE item.name IS NOT NULL AND NOT regexp_matches(item.name, '${GENERATED}')
    ),
    typed AS (
      SELECT d.*, f.primary_document IS NOT NULL AND d.name = f.primary_document AS is_primary, f.form_type,
        coalesce(f.primary_doc_description, fi.description) AS primary_description,
        regexp_extract(d.name, '(?i)ex-?(\\d+)[-_.](\\d+)', ['major', 'minor']) AS ex
      FROM d
      -- only the listed filings: a semi-join on the small side, not a hash table of every filing
      LEFT JOIN (SELECT cik, accession_number, form_type, primary_document, primary_doc_description FROM t_filings
                 WHERE accession_number IN (SELECT accession_number FROM stage_documents)) f
        ON f.cik = d.cik AND f.accession_number = d.accession_number
      LEFT JOIN form_info fi ON fi.form_type = f.form_type
    )
    SELECT accession_number, cik, sequence, name AS filename, pair[1] AS document_type, pair[2] AS description,
      size, last_modified, is_primary
    FROM (
      SELECT *, CASE
        WHEN is_primary THEN [form_type, primary_description]
        WHEN name = accession_number || '.txt' THEN ['COMPLETE SUBMISSION', 'Complete submission text file']
        WHEN lower(name) LIKE '%\\_htm.xml' ESCAPE '\\' THEN ['XML', 'EXTRACTED XBRL INSTANCE DOCUMENT']
        WHEN lower(name) LIKE '%.xsd' THEN ['EX-101.SCH', 'XBRL TAXONOMY EXTENSION SCHEMA DOCUMENT']
        ${linkbases}
        WHEN regexp_matches(lower(name), '\\.(jpg|jpeg|gif|png)$') THEN ['GRAPHIC', NULL]
        WHEN ex.major <> '' THEN ['EX-' || ltrim(ex.major, '0') || '.' || ltrim(ex.minor, '0'),
                                 'EXHIBIT ' || ltrim(ex.major, '0') || '.' || ltrim(ex.minor, '0')]
        WHEN regexp_matches(name, '(?i)^[a-z0-9_-]*?ex-?(\\d+)[^0-9]')
          THEN ['EX-' || ltrim(regexp_extract(name, '(?i)ex-?(\\d+)', 1), '0'), NULL]
        ELSE [NULL, NULL]
      END AS pair FROM typed
    )`)
  return db.count('SELECT count(*) AS n FROM t_documents')
}
