import { describe, expect, test } from 'bun:test'
import { repeatedParameter } from '../../src/http/query-repeats.ts'

const all = () => true

describe('repeatedParameter', () => {
  test.each([
    ['limit=1&limit=2', 'limit'],
    ['limit=1&limit=1', 'limit'],
    ['page=1&limit=5&page=2', 'page'],
    ['ticker=AAPL&q=x&ticker=MSFT&q=y', 'ticker'],
    ['limit&limit=2', 'limit'],
    ['limit=&limit=', 'limit'],
    ['%6Cimit=1&limit=2', 'limit'],
    ['a+b=1&a%20b=2', 'a b'],
  ])('%p → %p', (search, name) => {
    expect(repeatedParameter(search, all)).toBe(name)
  })

  test.each(['', 'limit=1', 'limit=1&page=2', 'limit=1&&page=2&', '=1&=2', 'Limit=1&limit=2', 'q=a%26b&q2=c'])(
    '%p has no repeat',
    (search) => {
      expect(repeatedParameter(search, all)).toBeUndefined()
    },
  )

  test('only names that count: an unknown parameter may repeat', () => {
    const declared = (name: string) => ['page', 'limit'].includes(name)
    expect(repeatedParameter('foo=1&foo=2&limit=1', declared)).toBeUndefined()
    expect(repeatedParameter('foo=1&foo=2&limit=1&limit=3', declared)).toBe('limit')
  })

  test('a name whose encoding is broken is compared as written (query-encoding.ts answers it first)', () => {
    expect(repeatedParameter('%ZZ=1&%ZZ=2', all)).toBe('%ZZ')
  })
})
