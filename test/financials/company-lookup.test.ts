/**
 * GET /v1/financials/companies/search over the fixture: the issuer and its 10-K/10-Q filings as the
 * fixture's sub.txt files list them, newest accepted first.
 */
import { describe, expect, test } from 'bun:test'
import { CAST } from '../../src/sample/cast.ts'
import { iso, type Row, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const FORMS = ['10-K', '10-Q', '10-K/A', '10-Q/A']
/** The filer's lookup filings from sub.txt, newest accepted first (the periods of these filers end on a month end). */
const filingsOf = (cik: number) =>
  ctx.fsds.sub
    .filter((r) => Number(r.cik) === cik && FORMS.includes(r.form!))
    .sort((a, b) => b.accepted!.localeCompare(a.accepted!) || b.adsh!.localeCompare(a.adsh!))
const dto = (r: Row) => ({
  accessionNumber: r.adsh,
  form: r.form,
  fiscalYear: Number(r.fy),
  fiscalPeriod: r.fp,
  periodEnd: iso(r.period!),
  filed: iso(r.filed!),
  accepted: r.accepted!.replace(' ', 'T').replace(/\.0$/, ''),
})
/** A cast filer as an issuer: its name as its submissions record has it, its SIC and country as its newest sub.txt row. */
const issuerOf = ({ cik, name }: { cik: number; name: string }, ticker: string | null) => {
  const newest = ctx.fsds.sub
    .filter((r) => Number(r.cik) === cik)
    .sort((a, b) => b.accepted!.localeCompare(a.accepted!))[0]!
  return {
    cik: String(cik).padStart(10, '0'),
    ticker,
    name,
    sic: newest.sic ? Number(newest.sic) : null,
    countryInc: newest.countryinc,
  }
}

describe('the company lookup', () => {
  test('by ticker, case-insensitive: the issuer and its filings newest first, paged', async () => {
    const all = filingsOf(CAST.largeIssuer.cik)
    expect(all.length).toBeGreaterThan(6)
    const res = await ctx.api.get('/v1/financials/companies/search?ticker=qfd&limit=3')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      issuer: issuerOf(CAST.largeIssuer, 'QFD'),
      filings: all.slice(0, 3).map(dto),
      pagination: { page: 1, limit: 3, hasMoreData: true },
      filters: { ticker: 'QFD', cik: null },
    })
    const page2 = await ctx.api.get('/v1/financials/companies/search?ticker=QFD&limit=3&page=2')
    expect(page2.body.filings).toEqual(all.slice(3, 6).map(dto))
    const rest = await ctx.api.get('/v1/financials/companies/search?ticker=QFD')
    expect(rest.body.filings).toEqual(all.map(dto))
    expect(rest.body.pagination).toEqual({ page: 1, limit: 25, hasMoreData: false })
  })

  test('the latest 10-K of a ticker, as the official SDK finds it: the first 10-K of the list', async () => {
    const res = await ctx.api.get('/v1/financials/companies/search?ticker=QFD&limit=100')
    const tenK = res.body.filings.find((f: { form: string }) => f.form === '10-K')
    expect(tenK).toEqual(dto(filingsOf(CAST.largeIssuer.cik).find((r) => r.form === '10-K')!))
  })

  test('a ticker only the exchange file lists resolves too', async () => {
    const res = await ctx.api.get('/v1/financials/companies/search?ticker=TDWR')
    expect(res.body.issuer).toEqual(issuerOf(CAST.tickerFromExchangeFile, 'TDWR'))
    expect(res.body.filings).toEqual(filingsOf(CAST.tickerFromExchangeFile.cik).map(dto))
  })

  test('cik wins over ticker; zero-padding optional; echoed padded', async () => {
    const res = await ctx.api.get(`/v1/financials/companies/search?cik=000${CAST.emptyReportDates.cik}&ticker=QFD`)
    expect(res.body.issuer.cik).toBe('0000719204')
    expect(res.body.filters).toEqual({ ticker: 'QFD', cik: '0000719204' })
    // A 52/53-week year: the period ends on the last Saturday of May, not on the month end sub.txt rounds to.
    expect(res.body.filings.map((f: { periodEnd: string }) => f.periodEnd)).toEqual(['2026-08-29', '2026-05-30'])
  })

  test('nothing matches: issuer null, no filings', async () => {
    for (const query of ['ticker=ZZZZZ', `cik=${CAST.manager.cik}`, 'cik=9999999999']) {
      const res = await ctx.api.get(`/v1/financials/companies/search?${query}`)
      expect(res.status).toBe(200)
      expect([query, res.body.issuer, res.body.filings]).toEqual([query, null, []])
    }
  })

  test('neither cik nor ticker: 400 naming cik; malformed ones: 400 naming them', async () => {
    const none = await ctx.api.get('/v1/financials/companies/search')
    expect(none.status).toBe(400)
    expect(none.body.error.details).toEqual({ cik: 'expected a cik or a ticker (one of them is required)' })
    for (const [q, name] of [
      ['cik=12345678901', 'cik'],
      ['ticker=A%20B', 'ticker'],
      ['ticker=QFD&limit=101', 'limit'],
    ] as const) {
      const res = await ctx.api.get(`/v1/financials/companies/search?${q}`)
      expect([q, res.status, Object.keys(res.body.error.details)]).toEqual([q, 400, [name]])
    }
  })
})
