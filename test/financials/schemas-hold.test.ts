/**
 * The filing-level operations send their bodies without Elysia's response check (http/raw-json.ts), so
 * this checks every FSDS filing of the fixture, every operation, against the route's 200 schema.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { openTestApi } from '../helpers/api.ts'
import { operationsOf } from '../helpers/operations.ts'
import { type Fsds, readFixtureFsds } from './fsds-files.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
let fsds: Fsds

beforeAll(async () => {
  api = await openTestApi()
  fsds = await readFixtureFsds()
}, 120_000)
afterAll(() => api?.close())

test('every FSDS filing of the fixture: each filing-level body matches its schema', async () => {
  const ops = operationsOf(api.app).filter((op) => op.pattern.startsWith('/v1/financials/filings/'))
  expect(ops.length).toBe(9)
  const problems: string[] = []
  let ok = 0
  for (const { adsh } of fsds.sub) {
    for (const op of ops) {
      const path = op.path({ accessionNumber: adsh! }, {})
      const res = await api.get(path)
      if (res.status === 404) continue
      const errors = [...Value.Errors(op.response, res.body)].map((e) => `${e.path}: ${e.message}`)
      if (res.status !== 200 || errors.length) problems.push(`${path} ${res.status} ${errors.slice(0, 3).join('; ')}`)
      else ok++
    }
  }
  expect(problems).toEqual([])
  expect(ok).toBeGreaterThan(fsds.sub.length * 8)
})
