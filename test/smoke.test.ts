/**
 * The compiled binary as an operator deploys it: `npm run compile`, the file copied alone into an empty
 * folder (no Bun, no node_modules beside it, no PATH to either), then `sample`, `build`, `serve` and
 * `keys` run from it. The server is called over HTTP on a free port and stopped with SIGTERM (graceful:
 * it exits 0). The keys file does not exist beforehand, so the server creates one and prints its
 * ENTERPRISE key once; a second key made with `keys create` while it runs is accepted within a second.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { tempDir } from './helpers/snapshot.ts'

const root = tempDir('smoke')
const vm = join(root, 'vm') // the "machine": only the binary is copied here
const binary = join(vm, 'secds')
const keysFile = join(vm, 'keys.json')
// What a bare VM gives a process: no Bun or Node.js on PATH, a home of its own for the library cache;
// the switch every test sets, so the binary's bodies are checked against their schemas too; and two
// server threads, so the binary's second entry (the server thread) is what answers.
const env = {
  PATH: '/nonexistent',
  HOME: join(vm, 'home'),
  LOG_REQUESTS: 'true',
  CHECK_RESPONSES: 'true',
  SERVER_THREADS: '2',
}

let server: ReturnType<typeof Bun.spawn<'ignore', 'pipe', 'pipe'>>
let url = ''
let key = ''
let stderr = ''

function run(args: string[]) {
  const p = Bun.spawnSync([binary, ...args], { cwd: vm, env, stdout: 'pipe', stderr: 'pipe' })
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() }
}

beforeAll(async () => {
  const out = join(root, 'dist', 'secds')
  const compile = Bun.spawnSync(
    [process.execPath, resolve(import.meta.dir, '../scripts/compile.ts'), '--outfile', out],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  if (compile.exitCode !== 0) throw new Error(`compile failed: ${compile.stderr}`)
  Bun.spawnSync(['mkdir', vm])
  copyFileSync(out, binary)
  Bun.spawnSync(['chmod', '+x', binary])
})

afterAll(() => {
  server?.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

test('the binary runs alone: sample and build make a snapshot', () => {
  expect(readdirSync(vm)).toEqual(['secds'])
  // Every source, its quarterly sets from 2024-10 on (as the demo's): what the binary runs, in a short build.
  const sample = run(['sample', '--out', 'mirror', '--scale', '0.00005', '--periods-from', '2024-10-01'])
  expect(sample.code).toBe(0)
  // The ZIP worker is a second entry of the binary; without it the generator says it fell back.
  expect(sample.stderr).not.toContain('no ZIP worker')
  expect(existsSync(join(vm, 'mirror', 'submissions.zip'))).toBe(true)

  const build = run(['build', '--from', 'mirror', '--datasets', 'datasets'])
  expect(build.code).toBe(0)
  expect(build.stdout + build.stderr).toContain('published')
  expect(existsSync(join(vm, 'datasets', 'CURRENT'))).toBe(true)
  // DuckDB's library was written to the cache under HOME at first start, once.
  expect(readdirSync(join(vm, 'home', '.cache', 'secds')).filter((f) => f.endsWith('.so'))).toHaveLength(1)
})

test('the binary serves the API over HTTP and stops gracefully on SIGTERM', async () => {
  server = Bun.spawn(
    [binary, 'serve', '--datasets', 'datasets', '--port', '0', '--host', '127.0.0.1', '--keys', keysFile],
    {
      cwd: vm,
      env,
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  // The start-up lines on stderr carry the address and the new key (however long a busy machine takes).
  const reader = server.stderr.getReader()
  while (!url || !key) {
    const { value, done } = await reader.read()
    if (done) break
    stderr += new TextDecoder().decode(value)
    url = /serving (http:\/\/\S+)/.exec(stderr)?.[1] ?? ''
    key = /x-api-key: (\S+)/.exec(stderr)?.[1] ?? ''
  }
  reader.releaseLock()

  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(key).toMatch(/^secds_/)
  expect(await Bun.file(keysFile).text()).not.toContain(key)

  const health = await fetch(`${url}/health`)
  expect(await health.json()).toEqual({ status: 'ok' })
  expect(stderr).toContain('; 2 threads)')
  expect(await (await fetch(`${url}/metrics`)).text()).toContain('\nsecds_server_threads 2\n')

  const entity = await fetch(`${url}/v1/entities/qfd`, { headers: { 'x-api-key': key } })
  expect(entity.status).toBe(200)
  expect(entity.headers.get('x-ratelimit-limit')).toBe('20000')
  expect(entity.headers.get('x-request-id')).toBeTruthy()
  const body = (await entity.json()) as { cik: string; ticker: string; name: string }
  expect([body.cik, body.ticker, body.name]).toEqual(['0000804753', 'QFD', 'Quillfeather Dynamics Corp'])

  const filings = await fetch(`${url}/v1/filings?limit=3&formTypes=10-K&apiKey=${key}`)
  expect(filings.status).toBe(200)
  expect(((await filings.json()) as { data: unknown[] }).data).toHaveLength(3)

  // The docs page and its assets come from inside the binary.
  const docs = await fetch(`${url}/openapi`)
  expect(docs.status).toBe(200)
  const asset = /\/openapi\/assets\/[\w.-]+\.js/.exec(await docs.text())?.[0]
  expect(asset).toBeTruthy()
  expect((await fetch(`${url}${asset}`)).status).toBe(200)

  const unauthorized = await fetch(`${url}/v1/filings`)
  expect(unauthorized.status).toBe(401)
  expect(((await unauthorized.json()) as { error: { code: string } }).error.code).toBe('missing_api_key')

  // `keys create` on the same file while the server runs: the new FREE key works within a second or so.
  const created = run(['keys', 'create', '--plan', 'FREE', '--name', 'smoke', '--keys', keysFile])
  expect(created.code).toBe(0)
  const freeKey = created.stdout.trim().split('\n').at(-1)!
  // The server looks at the file at most once a second: until then the key is unknown (401), never
  // anything else. However long that takes, it is the answer that decides, not a clock.
  let free = await fetch(`${url}/v1/filings/form-types`, { headers: { 'x-api-key': freeKey } })
  while (free.status === 401) {
    await Bun.sleep(200)
    free = await fetch(`${url}/v1/filings/form-types`, { headers: { 'x-api-key': freeKey } })
  }
  // On failure, say what `keys create` printed and what the server answered.
  expect({ status: free.status, printed: created.stdout }).toEqual({ status: 200, printed: created.stdout })
  expect(free.headers.get('x-ratelimit-limit')).toBe('10')

  // A request log line per request on stdout, with the key's name and never the key. The line is
  // written after the response is sent: stop the server once the last one is there.
  let log = ''
  const out = server.stdout.getReader()
  while (!log.includes('"key":"smoke"')) {
    const { value, done } = await out.read()
    if (done) break
    log += new TextDecoder().decode(value)
  }
  server.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  for (let r = await out.read(); !r.done; r = await out.read()) log += new TextDecoder().decode(r.value)
  const lines = log
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  const requests = lines.filter((l) => l.route !== undefined).map((l) => [l.route, l.status, l.key])
  // Two threads write their lines each as their answers go: in the order of the requests on one thread, but
  // not always across threads.
  for (const line of [
    ['/health', 200, null],
    ['/metrics', 200, null],
    ['/v1/entities/:identifier', 200, 'admin'],
    ['/v1/filings', 200, 'admin'],
    ['/openapi', 200, null],
    ['/v1/filings', 401, null],
    ['/v1/filings/form-types', 200, 'smoke'],
  ])
    expect(requests).toContainEqual(line)
  expect(log).not.toContain(key)
})
