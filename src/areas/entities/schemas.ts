/** Entities area shapes (docs/api/entities.md). */
import { t } from 'elysia'
import {
  Cik,
  CikOrTicker,
  CikOut,
  DateParam,
  FormTypesParam,
  Nullable,
  OutInteger,
  Pagination,
  Ticker,
} from '../../http/schemas.ts'
import { ENTITY_TYPES } from '../../pipeline/sources/submissions/contract/index.ts'

const text = (description: string) => Nullable(t.String({ description }))

export const Address = t.Object(
  {
    street1: text('First street line'),
    street2: text('Second street line'),
    city: text('City'),
    stateOrCountry: text('US state or EDGAR country code'),
    zipCode: text('Postal code'),
    stateOrCountryDescription: text('Name of the state or country'),
    foreignStateTerritory: text('Province or territory outside the US'),
    country: text('Country name, for foreign addresses'),
    countryCode: text('ISO country code, for foreign addresses'),
    foreignLocation: Nullable(t.Boolean({ description: 'Whether the address is outside the US' })),
  },
  { title: 'Address' },
)

/** Entity classes and their codes in the serving database: the submissions source's contract. */
export { ENTITY_TYPES, entityTypeCode } from '../../pipeline/sources/submissions/contract/index.ts'

const EntityType = t.Union(
  [t.Literal('company'), t.Literal('individual'), t.Literal('institution'), t.Literal('unknown')],
  { description: 'Entity class' },
)
/**
 * The filter is a pattern-checked string rather than a union: Elysia 1.4 fills an optional UnionEnum
 * query parameter with its first value when absent, and drops a union's description from OpenAPI.
 */
const EntityTypeParam = t.String({
  pattern: `^(${ENTITY_TYPES.join('|')})$`,
  enum: [...ENTITY_TYPES],
  expected: `one of ${ENTITY_TYPES.map((v) => JSON.stringify(v)).join(', ')}`,
  description: 'Entity class: company, individual, institution, or unknown (filers known only from index files)',
})

export const Entity = t.Object(
  {
    name: t.String({ description: 'Current conformed name' }),
    cik: CikOut,
    ticker: text('Primary ticker (the first of the submissions record)'),
    entityType: EntityType,
    tickers: t.Array(t.String(), { description: 'Every ticker, primary first' }),
    // EDGAR lists no exchange for some tickers (OTC quotes): null keeps the two arrays aligned.
    exchanges: t.Array(Nullable(t.String()), {
      description: 'Exchange of each ticker, in the same order (null when EDGAR names none)',
    }),
    sic: Nullable(OutInteger({ description: 'Standard Industrial Classification code' })),
    sicDescription: text('Industry title of the SIC code'),
    ownerOrg: text('SEC office that reviews the filer'),
    insiderTransactionForOwnerExists: Nullable(
      t.Boolean({ description: 'Files insider transactions as a reporting owner' }),
    ),
    insiderTransactionForIssuerExists: Nullable(
      t.Boolean({ description: 'Has insider transactions filed about it as issuer' }),
    ),
    ein: Nullable(
      OutInteger({
        description: 'Employer Identification Number (null when EDGAR has none or the 000000000 placeholder)',
      }),
    ),
    lei: text('Legal Entity Identifier'),
    description: text("EDGAR's description of the filer"),
    website: text('Website'),
    investorWebsite: text('Investor relations website'),
    category: text('Filer category, e.g. "Large accelerated filer"'),
    fiscalYearEnd: Nullable(t.String({ pattern: '^\\d{4}$', description: 'Fiscal year end as MMDD' })),
    stateOfIncorporation: text('State or country code of incorporation'),
    stateOfIncorporationDescription: text('Name of the state or country of incorporation'),
    phone: text('Business phone'),
    formerNames: t.Array(t.String(), { description: 'Earlier names, most recent first' }),
    mailingAddress: Nullable(Address),
    businessAddress: Nullable(Address),
  },
  { title: 'Entity' },
)
export type Entity = typeof Entity.static

export const EntityFilters = t.Object({
  cik: t.Optional(Cik),
  ticker: t.Optional(t.String({ ...Ticker, description: 'Primary ticker, case-insensitive' })),
  entityType: t.Optional(EntityTypeParam),
  q: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive substring of the name' })),
})
export type EntityFilters = typeof EntityFilters.static

export const AppliedEntityFilters = t.Object({
  cik: Nullable(CikOut),
  ticker: Nullable(t.String()),
  entityType: Nullable(t.String()),
  q: Nullable(t.String()),
})

export const EntityList = t.Object(
  { data: t.Array(Entity), pagination: Pagination, filters: AppliedEntityFilters },
  { title: 'EntityList' },
)

export const SicCode = t.Object(
  {
    sicCode: OutInteger({ description: 'SIC code' }),
    office: text('SEC office that reviews filers with this code, e.g. "Office of Technology"'),
    industryTitle: t.String({ description: 'Industry title' }),
    largeSizeTickers: text(
      'Primary tickers of large accelerated filers with this code, by market value, comma-separated (at most 10)',
    ),
    sector: text('Broad sector, e.g. "Technology"'),
  },
  { title: 'SicCode' },
)
export type SicCode = typeof SicCode.static
export const SicCodeList = t.Object({ data: t.Array(SicCode), pagination: Pagination }, { title: 'SicCodeList' })

/** Any name of the shape is looked up (see IDENTIFIER_PATTERN): one that matches nothing is a 404, not a 400. */
export const IdentifierParams = t.Object({
  identifier: t.String({
    ...CikOrTicker,
    description:
      'A CIK (all digits, zero-padding optional) or a ticker (case-insensitive): 1 to 64 letters, digits, dots or dashes. ' +
      'A well-formed identifier that matches no entity (including a CIK of more than 10 digits) is a 404.',
  }),
})

export const EntityFilingFilters = t.Object({
  formTypes: t.Optional(FormTypesParam),
  startDate: t.Optional(DateParam('Filing date on or after (inclusive)')),
  endDate: t.Optional(DateParam('Filing date on or before (inclusive)')),
})
