/**
 * Which format an answer is written in: JSON (the default), CSV or Arrow, asked for by the `format`
 * parameter or, without it, by the Accept header. Only operations whose body is rows take `format`
 * (src/areas/operation.ts); errors are JSON whatever was asked (src/http/errors.ts).
 */
import { t } from 'elysia'

export type AnswerFormat = 'json' | 'csv' | 'arrow'

export const FormatParam = t.Optional(
  t.String({
    pattern: '^(json|csv|arrow)$',
    enum: ['json', 'csv', 'arrow'],
    expected: 'json, csv or arrow',
    description:
      'json (default), csv (RFC 4180, a header row) or arrow (an Arrow IPC stream); the Accept header ' +
      '(text/csv, application/vnd.apache.arrow.stream) chooses the same when this is absent. See docs/api/formats.md.',
  }),
)

export const CONTENT_TYPE: Record<AnswerFormat, string> = {
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8;header=present',
  arrow: 'application/vnd.apache.arrow.stream',
}

const MEDIA_TYPES: Record<string, AnswerFormat> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/vnd.apache.arrow.stream': 'arrow',
  '*/*': 'json',
  'application/*': 'json',
}

/**
 * The format an Accept header prefers: of the media types we write, the one of highest `q` (the first
 * listed among equals); JSON when it names none of them (a browser's `text/html,…,*\/*;q=0.8`).
 */
export function acceptedFormat(accept: string | null): AnswerFormat {
  if (!accept) return 'json'
  let best: AnswerFormat = 'json'
  let bestQ = 0
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase())
    const format = MEDIA_TYPES[type]
    if (!format) continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    if (Number.isFinite(weight) && weight > bestQ) {
      best = format
      bestQ = weight
    }
  }
  return best
}

/** The answer's format: the `format` parameter when given, else the Accept header's preference. */
export const answerFormat = (param: string | undefined, accept: string | null): AnswerFormat =>
  (param as AnswerFormat | undefined) ?? acceptedFormat(accept)

/**
 * The next page of a CSV or Arrow answer (which has no envelope), as a `Link: <…>; rel="next"` value:
 * the request with the body's `pagination.nextCursor` as `cursor`, or with `page` + 1; undefined on the
 * last page. The API key of the query, if any, is left out.
 */
export function nextPageLink(url: string, body: unknown): string | undefined {
  const pagination = (body as { pagination?: Record<string, unknown> } | null)?.pagination
  if (!pagination?.hasMoreData) return undefined
  const next = new URL(url)
  next.searchParams.delete('apiKey')
  if (typeof pagination.nextCursor === 'string') next.searchParams.set('cursor', pagination.nextCursor)
  else if (typeof pagination.page === 'number') next.searchParams.set('page', String(pagination.page + 1))
  else return undefined
  return `<${next.pathname}${next.search}>; rel="next"`
}
