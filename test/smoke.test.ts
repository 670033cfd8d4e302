/**
 * The real server as a user runs it: `secds serve` in its own process on a free port, called over
 * HTTP, then stopped with SIGTERM (graceful: it exits 0). The keys file does not exist beforehand, so
 * the server creates one and prints its ENTERPRISE key once; that key is what the calls use.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildFixtureSnapshot } from './helpers/api.ts'
import { tempDir } from './helpers/snapshot.ts'

const root = tempDir('smoke')
const keysFile = join(root, 'keys.json')
let server: ReturnType<typeof Bun.spawn<'ignore', 'pipe', 'pipe'>>
let url = ''
let key = ''
let stderr = ''

beforeAll(async () => {
  const { datasets } = await buildFixtureSnapshot(root)
  server = Bun.spawn([process.execPath, resolve(import.meta.dir, '../src/cli.ts'), 'serve', '--datasets', datasets, '--port', '0', '--host', '127.0.0.1', '--keys', keysFile], {
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LOG_REQUESTS: 'true' },
  })
  // The start-up lines on stderr carry the address and the new key.
  const reader = server.stderr.getReader()
  const deadline = Date.now() + 20_000
  while ((!url || !key) && Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    stderr += new TextDecoder().decode(value)
    url = /serving (http:\/\/\S+)/.exec(stderr)?.[1] ?? ''
    key = /x-api-key: (\S+)/.exec(stderr)?.[1] ?? ''
  }
  reader.releaseLock()
}, 60_000)

afterAll(() => {
  server?.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

test('serves the API over HTTP and stops gracefully on SIGTERM', async () => {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(key).toMatch(/^secds_/)
  expect(existsSync(keysFile)).toBe(true)
  expect(await Bun.file(keysFile).text()).not.toContain(key)

  const health = await fetch(`${url}/health`)
  expect(await health.json()).toEqual({ status: 'ok' })

  const entity = await fetch(`${url}/v1/entities/qfd`, { headers: { 'x-api-key': key } })
  expect(entity.status).toBe(200)
  expect(entity.headers.get('x-ratelimit-limit')).toBe('20000')
  expect(entity.headers.get('x-request-id')).toBeTruthy()
  const body = (await entity.json()) as { cik: string; ticker: string; name: string }
  expect([body.cik, body.ticker, body.name]).toEqual(['0000804753', 'QFD', 'Quillfeather Dynamics Corp'])

  const filings = await fetch(`${url}/v1/filings?limit=3&formTypes=10-K&apiKey=${key}`)
  expect(filings.status).toBe(200)
  expect(((await filings.json()) as { data: unknown[] }).data).toHaveLength(3)

  const unauthorized = await fetch(`${url}/v1/filings`)
  expect(unauthorized.status).toBe(401)
  expect(((await unauthorized.json()) as { error: { code: string } }).error.code).toBe('missing_api_key')

  // A request log line per request on stdout, with the key's name and never the key.
  server.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  const log = await new Response(server.stdout).text()
  const lines = log.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
  const requests = lines.filter((l) => l.route !== undefined)
  expect(requests.map((l) => [l.route, l.status, l.key])).toEqual([
    ['/health', 200, null],
    ['/v1/entities/:identifier', 200, 'admin'],
    ['/v1/filings', 200, 'admin'],
    ['/v1/filings', 401, null],
  ])
  expect(log).not.toContain(key)
}, 60_000)
