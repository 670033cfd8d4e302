/**
 * One entity (GET /v1/entities/{identifier}) and its filings (/v1/entities/{identifier}/filings) over
 * the fixture snapshot. Expected values are the cast's, written in src/sample/cast.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CAST, CAST_ACCESSIONS } from '../../src/sample/cast.ts'
import { openTestApi, type Reply } from '../helpers/api.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
const get = (path: string) => api.get(path)

beforeAll(async () => {
  api = await openTestApi()
})
afterAll(() => api?.close())

const notFound = (res: Reply, message: string) => {
  expect(res.status).toBe(404)
  expect(res.body).toEqual({
    error: { code: 'not_found', message, details: {}, request_id: res.headers.get('x-request-id') },
  })
}

const NO_ADDRESS = {
  street1: null,
  street2: null,
  city: null,
  stateOrCountry: null,
  zipCode: null,
  stateOrCountryDescription: null,
  foreignStateTerritory: null,
  country: null,
  countryCode: null,
  foreignLocation: null,
}
const us = (
  street1: string,
  street2: string | null,
  city: string,
  state: string,
  zipCode: string,
  foreignLocation: boolean | null,
) => ({
  ...NO_ADDRESS,
  street1,
  street2,
  city,
  stateOrCountry: state,
  zipCode,
  stateOrCountryDescription: state,
  foreignLocation,
})
/** The fields a filer without a submissions value has null or empty. */
const BLANK = {
  ticker: null,
  tickers: [],
  exchanges: [],
  sic: null,
  sicDescription: null,
  ownerOrg: null,
  insiderTransactionForOwnerExists: false,
  insiderTransactionForIssuerExists: false,
  ein: null,
  lei: null,
  description: null,
  website: null,
  investorWebsite: null,
  category: null,
  fiscalYearEnd: '1231',
  stateOfIncorporation: 'DE',
  stateOfIncorporationDescription: 'DE',
  phone: null,
  formerNames: [],
}

const quill = us('2200 LATTICE PARKWAY', 'SUITE 400', 'SAN JOSE', 'CA', '95134', false)
const LARGE_ISSUER = {
  name: 'Quillfeather Dynamics Corp',
  cik: '0000804753',
  ticker: 'QFD',
  entityType: 'company',
  tickers: ['QFD', 'QFDB', 'QFD-PA', 'QFD-PB', 'QFD-PC'],
  exchanges: ['Nasdaq', 'Nasdaq', 'NYSE', 'NYSE', 'NYSE'],
  sic: 3674,
  sicDescription: 'Semiconductors & Related Devices',
  ownerOrg: '04 Manufacturing',
  insiderTransactionForOwnerExists: false,
  insiderTransactionForIssuerExists: true,
  ein: 941873520,
  lei: null,
  description: null,
  website: null,
  investorWebsite: null,
  category: 'Large accelerated filer',
  fiscalYearEnd: '1231',
  stateOfIncorporation: 'DE',
  stateOfIncorporationDescription: 'DE',
  phone: '(408) 555-0142',
  formerNames: ['Quillfeather Holdings Inc', 'QUILLFEATHER SEMICONDUCTOR CORP'],
  mailingAddress: quill,
  businessAddress: { ...quill, foreignLocation: null },
}

describe('GET /v1/entities/{identifier}', () => {
  test.each(['804753', '0000804753', 'qfd', 'QFD', 'qfdb', 'QFD-PC'])(
    'the large issuer by %s: every field',
    async (identifier) => {
      const res = await get(`/v1/entities/${identifier}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual(LARGE_ISSUER)
    },
  )

  test('an individual: no tickers, no company fields, the insider flag', async () => {
    expect((await get(`/v1/entities/${CAST.insiderA.cik}`)).body).toEqual({
      ...BLANK,
      name: 'Vantreece Marisol K',
      cik: '0001561207',
      entityType: 'individual',
      insiderTransactionForOwnerExists: true,
      fiscalYearEnd: null,
      stateOfIncorporation: null,
      stateOfIncorporationDescription: null,
      mailingAddress: { ...quill, street1: 'C/O QUILLFEATHER DYNAMICS CORP', street2: '2200 LATTICE PARKWAY' },
      businessAddress: NO_ADDRESS,
    })
  })

  test('a foreign issuer: foreign address fields, incorporation abroad, placeholder EIN as null', async () => {
    const germany = {
      street1: 'OBERWALD FEINMECHANIK AG',
      street2: 'INDUSTRIESTRASSE 14',
      city: 'MUNICH',
      stateOrCountry: '2M',
      zipCode: '80939',
      stateOrCountryDescription: 'Germany',
      foreignStateTerritory: 'BAVARIA',
      country: 'Germany',
      countryCode: 'DE',
      foreignLocation: true,
    }
    expect((await get(`/v1/entities/obwfy`)).body).toEqual({
      ...BLANK,
      name: 'Oberwald Feinmechanik AG',
      cik: '0001387512',
      ticker: 'OBWFY',
      entityType: 'company',
      tickers: ['OBWFY'],
      exchanges: ['OTC'],
      sic: 3829,
      sicDescription: 'Measuring & Controlling Devices, NEC',
      ownerOrg: '08 Industrial Applications and Services',
      category: 'Accelerated filer',
      stateOfIncorporation: '2M',
      stateOfIncorporationDescription: 'Germany',
      phone: '49 (89) 3301 4472',
      mailingAddress: germany,
      businessAddress: germany,
    })
  })

  test("a private fund with EIN '000000000': ein is null", async () => {
    const dallas = us('600 ASHGROVE LANE', 'SUITE 210', 'DALLAS', 'TX', '75201', null)
    expect((await get(`/v1/entities/${CAST.zeroEinFund.cik}`)).body).toEqual({
      ...BLANK,
      name: 'Ashgrove Private Credit Fund II LP',
      cik: '0001932415',
      entityType: 'company',
      phone: '214-555-0150',
      mailingAddress: dallas,
      businessAddress: dallas,
    })
  })

  test('a filer known only from index files: entityType unknown, everything else empty', async () => {
    expect((await get(`/v1/entities/${CAST.indexOnly.cik}`)).body).toEqual({
      ...BLANK,
      name: 'Wrenfield Opportunity Partners III, L.P.',
      cik: '0002091877',
      entityType: 'unknown',
      insiderTransactionForOwnerExists: null,
      insiderTransactionForIssuerExists: null,
      fiscalYearEnd: null,
      stateOfIncorporation: null,
      stateOfIncorporationDescription: null,
      mailingAddress: null,
      businessAddress: null,
    })
  })

  test('a delisted company: no ticker, its SIC and categories kept', async () => {
    const cambridge = us('300 TECHNOLOGY SQUARE', 'SUITE 800', 'CAMBRIDGE', 'MA', '02139', false)
    expect((await get(`/v1/entities/${CAST.delisted.cik}`)).body).toEqual({
      ...BLANK,
      name: 'Brambleton Therapeutics, Inc.',
      cik: '0001771003',
      entityType: 'company',
      sic: 2834,
      sicDescription: 'Pharmaceutical Preparations',
      ownerOrg: '03 Life Sciences',
      insiderTransactionForIssuerExists: true,
      ein: 832719904,
      category: 'Non-accelerated filer, Smaller reporting company, Emerging growth company',
      stateOfIncorporation: null,
      stateOfIncorporationDescription: null,
      phone: '617-555-0178',
      mailingAddress: cambridge,
      businessAddress: { ...cambridge, foreignLocation: null },
    })
  })

  test('a ticker found only in the exchange file resolves', async () => {
    const res = await get('/v1/entities/tdwr')
    expect([res.body.cik, res.body.ticker, res.body.tickers, res.body.sic]).toEqual([
      '0001604721',
      'TDWR',
      ['TDWR'],
      null,
    ])
  })

  test('an unknown CIK or ticker is a 404 naming it', async () => {
    notFound(await get('/v1/entities/9999999'), 'No entity with CIK 0009999999.')
    notFound(await get('/v1/entities/0'), 'No entity with CIK 0000000000.')
    notFound(await get('/v1/entities/zzzz'), 'No entity with ticker ZZZZ.')
  })
})

describe('GET /v1/entities/{identifier}/filings', () => {
  const noFilters = { formTypes: [], cik: null, ticker: null, startDate: null, endDate: null }
  const accessions = (body: { data: { accessionNumber: string }[] }) => body.data.map((f) => f.accessionNumber)

  test('the same envelope and rows as /v1/filings?cik=, with the resolved CIK echoed', async () => {
    const res = await get(`/v1/entities/${CAST.largeIssuer.cik}/filings?limit=100`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['data', 'filters', 'pagination'])
    expect(res.body).toEqual((await get(`/v1/filings?cik=${CAST.largeIssuer.cik}&limit=100`)).body)
    expect(res.body.filters).toEqual({ ...noFilters, cik: '0000804753' })
    expect(res.body.data).toHaveLength(26)
  })

  test('by ticker: a small page whole, with the ticker echoed upper-case beside the CIK', async () => {
    const res = await get('/v1/entities/qfdb/filings?limit=2')
    expect(res.body).toEqual({
      data: [
        {
          accessionNumber: CAST_ACCESSIONS.currentDay,
          cik: '0000804753',
          formType: '8-K',
          formTypeCategory: 'Current Reports',
          ticker: 'QFD',
          filingDate: '2026-11-23',
          filingUrl: 'https://www.sec.gov/Archives/edgar/data/804753/000080475326000051/0000804753-26-000051-index.htm',
          acceptedDate: null,
          entityName: 'Quillfeather Dynamics Corp',
        },
        {
          accessionNumber: '0001999001-26-001204',
          cik: '0000804753',
          formType: '4',
          formTypeCategory: 'Insider Transactions',
          ticker: 'QFD',
          filingDate: '2026-11-19',
          filingUrl: 'https://www.sec.gov/Archives/edgar/data/804753/000199900126001204/0001999001-26-001204-index.htm',
          acceptedDate: '2026-11-19T21:14:55.000Z',
          entityName: 'Quillfeather Dynamics Corp',
        },
      ],
      pagination: { page: 1, limit: 2, hasMoreData: true },
      filters: { ...noFilters, cik: '0000804753', ticker: 'QFDB' },
    })
  })

  test('formTypes and an inclusive date window apply', async () => {
    const res = await get(
      '/v1/entities/0000804753/filings?formTypes=10-q,%2010-K&startDate=2025-05-01&endDate=2026-04-30',
    )
    expect(accessions(res.body)).toEqual([
      '0000804753-26-000019',
      CAST_ACCESSIONS.tenK,
      '0000804753-25-000047',
      '0000804753-25-000034',
      '0000804753-25-000021',
    ])
    expect(res.body.filters).toEqual({
      formTypes: ['10-Q', '10-K'],
      cik: '0000804753',
      ticker: null,
      startDate: '2025-05-01',
      endDate: '2026-04-30',
    })
  })

  test('pages: page 2 continues page 1; past the end is empty', async () => {
    const all = (await get(`/v1/entities/${CAST.largeIssuer.cik}/filings?limit=100`)).body.data
    const two = await get(`/v1/entities/${CAST.largeIssuer.cik}/filings?page=2`)
    expect(two.body.data).toEqual(all.slice(20))
    expect(two.body.pagination).toEqual({ page: 2, limit: 20, hasMoreData: false })
    expect((await get(`/v1/entities/${CAST.largeIssuer.cik}/filings?page=3`)).body.data).toEqual([])
  })

  test('a filer known only from index files lists its index filings', async () => {
    const res = await get(`/v1/entities/${CAST.indexOnly.cik}/filings`)
    expect(accessions(res.body)).toEqual([CAST_ACCESSIONS.indexOnlyAmendment, '0002091877-26-000001'])
  })

  test('an unknown CIK or ticker is a 404', async () => {
    notFound(await get('/v1/entities/9999999/filings'), 'No entity with CIK 0009999999.')
    notFound(await get('/v1/entities/nope/filings'), 'No entity with ticker NOPE.')
  })
})
