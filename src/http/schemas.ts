/**
 * Shapes shared by every area, declared once: the error body and the map of error responses each
 * route spreads, paging, nullable values, and the parameter types of EDGAR identifiers and dates.
 * Only `t` here: routes live in the modules.
 */
import { type IntegerOptions, Type } from '@sinclair/typebox'
import { type TSchema, t } from 'elysia'
import { ACCESSION_PATTERN, CIK_PATTERN, IDENTIFIER_PATTERN, TICKER_PATTERN } from '../lib/ids.ts'
import './formats.ts'
import { QueryInteger } from './query-integer.ts'

/** Every integer query parameter is a QueryInteger: decimal digits only, within its range (query-integer.ts). */
export { QueryInteger }

/**
 * An integer in a response. Elysia's `t.Integer` is a transform (it turns query text into numbers), and one
 * transform anywhere in a response's schema makes Elysia walk every response through TypeBox's encoder
 * before checking it: 16% of a 100-filing page's CPU time (profiled). Responses are built by us as numbers.
 */
export const OutInteger = (options?: IntegerOptions) => Type.Integer(options)

/**
 * A date as the Financials reference writes it, an integer YYYYMMDD (20250628). `format` says so in the
 * OpenAPI document, and makes it a date column of an Arrow answer (src/http/tabular/row-table.ts);
 * TypeBox checks formats of strings only.
 */
export const OutYyyymmdd = OutInteger({
  format: 'yyyymmdd',
  description: 'A date as an integer YYYYMMDD',
  examples: [20250628],
})

export const Nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()])

export const ErrorBody = t.Object(
  {
    error: t.Object({
      code: t.String({ description: 'Stable snake_case code, e.g. invalid_parameter, not_found, rate_limited' }),
      message: t.String({ description: 'What went wrong and what to do, in English' }),
      details: t.Record(t.String(), t.Unknown(), {
        description: 'Per-parameter problems for invalid_parameter; otherwise usually empty',
      }),
      request_id: t.String({ description: 'Also sent as the X-Request-Id header' }),
    }),
  },
  { title: 'ErrorResponse' },
)

const errorBody = (description: string) => t.Object(ErrorBody.properties, { title: 'ErrorResponse', description })

/** Error responses every /v1 operation may give; routes spread this into `response`. */
export const errorResponses = {
  400: errorBody('A parameter is malformed or out of range; details names each one'),
  401: errorBody('Missing or unknown API key'),
  403: errorBody('The key is revoked, or its plan or features do not cover this operation'),
  404: errorBody('No such resource'),
  429: errorBody("Past the plan's per-minute, per-hour or per-day limit; see Retry-After"),
  500: errorBody('A failure on our side; the request id finds it in the server log'),
  503: errorBody('Query timeout, server busy, or no snapshot served yet'),
} as const

export const PageNumber = QueryInteger({
  minimum: 1,
  maximum: 2_147_483_647,
  default: 1,
  description: 'Page number, 1-based',
})

/**
 * `limit`: how many rows an answer holds, 1 to `max` (MAX_LIMIT from the configuration, or an
 * operation's own bound), `defaultLimit` (at most `max`) when not given.
 */
export const LimitParam = (max: number, defaultLimit = 20, description = `Rows per page (at most ${max})`) =>
  QueryInteger({ minimum: 1, maximum: max, default: Math.min(defaultLimit, max), description })

/** page and limit, for a list read page by page. */
export const pageQuery = (max: number, defaultLimit = 20, limitDescription?: string) =>
  t.Object({ page: PageNumber, limit: LimitParam(max, defaultLimit, limitDescription) })

/** limit alone, for a list read from its start only (a feed, a ranking). */
export const limitQuery = (max: number, defaultLimit = 20, description?: string) =>
  t.Object({ limit: LimitParam(max, defaultLimit, description) })

/**
 * `cursor`: where the next page of a list read by position starts (src/http/pagination.ts), as the
 * previous page's `pagination.nextCursor` gave it.
 */
export const CursorParam = t.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  expected: "the pagination.nextCursor of this list's previous page",
  description:
    "The previous page's `pagination.nextCursor`: the page after it. Valid while the snapshot that gave it is served; once a newer snapshot has changed the list, a 400 says to start again from the first page.",
})

/** A true/false query parameter, as text: the value is compared with 'true' where it is used. */
export const BooleanParam = (description: string) =>
  t.String({ pattern: '^(true|false)$', enum: ['true', 'false'], expected: 'true or false', description })

export type PageQuery = { page: number; limit: number }

export const Pagination = t.Object({
  page: OutInteger({ description: 'This page, 1-based' }),
  limit: OutInteger({ description: 'Rows per page' }),
  hasMoreData: t.Boolean({
    description: 'Whether a next page has rows (found by reading one row more, never by counting)',
  }),
})

export const Cik = t.String({
  pattern: CIK_PATTERN,
  expected: 'a CIK of 1 to 10 digits (zero-padding optional)',
  description: 'Central Index Key, 1 to 10 digits; zero-padding optional',
  examples: ['320193', '0000320193'],
})

export const CikOut = t.String({
  pattern: '^\\d{10}$',
  description: 'Central Index Key, zero-padded to 10 digits',
  examples: ['0000320193'],
})

export const AccessionNumber = t.String({
  pattern: ACCESSION_PATTERN,
  expected: 'an accession number like 0000320193-24-000123 (18 digits, dashes optional)',
  description: 'Accession number, ##########-##-###### (dashes optional)',
  examples: ['0000320193-24-000123'],
})

export const Ticker = t.String({
  pattern: TICKER_PATTERN,
  expected: 'a ticker of 1 to 10 letters, digits, dots or dashes',
  description: 'Ticker symbol, case-insensitive',
  examples: ['AAPL', 'BRK-B'],
})

/** A path identifier that is a CIK or a ticker (resolved by areas/common/store/identifiers.ts); each operation says what a miss is. */
export const CikOrTicker = t.String({
  pattern: IDENTIFIER_PATTERN,
  expected: 'a CIK (digits) or a ticker: 1 to 64 letters, digits, dots or dashes',
  examples: ['320193', 'AAPL'],
})

/** A calendar quarter label, `YYYYQn` (any case): what each operation's quarter is of, its description says. */
export const QuarterParam = (description: string) =>
  t.String({
    pattern: '^\\d{4}[Qq][1-4]$',
    expected: 'a quarter label such as 2024Q3',
    description,
    examples: ['2024Q3'],
  })

export const DateParam = (description: string) => t.String({ format: 'date', description, examples: ['2024-01-31'] })

export const FormTypesParam = t.String({
  maxLength: 1000,
  pattern: '^[A-Za-z0-9 ./\\-]*(,[A-Za-z0-9 ./\\-]*)*$',
  expected: 'a comma-separated list of form types such as 10-K,10-Q,8-K',
  description:
    'Comma-separated form types, case-insensitive, e.g. `10-K,10-Q`. Amendments (`10-K/A`) are separate types.',
  examples: ['10-K,10-Q'],
})
