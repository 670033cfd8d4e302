/**
 * The point-in-time rules shared by the build and the server (src/reference/point-in-time.ts): each rule's
 * SQL form and TypeScript form agree.
 */
import { expect, test } from 'bun:test'
import { periodAt } from '../../src/areas/financials/point-in-time.ts'
import {
  completeYearSql,
  firstUntilSql,
  knownOn,
  knownOnSql,
  laterPeriodKnownSql,
  latestUntilSql,
} from '../../src/reference/point-in-time.ts'
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

test('P2 as spans of days: each day takes the vintage P2 takes, latest or first, and one of the latest period known', async () => {
  // Two periods of one company; the second vintage of the first period was accepted the evening before
  // the first was (it is known a day earlier), and the later period is known from 20250115.
  const vintages = [
    { end_date: 20231231, vintage: 1, known: 20240301 },
    { end_date: 20231231, vintage: 2, known: 20240229 },
    { end_date: 20231231, vintage: 3, known: 20240601 },
    { end_date: 20241231, vintage: 1, known: 20250115 },
    { end_date: 20241231, vintage: 2, known: 20250320 },
  ]
  const rows = await build
    .db()
    .all<{ end_date: number; vintage: number; known: number; latest: number; first: number }>(
      `SELECT end_date, vintage, known,
            least(${latestUntilSql('known', 'end_date', 'vintage')}, ${laterPeriodKnownSql('known', 'true', 'end_date')}) AS latest,
            least(${firstUntilSql('known', 'end_date', 'vintage')}, ${laterPeriodKnownSql('known', 'true', 'end_date')}) AS first
     FROM (VALUES ${vintages.map((v) => `(${v.end_date}, ${v.vintage}, ${v.known})`).join(', ')}) t(end_date, vintage, known)`,
    )
  const asVintage = (v: (typeof vintages)[number]) => ({ ...v, quarters: 0, filed: v.known, accepted: null })
  for (const day of [20240228, 20240229, 20240301, 20240531, 20240601, 20250114, 20250115, 20250320, 20991231]) {
    for (const choice of ['latest', 'first'] as const) {
      // P2 over the latest period any of whose vintages the day knew.
      const periods = Map.groupBy(vintages.map(asVintage), (v) => v.end_date)
      const latestPeriod = [...periods.values()].filter((vs) => vs.some((v) => knownOn(v) <= day)).at(-1)
      const expected = latestPeriod && periodAt(latestPeriod, { day, vintage: choice })!.taken
      const taken = rows.filter((r) => r.known <= day && day < r[choice])
      expect(taken.map((r) => [r.end_date, r.vintage])).toEqual(expected ? [[expected.end_date, expected.vintage]] : [])
    }
  }
})
