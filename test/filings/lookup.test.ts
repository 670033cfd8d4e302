/**
 * One filing and its documents (GET /v1/filings/{accessionNumber}, /{cik}/{accessionNumber},
 * /{cik}/{accessionNumber}/documents) and the form types list, over the fixture snapshot.
 */
import { describe, expect, test } from 'bun:test'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { type Reply, useApiAndSnapshot } from '../helpers/api.ts'

const ctx = useApiAndSnapshot()
const get = (path: string) => ctx.api.get(path)

const notFound = (res: Reply, message: string) => {
  expect(res.status).toBe(404)
  expect(res.body).toEqual({
    error: { code: 'not_found', message, details: {}, request_id: res.headers.get('x-request-id') },
  })
}

const TEN_K = {
  accessionNumber: CAST_ACCESSIONS.tenK,
  cik: '0000804753',
  formType: '10-K',
  formTypeCategory: 'Annual Reports',
  ticker: 'QFD',
  filingDate: '2026-02-19',
  filingUrl: 'https://www.sec.gov/Archives/edgar/data/804753/000080475326000006/0000804753-26-000006-index.htm',
  acceptedDate: '2026-02-19T21:21:45.000Z',
  entityName: 'Quillfeather Dynamics Corp',
}
const form4 = (cik: number, ticker: string | null, entityName: string) => ({
  accessionNumber: CAST_ACCESSIONS.insiderForm4,
  cik: String(cik).padStart(10, '0'),
  formType: '4',
  formTypeCategory: 'Insider Transactions',
  ticker,
  filingDate: '2026-08-12',
  filingUrl: `https://www.sec.gov/Archives/edgar/data/${cik}/000199900126000877/0001999001-26-000877-index.htm`,
  acceptedDate: '2026-08-12T22:42:07.000Z',
  entityName,
})

describe('GET /v1/filings/{accessionNumber}', () => {
  test('a filing with one filer: an array of one', async () => {
    const res = await get(`/v1/filings/${CAST_ACCESSIONS.tenK}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([TEN_K])
  })

  test('a Form 4 listed under the issuer and the insider: one row per CIK, by CIK', async () => {
    const owners = await ctx.snap.q(
      `SELECT cik::INTEGER AS cik FROM {t:filings} WHERE accession_number = ? ORDER BY cik`,
      [CAST_ACCESSIONS.insiderForm4],
    )
    expect(owners).toEqual([{ cik: CAST.largeIssuer.cik }, { cik: CAST.insiderA.cik }])
    const res = await get(`/v1/filings/${CAST_ACCESSIONS.insiderForm4}`)
    expect(res.body).toEqual([
      form4(CAST.largeIssuer.cik, 'QFD', 'Quillfeather Dynamics Corp'),
      form4(CAST.insiderA.cik, null, 'Vantreece Marisol K'),
    ])
  })

  test('an accession number without dashes finds the same rows', async () => {
    const res = await get(`/v1/filings/${CAST_ACCESSIONS.insiderForm4.replaceAll('-', '')}`)
    expect(res.body).toEqual((await get(`/v1/filings/${CAST_ACCESSIONS.insiderForm4}`)).body)
    expect(res.body).toHaveLength(2)
  })

  test('an unknown accession number is a 404 with the error body', async () => {
    notFound(await get('/v1/filings/0000000000-00-000000'), 'No filing with accession number 0000000000-00-000000.')
    notFound(await get('/v1/filings/000080475399000001'), 'No filing with accession number 0000804753-99-000001.')
  })
})

describe('GET /v1/filings/{cik}/{accessionNumber}', () => {
  test('one object: the 10-K, with the CIK padded or not', async () => {
    const res = await get(`/v1/filings/${CAST.largeIssuer.cik}/${CAST_ACCESSIONS.tenK}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(TEN_K)
    expect((await get(`/v1/filings/0000804753/${CAST_ACCESSIONS.tenK.replaceAll('-', '')}`)).body).toEqual(TEN_K)
  })

  test('each filer of a shared filing gets its own row, with its own name and ticker', async () => {
    expect((await get(`/v1/filings/${CAST.insiderA.cik}/${CAST_ACCESSIONS.insiderForm4}`)).body).toEqual(
      form4(CAST.insiderA.cik, null, 'Vantreece Marisol K'),
    )
  })

  test('an index-only filing has a null acceptedDate', async () => {
    const res = await get(`/v1/filings/${CAST.indexOnly.cik}/${CAST_ACCESSIONS.indexOnlyAmendment}`)
    expect(res.body).toEqual({
      accessionNumber: CAST_ACCESSIONS.indexOnlyAmendment,
      cik: '0002091877',
      formType: 'D/A',
      formTypeCategory: 'Exempt Offerings',
      ticker: null,
      filingDate: '2026-11-19',
      filingUrl: 'https://www.sec.gov/Archives/edgar/data/2091877/000209187726000002/0002091877-26-000002-index.htm',
      acceptedDate: null,
      entityName: 'Wrenfield Opportunity Partners III, L.P.',
    })
  })

  test('a CIK that did not file that accession is a 404', async () => {
    notFound(
      await get(`/v1/filings/${CAST.manyFilings.cik}/${CAST_ACCESSIONS.tenK}`),
      'No filing 0000804753-26-000006 for CIK 0000893710.',
    )
  })
})

describe('GET /v1/filings/{cik}/{accessionNumber}/documents', () => {
  const folder = 'https://www.sec.gov/Archives/edgar/data/804753/000080475326000006/'
  const doc = (documentType: string | null, filename: string, description: string | null) => ({
    documentType,
    filename,
    url: folder + filename,
    description,
  })
  const xbrl = (kind: string) => `XBRL TAXONOMY EXTENSION ${kind} DOCUMENT`

  test("a filing with a folder listing: every document in the folder's sequence", async () => {
    const res = await get(`/v1/filings/${CAST.largeIssuer.cik}/${CAST_ACCESSIONS.tenK}/documents`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      doc('COMPLETE SUBMISSION', '0000804753-26-000006.txt', 'Complete submission text file'),
      ...['19.1', '21.1', '23.1', '31.1', '31.2', '32.1', '4.1', '97.1'].map((n) =>
        doc(`EX-${n}`, `ex${n.replace('.', '-')}.htm`, `EXHIBIT ${n}`),
      ),
      doc('10-K', 'qfd-20251231.htm', '10-K'),
      doc('EX-101.SCH', 'qfd-20251231.xsd', xbrl('SCHEMA')),
      doc('EX-101.CAL', 'qfd-20251231_cal.xml', xbrl('CALCULATION LINKBASE')),
      doc('EX-101.DEF', 'qfd-20251231_def.xml', xbrl('DEFINITION LINKBASE')),
      doc('XML', 'qfd-20251231_htm.xml', 'EXTRACTED XBRL INSTANCE DOCUMENT'),
      doc('EX-101.LAB', 'qfd-20251231_lab.xml', xbrl('LABEL LINKBASE')),
      doc('EX-101.PRE', 'qfd-20251231_pre.xml', xbrl('PRESENTATION LINKBASE')),
      doc('GRAPHIC', 'qfd_logo.jpg', null),
    ])
  })

  test('a filing without a listing: the primary document alone, under the requested CIK', async () => {
    for (const cik of [CAST.insiderA.cik, CAST.largeIssuer.cik]) {
      const res = await get(`/v1/filings/${cik}/${CAST_ACCESSIONS.insiderForm4}/documents`)
      expect(res.body).toEqual([
        {
          documentType: '4',
          filename: 'xslF345X05/wk-form4_1786574527.xml',
          description: 'FORM 4',
          url: `https://www.sec.gov/Archives/edgar/data/${cik}/000199900126000877/xslF345X05/wk-form4_1786574527.xml`,
        },
      ])
    }
  })

  test('a filing known only from an index has no known document: an empty list', async () => {
    const res = await get(`/v1/filings/${CAST.largeIssuer.cik}/${CAST_ACCESSIONS.currentDay}/documents`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })

  test('an unknown filing, or a CIK that did not file it, is a 404', async () => {
    notFound(
      await get(`/v1/filings/${CAST.largeIssuer.cik}/0000804753-99-000001/documents`),
      'No filing 0000804753-99-000001 for CIK 0000804753.',
    )
    notFound(
      await get(`/v1/filings/${CAST.manyFilings.cik}/${CAST_ACCESSIONS.tenK}/documents`),
      'No filing 0000804753-26-000006 for CIK 0000893710.',
    )
  })
})

describe('GET /v1/filings/form-types', () => {
  const allFormTypes = async () => (await get('/v1/filings/form-types?limit=100')).body

  test('every form type that occurs in the filings, alphabetically, and no other', async () => {
    const body = await allFormTypes()
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination'])
    expect(body.pagination).toEqual({ page: 1, limit: 100, hasMoreData: false })
    const names: string[] = body.data.map((f: { formName: string }) => f.formName)
    expect(names).toEqual([...names].sort())
    const filed = await ctx.snap.q<{ f: string }>(`SELECT DISTINCT form_type AS f FROM {t:filings} ORDER BY 1`)
    expect(names).toEqual(filed.map((r) => r.f))
    for (const f of body.data) expect(Object.keys(f).sort()).toEqual(['category', 'description', 'formName'])
  })

  test('each form type has its category and description', async () => {
    const byName = new Map((await allFormTypes()).data.map((f: { formName: string }) => [f.formName, f]))
    expect(['10-K', '10-K/A', '13F-HR/A', '4', 'UPLOAD'].map((n) => byName.get(n))).toEqual([
      { formName: '10-K', category: 'Annual Reports', description: 'Annual report pursuant to Section 13 or 15(d)' },
      {
        formName: '10-K/A',
        category: 'Annual Reports',
        description: 'Amendment to annual report pursuant to Section 13 or 15(d)',
      },
      {
        formName: '13F-HR/A',
        category: 'Institutional Holdings',
        description: 'Amendment to quarterly report of holdings by an institutional investment manager',
      },
      {
        formName: '4',
        category: 'Insider Transactions',
        description: 'Statement of changes in beneficial ownership of securities by an insider',
      },
      {
        formName: 'UPLOAD',
        category: 'Correspondence',
        description: 'Comment letter or other correspondence from SEC staff to a filer',
      },
    ])
  })

  test('pages of the default 20 cut the same list; past the end is empty', async () => {
    const all = (await allFormTypes()).data
    const first = await get('/v1/filings/form-types')
    expect(first.body).toEqual({ data: all.slice(0, 20), pagination: { page: 1, limit: 20, hasMoreData: true } })
    const lastPage = Math.ceil(all.length / 20)
    for (let page = 2; page <= lastPage; page++) {
      const res = await get(`/v1/filings/form-types?page=${page}`)
      expect(res.body).toEqual({
        data: all.slice((page - 1) * 20, page * 20),
        pagination: { page, limit: 20, hasMoreData: page < lastPage },
      })
    }
    expect((await get(`/v1/filings/form-types?page=${lastPage + 1}`)).body).toEqual({
      data: [],
      pagination: { page: lastPage + 1, limit: 20, hasMoreData: false },
    })
    expect((await get('/v1/filings/form-types?limit=1&page=2')).body).toEqual({
      data: [all[1]],
      pagination: { page: 2, limit: 1, hasMoreData: true },
    })
  })
})
