/**
 * docs/architecture.md ("The result cache") lists the operations that stay out of the snapshot's result
 * cache; this holds the list to the code: each operation is called once at its example path and counts
 * as cached when the request looked in the cache (a hit or a miss).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openTestApi } from '../helpers/api.ts'
import { operationsOf } from '../helpers/operations.ts'

let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => {
  api = await openTestApi()
})
afterAll(() => api.close())

/** The operationIds of the list after "The 14 operations outside the cache" in docs/architecture.md. */
function documented(): string[] {
  const markdown = readFileSync(join(resolve(import.meta.dir, '../..'), 'docs/architecture.md'), 'utf8')
  const from = markdown.indexOf('operations outside the cache')
  expect(from).toBeGreaterThan(0)
  const list = markdown.slice(from).split('\n\n')[1] ?? ''
  return [...list.matchAll(/`(\w+)`/g)].map((m) => m[1]!)
}

test('the operations outside the result cache are those docs/architecture.md lists', async () => {
  const outside: string[] = []
  for (const op of operationsOf(api.app)) {
    const before = api.database.cacheStats()
    const res = await api.get(op.path())
    expect([op.operationId, res.status]).toEqual([op.operationId, 200])
    const after = api.database.cacheStats()
    if (after.hits + after.misses === before.hits + before.misses) outside.push(op.operationId)
  }
  expect(outside.sort()).toEqual(documented().sort())
  const markdown = readFileSync(join(resolve(import.meta.dir, '../..'), 'docs/architecture.md'), 'utf8')
  expect(markdown).toContain(`The ${outside.length} operations outside the cache`)
})
