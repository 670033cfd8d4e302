/**
 * Financials area shapes (docs/api/financials.md): the company lookup, concepts, the XBRL block,
 * the as-reported statements and the standardized ones. Field names are the reference's, exactly.
 */
import { t } from 'elysia'
import {
  AccessionNumber,
  BooleanParam,
  Cik,
  CikOut,
  LimitParam,
  Nullable,
  OutInteger,
  OutYyyymmdd,
  PageNumber,
  Pagination,
  QueryInteger,
  Ticker,
} from '../../http/schemas.ts'

/** FSDS's acceptance time, Eastern, as the data sets write it (no zone designator). */
const Accepted = Nullable(
  t.String({
    description: 'Acceptance date and time, US Eastern, as the data sets give it (no zone)',
    examples: ['2025-08-01T16:30:27'],
  }),
)

export const CompanySearchQuery = t.Object({
  ticker: t.Optional(
    t.String({ ...Ticker, description: 'Ticker, exact, case-insensitive; ignored when cik is given' }),
  ),
  cik: t.Optional(
    t.String({ ...Cik, description: 'CIK, digits, zero-padding optional; takes precedence over ticker' }),
  ),
  limit: LimitParam(100, 25, 'Filings per page (at most 100)'),
  page: PageNumber,
})
export type CompanySearchQuery = typeof CompanySearchQuery.static

export const CompanyIssuer = t.Object(
  {
    cik: CikOut,
    ticker: Nullable(t.String({ description: 'Primary ticker' })),
    name: t.String({
      description:
        "The company's name: its submissions record's, else the ticker file's, companyfacts' entityName, its newest data-set filing's",
    }),
    sic: Nullable(OutInteger({ description: 'Standard Industrial Classification code' })),
    countryInc: Nullable(t.String({ description: 'Country of incorporation (ISO code)' })),
  },
  { title: 'CompanyIssuer' },
)

export const CompanyFiling = t.Object(
  {
    accessionNumber: t.String({ examples: ['0000320193-25-000079'] }),
    form: t.String({ description: '10-K, 10-Q, 10-K/A or 10-Q/A' }),
    fiscalYear: Nullable(OutInteger()),
    fiscalPeriod: Nullable(t.String({ description: 'FY, Q1, Q2 or Q3' })),
    periodEnd: Nullable(t.String({ format: 'date', description: 'The last day of the period reported' })),
    filed: t.String({ format: 'date' }),
    accepted: Accepted,
  },
  { title: 'CompanyFiling' },
)

export const CompanySearchResponse = t.Object(
  {
    issuer: Nullable(CompanyIssuer),
    filings: t.Array(CompanyFiling),
    pagination: Pagination,
    filters: t.Object({ ticker: Nullable(t.String()), cik: Nullable(CikOut) }),
  },
  { title: 'CompaniesSearchResponse' },
)

export const ConceptQuery = t.Object({
  q: t.String({
    minLength: 1,
    maxLength: 200,
    description: 'Text to find in tag codes and labels (then documentation)',
  }),
  version: t.Optional(
    t.String({ minLength: 1, maxLength: 100, description: 'Partial match of the taxonomy version, e.g. us-gaap/2024' }),
  ),
  custom: t.Optional(BooleanParam('true: company-specific custom tags only; false: standard tags only')),
  limit: LimitParam(100, 50),
  page: PageNumber,
})
export type ConceptQuery = typeof ConceptQuery.static

export const Concept = t.Object(
  {
    tag: t.String(),
    version: t.String({ description: 'Taxonomy and year (us-gaap/2024), or the accession number for a custom tag' }),
    custom: t.Boolean(),
    abstract: t.Boolean(),
    datatype: Nullable(t.String()),
    iord: Nullable(t.String({ description: 'I (instant) or D (duration)' })),
    crdr: Nullable(t.String({ description: 'C (credit) or D (debit)' })),
    tlabel: Nullable(t.String()),
    doc: Nullable(t.String()),
  },
  { title: 'Concept' },
)

export const ConceptList = t.Object(
  {
    data: t.Array(Concept),
    pagination: Pagination,
    filters: t.Object({ q: t.String(), version: Nullable(t.String()), custom: Nullable(t.Boolean()) }),
  },
  { title: 'ConceptsListResponse' },
)

export const FilingParams = t.Object({ accessionNumber: AccessionNumber })

export const XbrlQuery = t.Object({
  roleUri: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 200,
      description: 'Keyword; keeps the statements whose id or label contains it',
    }),
  ),
})

const XbrlPeriod = t.Object(
  {
    key: t.String({ examples: ['2025-06-28/1Q', '2025-06-28'] }),
    label: t.String({ examples: ['2025-03-30 to 2025-06-28'] }),
    periodType: t.String({ description: 'duration or instant' }),
    instantDate: Nullable(t.String()),
    startDate: Nullable(t.String()),
    endDate: t.String(),
  },
  { title: 'XbrlPeriod' },
)
const XbrlRow = t.Object(
  {
    label: Nullable(t.String()),
    depth: OutInteger(),
    qname: t.String({ examples: ['us-gaap:Revenues'] }),
    values: t.Record(t.String(), t.Number()),
    abstract: t.Boolean(),
  },
  { title: 'XbrlRow' },
)
const XbrlStatement = t.Object(
  {
    roleUri: t.String(),
    roleLabel: t.String(),
    roleDefinition: t.String(),
    periods: t.Array(XbrlPeriod),
    rows: t.Array(XbrlRow),
  },
  { title: 'XbrlStatement' },
)
export const FinancialXbrl = t.Object(
  { adsh: t.String(), companyName: t.String(), formType: t.String(), statements: t.Array(XbrlStatement) },
  { title: 'FinancialXbrl' },
)

export const FilingContext = t.Object(
  {
    adsh: t.String(),
    cik: OutInteger(),
    entityName: t.String(),
    ticker: Nullable(t.String()),
    form: t.String(),
    fiscalYear: Nullable(OutInteger()),
    fiscalPeriod: Nullable(t.String()),
    period: Nullable(OutYyyymmdd),
    filed: OutYyyymmdd,
    accepted: Accepted,
  },
  { title: 'FilingContext' },
)

const ValueContext = t.Object(
  {
    ddate: OutYyyymmdd,
    qtrs: OutInteger({ description: '0 instant, else the quarters the value spans' }),
    uom: t.String(),
    segments: Nullable(t.String()),
    coreg: Nullable(t.String()),
    value: Nullable(t.Number()),
    footnote: Nullable(t.String()),
    periodLabel: t.String({ examples: ['quarter ended 2025-06-28'] }),
  },
  { title: 'StatementValueContext' },
)

const StatementRow = t.Object(
  {
    report: OutInteger(),
    line: OutInteger(),
    stmt: t.String(),
    inpth: OutInteger(),
    rfile: Nullable(t.String()),
    tag: t.String(),
    version: t.String(),
    plabel: Nullable(t.String()),
    negating: OutInteger(),
    valueContext: Nullable(ValueContext),
    custom: Nullable(OutInteger()),
    datatype: Nullable(t.String()),
    iord: Nullable(t.String()),
    crdr: Nullable(t.String()),
    tlabel: Nullable(t.String()),
    doc: Nullable(t.String()),
    abstract: Nullable(t.Boolean()),
  },
  { title: 'StatementTableRow' },
)

export const CompanyFinancialStatement = t.Object(
  { filing: FilingContext, stmt: t.String(), rows: t.Array(StatementRow) },
  { title: 'CompanyFinancialStatement' },
)

export const StandardizedQuery = t.Object({
  endDate: t.Optional(
    t.String({
      format: 'yyyymmdd',
      expected: 'a period end as YYYYMMDD (or YYYY-MM-DD), a real calendar day',
      description: "Period end as YYYYMMDD (YYYY-MM-DD also read); default the filing's own period end",
      examples: ['20250628'],
    }),
  ),
  qtrs: t.Optional(
    QueryInteger({
      minimum: 0,
      maximum: 4,
      description: "Quarters spanned (0 instant, 1 quarter, 4 year); default the statement's natural span",
    }),
  ),
})
export type StandardizedQuery = { endDate?: string; qtrs?: number }

const StandardizedLine = t.Object(
  {
    label: t.String(),
    value: t.Number(),
    currency: t.String({ examples: ['USD'] }),
    endDate: OutYyyymmdd,
    quarters: OutInteger(),
    fiscalYear: Nullable(OutInteger()),
    fiscalPeriod: Nullable(t.String()),
    sourceTag: t.String({ description: 'The us-gaap tag the value was taken from' }),
    strategy: t.String({
      description:
        "Which rule chose the tag: statement (the filing's own statement presents it), priority (the rule order), guard (the first choice was smaller than a part the filing reports)",
      examples: ['statement'],
    }),
    ruleId: t.String({
      description: 'The rule of src/reference/canonical-metrics.json that chose it',
      examples: ['rev.priority.2'],
    }),
    confidence: t.Number(),
  },
  { title: 'StandardizedLine' },
)

const metricsMap = t.Record(t.String(), Nullable(StandardizedLine), {
  description: 'Canonical metric (short camelCase key) → its line, or null when the filing does not report it',
})

export const StandardizedFlowStatement = (title: string) =>
  t.Object(
    { filing: FilingContext, statement: t.String(), endDate: OutYyyymmdd, quarters: OutInteger(), metrics: metricsMap },
    { title },
  )
export const StandardizedBalanceSheet = t.Object(
  { filing: FilingContext, statement: t.String(), endDate: OutYyyymmdd, metrics: metricsMap },
  { title: 'CanonicalBalanceSheet' },
)
