/**
 * GET /v1/filings over the fixture snapshot: order, every filter, pagination edges and the row fields.
 * Cast filings (src/sample/cast-filings.ts) are asserted by literal value; whole-table properties are
 * checked against the snapshot's own Parquet.
 */
import { describe, expect, test } from 'bun:test'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { useApiAndSnapshot } from '../helpers/api.ts'

const ctx = useApiAndSnapshot()
const get = (path: string) => ctx.api.get(path)

type Row = {
  accessionNumber: string
  cik: string
  formType: string
  filingDate: string
  acceptedDate: string | null
  filingUrl: string
}
const accessions = (body: { data: Row[] }) => body.data.map((f) => f.accessionNumber)
const keys = (body: { data: Row[] }) => body.data.map((f) => `${f.filingDate} ${f.accessionNumber} ${f.cik}`)
const noFilters = { formTypes: [], cik: null, ticker: null, startDate: null, endDate: null }
const QFD = '0000804753'

/** Rows of the date-sorted copy in API order, as `date accession cik`. */
const parquetKeys = async (where = 'TRUE', limit = 100, offset = 0) =>
  (
    await ctx.snap.q<{
      k: string
    }>(`SELECT strftime(filing_date, '%Y-%m-%d') || ' ' || accession_number || ' ' || lpad(cik::VARCHAR, 10, '0') AS k
    FROM {t:filings_by_date} WHERE ${where} ORDER BY filing_date DESC, accession_number DESC, cik LIMIT ${limit} OFFSET ${offset}`)
  ).map((r) => r.k)

describe('GET /v1/filings: order and envelope', () => {
  test('a small page is the newest filings with pagination and the empty filters echoed', async () => {
    const res = await get('/v1/filings?limit=2')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: [
        {
          accessionNumber: CAST_ACCESSIONS.currentDay,
          cik: QFD,
          formType: '8-K',
          formTypeCategory: 'Current Reports',
          ticker: 'QFD',
          filingDate: '2026-11-23',
          filingUrl: 'https://www.sec.gov/Archives/edgar/data/804753/000080475326000051/0000804753-26-000051-index.htm',
          acceptedDate: null,
          entityName: 'Quillfeather Dynamics Corp',
        },
        {
          accessionNumber: '0001999002-26-400238',
          cik: '0000893710',
          formType: 'FWP',
          formTypeCategory: 'Prospectuses',
          ticker: 'CBRF',
          filingDate: '2026-11-20',
          filingUrl: 'https://www.sec.gov/Archives/edgar/data/893710/000199900226400238/0001999002-26-400238-index.htm',
          acceptedDate: '2026-11-20T21:34:36.000Z',
          entityName: 'Cobaltreach Financial Corp',
        },
      ],
      pagination: { page: 1, limit: 2, hasMoreData: true },
      filters: noFilters,
    })
  })

  test('a page of 100 is newest first (filing date, then accession number), as the date-sorted Parquet', async () => {
    const res = await get('/v1/filings?limit=100')
    expect(keys(res.body)).toEqual(await parquetKeys())
    expect(Object.keys(res.body).sort()).toEqual(['data', 'filters', 'pagination'])
  })

  test('without page and limit: page 1 of 20', async () => {
    const res = await get('/v1/filings')
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, hasMoreData: true })
    expect(keys(res.body)).toEqual(await parquetKeys('TRUE', 20))
  })

  test('filingUrl is the index page; acceptedDate is ISO with .000Z, null exactly for index-only filings', async () => {
    const { body } = await get('/v1/filings?limit=100')
    for (const f of body.data as Row[]) {
      const folder = `${Number(f.cik)}/${f.accessionNumber.replaceAll('-', '')}`
      expect(f.filingUrl).toBe(`https://www.sec.gov/Archives/edgar/data/${folder}/${f.accessionNumber}-index.htm`)
      if (f.acceptedDate !== null) expect(f.acceptedDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/)
    }
    const nulls = (body.data as Row[])
      .filter((f) => f.acceptedDate === null)
      .map((f) => `${f.accessionNumber} ${f.cik}`)
    const indexOnly = await ctx.snap.q<{
      k: string
    }>(`SELECT k FROM (SELECT accession_number || ' ' || lpad(cik::VARCHAR, 10, '0') AS k, accepted_at,
      filing_date, accession_number, cik FROM {t:filings_by_date} ORDER BY filing_date DESC, accession_number DESC, cik LIMIT 100) WHERE accepted_at IS NULL`)
    expect(nulls.sort()).toEqual(indexOnly.map((r) => r.k).sort())
    expect(nulls).toContain(`${CAST_ACCESSIONS.currentDay} ${QFD}`)
    const fund = await get(`/v1/filings?cik=${CAST.indexOnly.cik}`)
    expect(fund.body.data.map((f: Row) => [f.accessionNumber, f.formType, f.acceptedDate])).toEqual([
      [CAST_ACCESSIONS.indexOnlyAmendment, 'D/A', null],
      ['0002091877-26-000001', 'D', null],
    ])
  })
})

describe('GET /v1/filings: filters', () => {
  test('formTypes: comma list, case-insensitive, trimmed, de-duplicated, echoed upper-case', async () => {
    const res = await get(`/v1/filings?formTypes=10-k,%2010-K%20,10-q&cik=${CAST.largeIssuer.cik}`)
    expect(accessions(res.body)).toEqual([
      '0000804753-26-000044',
      '0000804753-26-000031',
      '0000804753-26-000019',
      CAST_ACCESSIONS.tenK,
      '0000804753-25-000047',
      '0000804753-25-000034',
      '0000804753-25-000021',
      '0000804753-25-000008',
      '0000804753-10-000004',
    ])
    expect(res.body.filters).toEqual({ ...noFilters, formTypes: ['10-K', '10-Q'], cik: QFD })
  })

  test('an amendment is its own form type: 4/A is not in 4, and 10-K/A not in 10-K', async () => {
    const four = await get(`/v1/filings?formTypes=4&cik=${CAST.largeIssuer.cik}`)
    expect(accessions(four.body)).toEqual([
      '0001999001-26-001204',
      '0001999001-26-000958',
      CAST_ACCESSIONS.insiderForm4,
      '0001999001-25-000142',
      '0001999001-19-000301',
    ])
    const amended = await get(`/v1/filings?formTypes=4/a&cik=${CAST.largeIssuer.cik}`)
    expect(accessions(amended.body)).toEqual(['0001999001-26-001011'])
    expect(amended.body.filters.formTypes).toEqual(['4/A'])
    const tenKA = await get('/v1/filings?formTypes=10-K/A&limit=100')
    expect(keys(tenKA.body)).toEqual(await parquetKeys(`form_type = '10-K/A'`))
    expect(new Set(tenKA.body.data.map((f: Row) => f.formType))).toEqual(new Set(['10-K/A']))
    const tenK = await get('/v1/filings?formTypes=10-K&limit=100')
    expect(tenK.body.data.length).toBeGreaterThan(0)
    expect(new Set(tenK.body.data.map((f: Row) => f.formType))).toEqual(new Set(['10-K']))
  })

  test('cik with or without zero padding gives the same rows, echoed as 10 digits', async () => {
    const plain = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=100`)
    const padded = await get(`/v1/filings?cik=${QFD}&limit=100`)
    expect(plain.body).toEqual(padded.body)
    expect(plain.body.filters).toEqual({ ...noFilters, cik: QFD })
    expect(plain.body.data).toHaveLength(26)
    expect(new Set(plain.body.data.map((f: Row) => f.cik))).toEqual(new Set([QFD]))
    expect(keys(plain.body)).toEqual(await parquetKeys(`cik = ${CAST.largeIssuer.cik}`))
  })

  test('ticker: case-insensitive, echoed upper-case; a secondary ticker finds the same filer', async () => {
    const byCik = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=100`)
    for (const [ticker, echo] of [
      ['qfd', 'QFD'],
      ['QfDb', 'QFDB'],
      ['qfd-pc', 'QFD-PC'],
    ]) {
      const res = await get(`/v1/filings?ticker=${ticker}&limit=100`)
      expect(res.body.filters).toEqual({ ...noFilters, ticker: echo })
      expect(res.body.data).toEqual(byCik.body.data)
    }
  })

  test('cik and ticker of different filers, or an unknown ticker: an empty page, not an error', async () => {
    const both = await get(`/v1/filings?ticker=QFD&cik=${CAST.manyFilings.cik}`)
    expect(both.status).toBe(200)
    expect(both.body).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { ...noFilters, cik: '0000893710', ticker: 'QFD' },
    })
    const same = await get(`/v1/filings?ticker=qfd&cik=${CAST.largeIssuer.cik}&limit=1`)
    expect(accessions(same.body)).toEqual([CAST_ACCESSIONS.currentDay])
    const unknown = await get('/v1/filings?ticker=nope')
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { ...noFilters, ticker: 'NOPE' },
    })
  })

  test('startDate and endDate are inclusive at both ends', async () => {
    const res = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&startDate=2026-07-30&endDate=2026-10-29`)
    expect(keys(res.body)).toEqual([
      '2026-10-29 0000804753-26-000044 0000804753',
      '2026-10-29 0000804753-26-000043 0000804753',
      '2026-10-06 0001999001-26-001011 0000804753',
      '2026-09-14 0000804753-26-000038 0000804753',
      '2026-09-03 0001999001-26-000958 0000804753',
      '2026-08-12 0001999001-26-000877 0000804753',
      '2026-07-30 0000804753-26-000031 0000804753',
      '2026-07-30 0000804753-26-000030 0000804753',
    ])
    expect(res.body.filters).toEqual({ ...noFilters, cik: QFD, startDate: '2026-07-30', endDate: '2026-10-29' })
    const oneDay = await get('/v1/filings?startDate=2026-07-30&endDate=2026-07-30&limit=100')
    expect(keys(oneDay.body)).toEqual(await parquetKeys(`filing_date = DATE '2026-07-30'`))
    expect(oneDay.body.data.length).toBe(4)
    const open = await get('/v1/filings?startDate=2026-11-20&limit=100')
    expect(keys(open.body)).toEqual(await parquetKeys(`filing_date >= DATE '2026-11-20'`))
    expect(open.body.data.at(-1).filingDate).toBe('2026-11-20')
  })

  test('a date window with formTypes applies both', async () => {
    const res = await get('/v1/filings?startDate=2026-07-30&endDate=2026-10-29&formTypes=10-Q,8-K&limit=100')
    const expected = await parquetKeys(
      `form_type IN ('10-Q', '8-K') AND filing_date BETWEEN DATE '2026-07-30' AND DATE '2026-10-29'`,
    )
    expect(expected.length).toBeGreaterThan(8)
    expect(keys(res.body)).toEqual(expected)
    expect(expected).toContain('2026-07-30 0000804753-26-000030 0000804753')
    expect(expected).toContain('2026-10-29 0000804753-26-000044 0000804753')
    expect(res.body.filters).toEqual({
      ...noFilters,
      formTypes: ['10-Q', '8-K'],
      startDate: '2026-07-30',
      endDate: '2026-10-29',
    })
  })
})

describe('GET /v1/filings: pagination', () => {
  test('page 2 continues page 1 without overlap', async () => {
    const [one, two] = [await get('/v1/filings?limit=100'), await get('/v1/filings?limit=100&page=2')]
    expect(two.body.pagination).toEqual({ page: 2, limit: 100, hasMoreData: true })
    expect(keys(two.body)).toEqual(await parquetKeys('TRUE', 100, 100))
    expect(new Set([...keys(one.body), ...keys(two.body)]).size).toBe(200)
  })

  test('the last page says hasMoreData false; a page past the end is empty', async () => {
    const path = `/v1/filings?cik=${CAST.largeIssuer.cik}&limit=10`
    const all = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=100`)
    const last = await get(`${path}&page=3`)
    expect(last.body.pagination).toEqual({ page: 3, limit: 10, hasMoreData: false })
    expect(last.body.data).toEqual(all.body.data.slice(20))
    expect((await get(`${path}&page=2`)).body.pagination.hasMoreData).toBe(true)
    const full = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=13&page=2`)
    expect(full.body.data).toEqual(all.body.data.slice(13))
    expect(full.body.pagination).toEqual({ page: 2, limit: 13, hasMoreData: false })
    const past = await get(`${path}&page=4`)
    expect(past.body).toEqual({
      data: [],
      pagination: { page: 4, limit: 10, hasMoreData: false },
      filters: { ...noFilters, cik: QFD },
    })
  })

  test('limit=1 pages one row at a time, and rows of one accession under two filers are not skipped', async () => {
    const first = await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=1`)
    expect(accessions(first.body)).toEqual([CAST_ACCESSIONS.currentDay])
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, hasMoreData: true })
    const day = '/v1/filings?startDate=2026-08-12&endDate=2026-08-12&limit=1'
    const [p1, p2] = [await get(day), await get(`${day}&page=2`)]
    expect([...keys(p1.body), ...keys(p2.body)].sort()).toEqual([
      `2026-08-12 ${CAST_ACCESSIONS.insiderForm4} ${QFD}`,
      `2026-08-12 ${CAST_ACCESSIONS.insiderForm4} 0001561207`,
    ])
    expect(p2.body.pagination).toEqual({ page: 2, limit: 1, hasMoreData: false })
  })
})
