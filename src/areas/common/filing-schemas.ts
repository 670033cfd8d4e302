/**
 * The Filing (docs/api/filings.md, The filing) and its list, filters and envelope: shared by the filings list and an entity's
 * filings. Wire names are camelCase; filing.ts makes exactly these fields.
 */
import { t } from 'elysia'
import { Cik, CikOut, DateParam, FormTypesParam, Nullable, Pagination, Ticker } from '../../http/schemas.ts'

export const Filing = t.Object(
  {
    accessionNumber: t.String({
      description: 'Accession number, ##########-##-######',
      examples: ['0000320193-24-000123'],
    }),
    cik: CikOut,
    formType: t.String({ description: 'EDGAR form type as filed, e.g. 10-K, 10-Q/A, 8-K', examples: ['10-K'] }),
    formTypeCategory: t.String({
      description: 'Category of the form type, e.g. "Annual Reports"',
      examples: ['Annual Reports'],
    }),
    ticker: Nullable(t.String({ description: "The filer's primary ticker, when it has one" })),
    filingDate: t.String({ format: 'date', description: 'Date the SEC received the filing' }),
    filingUrl: t.String({ format: 'uri', description: "The filing's index page in the SEC archive" }),
    acceptedDate: Nullable(
      t.String({
        format: 'date-time',
        description: "EDGAR's acceptance time as EDGAR writes it (null for filings known only from an index file)",
      }),
    ),
    entityName: t.String({ description: "The filer's name" }),
  },
  { title: 'Filing' },
)
export type Filing = typeof Filing.static

export const FilingFilters = t.Object({
  formTypes: t.Optional(FormTypesParam),
  cik: t.Optional(Cik),
  ticker: t.Optional(Ticker),
  startDate: t.Optional(DateParam('Filing date on or after (inclusive)')),
  endDate: t.Optional(DateParam('Filing date on or before (inclusive)')),
})
export type FilingFilters = typeof FilingFilters.static

/** The filters a filings list applied, normalized: CIK padded, tickers and form types upper-cased. */
export const AppliedFilingFilters = t.Object({
  formTypes: t.Array(t.String()),
  cik: Nullable(CikOut),
  ticker: Nullable(t.String()),
  startDate: Nullable(t.String({ format: 'date' })),
  endDate: Nullable(t.String({ format: 'date' })),
})
export type AppliedFilingFilters = typeof AppliedFilingFilters.static

export const FilingList = t.Object(
  { data: t.Array(Filing), pagination: Pagination, filters: AppliedFilingFilters },
  { title: 'FilingList' },
)
export type FilingList = typeof FilingList.static
