/**
 * Which quarterly insider sets `--download` asks for, and which filings the sample writes as text files:
 * the quarters from 2006q1 to the last one ended, and the filings from the first day no published set
 * covers (a quarter's set counts as published 30 days after it ends).
 */
import { expect, test } from 'bun:test'
import { publishedQuarters } from '../../src/pipeline/sources/insider-transactions/index.ts'
import { textFilesFrom } from '../../src/pipeline/sources/insider-transactions/sample.ts'
import { dayOf, isoDay } from '../../src/sample/dates.ts'

const names = (now: string) => publishedQuarters(new Date(now)).map((q) => `${q.year}q${q.qtr}`)

test('every quarter from 2006q1 to the last one ended', () => {
  const q = names('2026-11-23T23:00:00Z')
  expect([q[0], q.at(-1), q.length]).toEqual(['2006q1', '2026q3', 83])
  expect(names('2026-01-01T00:00:00Z').at(-1)).toBe('2025q4')
  expect(names('2026-03-31T23:59:59Z').at(-1)).toBe('2025q4')
  expect(names('2006-02-01T00:00:00Z')).toEqual([])
})

test('text files from the first day of the quarter after the newest published set', () => {
  expect(isoDay(textFilesFrom(dayOf('2026-11-20')))).toBe('2026-10-01')
  // 2026q3 ended 20 days before: not published yet, so text files from 2026q3's first day
  expect(isoDay(textFilesFrom(dayOf('2026-10-20')))).toBe('2026-07-01')
  expect(isoDay(textFilesFrom(dayOf('2026-10-31')))).toBe('2026-10-01')
})
