/**
 * The result cache's budget (src/db/result-cache.ts): bytes of JSON text, keys included; the least
 * recently used answers go first; an answer larger than the whole budget is not kept. An answer offered
 * is kept the second time its key is.
 */
import { expect, test } from 'bun:test'
import { ResultCache } from '../../src/db/result-cache.ts'

test('past its budget the cache drops the least recently used answers, counting keys and texts', () => {
  const cache = new ResultCache(30)
  cache.set('a', '{"n":1}') // 1 + 7 bytes
  cache.set('b', '{"n":2}')
  cache.set('c', '{"n":3}')
  expect(cache.size).toEqual({ entries: 3, bytes: 24 })
  expect(cache.get('a')).toBe('{"n":1}') // now the most recently used
  cache.set('d', '{"n":4}') // 32 bytes: b goes
  expect(cache.get('b')).toBeUndefined()
  expect(cache.size).toEqual({ entries: 3, bytes: 24 })
  expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['{"n":1}', '{"n":3}', '{"n":4}'])
  expect([cache.hits, cache.misses]).toEqual([4, 1])
})

test('an answer larger than the budget is not kept, and a key set again replaces its text', () => {
  const cache = new ResultCache(20)
  cache.set('big', 'x'.repeat(20))
  expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  cache.set('k', '[1]')
  cache.set('k', '[1,2]')
  expect(cache.size).toEqual({ entries: 1, bytes: 6 })
  expect(cache.get('k')).toBe('[1,2]')
})

test('a budget of 0 keeps nothing', () => {
  const cache = new ResultCache(0)
  cache.set('k', '[]')
  expect(cache.get('k')).toBeUndefined()
})

test('an answer offered is kept the second time its key is offered, not the first', () => {
  const cache = new ResultCache(100)
  cache.offer('a', '{"n":1}')
  cache.offer('b', '{"n":2}')
  expect(cache.get('a')).toBeUndefined()
  expect(cache.size).toEqual({ entries: 0, bytes: 0 })
  cache.offer('a', '{"n":1}')
  expect(cache.get('a')).toBe('{"n":1}')
  expect(cache.get('b')).toBeUndefined()
  expect(cache.size).toEqual({ entries: 1, bytes: 8 })
})
