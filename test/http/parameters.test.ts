/**
 * How parameters are read, everywhere: an identifier in the path that names nobody is a 404 whatever its
 * length or shape; an integer is decimal digits (no hex, exponent, sign, spaces or decimal point); a
 * parameter given twice is a 400 naming it. The sweeps over every operation and parameter read them from
 * the app (test/helpers/operations.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { integerTextPattern } from '../../src/http/query-integer.ts'
import { openTestApi, type Reply } from '../helpers/api.ts'
import { knownOf, operationsOf } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => (api = await openTestApi()))
afterAll(() => api.close())

/** The whole error body; the request id is the one in the header. */
const errorOf = (res: Reply, code: string, message: string, details: Record<string, string> = {}) => {
  expect({ status: res.status, body: res.body }).toEqual({
    status: code === 'not_found' ? 404 : 400,
    body: { error: { code, message, details, request_id: res.headers.get('x-request-id')! } },
  })
}

describe('GET /v1/entities/{identifier}: an identifier that names nobody is a 404', () => {
  test.each([
    ['/v1/entities/NOSUCHTICKER', 'No entity with ticker NOSUCHTICKER.'],
    ['/v1/entities/nosuchticker', 'No entity with ticker NOSUCHTICKER.'],
    ['/v1/entities/NOSUCHTICKERATALL12345', 'No entity with ticker NOSUCHTICKERATALL12345.'],
    ['/v1/entities/NO.SUCH-TICKER', 'No entity with ticker NO.SUCH-TICKER.'],
    ['/v1/entities/-1', 'No entity with ticker -1.'],
    ['/v1/entities/1e3', 'No entity with ticker 1E3.'],
    ['/v1/entities/99999999999999', 'No entity with CIK 99999999999999.'],
    [`/v1/entities/${'9'.repeat(30)}`, `No entity with CIK ${'9'.repeat(30)}.`],
    ['/v1/entities/NOSUCHTICKER/filings', 'No entity with ticker NOSUCHTICKER.'],
    ['/v1/entities/NOSUCHTICKER/filings?formTypes=10-K&page=2', 'No entity with ticker NOSUCHTICKER.'],
    ['/v1/entities/99999999999999/filings', 'No entity with CIK 99999999999999.'],
    [`/v1/entities/${'9'.repeat(30)}/filings`, `No entity with CIK ${'9'.repeat(30)}.`],
  ])('%s → 404 not_found', async (path, message) => {
    errorOf(await api.get(path), 'not_found', message)
  })

  test('an 11-digit CIK that pads an existing one names nobody: a CIK has at most 10 digits', async () => {
    expect((await api.get('/v1/entities/0000804753')).status).toBe(200)
    errorOf(await api.get('/v1/entities/00000804753'), 'not_found', 'No entity with CIK 00000804753.')
  })

  const malformed = 'expected a CIK (digits) or a ticker: 1 to 64 letters, digits, dots or dashes, got'
  test.each([
    ['/v1/entities/AB!', 'AB!'],
    ['/v1/entities/A%20B', 'A B'],
    ["/v1/entities/A'B/filings", "A'B"],
    ['/v1/entities/A%3BB', 'A;B'],
    ['/v1/entities/A%2FB', 'A/B'],
    ['/v1/entities/%C3%89T', 'ÉT'],
    ['/v1/entities/A%00', 'A\u0000'],
    [`/v1/entities/${'A'.repeat(65)}`, 'A'.repeat(65)],
  ])('%s cannot be an identifier: 400 naming it', async (path, value) => {
    const problem = `${malformed} ${JSON.stringify(value)}`
    errorOf(await api.get(path), 'invalid_parameter', `Invalid value for identifier: ${problem}.`, {
      identifier: problem,
    })
  })

  test('an empty segment matches no operation: 404', async () => {
    errorOf(
      await api.get('/v1/entities//filings'),
      'not_found',
      'No operation at /v1/entities//filings; see /openapi for the list.',
    )
  })

  test('the filings operations keep their 400 for a malformed CIK', async () => {
    const res = await api.get('/v1/filings/12345678901/0000320193-24-000123')
    expect({ status: res.status, details: Object.keys(res.body.error.details) }).toEqual({
      status: 400,
      details: ['cik'],
    })
  })
})

describe('integer parameters are decimal digits', () => {
  /** Sent as written in the query string; the value the server reads after decoding (a '+' is a space). */
  const SYNTAXES: [sent: string, read: string][] = [
    ['0x1F', '0x1F'],
    ['0x2', '0x2'],
    ['1e3', '1e3'],
    ['1e0', '1e0'],
    ['-1', '-1'],
    ['99999999999999999999', '99999999999999999999'],
    ['0b11', '0b11'],
    ['0o7', '0o7'],
    ['%20%202', '  2'],
    ['2%20', '2 '],
    ['1.0', '1.0'],
    ['%2B5', '+5'],
    ['+5', ' 5'],
    ['Infinity', 'Infinity'],
  ]

  test('every integer query parameter of every operation refuses other syntaxes with a 400 naming it and its range', async () => {
    let checked = 0
    for (const op of operationsOf(api.app)) {
      for (const p of op.queryParams) {
        const { minimum, maximum, expected } = p.schema as { minimum?: number; maximum?: number; expected?: string }
        const integer = (p.schema.anyOf as { type?: string }[] | undefined)?.some((m) => m.type === 'integer')
        if (!integer) continue
        for (const [sent, read] of SYNTAXES) {
          if (sent === '-1' && minimum !== undefined && minimum < 0) continue
          // A limit that CSV and Arrow take higher says both ranges (src/areas/operation.ts).
          const range = expected ?? `an integer from ${minimum} to ${maximum}`
          const problem = `expected ${range}, got ${JSON.stringify(read)}`
          const res = await api.get(op.withRaw(p.name, sent))
          errorOf(res, 'invalid_parameter', `Invalid value for ${p.name}: ${problem}.`, { [p.name]: problem })
          checked++
        }
      }
    }
    // page and limit of each paged operation at least
    expect(checked).toBeGreaterThanOrEqual(10 * SYNTAXES.length)
  })

  test('decimal digits are read as written; leading zeros are decimal, not octal', async () => {
    const page = async (path: string) => {
      const res = await api.get(path)
      expect({ path, status: res.status }).toEqual({ path, status: 200 })
      return res.body.pagination
    }
    expect(await page('/v1/filings?page=2')).toMatchObject({ page: 2, limit: 20 })
    expect(await page('/v1/filings?limit=007')).toMatchObject({ page: 1, limit: 7 })
    expect(await page('/v1/filings?page=010&limit=2')).toMatchObject({ page: 10, limit: 2 })
    expect(await page('/v1/entities?limit=3')).toMatchObject({ page: 1, limit: 3 })
    expect(await page('/v1/entities/QFD/filings')).toMatchObject({ page: 1, limit: 20 })
  })

  test('every integer query parameter of every operation takes decimal digits only', () => {
    const found: string[] = []
    for (const route of api.app.routes) {
      const properties =
        (route.hooks?.query as { properties?: Record<string, { anyOf?: Record<string, unknown>[] }> } | undefined)
          ?.properties ?? {}
      for (const [name, schema] of Object.entries(properties)) {
        const integer = schema.anyOf?.find((m) => m.type === 'integer')
        if (!integer) continue
        const text = schema.anyOf?.find((m) => m.type === 'string')
        expect({ route: route.path, name, pattern: text?.pattern }).toEqual({
          route: route.path,
          name,
          pattern: integerTextPattern(integer.minimum as number | undefined),
        })
        found.push(`${route.path} ${name}`)
      }
    }
    expect(found).toContain('/v1/filings page')
    expect(found).toContain('/v1/entities/:identifier/filings limit')
  })
})

describe('a parameter given more than once is a 400 naming it', () => {
  test('every query parameter of every operation, twice with its example value', async () => {
    let checked = 0
    for (const op of operationsOf(api.app)) {
      for (const p of op.queryParams) {
        const value = encodeURIComponent(knownOf(op, p.name)!)
        errorOf(
          await api.get(`${op.withRaw(p.name, value)}&${p.name}=${value}`),
          'invalid_parameter',
          `Invalid value for ${p.name}: given more than once.`,
          {
            [p.name]: 'given more than once',
          },
        )
        checked++
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20)
  })

  test.each([
    ['/v1/filings?limit=1&limit=2', 'limit'],
    ['/v1/filings?page=1&limit=5&page=2', 'page'],
    ['/v1/filings?ticker=AAPL&ticker=MSFT', 'ticker'],
    ['/v1/entities?q=inc&q=', 'q'],
    ['/v1/entities/sic-codes?%6Cimit=1&limit=2', 'limit'],
    ['/v1/filings?limit=1&apiKey=a&apiKey=b', 'apiKey'],
    ['/v1/entities/QFD?apiKey=a&apiKey=a', 'apiKey'],
  ])('%s → 400 naming %s', async (path, name) => {
    errorOf(await api.get(path), 'invalid_parameter', `Invalid value for ${name}: given more than once.`, {
      [name]: 'given more than once',
    })
  })

  test('two API keys in the query are a 400 before either is checked', async () => {
    const twice = { apiKey: 'given more than once' }
    const message = 'Invalid value for apiKey: given more than once.'
    errorOf(
      await api.get(`/v1/filings?apiKey=${api.keys.PRO}&apiKey=${api.keys.PRO}`, { key: null }),
      'invalid_parameter',
      message,
      twice,
    )
    errorOf(
      await api.get(`/v1/filings?apiKey=nope&limit=1&apiKey=${api.keys.PRO}`, { key: null }),
      'invalid_parameter',
      message,
      twice,
    )
    // One key in the query still works.
    expect((await api.get(`/v1/filings?limit=1&apiKey=${api.keys.PRO}`, { key: null })).status).toBe(200)
  })

  test('other parameters are checked after the key, like every other parameter problem', async () => {
    expect((await api.get('/v1/filings?limit=1&limit=2', { key: null })).body.error.code).toBe('missing_api_key')
  })

  test('a parameter an operation does not take is a 400 naming it, once or twice; apiKey and empty names are none', async () => {
    for (const [path, name] of [
      ['/v1/filings?foo=1&foo=2&limit=1', 'foo'],
      ['/v1/filings?limt=5', 'limt'],
      ['/v1/entities/QFD?limit=1&limit=2', 'limit'],
      ['/v1/entities/QFD?format=csv', 'format'],
    ] as const) {
      const res = await api.get(path)
      expect({ path, status: res.status, details: Object.keys(res.body.error.details) }).toEqual({
        path,
        status: 400,
        details: [name],
      })
      expect(res.body.error.message).toContain(name)
    }
    for (const path of ['/v1/filings?limit=1&&page=1&', `/v1/filings?limit=1&apiKey=${api.keys.PRO}`]) {
      expect({ path, status: (await api.get(path)).status }).toEqual({ path, status: 200 })
    }
  })
})
