/**
 * The columns of the Financial Statement Data Sets tables, for docs/data-dictionary.md (checked as
 * submissions/dictionary.ts says). The files' own columns mean what the SEC's data set readme says
 * (https://www.sec.gov/dera/data/financial-statement-data-sets); the build adds `acc_key` and reads the
 * quarter from the folder. Dates written `YYYYMMDD` are kept as such integers, as the files have them.
 */
import { type Feeds, feedsOf, type TableSchema } from '../../source.ts'
import { ACC_KEY_COLUMN as ACC_KEY } from '../submissions/dictionary.ts'

const QUARTER = [
  'VARCHAR',
  "the data set's quarter, e.g. `2024q3` (Hive partition: in the folder name `quarter=2024q3`, not in the files)",
] as const
const ADSH = ['VARCHAR', 'the accession number, `##########-##-######`'] as const

export const FSDS_SUB_COLUMNS: TableSchema = {
  adsh: ADSH,
  cik: ['BIGINT', "the registrant's CIK"],
  name: ['VARCHAR', "the registrant's name when it filed"],
  sic: ['INTEGER', "the registrant's SIC code"],
  countryba: ['VARCHAR', 'business address: country (ISO 3166-1 code)'],
  stprba: ['VARCHAR', 'business address: state or province'],
  cityba: ['VARCHAR', 'business address: city'],
  zipba: ['VARCHAR', 'business address: postal code'],
  bas1: ['VARCHAR', 'business address: street, first line'],
  bas2: ['VARCHAR', 'business address: street, second line'],
  baph: ['VARCHAR', 'business address: phone'],
  countryma: ['VARCHAR', 'mailing address: country'],
  stprma: ['VARCHAR', 'mailing address: state or province'],
  cityma: ['VARCHAR', 'mailing address: city'],
  zipma: ['VARCHAR', 'mailing address: postal code'],
  mas1: ['VARCHAR', 'mailing address: street, first line'],
  mas2: ['VARCHAR', 'mailing address: street, second line'],
  countryinc: ['VARCHAR', 'country of incorporation'],
  stprinc: ['VARCHAR', 'state or province of incorporation'],
  ein: ['VARCHAR', 'Employer Identification Number'],
  former: ['VARCHAR', "the registrant's most recent former name"],
  changed: ['VARCHAR', 'when the name changed from `former`, `YYYYMMDD`'],
  afs: [
    'VARCHAR',
    'filer status when it filed: `1-LAF` large accelerated, `2-ACC` accelerated, `3-SRA` smaller reporting accelerated, `4-NON` non-accelerated, `5-SML` smaller reporting',
  ],
  wksi: ['INTEGER', '1 when a well-known seasoned issuer, else 0'],
  fye: ['VARCHAR', 'fiscal year end, `MMDD`'],
  form: ['VARCHAR', 'the form, e.g. `10-K`, `10-Q`, `20-F`, `10-K/A`'],
  period: ['INTEGER', 'balance sheet date, rounded to the nearest month end, `YYYYMMDD`'],
  fy: ['INTEGER', 'fiscal year focus (as the EDGAR Filer Manual defines it)'],
  fp: ['VARCHAR', 'fiscal period focus: `FY`, `Q1`, `Q2`, `Q3`, `H1`, `H2`, …'],
  filed: ['INTEGER', 'filing date, `YYYYMMDD`'],
  accepted: ['TIMESTAMP', 'acceptance date and time, Eastern time as EDGAR writes it (no time zone)'],
  prevrpt: ['INTEGER', '1 when the filing was amended by a later one, else 0'],
  detail: ['INTEGER', '1 when the XBRL tags the footnotes and schedules in detail, else 0'],
  instance: ['VARCHAR', "the XBRL instance document's file name"],
  nciks: ['INTEGER', 'how many registrants (co-registrants included) the filing is for'],
  aciks: ['VARCHAR', "the co-registrants' CIKs, space-separated"],
  acc_key: ACC_KEY,
  quarter: QUARTER,
}

export const FSDS_NUM_COLUMNS: TableSchema = {
  adsh: ADSH,
  tag: ['VARCHAR', 'the XBRL tag (concept) of the value'],
  version: ['VARCHAR', "the tag's taxonomy, e.g. `us-gaap/2024`; a custom tag's is the filing's accession number"],
  ddate: ['INTEGER', "the end date of the value's period, `YYYYMMDD`"],
  qtrs: [
    'INTEGER',
    'the quarters the value spans: 0 for a point in time (a balance), 1 for a quarter, 4 for a year, …',
  ],
  uom: ['VARCHAR', 'the unit of measure, e.g. `USD`, `shares`, `USD/shares`'],
  segments: [
    'VARCHAR',
    'the axis and member of a dimensional value (`Axis=Member;`, several separated by `;`); NULL or empty for the consolidated value, and always NULL in the older layout of num.txt',
  ],
  coreg: ['VARCHAR', "the co-registrant the value is for; NULL for the registrant's own value"],
  value: ['DECIMAL(28,4)', 'the value, in `uom`, as filed (28 digits, 4 after the point)'],
  footnote: ['VARCHAR', "the footnote's text, where the value has one"],
  acc_key: ACC_KEY,
  quarter: QUARTER,
}

export const FSDS_PRE_COLUMNS: TableSchema = {
  adsh: ADSH,
  report: ['INTEGER', 'the report (R file) of the filing the line is in, numbered as EDGAR renders them'],
  line: ['INTEGER', "the line's position within its report"],
  stmt: [
    'VARCHAR',
    'the statement: `BS` balance sheet, `IS` income, `CF` cash flow, `EQ` equity, `CI` comprehensive income, `CP` cover page, `UN` unclassifiable',
  ],
  inpth: ['INTEGER', '1 when the value is shown parenthetically, else 0'],
  rfile: ['VARCHAR', 'the kind of R file: `H` (.htm) or `X` (.xml)'],
  tag: ['VARCHAR', 'the XBRL tag presented on the line'],
  version: ['VARCHAR', "the tag's taxonomy (as in fsds_num)"],
  plabel: ['VARCHAR', "the line's label as the filing presents it (its preferred label)"],
  negating: ['INTEGER', '1 when the value is shown with its sign reversed, else 0'],
  acc_key: ACC_KEY,
  quarter: QUARTER,
}

export const FSDS_TAG_COLUMNS: TableSchema = {
  tag: ['VARCHAR', 'the XBRL tag'],
  version: [
    'VARCHAR',
    "its taxonomy, e.g. `us-gaap/2024`; a custom tag's is the accession number of the filing that defines it",
  ],
  custom: ['INTEGER', '1 when a custom (company) tag, 0 when a standard one'],
  abstract: ['INTEGER', '1 when abstract (a heading: it has no values), else 0'],
  datatype: ['VARCHAR', 'the value type, e.g. `monetary`, `shares`, `perShare`; NULL for an abstract tag'],
  iord: ['VARCHAR', '`I` for a point in time (instant), `D` for a period (duration)'],
  crdr: ['VARCHAR', 'the natural balance of a monetary tag: `C` credit, `D` debit'],
  tlabel: ['VARCHAR', "the tag's standard label"],
  doc: ['VARCHAR', "the tag's documentation (its definition)"],
  quarter: QUARTER,
}

/**
 * What the build makes from the financial serving tables that other tables feed (serving.ts, series.ts,
 * rankings.ts, restatement-rankings.ts), so that each table's `feeds` can name what is made from its rows through them.
 */
export const FROM_METRIC_POINTS: Feeds = {
  serving: [
    'fin_metric_points',
    'fin_metric_vintages',
    'fin_ratio_points',
    'fin_ratio_vintages',
    'fin_ratio_vintages_by_ratio',
    'fin_metric_ranking_vintages',
    'fin_ratio_points_by_ratio',
    'fin_ratio_top',
    'fin_metric_rankings',
    'fin_metric_ranking_years',
    'fin_metric_ranking_known_years',
    'fin_restatement_rankings',
    'fin_restatement_quarters',
    'fin_series_ids',
    'fin_point_metas',
  ],
  lookups: [
    'finMetricSeries',
    'finRatioSeries',
    'finMetricVintages',
    'finRatioVintages',
    'finMetricRankingLines',
    'finRatioRankingLines',
  ],
}

/** fin_issuers (issuers.ts) and what reads it: the company lookup's, the series' and the rankings' names. */
export const FROM_FIN_ISSUERS: Feeds = {
  serving: ['fin_issuers', 'fin_metric_rankings', 'fin_restatement_rankings'],
  lookups: ['finIssuers'],
}

/** The segment rows and the standardized values a filing's own period reads them at. */
const FROM_STANDARDIZED: Feeds = {
  serving: ['fin_standardized', 'fin_segment_rows'],
  lookups: ['finStandardized', 'finSegmentRows'],
}

/** fin_filings and everything that takes a filing's context from it. */
export const FROM_FIN_FILINGS: Feeds = feedsOf(
  {
    serving: ['fin_filings', 'fin_company_filings', 'fin_segment_rows'],
    lookups: ['finFilings', 'finCompanyFilings', 'finStandardized', 'finSegmentRows'],
  },
  FROM_FIN_ISSUERS,
  FROM_METRIC_POINTS,
)

/** fin_concepts (a tag's metadata) and what reads it. */
const FROM_FIN_CONCEPTS: Feeds = feedsOf(
  { serving: ['fin_concepts', 'fin_concept_texts'], lookups: ['finStatementRows', 'finFilingConcepts'] },
  FROM_METRIC_POINTS,
)

export const FSDS_FEEDS: Record<'sub' | 'num' | 'pre' | 'tag', Feeds> = {
  sub: FROM_FIN_FILINGS,
  // A filing's own period end (fin_filings), its values, segments and standardized metrics, and the
  // series' points of the filings companyfacts lacks.
  num: feedsOf(FROM_FIN_FILINGS, FROM_STANDARDIZED, { lookups: ['finStatementRows'] }),
  pre: { lookups: ['finStatementRows', 'finFilingConcepts'] },
  tag: FROM_FIN_CONCEPTS,
}
