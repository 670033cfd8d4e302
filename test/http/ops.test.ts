/**
 * The operations endpoints (/health, /ready, /metrics) and the request log, through the real app.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openTestApi } from '../helpers/api.ts'
import { operationsOf } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>

beforeAll(async () => {
  api = await openTestApi({ config: { LOG_REQUESTS: true } })
})
afterAll(() => api.close())

/** onAfterResponse (which logs and counts) runs after app.handle resolves: waits for its log lines. */
const settle = () => api.settled()

async function scrape() {
  await settle()
  const res = await api.get('/metrics', { key: null })
  expect(res.status).toBe(200)
  return res.text
}

/** The value of one sample, `name{labels} value`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /health', () => {
  test('answers {"status":"ok"} without a key', async () => {
    const res = await api.get('/health', { key: null })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok' })
  })
})

describe('GET /ready', () => {
  test('names the served snapshot, when it was built and its row counts', async () => {
    const res = await api.get('/ready', { key: null })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ready',
      snapshot: {
        id: api.snapshotId,
        builtAt: expect.any(String),
        schemaVersion: expect.any(Number),
        rows: expect.any(Object),
      },
    })
    expect(Number.isNaN(Date.parse(res.body.snapshot.builtAt))).toBe(false)
    expect(res.body.snapshot.builtAt).toBe(api.database.snapshot!.builtAt)
    const rows = res.body.snapshot.rows as Record<string, number>
    for (const table of ['entities', 'filings', 'form_types', 'sic_codes']) expect(rows[table]).toBeGreaterThan(0)
    for (const count of Object.values(rows)) expect(Number.isInteger(count)).toBe(true)
  })
})

describe('GET /metrics', () => {
  test('is Prometheus text and needs no key', async () => {
    const res = await api.get('/metrics', { key: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/plain; version=0.0.4')
    expect(res.text).toEndWith('\n')
    for (const line of res.text.trimEnd().split('\n')) {
      expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+)$/)
    }
  })

  test('counts requests by method, route pattern and status', async () => {
    const series = 'secds_http_requests_total{method="GET",route="/v1/filings",status="200"}'
    const before = sample(await scrape(), series) ?? 0
    for (let i = 0; i < 3; i++) expect((await api.get('/v1/filings?limit=1')).status).toBe(200)
    expect((await api.get('/v1/filings?limit=0')).status).toBe(400)
    const text = await scrape()
    expect(sample(text, series)).toBe(before + 3)
    expect(
      sample(text, 'secds_http_requests_total{method="GET",route="/v1/filings",status="400"}'),
    ).toBeGreaterThanOrEqual(1)
  })

  test('has a latency histogram per route whose buckets rise to +Inf, equal to _count', async () => {
    await api.get('/v1/filings?limit=1')
    const text = await scrape()
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith('secds_http_request_duration_seconds_bucket{route="/v1/filings",'))
    expect(buckets.length).toBeGreaterThan(5)
    expect(buckets.at(-1)).toStartWith('secds_http_request_duration_seconds_bucket{route="/v1/filings",le="+Inf"} ')
    const counts = buckets.map((l) => Number(l.split(' ').at(-1)))
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThanOrEqual(counts[i - 1]!)
    const count = sample(text, 'secds_http_request_duration_seconds_count{route="/v1/filings"}')
    expect(count).toBeGreaterThanOrEqual(4)
    expect(counts.at(-1)).toBe(count!)
    expect(sample(text, 'secds_http_request_duration_seconds_sum{route="/v1/filings"}')).toBeGreaterThan(0)
  })

  test('reports the connection pool and the served snapshot', async () => {
    const text = await scrape()
    expect(sample(text, 'secds_db_pool_connections{state="busy"}')).toBe(0)
    expect(sample(text, 'secds_db_pool_connections{state="idle"}')).toBe(api.config.DB_CONNECTIONS)
    expect(sample(text, 'secds_db_pool_waiting')).toBe(0)
    expect(sample(text, `secds_snapshot_info{snapshot="${api.snapshotId}"}`)).toBe(1)
    expect(text).toContain('# TYPE secds_db_pool_connections gauge')
    expect(text).toContain('# TYPE secds_http_requests_total counter')
    expect(text).toContain('# TYPE secds_http_request_duration_seconds histogram')
  })

  test('labels routes by pattern, never by raw path; unknown paths are "unmatched"', async () => {
    expect((await api.get('/v1/entities/QFD')).status).toBe(200)
    expect((await api.get('/v1/entities/qfd')).status).toBe(200)
    const filing = (await api.get('/v1/filings?limit=1')).body.data[0]
    expect((await api.get(`/v1/filings/${filing.accessionNumber}`)).status).toBe(200)
    expect((await api.get('/v1/no-such-thing/12345')).status).toBe(404)
    expect((await api.get('/no-such-thing')).status).toBe(404)
    const text = await scrape()
    expect(
      sample(text, 'secds_http_requests_total{method="GET",route="/v1/entities/:identifier",status="200"}'),
    ).toBeGreaterThanOrEqual(2)
    expect(
      sample(text, 'secds_http_requests_total{method="GET",route="/v1/filings/:accessionNumber",status="200"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(
      sample(text, 'secds_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(2)
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]))
    for (const route of routes)
      expect(route === 'unmatched' || !/QFD|qfd|no-such-thing|\d{10}-\d{2}-\d{6}|:cik$/.test(route!)).toBe(true)
    expect(routes).not.toContain('/v1/filings/:cik')
  })

  test('every operation is counted under its public pattern (test/helpers/operations.ts)', async () => {
    const operations = operationsOf(api.app)
    for (const op of operations)
      expect({ path: op.path(), status: (await api.get(op.path())).status }).toEqual({ path: op.path(), status: 200 })
    const text = await scrape()
    for (const op of operations) {
      const series = `secds_http_requests_total{method="${op.method}",route="${op.pattern}",status="200"}`
      expect({ series, counted: (sample(text, series) ?? 0) >= 1 }).toEqual({ series, counted: true })
    }
  })
})

describe('the request log (LOG_REQUESTS=true)', () => {
  test('one JSON line per request with method, route, status, duration_ms, request_id and key', async () => {
    const responses = [
      await api.get('/v1/filings?limit=1'),
      await api.get('/v1/entities/QFD', { key: api.keys.LITE }),
      await api.get('/v1/filings?page=0'),
      await api.get('/v1/filings', { key: null }),
      await api.get('/health', { key: null }),
    ]
    await settle()
    const lines = responses.map((res) => api.log.lines.filter((l) => l.request_id === res.headers.get('x-request-id')))
    for (const found of lines) expect(found).toHaveLength(1)
    const [ok, lite, invalid, noKey, health] = lines.map((l) => l[0]!)
    expect(ok).toEqual({
      time: expect.any(String),
      method: 'GET',
      route: '/v1/filings',
      status: 200,
      duration_ms: expect.any(Number),
      request_id: responses[0]!.headers.get('x-request-id'),
      key: 'test-enterprise',
    })
    expect(JSON.parse(JSON.stringify(ok))).toEqual(ok)
    expect(ok!.duration_ms as number).toBeGreaterThanOrEqual(0)
    expect(lite).toMatchObject({ route: '/v1/entities/:identifier', status: 200, key: 'test-lite' })
    expect(invalid).toMatchObject({ route: '/v1/filings', status: 400, key: 'test-enterprise' })
    expect(noKey).toMatchObject({ route: '/v1/filings', status: 401, key: null })
    expect(health).toMatchObject({ route: '/health', status: 200, key: null })
  })

  test('the query string is not logged', async () => {
    const res = await api.get('/v1/entities?q=secret-looking-text&limit=1')
    await settle()
    const line = api.log.lines.find((l) => l.request_id === res.headers.get('x-request-id'))
    expect(line).toMatchObject({ route: '/v1/entities' })
    expect(JSON.stringify(api.log.lines)).not.toContain('secret-looking-text')
  })
})
