/**
 * The Insiders operations over the shared sample snapshot: whole bodies for the cast's large issuer
 * (QFD) and its insiders A and B, each value checked against the snapshot's own Parquet (the build's
 * tables, read here with plain SQL), plus plans, errors and defaults.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CAST } from '../../src/sample/cast.ts'
import { openTestApi, type TestApi, useApiAndSnapshot } from '../helpers/api.ts'

const ctx = useApiAndSnapshot()
const QFD = CAST.largeIssuer.cik
const A = CAST.insiderA.cik
const B = CAST.insiderB.cik
const pad = (n: number | string) => String(n).padStart(10, '0')
const stamp = (v: string | null) => (v === null ? null : v.replace(' ', 'T').slice(0, 19))
const acc18 = (acc: string) => acc.replaceAll('-', '')

type Tx = Record<string, any>
/** The issuer's transactions as the snapshot holds them, in feed order. */
const transactionsOf = (where: string) =>
  ctx.snap.q<Tx>(`SELECT accession_number, issuer_cik::INTEGER AS issuer_cik, issuer_ticker, issuer_name,
      reporter_cik::INTEGER AS reporter_cik, reporter_name, is_director, is_officer, is_ten_percent_owner, officer_title,
      security_title, transaction_date::VARCHAR AS transaction_date, transaction_code, type, shares, price_per_share, value,
      acquired_disposed, shares_owned_following, direct_indirect, nature_of_ownership, derivative, aff10b5_one,
      strftime(accepted_at, '%Y-%m-%d %H:%M:%S') AS accepted_at, row_seq
    FROM {t:insider_transactions} WHERE ${where}
    ORDER BY accepted_at DESC NULLS LAST, transaction_date DESC NULLS LAST, accession_number DESC, row_seq`)

describe('the feed of one issuer', () => {
  test('every transaction of QFD, newest acceptance first, each field from its filing', async () => {
    const rows = await transactionsOf(`issuer_cik = ${QFD}`)
    expect(rows.length).toBeGreaterThan(3)
    const res = await ctx.api.get('/v1/insiders/qfd/transactions?limit=100')
    expect(res.status).toBe(200)
    expect(res.body.pagination).toEqual({ limit: 100, hasMoreData: false, nextCursor: null })
    expect(res.body.transactions).toEqual(
      rows.map((r) => ({
        accessionNumber: r.accession_number,
        filingUrl: `https://www.sec.gov/Archives/edgar/data/${QFD}/${acc18(r.accession_number)}/${r.accession_number}-index.htm`,
        accepted: stamp(r.accepted_at),
        issuer: { cik: pad(QFD), ticker: 'QFD', name: CAST.largeIssuer.name },
        reporter: {
          cik: pad(r.reporter_cik),
          name: r.reporter_name,
          director: r.is_director,
          officer: r.is_officer,
          tenPercentOwner: r.is_ten_percent_owner,
          officerTitle: r.officer_title,
        },
        securityType: r.security_title,
        transactionDate: r.transaction_date,
        deemedExecutionDate: null,
        transactionCode: r.transaction_code,
        type: r.type,
        shares: r.shares,
        pricePerShare: r.price_per_share,
        value: r.value,
        acquiredDisposed: r.acquired_disposed,
        sharesOwnedFollowingTransaction: r.shares_owned_following,
        directOrIndirectOwnership: r.direct_indirect,
        natureOfOwnership: r.nature_of_ownership,
        derivative: r.derivative,
        underlyingSecurityTitle: null,
        underlyingSecurityShares: null,
        exercisePrice: null,
        exerciseDate: null,
        expirationDate: null,
        aff10b5One: r.aff10b5_one,
      })),
    )
    // the reporters are the cast's two insiders, never the issuer
    expect(new Set(rows.map((r) => r.reporter_cik))).toEqual(new Set([A, B]))
  })

  test('filters combine and are echoed normalized; limit pages with hasMoreData', async () => {
    const rows = await transactionsOf(
      `issuer_cik = ${QFD} AND transaction_code = 'M' AND acquired_disposed = 'A' AND NOT derivative`,
    )
    const res = await ctx.api.get(
      '/v1/insiders/QFD/transactions?transactionCode=m&acquiredDisposed=A&derivative=false&limit=2',
    )
    expect(res.body.filters).toEqual({
      ticker: 'QFD',
      acquiredDisposed: 'A',
      transactionCode: 'M',
      derivative: false,
      insiderRole: null,
      minValue: null,
      aff10b5One: null,
      acceptedFrom: null,
      transactionFrom: null,
      transactionTo: null,
      limit: 2,
    })
    expect(res.body.transactions.map((t: Tx) => t.accessionNumber)).toEqual(
      rows.slice(0, 2).map((r) => r.accession_number),
    )
    expect(res.body.pagination).toMatchObject({ limit: 2, hasMoreData: rows.length > 2 })
    expect(res.body.pagination.nextCursor !== null).toBe(rows.length > 2)
  })

  test('minValue, transactionFrom and insiderRole filter by value, date and the reported role', async () => {
    const rows = await transactionsOf(
      `issuer_cik = ${QFD} AND value >= 100000 AND transaction_date >= '2026-01-01' AND is_officer`,
    )
    const res = await ctx.api.get(
      '/v1/insiders/QFD/transactions?minValue=100000&transactionFrom=2026-01-01&insiderRole=officer',
    )
    expect(res.body.transactions.map((t: Tx) => [t.accessionNumber, t.value])).toEqual(
      rows.map((r) => [r.accession_number, r.value]),
    )
  })

  test('each equality filter alone: the rows of the table that pass it, in feed order (the lines path)', async () => {
    const cases: [string, string][] = [
      ['acquiredDisposed=D', `acquired_disposed = 'D'`],
      ['transactionCode=s', `transaction_code = 'S'`],
      ['derivative=true', 'derivative'],
      ['derivative=false', 'NOT derivative'],
      ['insiderRole=director', 'is_director'],
      ['insiderRole=officer', 'is_officer'],
      ['insiderRole=tenPercentOwner', 'is_ten_percent_owner'],
      ['acquiredDisposed=A&insiderRole=officer&limit=3', `acquired_disposed = 'A' AND is_officer`],
    ]
    for (const [query, where] of cases) {
      const rows = await transactionsOf(`issuer_cik = ${QFD} AND ${where}`)
      const limit = Number(/limit=(\d+)/.exec(query)?.[1] ?? 50)
      const res = await ctx.api.get(`/v1/insiders/QFD/transactions?${query}`)
      expect([query, res.body.transactions.map((t: Tx) => t.accessionNumber)]).toEqual([
        query,
        rows.slice(0, limit).map((r) => r.accession_number),
      ])
      expect(res.body.pagination.hasMoreData).toBe(rows.length > limit)
    }
  })

  test('an unknown ticker is a 404; a known one without insider filings an empty feed', async () => {
    expect((await ctx.api.get('/v1/insiders/ZZZZZZ/transactions')).status).toBe(404)
    const res = await ctx.api.get('/v1/insiders/TDWR/transactions')
    expect([res.status, res.body.transactions]).toEqual([200, []])
  })
})

describe('activity windows', () => {
  let large: TestApi
  beforeAll(async () => {
    large = await openTestApi({ config: { MAX_LIMIT: 1000 } })
  })
  afterAll(() => large.close())

  test('the buys or sells dated within the window, in feed order, for wide, narrow, open and empty windows', async () => {
    for (const side of ['A', 'D'] as const) {
      const path = side === 'A' ? 'buying' : 'selling'
      const dated = await transactionsOf(`acquired_disposed = '${side}' AND transaction_date IS NOT NULL`)
      const dates = dated.map((r) => r.transaction_date as string).sort()
      expect(dates.length).toBeGreaterThan(5)
      const mid = dates[dates.length >> 1]!
      const windows: [string | undefined, string | undefined][] = [
        [dates[0], dates.at(-1)],
        [mid, mid],
        [mid, undefined],
        [undefined, mid],
        ['1990-01-01', '1990-02-01'],
      ]
      for (const [from, end] of windows)
        for (const [api, limit] of [
          [ctx.api, 2],
          [ctx.api, 100],
          // Past the 101 positions a day's heads keep: the bounded scan of the feed instead (windows.ts).
          [large, 150],
        ] as const) {
          const within = dated.filter(
            (r) => (!from || r.transaction_date >= from) && (!end || r.transaction_date <= end),
          )
          const query = [from && `from=${from}`, end && `end=${end}`, `limit=${limit}`].filter(Boolean).join('&')
          const res = await api.get(`/v1/insiders/activity/${path}?${query}`)
          expect(res.status).toBe(200)
          expect(res.body.transactions.map((t: Tx) => [t.accessionNumber, t.transactionDate, t.shares])).toEqual(
            within.slice(0, limit).map((r) => [r.accession_number, r.transaction_date, r.shares]),
          )
          expect(res.body.pagination).toMatchObject({ limit, hasMoreData: within.length > limit })
          expect(res.body.pagination.nextCursor !== null).toBe(within.length > limit)
        }
    }
  })
})

describe('lifetime figures', () => {
  test('buy-sell-ratio, net-shares and net-value of QFD agree with its transactions', async () => {
    const rows = await transactionsOf(`issuer_cik = ${QFD}`)
    const buys = rows.filter((r) => r.type === 'buy')
    const sells = rows.filter((r) => r.type === 'sell')
    const sum = (xs: Tx[], k: string) => xs.reduce((s, r) => s + (r[k] ?? 0), 0)
    const [latest] =
      await ctx.snap.q<Tx>(`SELECT accession_number, strftime(accepted_at, '%Y-%m-%d %H:%M:%S') AS accepted_at
      FROM {t:insider_filings} WHERE issuer_cik = ${QFD} ORDER BY accepted_at DESC LIMIT 1`)
    const latestFields = {
      latestTransactionDate: rows
        .map((r) => r.transaction_date)
        .sort()
        .at(-1),
      latestAccepted: stamp(latest!.accepted_at),
      latestAccessionNumber: latest!.accession_number,
      latestFilingUrl: `https://www.sec.gov/Archives/edgar/data/${QFD}/${acc18(latest!.accession_number)}/${latest!.accession_number}-index.htm`,
    }
    const issuer = { cik: pad(QFD), ticker: 'QFD', name: CAST.largeIssuer.name }
    const ratio = await ctx.api.get('/v1/insiders/QFD/buy-sell-ratio')
    expect(ratio.body).toEqual({
      issuer,
      buyTransactionCount: buys.length,
      sellTransactionCount: sells.length,
      directionalTransactionCount: buys.length + sells.length,
      transactionCount: rows.length,
      buySellRatio: sells.length ? Math.round((buys.length / sells.length) * 10_000) / 10_000 : null,
      ...latestFields,
    })
    const shares = await ctx.api.get('/v1/insiders/QFD/net-shares')
    expect(shares.body).toEqual({
      issuer,
      buyShares: sum(buys, 'shares'),
      sellShares: sum(sells, 'shares'),
      netShares: sum(buys, 'shares') - sum(sells, 'shares'),
      transactionCount: rows.length,
      ...latestFields,
    })
    const value = await ctx.api.get('/v1/insiders/QFD/net-value')
    expect(value.body.buyValue).toBeCloseTo(sum(buys, 'value'), 6)
    expect(value.body.sellValue).toBeCloseTo(sum(sells, 'value'), 6)
  })

  test('a ticker without insider data is a 404 with the reference message; LITE is the minimum plan', async () => {
    const res = await ctx.api.get('/v1/insiders/TDWR/buy-sell-ratio')
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
      404,
      'not_found',
      'Insider transaction snapshot was not found for the ticker.',
    ])
    for (const path of ['buy-sell-ratio', 'net-shares', 'net-value'])
      expect((await ctx.api.get(`/v1/insiders/QFD/${path}`, { key: ctx.api.keys.FREE })).status).toBe(403)
    expect((await ctx.api.get('/v1/insiders/activity/daily/top-buyers', { key: ctx.api.keys.FREE })).status).toBe(403)
    expect((await ctx.api.get('/v1/insiders/transactions', { key: ctx.api.keys.FREE })).status).toBe(200)
  })
})

describe('a person', () => {
  test('insider A: roles, latest filing and issuer, counts', async () => {
    const rows = await transactionsOf(`reporter_cik = ${A}`)
    const [latest] =
      await ctx.snap.q<Tx>(`SELECT f.accession_number, strftime(f.accepted_at, '%Y-%m-%d %H:%M:%S') AS accepted_at,
        o.officer_title, (SELECT count(*) FROM {t:insider_owners} WHERE owner_cik = ${A})::INTEGER AS filings
      FROM {t:insider_owners} o JOIN {t:insider_filings} f USING (accession_number)
      WHERE o.owner_cik = ${A} ORDER BY f.accepted_at DESC LIMIT 1`)
    const res = await ctx.api.get(`/v1/insiders/person/${A}`)
    expect(res.body).toEqual({
      cik: pad(A),
      name: CAST.insiderA.name,
      director: rows.some((r) => r.is_director),
      officer: rows.some((r) => r.is_officer),
      tenPercentOwner: false,
      latestOfficerTitle: latest!.officer_title,
      latestIssuer: { cik: pad(QFD), ticker: 'QFD', name: CAST.largeIssuer.name },
      latestAccessionNumber: latest!.accession_number,
      latestFilingUrl: `https://www.sec.gov/Archives/edgar/data/${QFD}/${acc18(latest!.accession_number)}/${latest!.accession_number}-index.htm`,
      latestAccepted: stamp(latest!.accepted_at),
      latestTransactionDate: rows
        .map((r) => r.transaction_date)
        .sort()
        .at(-1),
      filingCount: latest!.filings,
      transactionCount: rows.length,
      issuerCount: 1,
    })
    const feed = await ctx.api.get(`/v1/insiders/person/${A}/transactions?limit=100`)
    expect(feed.body.transactions.map((t: Tx) => [t.accessionNumber, t.reporter.cik])).toEqual(
      rows.map((r) => [r.accession_number, pad(A)]),
    )
    // Equality filters on the person's feed keep exactly the unfiltered feed's rows that pass them.
    const all: Tx[] = feed.body.transactions
    for (const [query, keep] of [
      ['acquiredDisposed=D', (t: Tx) => t.acquiredDisposed === 'D'],
      ['transactionCode=S', (t: Tx) => t.transactionCode === 'S'],
      ['insiderRole=director', (t: Tx) => t.reporter.director === true],
      ['insiderRole=officer', (t: Tx) => t.reporter.officer === true],
    ] as const) {
      const res = await ctx.api.get(`/v1/insiders/person/${A}/transactions?limit=100&${query}`)
      expect([query, res.body.transactions]).toEqual([query, all.filter(keep)])
    }
  })

  test('holdings are the latest balance of each security; ownership keeps those with shares', async () => {
    const positions =
      await ctx.snap.q<Tx>(`SELECT security_title, shares, derivative, direct_indirect FROM {t:insider_positions}
      WHERE owner_cik = ${B} ORDER BY issuer_cik, security_title`)
    const res = await ctx.api.get(`/v1/insiders/person/${B}/holdings`)
    expect(res.body.cik).toBe(pad(B))
    expect(
      res.body.holdings.map((h: Tx) => [h.securityType, h.currentShares, h.derivative, h.directOrIndirectOwnership]),
    ).toEqual(positions.map((p) => [p.security_title, p.shares, p.derivative, p.direct_indirect]))
    const owned = await ctx.api.get(`/v1/insiders/person/${B}/ownership`)
    expect(owned.body.holdings.length).toBe(positions.filter((p) => p.shares > 0).length)
    expect((await ctx.api.get('/v1/insiders/person/9999999999')).status).toBe(404)
    expect((await ctx.api.get('/v1/insiders/person/12345678901')).status).toBe(400)
  })
})

describe('owners', () => {
  test("QFD's owners by current shares, with the methodology caveat and the default filters", async () => {
    const res = await ctx.api.get('/v1/insiders/QFD/owners?activeSince=2006-01-01')
    const positions =
      await ctx.snap.q<Tx>(`SELECT owner_cik::INTEGER AS owner, sum(shares) AS total, count(*)::INTEGER AS n
      FROM {t:insider_positions} WHERE issuer_cik = ${QFD} AND NOT derivative AND position_date >= '2006-01-01'
      GROUP BY ALL ORDER BY total DESC, owner`)
    expect(res.body.filters).toEqual({
      includeDerivative: false,
      includeNonDerivative: true,
      activeSince: '2006-01-01',
      limit: 20,
    })
    expect(res.body.methodology).toContain('not SEC-certified beneficial ownership')
    expect(res.body.owners.map((o: Tx) => [o.rank, o.reporterCik, o.totalShares, o.positionCount])).toEqual(
      positions.map((p, i) => [i + 1, pad(p.owner), p.total, p.n]),
    )
    const defaults = await ctx.api.get('/v1/insiders/QFD/owners')
    const fiveYears = new Date()
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() - 5)
    expect(defaults.body.filters.activeSince).toBe(fiveYears.toISOString().slice(0, 10))
  })
})

/** 2 places, as the build rounds money (DuckDB's round of a double). */
const cents = (v: number) => Math.round(v * 100) / 100

/**
 * A day's leaders as the rules say (docs/insiders.md, "Dollar figures"): issuers by the side's value of
 * their non-derivative transactions dated that day, only the open-market ones (P, S) unless widened.
 */
const leadersOf = (day: string, side: 'buy' | 'sell', openMarketOnly: boolean) =>
  ctx.snap.q<Tx>(`SELECT issuer_cik::INTEGER AS cik,
      coalesce(round(sum(value) FILTER (type = 'buy'), 2), 0) AS buy, coalesce(round(sum(value) FILTER (type = 'sell'), 2), 0) AS sell,
      coalesce(sum(shares) FILTER (type = '${side}'), 0) AS shares,
      count(*) FILTER (type = 'buy')::INTEGER AS buys, count(*) FILTER (type = 'sell')::INTEGER AS sells, count(*)::INTEGER AS n
    FROM {t:insider_transactions}
    WHERE transaction_date = '${day}' AND NOT derivative ${openMarketOnly ? `AND transaction_code IN ('P', 'S')` : ''}
    GROUP BY ALL HAVING count(*) FILTER (type = '${side}') > 0 ORDER BY ${side} DESC, shares DESC, cik`)

async function expectLeaders(day: string, side: 'buy' | 'sell', openMarketOnly: boolean) {
  const type = side === 'buy' ? 'top_buyers' : 'top_sellers'
  const res = await ctx.api.get(
    `/v1/insiders/activity/daily/${type.replace('_', '-')}?date=${day}&limit=100${openMarketOnly ? '' : '&openMarketOnly=false'}`,
  )
  const expected = await leadersOf(day, side, openMarketOnly)
  expect([res.body.activityDate, res.body.activityType, res.body.filters]).toEqual([
    day,
    type,
    { activityDate: day, activityType: type, limit: 100, openMarketOnly },
  ])
  expect(
    res.body.data.map((l: Tx) => [
      l.rank,
      l.issuer.cik,
      l.buyValue,
      l.sellValue,
      l.netValue,
      l.buyTransactionCount,
      l.sellTransactionCount,
      l.transactionCount,
    ]),
  ).toEqual(expected.map((e, i) => [i + 1, pad(e.cik), e.buy, e.sell, cents(e.buy - e.sell), e.buys, e.sells, e.n]))
  return res.body.data as Tx[]
}

describe('the daily leaders', () => {
  test('top sellers of a day rank issuers by the value of their open-market sales; a day without transactions is a 404', async () => {
    const day = '2025-09-12'
    expect((await expectLeaders(day, 'sell', true)).length).toBeGreaterThan(0)
    await expectLeaders(day, 'sell', false)
    const none = await ctx.api.get('/v1/insiders/activity/daily/top-buyers?date=1999-01-02')
    expect([none.status, none.body.error.code]).toEqual([404, 'not_found'])
  })

  test('an issuer whose buys of the day are grants (an option at its exercise price, units) is no top buyer', async () => {
    const [trap] = await ctx.snap.q<Tx>(`SELECT transaction_date::VARCHAR AS day, issuer_cik::INTEGER AS cik
      FROM {t:insider_transactions} WHERE transaction_date IS NOT NULL GROUP BY ALL
      HAVING count(*) FILTER (derivative AND type = 'buy' AND value > 0) > 0 AND count(*) FILTER (transaction_code = 'P') = 0
      ORDER BY day DESC, cik LIMIT 1`)
    expect(trap).toBeDefined()
    const leaders = await expectLeaders(trap!.day, 'buy', true)
    expect(leaders.map((l) => l.issuer.cik)).not.toContain(pad(trap!.cik))
    // Widened, its non-derivative grants rank it, without the derivative's dollars (expectLeaders checks its values).
    const all = await expectLeaders(trap!.day, 'buy', false)
    expect(all.map((l) => l.issuer.cik)).toContain(pad(trap!.cik))
  })

  test('the default date is the latest (sane) one with an open-market purchase or sale, or any non-derivative buy or sell', async () => {
    const [d] = await ctx.snap.q<Tx>(`SELECT
        max(transaction_date) FILTER (transaction_code = 'P')::VARCHAR AS purchase,
        max(transaction_date) FILTER (transaction_code = 'S')::VARCHAR AS sale,
        max(transaction_date) FILTER (type = 'buy')::VARCHAR AS buy,
        max(transaction_date) FILTER (type = 'sell')::VARCHAR AS sell
      FROM {t:insider_transactions} WHERE NOT derivative AND transaction_date <= coalesce(accepted_at::DATE, filing_date)`)
    const dateOf = async (path: string) => (await ctx.api.get(`/v1/insiders/activity/daily/${path}`)).body.activityDate
    expect([
      await dateOf('top-buyers'),
      await dateOf('top-sellers'),
      await dateOf('top-buyers?openMarketOnly=false'),
      await dateOf('top-sellers?openMarketOnly=false'),
    ]).toEqual([d!.purchase, d!.sale, d!.buy, d!.sell])
  })
})

describe('dollar figures', () => {
  test('a value is shares × price in cents', async () => {
    const rows = await ctx.snap.q<Tx>(
      `SELECT shares, price_per_share AS price, value FROM {t:insider_transactions} WHERE price_per_share IS NOT NULL`,
    )
    // the generator's prices of four places give products of more than two: the rule has work to do
    expect(rows.filter((r) => r.value !== r.shares * r.price).length).toBeGreaterThan(0)
    expect(
      rows.filter(
        (r) => !/^\d+(\.\d{1,2})?$/.test(String(r.value)) || Math.abs(r.value - r.shares * r.price) > 0.005001,
      ),
    ).toEqual([])
  })

  test('derivative rows keep their own price and value, under the reference’s A/D type, but enter no dollar total', async () => {
    const priced = await ctx.snap.q<Tx>(`SELECT transaction_code AS code, type, count(*)::INTEGER AS n
      FROM {t:insider_transactions} WHERE derivative AND value > 0 GROUP BY ALL ORDER BY ALL`)
    // the generator's traps: option grants at their exercise price and DSUs at the share price (A, buy),
    // exercises at the option's price (M, disposed: sell)
    expect(priced.map((p) => [p.code, p.type])).toEqual([
      ['A', 'buy'],
      ['M', 'sell'],
    ])
    const totals = `coalesce(round(sum(value) FILTER (type = 'buy' AND NOT derivative), 2), 0) AS buy,
      coalesce(round(sum(value) FILTER (type = 'sell' AND NOT derivative), 2), 0) AS sell`
    const [all] = await ctx.snap.q<Tx>(`SELECT ${totals} FROM {t:insider_transactions}`)
    const stats = await ctx.api.get('/v1/insiders/statistics')
    expect([stats.body.buyValue, stats.body.sellValue, stats.body.netValue]).toEqual([
      all!.buy,
      all!.sell,
      cents(all!.buy - all!.sell),
    ])
    const [issuer] = await ctx.snap.q<Tx>(`SELECT issuer_ticker AS ticker, ${totals} FROM {t:insider_transactions}
      WHERE issuer_ticker IS NOT NULL GROUP BY ALL HAVING sum(value) FILTER (derivative) > 0 ORDER BY ticker LIMIT 1`)
    const net = await ctx.api.get(`/v1/insiders/${issuer!.ticker}/net-value`)
    expect([net.body.buyValue, net.body.sellValue, net.body.netValue]).toEqual([
      issuer!.buy,
      issuer!.sell,
      cents(issuer!.buy - issuer!.sell),
    ])
  })
})

describe('the 10b5-1 flag', () => {
  test('from the ownership documents, null from the data sets, which have no such column', async () => {
    const flags =
      await ctx.snap.q<Tx>(`SELECT r.accession_number IS NULL AS text, aff10b5_one AS flag, count(*)::INTEGER AS n
      FROM {t:insider_transactions} t LEFT JOIN (SELECT DISTINCT accession_number FROM {t:insider_records}) r
        USING (accession_number) GROUP BY ALL ORDER BY ALL`)
    // this fixture's few text filings all check it (test/insiders/sample.test.ts sees every spelling)
    expect(flags.map((f) => [f.text, f.flag])).toEqual([
      [false, null],
      [true, true],
    ])
  })

  test('the feeds filter on it and echo it', async () => {
    for (const v of ['true', 'false']) {
      const rows = await transactionsOf(`aff10b5_one = ${v}`)
      const res = await ctx.api.get(`/v1/insiders/transactions?aff10b5One=${v}&limit=100`)
      expect(res.body.filters.aff10b5One).toBe(v === 'true')
      expect(res.body.transactions.map((t: Tx) => [t.accessionNumber, t.aff10b5One])).toEqual(
        rows.slice(0, 100).map((r) => [r.accession_number, v === 'true']),
      )
    }
    // An issuer's and a person's feed: the query path (the lines hold no flag).
    const [flagged] = await transactionsOf('aff10b5_one')
    for (const v of ['true', 'false']) {
      const own = await transactionsOf(`aff10b5_one = ${v} AND issuer_cik = ${flagged!.issuer_cik}`)
      const scoped = await ctx.api.get(`/v1/insiders/${flagged!.issuer_ticker}/transactions?aff10b5One=${v}&limit=100`)
      expect(scoped.body.transactions.map((t: Tx) => t.accessionNumber)).toEqual(
        own.slice(0, 100).map((r) => r.accession_number),
      )
      const mine = await ctx.snap.q<Tx>(`SELECT count(*)::INTEGER AS n FROM {t:insider_transactions} t
        JOIN {t:insider_owners} o USING (accession_number) WHERE o.owner_cik = ${flagged!.reporter_cik} AND t.aff10b5_one = ${v}`)
      const theirs = await ctx.api.get(
        `/v1/insiders/person/${flagged!.reporter_cik}/transactions?aff10b5One=${v}&limit=100`,
      )
      expect(theirs.body.transactions.length).toBe(Math.min(mine[0]!.n, 100))
    }
  })
})

test('every sample ownership filing joins its submissions record: none lacks an acceptance time', async () => {
  const [row] = await ctx.snap.q<Tx>(
    `SELECT count(*)::INTEGER AS n, count(accepted_at)::INTEGER AS accepted FROM {t:insider_filings}`,
  )
  expect(row!.n).toBeGreaterThan(0)
  expect(row!.accepted).toBe(row!.n)
})

describe('directories and statistics', () => {
  test('companies: q on name, ticker or CIK; the counts of QFD', async () => {
    for (const q of ['quill', 'QFD', '0000804753']) {
      const res = await ctx.api.get(`/v1/insiders/companies?q=${q}`)
      expect(res.body.data.map((c: Tx) => c.cik)).toEqual([pad(QFD)])
    }
    const [row] = (await ctx.api.get('/v1/insiders/companies?q=quill')).body.data
    const [counts] = await ctx.snap.q<Tx>(`SELECT count(*)::INTEGER AS filings,
        (SELECT count(*) FROM {t:insider_transactions} WHERE issuer_cik = ${QFD})::INTEGER AS transactions,
        (SELECT count(DISTINCT owner_cik) FROM {t:insider_owners} JOIN {t:insider_filings} USING (accession_number) WHERE issuer_cik = ${QFD})::INTEGER AS reporters
      FROM {t:insider_filings} WHERE issuer_cik = ${QFD}`)
    expect([row.filingCount, row.transactionCount, row.reporterCount]).toEqual([
      counts!.filings,
      counts!.transactions,
      counts!.reporters,
    ])
  })

  test('persons: q through the trigram index and by scan give the same persons, in directory order', async () => {
    const people = await ctx.snap.q<Tx>(`SELECT o.owner_cik::INTEGER AS cik,
        arg_max(o.owner_name, (f.accepted_at, f.accession_number)) AS name,
        arg_max(f.issuer_name, (f.accepted_at, f.accession_number)) AS issuer, max(f.accepted_at) AS latest
      FROM {t:insider_owners} o JOIN {t:insider_filings} f USING (accession_number) GROUP BY ALL`)
    for (const q of ['quill', 'QUILLFEATHER', 'vantreece', 'zzzq']) {
      const expected = people
        .filter((p) => `${p.name} ${pad(p.cik)} ${p.issuer}`.toLowerCase().includes(q.toLowerCase()))
        .sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : a.cik - b.cik))
        .map((p) => pad(p.cik))
      const res = await ctx.api.get(`/v1/insiders/persons?q=${q}&limit=100`)
      expect([q, res.body.data.map((p: Tx) => p.cik)]).toEqual([q, expected])
    }
    // two letters: the index cannot answer, a scan does
    const two = await ctx.api.get('/v1/insiders/persons?q=qf&limit=100')
    expect(two.body.data.map((p: Tx) => p.cik).sort()).toEqual([pad(B), pad(A)].sort())
  })

  test('statistics count every filing, transaction, issuer and person covered', async () => {
    const [s] = await ctx.snap.q<Tx>(`SELECT
        (SELECT count(*) FROM {t:insider_filings})::INTEGER AS filings,
        (SELECT count(DISTINCT issuer_cik) FROM {t:insider_filings})::INTEGER AS companies,
        (SELECT count(DISTINCT owner_cik) FROM {t:insider_owners})::INTEGER AS persons,
        count(*)::INTEGER AS transactions, count(*) FILTER (type = 'buy')::INTEGER AS buys,
        count(*) FILTER (type = 'sell')::INTEGER AS sells, count(*) FILTER (derivative)::INTEGER AS derivatives
      FROM {t:insider_transactions}`)
    const res = await ctx.api.get('/v1/insiders/statistics')
    expect(res.body).toMatchObject({
      companyCount: s!.companies,
      personCount: s!.persons,
      filingCount: s!.filings,
      transactionCount: s!.transactions,
      buyTransactionCount: s!.buys,
      sellTransactionCount: s!.sells,
      directionalTransactionCount: s!.buys + s!.sells,
      derivativeTransactionCount: s!.derivatives,
      buySellRatio: Math.round((s!.buys / s!.sells) * 10_000) / 10_000,
    })
  })
})
