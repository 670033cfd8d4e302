/**
 * An operation's answer path and cache rule (src/areas/operation.ts), over a stand-in database: with
 * CHECK_RESPONSES on, a body that fails its schema is a logged 500 naming the operation and the mismatch;
 * off, it goes out as it is; either way a body that matches goes out byte for byte. A point lookup is
 * computed on every request, any other operation once per snapshot.
 */
import { expect, test } from 'bun:test'
import { Elysia, t } from 'elysia'
import { areaRoutes, operationsOf } from '../../src/areas/operation.ts'
import { loadConfig } from '../../src/config.ts'
import type { Database } from '../../src/db/client.ts'
import { errorHandler } from '../../src/http/errors.ts'
import { requestId } from '../../src/http/request-id.ts'
import { appRoutes } from '../../src/http/routes.ts'
import { memorySink } from '../../src/lib/log.ts'

/** A Database whose requests keep one result cache, as a snapshot's does. */
function standIn() {
  const results = new Map<string, unknown>()
  const db = {
    release() {},
    async cached(key: string, compute: () => Promise<unknown>) {
      if (!results.has(key)) results.set(key, await compute())
      return results.get(key)
    },
  }
  return { forRequest: () => db } as unknown as Database
}

const Thing = t.Object({ name: t.String(), count: t.Integer() })

/** The stand-in area's store: its handlers read nothing. */
const defineOperation = operationsOf(() => ({}))

function appWith(checkResponses: boolean) {
  const calls = { listed: 0, looked: 0 }
  const log = memorySink()
  const operations = [
    defineOperation({
      path: '/things',
      plan: 'FREE',
      operationId: 'listThings',
      summary: 'Things',
      description: 'A list: cached.',
      response: t.Array(Thing),
      handler: () => {
        calls.listed++
        return [{ name: 'a', count: 1 }]
      },
    }),
    defineOperation({
      path: '/things/:name',
      plan: 'FREE',
      operationId: 'getThing',
      summary: 'A thing',
      description: 'A point lookup whose body is wrong for `bad`.',
      params: t.Object({ name: t.String() }),
      response: Thing,
      pointLookup: true,
      handler: ({ params }) => {
        calls.looked++
        return params.name === 'bad' ? { name: 'bad', count: 'many' } : { name: params.name, count: 2 }
      },
    }),
    defineOperation({
      path: '/rendered',
      plan: 'FREE',
      operationId: 'getRendered',
      summary: 'Rendered text',
      description: 'JSON text sent as it is.',
      response: Thing,
      pointLookup: true,
      handler: () => '{"name":"r","count":3}',
    }),
  ]
  const config = loadConfig({}, { CHECK_RESPONSES: checkResponses })
  const app = new Elysia()
    .use(requestId)
    .use(
      errorHandler(
        appRoutes(() => []),
        log,
      ),
    )
    .use(areaRoutes({ config, database: standIn() }, { prefix: '/v1/test', tag: 'Filings' }, operations))
  const get = async (path: string) => {
    const res = await app.handle(new Request(`http://localhost${path}`))
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
  }
  return { get, calls, log }
}

test('with CHECK_RESPONSES on, a body that fails its schema is a 500 whose log line names the operation', async () => {
  const { get, log } = appWith(true)
  const res = await get('/v1/test/things/bad')
  expect(res.status).toBe(500)
  expect(JSON.parse(res.text).error.code).toBe('internal_error')
  const line = log.lines.find((l) => String(l.error).includes('getThing'))
  expect(String(line?.error)).toContain('/count')
})

test('with CHECK_RESPONSES off, the same body goes out as the handler made it', async () => {
  const { get } = appWith(false)
  expect(await get('/v1/test/things/bad')).toEqual({
    status: 200,
    type: 'application/json;charset=utf-8',
    text: '{"name":"bad","count":"many"}',
  })
})

test('a body that matches goes out byte for byte, checked or not; rendered text as it is', async () => {
  for (const check of [true, false]) {
    const { get } = appWith(check)
    expect((await get('/v1/test/things/x')).text).toBe('{"name":"x","count":2}')
    expect((await get('/v1/test/rendered')).text).toBe('{"name":"r","count":3}')
    expect((await get('/v1/test/things')).text).toBe('[{"name":"a","count":1}]')
  }
})

test('a list is computed once per snapshot and request; a point lookup on every request', async () => {
  const { get, calls } = appWith(true)
  for (let i = 0; i < 3; i++) {
    await get('/v1/test/things')
    await get('/v1/test/things/x')
  }
  expect(calls).toEqual({ listed: 1, looked: 3 })
})
