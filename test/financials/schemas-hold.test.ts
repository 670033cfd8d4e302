/**
 * Every FSDS filing of the fixture, through every filing-level operation, against the route's 200 schema:
 * the bodies the other tests produce are checked too (CHECK_RESPONSES), but only for the filings they ask for.
 */
import { expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { operationsOf } from '../helpers/operations.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

test('every FSDS filing of the fixture: each filing-level body matches its schema', async () => {
  const ops = operationsOf(ctx.api.app).filter((op) => op.pattern.startsWith('/v1/financials/filings/'))
  expect(ops.length).toBe(9)
  const problems: string[] = []
  let ok = 0
  for (const { adsh } of ctx.fsds.sub) {
    for (const op of ops) {
      const path = op.path({ accessionNumber: adsh! }, {})
      const res = await ctx.api.get(path)
      if (res.status === 404) continue
      const errors = [...Value.Errors(op.response, res.body)].map((e) => `${e.path}: ${e.message}`)
      if (res.status !== 200 || errors.length) problems.push(`${path} ${res.status} ${errors.slice(0, 3).join('; ')}`)
      else ok++
    }
  }
  expect(problems).toEqual([])
  expect(ok).toBeGreaterThan(ctx.fsds.sub.length * 8)
})
