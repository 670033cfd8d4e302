/** Which quarterly zips `--download` asks the SEC for (financial-statements/index.ts downloadQuarters). */
import { expect, test } from 'bun:test'
import { downloadQuarters } from '../../src/pipeline/sources/financial-statements/index.ts'

const names = (now: string, count: number) => downloadQuarters(new Date(now), count).map((q) => `${q.year}q${q.qtr}`)

test('every finished quarter since 2009q1, oldest first; the current one is not published yet', () => {
  const all = names('2024-02-15T12:00:00Z', 400)
  expect(all.length).toBe(60)
  expect([all[0], all.at(-1)]).toEqual(['2009q1', '2023q4'])
  // The first day of a quarter: the one before it is the newest.
  expect(names('2024-04-01T00:00:00Z', 400).at(-1)).toBe('2024q1')
})

test('--fsds-quarters N keeps the newest N; 0 fetches none', () => {
  expect(names('2024-02-15T12:00:00Z', 2)).toEqual(['2023q3', '2023q4'])
  expect(names('2024-02-15T12:00:00Z', 0)).toEqual([])
})
