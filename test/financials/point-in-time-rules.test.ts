/**
 * The point-in-time rules shared by the build and the server (src/reference/point-in-time.ts): each rule's
 * SQL form and TypeScript form agree.
 */
import { expect, test } from 'bun:test'
import { completeYearSql, knownOn, knownOnSql } from '../../src/reference/point-in-time.ts'
import { useBuildDb } from './series-inputs.ts'

const build = useBuildDb('point-in-time-rules')

test('P1: a filing is known on its acceptance day (Eastern, as the data sets give it), else its filing date', async () => {
  const cases = [
    // Accepted after 17:30: EDGAR dates it the next business day, but it was public that evening.
    { accepted: '2025-02-20 18:02:11', filed: 20250221 },
    { accepted: '2025-02-20 09:00:00', filed: 20250220 },
    // A filing the data sets lack: its companyfacts filing date.
    { accepted: null, filed: 20240131 },
  ]
  for (const c of cases) {
    const [row] = await build
      .db()
      .all<{ known: number }>(`SELECT ${knownOnSql('?::TIMESTAMP', '?::INTEGER')} AS known`, [c.accepted, c.filed])
    expect([row!.known, knownOn(c)]).toEqual([
      knownOn(c),
      c.accepted ? Number(c.accepted.slice(0, 10).replaceAll('-', '')) : c.filed,
    ])
  }
  expect(knownOn(cases[0]!)).toBe(20250220)
})

test('a ranking year is complete with at least half the companies of the year before; the first year is', async () => {
  const rows = await build.db().all<{ year: number; complete: boolean }>(
    `SELECT year, ${completeYearSql('companies', 'ORDER BY year')} AS complete
     FROM (VALUES (2022, 100), (2023, 120), (2024, 60), (2025, 29)) t(year, companies) ORDER BY year`,
  )
  expect(rows.map((r) => [r.year, r.complete])).toEqual([
    [2022, true],
    [2023, true],
    [2024, true],
    [2025, false],
  ])
})
