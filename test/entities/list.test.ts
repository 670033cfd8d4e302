/**
 * GET /v1/entities (order, filters, echo, pagination) and GET /v1/entities/sic-codes over the fixture
 * snapshot. Rows are checked against GET /v1/entities/{cik} (asserted field by field in entity.test.ts)
 * and against the snapshot's Parquet.
 */
import { describe, expect, test } from 'bun:test'
import { listEntities } from '../../src/areas/entities/handlers.ts'
import { entitiesStore } from '../../src/areas/entities/store/index.ts'
import { queryConfig } from '../../src/config.ts'
import { SIC_CODES } from '../../src/reference/sic-codes.ts'
import { CAST } from '../../src/sample/cast.ts'
import { useApiAndSnapshot } from '../helpers/api.ts'

const ctx = useApiAndSnapshot()
const get = (path: string) => ctx.api.get(path)

const noFilters = { cik: null, ticker: null, entityType: null, q: null }
const ciks = (body: { data: { cik: string }[] }) => body.data.map((e) => e.cik)
const pad = (cik: number) => String(cik).padStart(10, '0')
/** CIKs of the entities table in CIK order, padded. */
const parquetCiks = async (where = 'TRUE') =>
  (
    await ctx.snap.q<{ cik: string }>(
      `SELECT lpad(cik::VARCHAR, 10, '0') AS cik FROM {t:entities} WHERE ${where} ORDER BY cik`,
    )
  ).map((r) => r.cik)
const entity = async (cik: number) => (await get(`/v1/entities/${cik}`)).body

describe('GET /v1/entities', () => {
  test('without filters: every entity of every type, by CIK, with all filters null', async () => {
    const res = await get('/v1/entities?limit=100')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['data', 'filters', 'pagination'])
    expect(res.body.filters).toEqual(noFilters)
    expect(res.body.pagination).toEqual({ page: 1, limit: 100, hasMoreData: false })
    const all = await parquetCiks()
    expect(all.length).toBe(60)
    expect(ciks(res.body)).toEqual(all)
    expect(new Set(res.body.data.map((e: { entityType: string }) => e.entityType))).toEqual(
      new Set(['company', 'individual', 'institution', 'unknown']),
    )
  })

  test('without page and limit: page 1 of 20, the first 20 CIKs', async () => {
    const res = await get('/v1/entities')
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, hasMoreData: true })
    expect(ciks(res.body)).toEqual((await parquetCiks()).slice(0, 20))
  })

  test('cik with or without padding: the one entity, whole, and the CIK echoed padded', async () => {
    const expected = {
      data: [await entity(CAST.largeIssuer.cik)],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { ...noFilters, cik: '0000804753' },
    }
    expect(expected.data[0].name).toBe('Quillfeather Dynamics Corp')
    expect((await get('/v1/entities?cik=804753')).body).toEqual(expected)
    expect((await get('/v1/entities?cik=0000804753')).body).toEqual(expected)
    expect((await get('/v1/entities?cik=9999999')).body).toEqual({
      ...expected,
      data: [],
      filters: { ...noFilters, cik: '0009999999' },
    })
  })

  test('ticker: the primary ticker, case-insensitive, echoed upper-case; a secondary ticker is not a primary one', async () => {
    const res = await get('/v1/entities?ticker=qfd')
    expect(ciks(res.body)).toEqual(['0000804753'])
    expect(res.body.filters).toEqual({ ...noFilters, ticker: 'QFD' })
    const secondary = await get('/v1/entities?ticker=qfdb')
    expect(secondary.body).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { ...noFilters, ticker: 'QFDB' },
    })
  })

  test('entityType: each class alone', async () => {
    for (const type of ['company', 'individual', 'institution', 'unknown']) {
      const res = await get(`/v1/entities?entityType=${type}&limit=100`)
      expect(res.body.filters).toEqual({ ...noFilters, entityType: type })
      expect(ciks(res.body)).toEqual(await parquetCiks(`entity_type = '${type}'`))
    }
    expect(ciks((await get('/v1/entities?entityType=institution')).body)).toEqual([pad(CAST.manager.cik)])
    expect(ciks((await get('/v1/entities?entityType=unknown')).body)).toEqual([pad(CAST.indexOnly.cik)])
  })

  test('q: a case-insensitive substring of the name, trimmed in the echo', async () => {
    const grain = await get('/v1/entities?q=%20GRAIN%20%26%20m%20')
    expect(grain.body).toEqual({
      data: [await entity(CAST.emptyReportDates.cik)],
      pagination: { page: 1, limit: 20, hasMoreData: false },
      filters: { ...noFilters, q: 'GRAIN & m' },
    })
    expect(ciks((await get('/v1/entities?q=okafor')).body)).toEqual([pad(CAST.insiderB.cik)])
    expect(ciks((await get('/v1/entities?q=QUILLfeather')).body)).toEqual([pad(CAST.largeIssuer.cik)])
    expect(ciks((await get("/v1/entities?q=o'malley")).body)).toEqual([pad(CAST.longName.cik)])
  })

  test('q finds what a scan of every name finds: short and long substrings, any case, with and without a type', async () => {
    // q of 3+ ASCII characters goes through the trigram index, shorter ones through a scan: both must
    // equal the plain substring filter over the Parquet.
    const names = (await ctx.snap.q<{ name: string }>(`SELECT name FROM {t:entities} ORDER BY cik`)).map((r) => r.name)
    let seed = 11
    // The high bits: an LCG's low bits repeat with a short period.
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return Math.floor((seed / 2 ** 31) * n)
    }
    let nonEmpty = 0
    const db = ctx.api.database.forRequest()
    for (let i = 0; i < 80; i++) {
      const name = names[next(names.length)]!
      const length = 1 + next(Math.min(8, name.length))
      const start = next(name.length - length + 1)
      const q = [...name.slice(start, start + length)]
        .map((c) => (next(2) ? c.toLowerCase() : c.toUpperCase()))
        .join('')
      const type = next(3) ? null : ['company', 'individual', 'institution'][next(3)]!
      if (!q.trim()) continue
      const res = await get(`/v1/entities?limit=100&q=${encodeURIComponent(q)}${type ? `&entityType=${type}` : ''}`)
      const expected = await parquetCiks(
        `contains(lower(name), lower('${q.trim().replaceAll("'", "''")}'))${type ? ` AND entity_type = '${type}'` : ''}`,
      )
      expect({ q, type, ciks: ciks(res.body) }).toEqual({ q, type, ciks: expected })
      // The same through the query the lookup file falls back to, and after one frame of it.
      for (const nameFrames of [0, 1]) {
        const page = await listEntities(
          entitiesStore(db),
          { ...queryConfig(ctx.api.config), nameFrames },
          { q, entityType: type ?? undefined, page: 1, limit: 100 },
        )
        expect({ q, type, nameFrames, ciks: ciks({ data: page.data.map((body) => JSON.parse(body)) }) }).toEqual({
          q,
          type,
          nameFrames,
          ciks: expected,
        })
      }
      if (expected.length) nonEmpty++
    }
    db.release()
    expect(nonEmpty).toBeGreaterThan(40)
  })

  test('q whose every trigram is in some name, but not q itself: names holding only its trigrams are not matches', async () => {
    // Spliced from two names where one's trigram ends as the other's begins, e.g. "quil" + "ill " gives
    // "quill " when no name has it. The trigram index offers candidates; only the substring check can
    // reject them, so this fails if that check is skipped.
    const names = (await ctx.snap.q<{ name: string }>(`SELECT lower(name) AS name FROM {t:entities} ORDER BY cik`)).map(
      (r) => r.name,
    )
    const grams = [
      ...new Set(names.flatMap((n) => [...Array(Math.max(0, n.length - 2)).keys()].map((i) => n.slice(i, i + 3)))),
    ].filter((g) => /^[a-z]{3}$/.test(g))
    const byPrefix = Map.groupBy(grams, (g) => g.slice(0, 2))
    const spliced: string[] = []
    for (const g of grams) {
      for (const h of byPrefix.get(g.slice(1)) ?? []) {
        const q = g + h.slice(2)
        if (!names.some((n) => n.includes(q)) && spliced.length < 30) spliced.push(q)
      }
    }
    expect(spliced.length).toBe(30)
    for (const q of spliced) {
      const res = await get(`/v1/entities?q=${q.toUpperCase()}`)
      expect({ q, body: res.body }).toEqual({
        q,
        body: {
          data: [],
          pagination: { page: 1, limit: 20, hasMoreData: false },
          filters: { ...noFilters, q: q.toUpperCase() },
        },
      })
    }
  })

  test('q with % or _ matches those characters literally, not as wildcards', async () => {
    for (const q of ['%25', '_', 'o_malley', 'quill%25dynamics', '%25%25']) {
      const res = await get(`/v1/entities?q=${q}`)
      expect(res.body).toEqual({
        data: [],
        pagination: { page: 1, limit: 20, hasMoreData: false },
        filters: { ...noFilters, q: decodeURIComponent(q) },
      })
    }
  })

  test('filters combine with AND', async () => {
    expect(ciks((await get('/v1/entities?entityType=individual&q=okafor')).body)).toEqual([pad(CAST.insiderB.cik)])
    expect(ciks((await get('/v1/entities?entityType=company&q=okafor')).body)).toEqual([])
    const res = await get(`/v1/entities?cik=${CAST.largeIssuer.cik}&ticker=QFD&entityType=company&q=dynamics`)
    expect(ciks(res.body)).toEqual(['0000804753'])
    expect(res.body.filters).toEqual({ cik: '0000804753', ticker: 'QFD', entityType: 'company', q: 'dynamics' })
  })

  test('pagination: page 2 continues page 1, the last page says so, past the end is empty, limit=1', async () => {
    const individuals = await parquetCiks(`entity_type = 'individual'`)
    expect(individuals.length).toBe(22)
    const path = '/v1/entities?entityType=individual'
    const [one, two, three] = [await get(path), await get(`${path}&page=2`), await get(`${path}&page=3`)]
    expect(one.body.pagination).toEqual({ page: 1, limit: 20, hasMoreData: true })
    expect([...ciks(one.body), ...ciks(two.body)]).toEqual(individuals)
    expect(two.body.pagination).toEqual({ page: 2, limit: 20, hasMoreData: false })
    expect(three.body).toEqual({
      data: [],
      pagination: { page: 3, limit: 20, hasMoreData: false },
      filters: { ...noFilters, entityType: 'individual' },
    })
    const single = await get(`${path}&limit=1&page=22`)
    expect(ciks(single.body)).toEqual(individuals.slice(21))
    expect(single.body.pagination).toEqual({ page: 22, limit: 1, hasMoreData: false })
    expect((await get(`${path}&limit=11&page=2`)).body.pagination.hasMoreData).toBe(false)
  })
})

describe('GET /v1/entities/sic-codes', () => {
  type Sic = {
    sicCode: number
    office: string | null
    industryTitle: string
    largeSizeTickers: string | null
    sector: string | null
  }

  test('the first page: codes in order with office, title, large tickers and sector', async () => {
    const res = await get('/v1/entities/sic-codes?limit=3')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: [
        {
          sicCode: 100,
          office: 'Industrial Applications and Services',
          industryTitle: 'AGRICULTURAL PRODUCTION-CROPS',
          largeSizeTickers: null,
          sector: 'Consumer Defensive',
        },
        {
          sicCode: 200,
          office: 'Industrial Applications and Services',
          industryTitle: 'AGRICULTURAL PROD-LIVESTOCK & ANIMAL SPECIALTIES',
          largeSizeTickers: null,
          sector: 'Consumer Defensive',
        },
        {
          sicCode: 700,
          office: 'Industrial Applications and Services',
          industryTitle: 'AGRICULTURAL SERVICES',
          largeSizeTickers: null,
          sector: 'Consumer Defensive',
        },
      ],
      pagination: { page: 1, limit: 3, hasMoreData: true },
    })
    const defaults = await get('/v1/entities/sic-codes')
    expect(defaults.body.pagination).toEqual({ page: 1, limit: 20, hasMoreData: true })
    expect(defaults.body.data.slice(0, 3)).toEqual(res.body.data)
  })

  test('every code once, by code, across pages; the codes with large filers carry their tickers', async () => {
    const rows: Sic[] = []
    for (let page = 1; page <= Math.ceil(SIC_CODES.length / 100); page++) {
      const res = await get(`/v1/entities/sic-codes?limit=100&page=${page}`)
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination'])
      expect(res.body.pagination).toEqual({ page, limit: 100, hasMoreData: page * 100 < SIC_CODES.length })
      rows.push(...res.body.data)
    }
    const codes = rows.map((r) => r.sicCode)
    expect(codes.length).toBe(SIC_CODES.length)
    expect(codes).toEqual([...codes].sort((a, b) => a - b))
    expect(codes.every(Number.isInteger)).toBe(true)
    const withTickers = await ctx.snap.q<{ sic_code: number }>(
      `SELECT sic_code::INTEGER AS sic_code FROM {t:sic_codes} WHERE large_size_tickers IS NOT NULL AND large_size_tickers <> '' ORDER BY 1`,
    )
    expect(withTickers).toEqual([{ sic_code: 3674 }, { sic_code: 6021 }])
    expect(rows.filter((r) => r.largeSizeTickers !== null)).toEqual([
      {
        sicCode: 3674,
        office: 'Office of Manufacturing',
        industryTitle: 'SEMICONDUCTORS & RELATED DEVICES',
        largeSizeTickers: 'QFD',
        sector: 'Technology',
      },
      {
        sicCode: 6021,
        office: 'Office of Finance',
        industryTitle: 'NATIONAL COMMERCIAL BANKS',
        largeSizeTickers: 'CBRF',
        sector: 'Financial Services',
      },
    ])
  })

  test('the default-size page holding SEMICONDUCTORS (3674) is served', async () => {
    const [{ n }] = (await ctx.snap.q<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM {t:sic_codes} WHERE sic_code < 3674`,
    )) as [{ n: number }]
    const page = Math.floor(n / 20) + 1
    const res = await get(`/v1/entities/sic-codes?page=${page}`)
    expect(res.status).toBe(200)
    expect(res.body.data[n % 20]).toEqual({
      sicCode: 3674,
      office: 'Office of Manufacturing',
      industryTitle: 'SEMICONDUCTORS & RELATED DEVICES',
      largeSizeTickers: 'QFD',
      sector: 'Technology',
    })
  })

  test('past the last page: an empty page', async () => {
    const page = Math.ceil(SIC_CODES.length / 20) + 1
    expect((await get(`/v1/entities/sic-codes?page=${page}`)).body).toEqual({
      data: [],
      pagination: { page, limit: 20, hasMoreData: false },
    })
  })
})
