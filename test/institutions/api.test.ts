/**
 * The Institutions operations over the fixture snapshot, checked against the generated files the
 * snapshot was built from, read here on their own: the 13F data set's TSVs (split by hand, not by the
 * build's DuckDB reader) and the filings' own submission files. The manager is the cast's Harrowgate
 * Capital (src/sample/cast.ts): quarterly 13F-HR since 2024Q4, and for 2026Q3 a 13F-HR and a 13F-HR/A
 * filed after the newest data set, read from their .txt files.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { filingTextPath } from '../../src/pipeline/filing-text/index.ts'
import type { DataSetRow } from '../../src/pipeline/sources/form-13f/columns.ts'
import { tableName } from '../../src/pipeline/sources/form-13f/sample-books.ts'
import { UNIT_TRAP_CIKS } from '../../src/pipeline/sources/form-13f/sample-unit-traps.ts'
import { filingFromText } from '../../src/pipeline/sources/form-13f/text-filings.ts'
import { CAST } from '../../src/sample/cast.ts'
import { openTestApi, type Reply } from '../helpers/api.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { zipTableRows } from '../helpers/zip-table.ts'

const CIK = CAST.manager.cik
const PAD = String(CIK).padStart(10, '0')
const Q2 = '0001699243-26-000003'
const Q3 = '0001699243-26-000005'
const Q3_AMENDMENT = '0001699243-26-000006'
const ARCHIVES = 'https://www.sec.gov/Archives/edgar/data'

let api: Awaited<ReturnType<typeof openTestApi>>
let mirror: string
const get = (path: string) => api.get(path)

/** A data set's table of the fixture's mirror, split by hand: header names → values. */
const setTable = (set: string, table: string): DataSetRow[] =>
  zipTableRows(join(mirror, 'form-13f-data-sets', `${set}_form13f.zip`), table)

/** The information-table rows of a filing the fixture wrote as its own .txt. */
const textRows = (accession: string) =>
  filingFromText(readFileSync(join(mirror, filingTextPath(CIK, accession)), 'latin1'))!.INFOTABLE

type Position = { cusip: string; name: string; shares: number; value: number; putCall: string | null }
const positions = (rows: DataSetRow[]): Position[] =>
  rows.map((r) => ({
    cusip: r.CUSIP!,
    name: r.NAMEOFISSUER!,
    shares: Number(r.SSHPRNAMT),
    value: Number(r.VALUE),
    putCall: r.PUTCALL ?? null,
  }))
const byValue = (a: Position, b: Position) => b.value - a.value
const total = (ps: Position[]) => ps.reduce((s, p) => s + p.value, 0)

let q2: Position[]
let q3: Position[]

beforeAll(async () => {
  api = await openTestApi()
  mirror = (await sampleFixture()).mirror
  q2 = positions(setTable('01jun2026-31aug2026', 'INFOTABLE').filter((r) => r.ACCESSION_NUMBER === Q2))
  // The amendment of 2026Q3 adds new holdings (its cover page says so): both tables count.
  q3 = positions([...textRows(Q3), ...textRows(Q3_AMENDMENT)])
})
afterAll(() => api?.close())

const notFound = (res: Reply, message: string) => {
  expect(res.status).toBe(404)
  expect(res.body).toEqual({
    error: { code: 'not_found', message, details: {}, request_id: res.headers.get('x-request-id') },
  })
}

describe('GET /v1/institutions and /v1/institutions/{cik}', () => {
  test('the manager: its latest filing (the 13F-HR/A read from its .txt) and that quarter’s totals', async () => {
    const expected = {
      cik: PAD,
      name: CAST.manager.name,
      latestFormType: '13F-HR/A',
      latestAccessionNumber: Q3_AMENDMENT,
      latestFilingDate: '2026-11-17',
      latestPeriodOfReport: '2026-09-30',
      // Accepted at 19:02:11 Eastern the evening before its filing date (cast-filings.ts): 00:02:11 UTC.
      latestReceivedDate: '2026-11-17T00:02:11Z',
      latestSourceUrl: `${ARCHIVES}/${CIK}/000169924326000006/${Q3_AMENDMENT}-index.htm`,
      filingCount: 9,
      latestPositionCount: q3.length,
      latestSecurityCount: new Set(q3.map((p) => p.cusip)).size,
      latestPortfolioValue: total(q3),
    }
    expect((await get(`/v1/institutions/${CIK}`)).body).toEqual(expected)
    expect((await get(`/v1/institutions/${PAD}`)).body).toEqual(expected)
    const list = await get('/v1/institutions?q=HARROWGATE')
    expect(list.body).toEqual({
      data: [expected],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { q: 'HARROWGATE' },
    })
    expect((await get(`/v1/institutions?q=${CIK}`)).body.data).toEqual([expected])
  })

  test('the directory: every manager, largest latest portfolio first; paging', async () => {
    const all = (await get('/v1/institutions?limit=100')).body.data as { cik: string; latestPortfolioValue: number }[]
    const managers = new Set(setTable('01jun2026-31aug2026', 'SUBMISSION').map((r) => r.CIK))
    for (const cik of managers) expect(all.map((m) => m.cik)).toContain(cik!)
    const values = all.map((m) => m.latestPortfolioValue)
    expect(values).toEqual([...values].sort((a, b) => b - a))
    const first = await get('/v1/institutions?limit=1')
    expect(first.body.data).toEqual(all.slice(0, 1))
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, hasMoreData: all.length > 1 })
    expect((await get('/v1/institutions?q=no such manager anywhere')).body.data).toEqual([])
  })

  test('unknown CIKs are 404s; a company that files no 13F is not a manager', async () => {
    notFound(
      await get('/v1/institutions/804753'),
      'No 13F filer with CIK 0000804753 (no 13F-HR or 13F-NT filing of it is known).',
    )
    notFound(
      await get('/v1/institutions/9999999999/holdings'),
      'No 13F filer with CIK 9999999999 (no 13F-HR or 13F-NT filing of it is known).',
    )
  })
})

describe('holdings', () => {
  test('2026Q2 from the data set: every position in dollars, by value, with its issuer where the CUSIP maps', async () => {
    const res = await get(`/v1/institutions/${CIK}/holdings?quarter=2026Q2&limit=100`)
    const sum = total(q2)
    expect(res.body.period).toEqual({
      quarter: '2026Q2',
      periodOfReport: '2026-06-30',
      filingDate: '2026-08-13',
      accessionNumber: Q2,
    })
    expect([res.body.totalPositionCount, res.body.totalSecurityCount, res.body.totalPortfolioValue]).toEqual([
      q2.length,
      new Set(q2.map((p) => p.cusip)).size,
      sum,
    ])
    const got = res.body.holdings as Record<string, unknown>[]
    expect(got.map((h) => [h.cusip, h.issuerName, h.shares, h.value, h.putCall])).toEqual(
      [...q2].sort(byValue).map((p) => [p.cusip, p.name, p.shares, p.value, p.putCall]),
    )
    for (const h of got) expect(h.weightPercent).toBe(Math.round(((h.value as number) * 100 * 10_000) / sum) / 10_000)
    // A mapped CUSIP names the entity whose name the table gives; issuers outside the world are not guessed.
    const mapped = got.filter((h) => h.ticker !== null)
    expect(mapped.length).toBeGreaterThan(0)
    for (const h of mapped) {
      const entity = (await get(`/v1/entities/${h.ticker}`)).body
      expect([entity.cik, tableName(entity.name)]).toEqual([h.issuerCik, h.issuerName])
    }
    const outside = got.filter((h) => /ETF TR|INCOME FD|BD ETF|TR UNIT|FD INC/.test(String(h.issuerName)))
    expect(outside.length).toBeGreaterThan(0)
    for (const h of outside) expect([h.ticker, h.issuerCik]).toEqual([null, null])
    expect(res.body.pagination).toEqual({ page: 1, limit: 100, hasMoreData: false })
    expect(res.body.filters).toEqual({ cik: PAD, quarter: '2026Q2', sort: 'value', limit: 100 })
  })

  test('2026Q3, the latest (the default): the 13F-HR and its new-holdings amendment together; sort by shares; limit', async () => {
    const res = await get(`/v1/institutions/${CIK}/holdings?sort=shares&limit=2`)
    expect(res.body.filters).toEqual({ cik: PAD, quarter: '2026Q3', sort: 'shares', limit: 2 })
    expect(res.body.totalPortfolioValue).toBe(total(q3))
    expect(res.body.holdings.map((h: { shares: number }) => h.shares)).toEqual(
      q3
        .map((p) => p.shares)
        .sort((a, b) => b - a)
        .slice(0, 2),
    )
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, hasMoreData: q3.length > 2 })
  })

  test('the value unit without peers, as served: thousands kept after the switch, dollars before it (sample-unit-traps.ts)', async () => {
    const { thousandsKept, dollarsEarly } = UNIT_TRAP_CIKS
    // Lantern Rock's 13F-HR for 2022Q4, filed 2023-02-14 in thousands; Quarry Hill's for 2022Q3, filed 2022-11-10 in dollars.
    const cases = [
      { cik: thousandsKept, set: '2023q1', quarter: '2022Q4', unit: 1000 },
      { cik: dollarsEarly, set: '2022q4', quarter: '2022Q3', unit: 1 },
    ]
    for (const c of cases) {
      const pad = String(c.cik).padStart(10, '0')
      const acc = setTable(c.set, 'SUBMISSION').find((r) => r.CIK === pad)!.ACCESSION_NUMBER
      const reported = positions(setTable(c.set, 'INFOTABLE').filter((r) => r.ACCESSION_NUMBER === acc))
      const res = await get(`/v1/institutions/${c.cik}/holdings?quarter=${c.quarter}`)
      expect(res.body.period.accessionNumber).toBe(acc)
      expect(res.body.totalPortfolioValue).toBe(total(reported) * c.unit)
      expect(res.body.holdings.map((h: { cusip: string; value: number }) => [h.cusip, h.value])).toEqual(
        [...reported].sort(byValue).map((p) => [p.cusip, p.value * c.unit]),
      )
      const filing = await get(`/v1/institutions/${c.cik}/filings/${acc}`)
      expect(filing.body.portfolioValue).toBe(total(reported) * c.unit)
    }
  })

  test('history: newest quarter first, each with its totals and largest holdings; a year; a quarter of another year is a 400', async () => {
    const res = await get(`/v1/institutions/${CIK}/holdings/history?year=2026&limit=1`)
    expect(res.body.periods.map((p: { period: { quarter: string } }) => p.period.quarter)).toEqual([
      '2026Q3',
      '2026Q2',
      '2026Q1',
    ])
    expect(res.body.periods[1].totalPortfolioValue).toBe(total(q2))
    expect(res.body.periods[1].holdings.map((h: { value: number }) => h.value)).toEqual([
      Math.max(...q2.map((p) => p.value)),
    ])
    expect(res.body.pagination).toEqual({ page: 1, limit: 1, hasMoreData: false })
    const bad = await get(`/v1/institutions/${CIK}/holdings/history?year=2025&quarter=2026Q2`)
    expect([bad.status, bad.body.error.details]).toEqual([
      400,
      { quarter: 'expected a quarter of the year 2025, got 2026Q2' },
    ])
  })

  test('a quarter without a filing is a 404', async () => {
    notFound(await get(`/v1/institutions/${CIK}/holdings?quarter=2019Q1`), 'CIK 0001699243 filed no 13F for 2019Q1.')
    notFound(await get(`/v1/institutions/${CIK}/profile?quarter=2024Q3`), 'CIK 0001699243 filed no 13F for 2024Q3.')
  })
})

describe('filings and periods', () => {
  test('one filing, and the list newest first with the amendment before its original', async () => {
    const one = await get(`/v1/institutions/${CIK}/filings/${Q2}`)
    expect(one.body).toEqual({
      // The reference's integer id: the accession number's 18 digits.
      form13fId: 169924326000003,
      formType: '13F-HR',
      reportType: '13F HOLDINGS REPORT',
      accessionNumber: Q2,
      filingDate: '2026-08-13',
      periodOfReport: '2026-06-30',
      quarter: '2026Q2',
      receivedDate: one.body.receivedDate,
      sourceUrl: `${ARCHIVES}/${CIK}/000169924326000003/${Q2}-index.htm`,
      isNotice: false,
      isAmendment: false,
      amendmentType: null,
      hasInformationTable: true,
      holdingsLoadedCount: q2.length,
      securityCount: new Set(q2.map((p) => p.cusip)).size,
      portfolioValue: total(q2),
      otherManagerCount: 0,
      noticeManagerCount: 0,
      holdingManagerLinkCount: 0,
      noticeManagers: [],
      otherManagers: [],
    })
    expect(one.body.receivedDate).toMatch(/^2026-08-1[34]T\d{2}:\d{2}:\d{2}Z$/)
    const list = await get(`/v1/institutions/${CIK}/filings?limit=3`)
    expect(list.body.filings.map((f: { accessionNumber: string }) => f.accessionNumber)).toEqual([Q3_AMENDMENT, Q3, Q2])
    expect(list.body.filings[0]).toMatchObject({
      isAmendment: true,
      amendmentType: 'NEW HOLDINGS',
      quarter: '2026Q3',
      hasInformationTable: true,
      holdingsLoadedCount: textRows(Q3_AMENDMENT).length,
    })
    expect(textRows(Q3_AMENDMENT).length).toBeGreaterThan(0)
    expect(list.body.pagination).toEqual({ page: 1, limit: 3, hasMoreData: true })
    const amended = await get(`/v1/institutions/${CIK}/filings?formType=13f-hr/a`)
    expect(amended.body.filings.map((f: { accessionNumber: string }) => f.accessionNumber)).toEqual([Q3_AMENDMENT])
    expect(amended.body.filters).toEqual({ cik: PAD, quarter: null, formType: '13F-HR/A' })
    // One filing is the line of that accession number (the instFilingByAccession lookup file), and only
    // under the manager that filed it: another manager's CIK with it is a 404.
    for (const accession of [Q3_AMENDMENT, Q3, Q2])
      expect((await get(`/v1/institutions/${CIK}/filings/${accession}`)).body.accessionNumber).toBe(accession)
    notFound(
      await get(`/v1/institutions/${CIK}/filings/0000804753-26-000006`),
      'No 13F filing 0000804753-26-000006 of CIK 0001699243.',
    )
    const other = UNIT_TRAP_CIKS.thousandsKept
    expect((await get(`/v1/institutions/${other}/filings`)).status).toBe(200)
    notFound(
      await get(`/v1/institutions/${other}/filings/${Q3}`),
      `No 13F filing ${Q3} of CIK ${String(other).padStart(10, '0')}.`,
    )
  })

  test('filing periods of a year: status and counts per quarter, with their filings', async () => {
    const res = await get(`/v1/institutions/${CIK}/filing-periods?year=2026`)
    expect(
      res.body.periods.map((p: Record<string, unknown>) => [
        p.quarter,
        p.periodStatus,
        p.filingCount,
        p.amendmentFilingCount,
        p.holdingsLoadedCount,
        (p.filings as unknown[]).length,
      ]),
    ).toEqual([
      ['2026Q3', 'holdings_reported', 2, 1, q3.length, 2],
      ['2026Q2', 'holdings_reported', 1, 0, q2.length, 1],
      ['2026Q1', 'holdings_reported', 1, 0, res.body.periods[2].holdingsLoadedCount, 1],
    ])
    expect(res.body.filters).toEqual({ cik: PAD, year: 2026 })
  })
})

describe('changes, buys, sells, breakdowns, activity', () => {
  /** Per security (CUSIP and put/call): shares and value. */
  const bySecurity = (ps: Position[]) => {
    const m = new Map<string, { shares: number; value: number }>()
    for (const p of ps) {
      const k = `${p.cusip}|${p.putCall ?? ''}`
      const s = m.get(k) ?? { shares: 0, value: 0 }
      m.set(k, { shares: s.shares + p.shares, value: s.value + p.value })
    }
    return m
  }

  test('changes of 2026Q3 against 2026Q2: values and counts from both quarters’ tables', async () => {
    const res = await get(`/v1/institutions/${CIK}/changes`)
    const now = bySecurity(q3)
    const before = bySecurity(q2)
    const added = [...now.keys()].filter((k) => !before.has(k))
    const gone = [...before.keys()].filter((k) => !now.has(k))
    const up = [...now.keys()].filter((k) => before.has(k) && now.get(k)!.shares > before.get(k)!.shares)
    const down = [...now.keys()].filter((k) => before.has(k) && now.get(k)!.shares < before.get(k)!.shares)
    expect(res.body.period).toEqual({
      currentQuarter: '2026Q3',
      currentPeriodEnd: '2026-09-30',
      priorQuarter: '2026Q2',
      priorPeriodEnd: '2026-06-30',
      accessionNumber: Q3,
      filingDate: '2026-11-13',
    })
    expect(res.body.metrics).toMatchObject({
      currentAum: total(q3),
      priorAum: total(q2),
      aumChange: total(q3) - total(q2),
      currentPositionCount: q3.length,
      priorPositionCount: q2.length,
      additionCount: added.length,
      additionValue: added.reduce((s, k) => s + now.get(k)!.value, 0),
      disposalCount: gone.length,
      disposalValue: gone.reduce((s, k) => s + before.get(k)!.value, 0),
      increasedCount: up.length,
      decreasedCount: down.length,
    })
    const m = res.body.metrics
    expect(m.netActivityValue).toBe(m.buyValue - m.sellValue)
    expect(m.grossActivityValue).toBe(m.buyValue + m.sellValue)
  })

  test('buys and sells: ranked by activity value; new only and sold out only', async () => {
    const buys = await get(`/v1/institutions/${CIK}/buys?quarter=2026Q3`)
    const rows = buys.body.securities as {
      rank: number
      netShares: number
      activityValue: number
      priorShares: number
    }[]
    expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1))
    for (const r of rows) expect(r.netShares).toBeGreaterThan(0)
    expect(rows.map((r) => r.activityValue)).toEqual([...rows.map((r) => r.activityValue)].sort((a, b) => b - a))
    const fresh = await get(`/v1/institutions/${CIK}/buys?quarter=2026Q3&newOnly=true`)
    for (const r of fresh.body.securities) expect(r.priorShares).toBe(0)
    expect(fresh.body.filters).toEqual({ cik: PAD, quarter: '2026Q3', newOnly: true })
    const sells = await get(`/v1/institutions/${CIK}/sells?quarter=2026Q3&soldOutOnly=true`)
    expect(sells.body.activityType).toBe('sell')
    for (const r of sells.body.securities) expect(r.currentShares).toBe(0)
  })

  test('sectors and industries add up to the portfolio', async () => {
    for (const level of ['sectors', 'industries']) {
      const res = await get(`/v1/institutions/${CIK}/${level}?quarter=2026Q2`)
      const rows = res.body.breakdown as { value: number; positionCount: number; rank: number }[]
      expect(rows.reduce((s, r) => s + r.value, 0)).toBe(total(q2))
      expect(rows.reduce((s, r) => s + r.positionCount, 0)).toBe(q2.length)
      expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1))
      expect(res.body.classificationLevel).toBe(level === 'sectors' ? 'sector' : 'industry')
    }
  })

  test('activity: the latest complete quarter by default, the lists ranked and cut at limit', async () => {
    const res = await get('/v1/institutions/activity?limit=3')
    expect(res.body.period).toEqual({
      currentQuarter: '2026Q3',
      currentPeriodEnd: '2026-09-30',
      previousQuarter: '2026Q2',
      previousPeriodEnd: '2026-06-30',
    })
    for (const list of ['mostBought', 'mostSold', 'newPositions', 'closedPositions'])
      expect(res.body[list].length).toBeLessThanOrEqual(3)
    for (const r of res.body.mostBought) expect(r.netValue).toBeGreaterThan(0)
    for (const r of res.body.mostSold) expect(r.netValue).toBeLessThan(0)
    expect(res.body.pagination).toEqual({ limit: 3 })
    notFound(await get('/v1/institutions/activity?quarter=2001Q1'), 'No 13F activity for 2001Q1.')
  })
})

test('the mirror holds this manager’s filings where the test reads them', () => {
  expect(readdirSync(join(mirror, 'Archives/edgar/data', String(CIK))).sort()).toEqual([
    `${Q3}.txt`,
    `${Q3_AMENDMENT}.txt`,
  ])
})
