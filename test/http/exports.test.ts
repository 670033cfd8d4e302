/**
 * CSV and Arrow answers, and lists read to their end (docs/api/formats.md). Every operation whose body
 * is rows (its route's `x-rows`) answers the same request in JSON, CSV and Arrow: the CSV is read back
 * with an RFC 4180 parser written here and the Arrow with apache-arrow's reader, and every value of every
 * row is compared with the JSON answer, walked here on its own (not with the server's flattening). The
 * insider feeds walked by cursor and the holdings by page give exactly the rows of one export request.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Table, tableFromIPC } from 'apache-arrow'
import { cursorOf, positionOf } from '../../src/http/pagination.ts'
import { CAST } from '../../src/sample/cast.ts'
import { openTestApi, type Reply } from '../helpers/api.ts'
import { operationsOf, queryExamples } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => (api = await openTestApi()))
afterAll(() => api.close())

/** RFC 4180: fields split on commas, quoted fields may hold commas, doubled quotes and line breaks. An
 * empty unquoted field is null, a quoted empty one '' (the server writes null and '' so). */
export function parseCsv(text: string): (string | null)[][] {
  const rows: (string | null)[][] = []
  let row: (string | null)[] = []
  let i = 0
  while (i < text.length) {
    let value: string | null
    if (text[i] === '"') {
      let end = i + 1
      let out = ''
      for (;;) {
        const q = text.indexOf('"', end)
        if (q < 0) throw new Error('unterminated quoted field')
        out += text.slice(end, q)
        if (text[q + 1] === '"') {
          out += '"'
          end = q + 2
        } else {
          i = q + 1
          break
        }
      }
      value = out
    } else {
      let end = i
      while (end < text.length && text[end] !== ',' && text[end] !== '\r') end++
      value = end === i ? null : text.slice(i, end)
      i = end
    }
    row.push(value)
    if (text[i] === ',') i++
    else if (text.startsWith('\r\n', i)) {
      rows.push(row)
      row = []
      i += 2
    } else if (i < text.length) throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`)
  }
  if (row.length) throw new Error('the last line has no CRLF')
  return rows
}

type Rows = Record<string, unknown>[]
type RowsAt = string | { lists: string[] }

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** An object's leaves by dotted name; arrays are leaves (JSON text), or left out (`lists: false`). */
function leaves(v: unknown, lists: boolean, prefix = '', out: Record<string, unknown> = {}, skip?: string) {
  if (!isObject(v)) return out
  for (const [k, x] of Object.entries(v)) {
    if (k === skip) continue
    if (isObject(x)) leaves(x, lists, `${prefix}${k}.`, out)
    else if (Array.isArray(x)) {
      if (lists) out[prefix + k] = x
    } else out[prefix + k] = x
  }
  return out
}

/** The rows a JSON body holds at `at`, each by column name, as docs/api/formats.md says. */
function expectedRows(body: unknown, at: RowsAt): Rows {
  if (typeof at !== 'string') return at.lists.flatMap((list) => expectedRows(body, list).map((r) => ({ list, ...r })))
  const names = at === '' ? [] : at.split('.')
  const walk = (container: unknown, i: number, context: Record<string, unknown>): Rows => {
    const last = i >= names.length - 1
    const entries: [string | null, unknown][] = Array.isArray(container)
      ? container.map((x) => [null, x])
      : Object.entries((container ?? {}) as object)
    return entries.flatMap(([key, item]) => {
      const keyed = key === null ? {} : { key }
      if (last) return [{ ...context, ...keyed, ...leaves(item, true) }]
      const prefix = `${names.slice(0, i + 1).join('.')}.`
      const inner = leaves(item, false, prefix, {}, names[i + 1])
      return walk((item as Record<string, unknown>)[names[i + 1]!], i + 1, { ...context, ...keyed, ...inner })
    })
  }
  return names.length === 0 ? walk(body, 0, {}) : walk((body as Record<string, unknown>)[names[0]!], 0, {})
}

/**
 * A nested object that is null in a row (a point's `firstReported` when it was not restated) is, by its
 * schema, columns of its fields, each null: the walk above sees only the null.
 */
function withNullObjects(rows: Rows, header: string[]) {
  for (const row of rows)
    for (const [k, v] of Object.entries(row))
      if (v === null && !header.includes(k) && header.some((h) => h.startsWith(`${k}.`))) {
        delete row[k]
        for (const h of header) if (h.startsWith(`${k}.`)) row[h] = null
      }
}

/** A JSON value as the CSV writes it. */
const csvText = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v)

/** An Arrow value back as the JSON value it was written from (a date as the JSON's text or YYYYMMDD integer). */
function fromArrow(v: unknown, typeName: string, json: unknown): unknown {
  if (v === null) return null
  if (typeof v === 'bigint') return Number(v)
  if (typeName.startsWith('Date')) {
    const iso = new Date(v as number).toISOString().slice(0, 10)
    return typeof json === 'number' ? Number(iso.replaceAll('-', '')) : iso
  }
  return v
}

async function bytes(path: string, headers: Record<string, string> = {}) {
  const res = await api.app.handle(
    new Request(`http://localhost${path}`, { headers: { 'x-api-key': api.keys.ENTERPRISE, ...headers } }),
  )
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

/** Compares a CSV answer with the JSON rows, every cell; returns the mismatches (at most 5). */
function csvMismatches(csv: (string | null)[][], rows: Rows): unknown[] {
  const [header = [], ...lines] = csv
  const problems: unknown[] = []
  if (lines.length !== rows.length) problems.push({ rows: lines.length, json: rows.length })
  for (const [i, row] of rows.entries()) {
    const missing = Object.keys(row).filter((k) => !header.includes(k))
    if (missing.length) problems.push({ row: i, columnsMissing: missing })
    header.forEach((name, j) => {
      if (lines[i]?.[j] !== csvText(row[name!])) problems.push({ row: i, name, csv: lines[i]?.[j], json: row[name!] })
    })
  }
  return problems.slice(0, 5)
}

function arrowMismatches(table: Table, header: string[], rows: Rows): unknown[] {
  const problems: unknown[] = []
  expect(table.schema.fields.map((f) => f.name)).toEqual(header)
  if (table.numRows !== rows.length) problems.push({ rows: table.numRows, json: rows.length })
  for (const field of table.schema.fields) {
    const column = table.getChild(field.name)!
    for (const [i, row] of rows.entries()) {
      const json = row[field.name]
      const want = Array.isArray(json) ? JSON.stringify(json) : (json ?? null)
      const got = fromArrow(column.get(i), String(field.type), json)
      if (!Bun.deepEquals(got, want)) problems.push({ row: i, name: field.name, arrow: got, json })
    }
  }
  return problems.slice(0, 5)
}

const rowsAtOf = (route: string) =>
  (api.app.routes.find((r) => r.path === route)!.hooks as { detail?: { 'x-rows'?: RowsAt } }).detail?.['x-rows']

describe('every operation whose body is rows answers CSV and Arrow with the values of its JSON', () => {
  test('each row-bodied operation of each area, at its example query', async () => {
    const checked: string[] = []
    for (const op of operationsOf(api.app)) {
      const at = rowsAtOf(op.route)
      if (at === undefined) {
        // JSON only: no format parameter.
        expect({ op: op.operationId, format: op.queryParams.some((p) => p.name === 'format') }).toEqual({
          op: op.operationId,
          format: false,
        })
        continue
      }
      const query = queryExamples(op)
      delete query.format
      delete query.cursor
      const json = await api.get(op.path({}, query))
      expect([op.operationId, json.status]).toEqual([op.operationId, 200])
      const rows = expectedRows(json.body, at)
      expect({ op: op.operationId, rows: rows.length > 0 }).toEqual({ op: op.operationId, rows: true })

      // CSV by the parameter, Arrow by the Accept header.
      const csv = await api.get(op.path({}, { ...query, format: 'csv' }))
      expect([op.operationId, csv.status, csv.headers.get('content-type')]).toEqual([
        op.operationId,
        200,
        'text/csv;charset=utf-8;header=present',
      ])
      const table = parseCsv(csv.text)
      withNullObjects(rows, table[0] as string[])
      expect({ op: op.operationId, problems: csvMismatches(table, rows) }).toEqual({ op: op.operationId, problems: [] })

      const arrow = await bytes(op.path({}, query), { accept: 'application/vnd.apache.arrow.stream' })
      expect([op.operationId, arrow.res.status, arrow.res.headers.get('content-type')]).toEqual([
        op.operationId,
        200,
        'application/vnd.apache.arrow.stream',
      ])
      const problems = arrowMismatches(tableFromIPC(arrow.bytes), table[0] as string[], rows)
      expect({ op: op.operationId, problems }).toEqual({ op: op.operationId, problems: [] })
      checked.push(op.operationId)
    }
    // Every area has some: Filings, Entities, Financials, Insiders, Institutions.
    for (const area of [
      'listFilings',
      'listEntities',
      'getFinancialMetrics',
      'listInsiderTransactions',
      'getInstitutionHoldings',
    ])
      expect(checked).toContain(area)
    expect(checked.length).toBeGreaterThanOrEqual(45)
  })

  test('columns are typed: dates as Date32, integers as Int64, money as Float64, booleans, text', async () => {
    const types = async (path: string) => {
      const { bytes: b } = await bytes(path)
      return Object.fromEntries(tableFromIPC(b).schema.fields.map((f) => [f.name, String(f.type)]))
    }
    expect(await types('/v1/filings?format=arrow&limit=3')).toMatchObject({
      filingDate: 'Date32<DAY>',
      acceptedDate: 'Utf8',
      cik: 'Utf8',
    })
    expect(await types('/v1/insiders/transactions?format=arrow&limit=3')).toMatchObject({
      'issuer.cik': 'Utf8',
      transactionDate: 'Date32<DAY>',
      shares: 'Float64',
      value: 'Float64',
      derivative: 'Bool',
    })
    expect(
      await types(`/v1/financials/metrics?cik=${CAST.largeIssuer.cik}&symbols=revenue&format=arrow`),
    ).toMatchObject({
      'series.symbol': 'Utf8',
      fiscalYear: 'Int64',
      endDate: 'Date32<DAY>',
      value: 'Float64',
    })
    expect(await types('/v1/entities?format=arrow&limit=3')).toMatchObject({ tickers: 'Utf8', sic: 'Int64' })
  })

  test('an empty list is a header row, and an Arrow stream with its columns and no row', async () => {
    const csv = await api.get('/v1/filings?startDate=1990-01-01&endDate=1990-01-02&format=csv')
    expect(csv.status).toBe(200)
    expect(csv.text).toBe(
      'accessionNumber,cik,formType,formTypeCategory,ticker,filingDate,filingUrl,acceptedDate,entityName\r\n',
    )
    const { bytes: b } = await bytes('/v1/filings?startDate=1990-01-01&endDate=1990-01-02&format=arrow')
    const table = tableFromIPC(b)
    expect([table.numRows, table.schema.fields.length]).toEqual([0, 9])
  })

  test('JSON stays the default, byte for byte, whatever Accept asks that is not CSV or Arrow', async () => {
    const path = '/v1/insiders/transactions?limit=5'
    const plain = await api.get(path)
    for (const headers of [
      { accept: 'application/json' },
      { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      { accept: 'text/csv;q=0.5, application/json' },
      { accept: 'application/xml' },
    ]) {
      const res = await api.get(path, { headers })
      expect([headers.accept, res.headers.get('content-type'), res.text]).toEqual([
        headers.accept,
        'application/json;charset=utf-8',
        plain.text,
      ])
    }
    expect((await api.get(`${path}&format=json`, { headers: { accept: 'text/csv' } })).text).toBe(plain.text)
    expect(
      (await api.get(path, { headers: { accept: 'application/json;q=0.5, text/csv' } })).headers.get('content-type'),
    ).toStartWith('text/csv')
    expect(plain.headers.get('vary')).toBe('accept')
  })

  test('CSV quoting: commas, quotes and line breaks survive; null and empty text stay apart', async () => {
    // The form type descriptions hold commas; the entity list has nulls and arrays.
    const res = await api.get('/v1/entities?limit=20&format=csv')
    const json = await api.get('/v1/entities?limit=20')
    expect(csvMismatches(parseCsv(res.text), expectedRows(json.body, 'data'))).toEqual([])
    expect(res.text).toContain(',,')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="listEntities.csv"')
  })
})

describe('bad input over the formats: a 400 naming the parameter, errors stay JSON', () => {
  const expect400 = (res: Reply, name: string) => {
    expect({
      status: res.status,
      type: res.headers.get('content-type'),
      details: Object.keys(res.body.error.details),
    }).toEqual({
      status: 400,
      type: 'application/json;charset=utf-8',
      details: [name],
    })
  }

  test('a format that is not json, csv or arrow', async () => {
    for (const value of ['xml', 'CSV', '', 'parquet']) expect400(await api.get(`/v1/filings?format=${value}`), 'format')
  })

  test('format on an operation whose body is not rows', async () => {
    for (const path of [
      '/v1/entities/QFD?format=csv',
      '/v1/insiders/statistics?format=arrow',
      '/v1/filings/form-types/x?format=csv',
    ]) {
      const res = await api.get(path)
      if (res.status === 404) continue
      expect400(res, 'format')
      expect(res.body.error.message).toContain('JSON only')
    }
    // The Accept header is a preference: such an operation answers JSON.
    const res = await api.get('/v1/entities/QFD', { headers: { accept: 'text/csv' } })
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json;charset=utf-8'])
  })

  test('a JSON page past its limit, an export past MAX_EXPORT_LIMIT', async () => {
    const json = await api.get('/v1/filings?limit=101')
    expect400(json, 'limit')
    expect(json.body.error.details.limit).toBe(
      `expected an integer from 1 to 100 (to ${api.config.MAX_EXPORT_LIMIT} with format=csv or format=arrow), got "101"`,
    )
    expect400(await api.get(`/v1/filings?limit=${api.config.MAX_EXPORT_LIMIT + 1}&format=csv`), 'limit')
    expect((await api.get('/v1/filings?limit=101&format=csv')).status).toBe(200)
  })

  test('errors are JSON whatever was asked', async () => {
    for (const [path, headers] of [
      ['/v1/entities/ZZZZZZ/filings?format=csv', {}],
      ['/v1/entities/ZZZZZZ/filings', { accept: 'application/vnd.apache.arrow.stream' }],
      ['/v1/insiders/transactions?format=arrow&cursor=%21%21', {}],
      ['/v1/insiders/transactions?format=arrow&cursor=abc', {}],
    ] as const) {
      const res = await api.get(path, { headers })
      expect([path, res.headers.get('content-type'), Object.keys(res.body)]).toEqual([
        path,
        'application/json;charset=utf-8',
        ['error'],
      ])
    }
  })

  test('a cursor no page gave', async () => {
    for (const cursor of ['abc', 'LTE', 'MDAx', 'x'.repeat(25), 'MA'])
      expect400(await api.get(`/v1/insiders/transactions?cursor=${cursor}`), 'cursor')
  })

  test('a cursor of a list that has changed since is refused: its row is not where it was', async () => {
    const first = await api.get('/v1/insiders/transactions?limit=3')
    const cursor = (first.body as { pagination: { nextCursor: string } }).pagination.nextCursor
    expect((await api.get(`/v1/insiders/transactions?limit=3&cursor=${cursor}`)).status).toBe(200)
    const { position, mark } = positionOf(cursor)
    // A newer snapshot whose list grew by a row at its top has another row at the cursor's position.
    const moved = await api.get(`/v1/insiders/transactions?limit=3&cursor=${cursorOf(position + 1, mark)}`)
    expect400(moved, 'cursor')
    expect((moved.body as { error: { message: string } }).error.message).toContain('start again from the first page')
    // And a row changed in place.
    expect400(await api.get(`/v1/insiders/transactions?cursor=${cursorOf(position, '0'.repeat(16))}`), 'cursor')
  })

  test('a larger limit in CSV works on every operation that takes limit', async () => {
    for (const op of operationsOf(api.app)) {
      if (!op.queryParams.some((p) => p.name === 'format') || !op.queryParams.some((p) => p.name === 'limit')) continue
      const query = queryExamples(op)
      delete query.cursor
      const res = await api.get(op.path({}, { ...query, format: 'csv', limit: '1000' }))
      expect([op.operationId, res.status]).toEqual([op.operationId, 200])
    }
  })
})

describe('every list read to its end: pages walked give exactly the rows of one export', () => {
  /** The rows of one CSV export of `path` (limit MAX_EXPORT_LIMIT). */
  const exported = async (path: string) => {
    const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}format=csv&limit=${api.config.MAX_EXPORT_LIMIT}`)
    expect(res.status).toBe(200)
    return parseCsv(res.text)
  }

  /** JSON pages of `limit`, following `next` (the next page's query text) until it gives none. */
  async function walk(
    path: string,
    limit: number,
    rowsOf: (body: any) => unknown[],
    next: (body: any) => string | undefined,
  ) {
    const rows: unknown[] = []
    let query = ''
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(500)
      const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${query}`)
      expect([path, query, res.status]).toEqual([path, query, 200])
      rows.push(...rowsOf(res.body))
      const more = next(res.body)
      if (more === undefined) return rows
      query = more
    }
  }

  const feeds = [
    '/v1/insiders/transactions',
    '/v1/insiders/transactions?acquiredDisposed=D&derivative=false',
    '/v1/insiders/QFD/transactions',
    '/v1/insiders/QFD/transactions?acquiredDisposed=A',
    `/v1/insiders/person/${CAST.insiderA.cik}/transactions`,
    '/v1/insiders/activity/buying',
    '/v1/insiders/activity/selling',
    '/v1/insiders/activity/buying?from=2006-01-01&end=2026-12-31',
    '/v1/insiders/activity/selling?from=2025-01-01',
  ]

  test.each(feeds)('%s: by cursor, in JSON and in CSV', async (path) => {
    const all = await exported(path)
    expect(all.length).toBeGreaterThan(3)
    const [header, ...expected] = all
    const limit = Math.min(100, Math.max(2, Math.ceil(expected.length / 6)))
    const rows = await walk(
      path,
      limit,
      (body) => body.transactions,
      (body) => {
        expect(body.pagination.nextCursor !== null).toBe(body.pagination.hasMoreData)
        return body.pagination.nextCursor === null ? undefined : `&cursor=${body.pagination.nextCursor}`
      },
    )
    const asCsv = expectedRows({ transactions: rows }, 'transactions').map((r) =>
      header!.map((name) => csvText(r[name!])),
    )
    expect(asCsv).toEqual(expected)

    // CSV pages follow the Link header.
    const csvRows: unknown[] = []
    let next: string | undefined = `${path}${path.includes('?') ? '&' : '?'}format=csv&limit=${limit}`
    while (next) {
      const res = await api.get(next)
      csvRows.push(...parseCsv(res.text).slice(1))
      next = res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1]
    }
    expect(csvRows).toEqual(expected)
  })

  test.each(['', '&sort=shares'])('13F holdings by page (%s)', async (sort) => {
    const path = `/v1/institutions/${CAST.manager.cik}/holdings?quarter=2026Q2${sort}`
    const [header, ...expected] = await exported(path)
    expect(expected.length).toBeGreaterThan(3)
    const rows = await walk(
      path,
      2,
      (body) => body.holdings,
      (body) => (body.pagination.hasMoreData ? `&page=${body.pagination.page + 1}` : undefined),
    )
    const asCsv = expectedRows({ holdings: rows }, 'holdings').map((r) => header!.map((name) => csvText(r[name!])))
    expect(asCsv).toEqual(expected)
  })
})
