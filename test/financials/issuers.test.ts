/**
 * A company of the financial data is served where any source knows it (fin_issuers, built by
 * financial-statements/issuers.ts): the fixture's two filers that only some sources know, read back from
 * the fixture's own files. Larkmoor has a companyfacts file and a ticker in the exchange file but no
 * submissions record and no FSDS filing (as the real mirror has Snowflake); Fenwick Ridge is in the FSDS
 * sub.txt files only. A company no source knows stays a 404.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { CAST } from '../../src/sample/cast.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { latestByEnd } from './companyfacts-json.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()
const LARKMOOR = CAST.factsOnly
const FENWICK = CAST.fsdsOnly
const pad = (cik: number) => String(cik).padStart(10, '0')

type Fact = { start?: string; end: string; val: number; accn: string; filed: string }
type Doc = { cik: number; entityName: string; facts: Record<string, Record<string, { units: Record<string, Fact[]> }>> }
let doc: Doc | undefined
let exchangeRows: [number, string, string, string | null][] = []
let submissionFiles = new Set<string>()

beforeAll(async () => {
  const { mirror } = await sampleFixture()
  const zip = ZipReader.open(join(mirror, 'companyfacts.zip'))
  for (const [entry, data] of zip.iterate())
    if (entry.name === `CIK${pad(LARKMOOR.cik)}.json`) doc = JSON.parse(data.toString('utf8'))
  zip.close()
  const subs = ZipReader.open(join(mirror, 'submissions.zip'))
  submissionFiles = new Set([...subs.iterate((n) => n.startsWith('CIK'))].map(([e]) => e.name))
  subs.close()
  exchangeRows = JSON.parse(readFileSync(join(mirror, 'company_tickers_exchange.json'), 'utf8')).data
})

describe('the fixture holds the two filers only some sources know', () => {
  test('Larkmoor: a companyfacts file and a ticker; no submissions record, no sub.txt row', () => {
    // companyfacts writes the name upper-case; the ticker file as the company writes it, and that one wins.
    expect(doc?.entityName).toBe(LARKMOOR.name.toUpperCase())
    expect(exchangeRows.filter((r) => r[0] === LARKMOOR.cik)).toEqual([[LARKMOOR.cik, LARKMOOR.name, 'LKMR', 'NYSE']])
    expect(submissionFiles.has(`CIK${pad(LARKMOOR.cik)}.json`)).toBe(false)
    expect(ctx.fsds.sub.filter((r) => Number(r.cik) === LARKMOOR.cik)).toEqual([])
  })

  test('Fenwick Ridge: sub.txt rows only; no submissions record, ticker or companyfacts file', () => {
    expect(ctx.fsds.sub.filter((r) => Number(r.cik) === FENWICK.cik).map((r) => [r.form, r.period])).toEqual([
      ['10-K', '20251231'],
      ['10-Q', '20260331'],
    ])
    expect(submissionFiles.has(`CIK${pad(FENWICK.cik)}.json`)).toBe(false)
    expect(exchangeRows.some((r) => r[0] === FENWICK.cik)).toBe(false)
  })
})

describe('a company is served where any source knows it', () => {
  test('by the ticker of the exchange file alone: the issuer named by that file, its companyfacts series', async () => {
    const lookup = await ctx.api.get('/v1/financials/companies/search?ticker=lkmr')
    const issuer = { cik: pad(LARKMOOR.cik), ticker: 'LKMR', name: LARKMOOR.name, sic: null, countryInc: null }
    expect(lookup.body).toEqual({
      issuer,
      filings: [],
      pagination: { page: 1, limit: 25, hasMoreData: false },
      filters: { ticker: 'LKMR', cik: null },
    })

    // Each balance-sheet date's Assets, from the latest filing that reports it (the raw series' rule).
    const latest = latestByEnd(doc!.facts['us-gaap']!.Assets!.units.USD!)
    expect(latest.length).toBeGreaterThan(1)
    const series = await ctx.api.get('/v1/financials/metrics?ticker=LKMR&symbols=Assets&source=raw&qtrs=0')
    expect(series.status).toBe(200)
    expect(series.body.issuer).toEqual(issuer)
    const points = series.body.series[0].points
    expect(points.map((p: { endDate: number; value: number; adsh: string; entityName: string }) => p)).toMatchObject(
      latest.map((f) => ({
        endDate: Number(f.end.replaceAll('-', '')),
        value: f.val,
        adsh: f.accn,
        cik: LARKMOOR.cik,
        ticker: 'LKMR',
        entityName: LARKMOOR.name,
      })),
    )
    // The same company by CIK.
    const byCik = await ctx.api.get(`/v1/financials/metrics?cik=${LARKMOOR.cik}&symbols=Assets&source=raw&qtrs=0`)
    expect(byCik.body.series).toEqual(series.body.series)
  })

  test('by a CIK only sub.txt knows: the issuer as its newest filing names it, its filings', async () => {
    const rows = ctx.fsds.sub
      .filter((r) => Number(r.cik) === FENWICK.cik)
      .sort((a, b) => b.accepted!.localeCompare(a.accepted!))
    const res = await ctx.api.get(`/v1/financials/companies/search?cik=${FENWICK.cik}`)
    expect(res.body.issuer).toEqual({
      cik: pad(FENWICK.cik),
      ticker: null,
      name: rows[0]!.name,
      sic: Number(rows[0]!.sic),
      countryInc: rows[0]!.countryinc,
    })
    expect(rows[0]!.name).toBe(FENWICK.name.toUpperCase())
    expect(res.body.filings.map((f: { accessionNumber: string }) => f.accessionNumber)).toEqual(rows.map((r) => r.adsh))
    // Known, so its series say there is no such data, not that there is no such company.
    const series = await ctx.api.get(`/v1/financials/metrics?cik=${FENWICK.cik}&symbols=revenue`)
    expect([series.status, series.body.error.message]).toEqual([
      404,
      `No data for revenue of CIK ${pad(FENWICK.cik)} in the asked periods (source all).`,
    ])
  })

  test('a company no source knows: the same 404 as before', async () => {
    for (const query of ['cik=9999999', 'ticker=ZZZZZ']) {
      const res = await ctx.api.get(`/v1/financials/metrics?${query}&symbols=revenue`)
      expect([query, res.status, res.body.error.message]).toEqual([
        query,
        404,
        `No financial data for ${query.startsWith('cik') ? 'CIK 0009999999' : 'ticker ZZZZZ'}: no such company in the financial data of this snapshot.`,
      ])
    }
  })
})
