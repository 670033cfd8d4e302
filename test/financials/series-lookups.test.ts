/**
 * The series lookup files against the tables they are written from: every point of `fin_metric_points`
 * and `fin_ratio_points` of the fixture is read back through its series' key (areas/financials/store/
 * series-points.ts), with the same values, latest first (recency, quarters, end date), and nothing else;
 * a metric point's tag and rule through `fin_point_metas`; the segment rows likewise through their
 * (company, fiscal quarter) keys.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { PointInTime, Vintage } from '../../src/areas/financials/point-in-time.ts'
import { metricPointsAt, ratioPointsAt } from '../../src/areas/financials/series-rows.ts'
import { financialsStore } from '../../src/areas/financials/store/index.ts'
import {
  canonicalSeries,
  type PeriodFilter,
  type SeriesKind,
  type SeriesName,
  seriesPoints,
} from '../../src/areas/financials/store/series-points.ts'
import type { RequestDb } from '../../src/db/client.ts'
import { sql } from '../../src/db/sql.ts'
import { BUILD_DATABASE_FILE } from '../../src/pipeline/contract.ts'
import {
  METRIC_POINT_FIELDS,
  RATIO_POINT_FIELDS,
  VINTAGES_ON_LINE,
} from '../../src/pipeline/sources/company-facts/contract.ts'
import { SEGMENT_ROWS_KEY } from '../../src/pipeline/sources/financial-statements/contract.ts'
import { hasFlow, ratioById } from '../../src/reference/financial-ratios.ts'
import { knownOn, knownOnSql } from '../../src/reference/point-in-time.ts'
import { openTestApi } from '../helpers/api.ts'

/** One series' points: the store reads several at once, one list per name. */
const pointsOf = async (d: RequestDb, kind: SeriesKind, cik: number, name: SeriesName, periods: PeriodFilter) =>
  (await seriesPoints(d, kind, cik, [name], periods))[0]!

let api: Awaited<ReturnType<typeof openTestApi>>
let db: RequestDb
beforeAll(async () => {
  api = await openTestApi()
  db = api.database.forRequest()
  // The tables the lookup files are written from are the build's own (build-only): the fixture keeps them.
  await db.all({
    text: `ATTACH '${join(api.datasets, api.snapshotId, BUILD_DATABASE_FILE)}' AS b (READ_ONLY)`,
    values: [],
  })
})
afterAll(async () => {
  db.release()
  await api.close()
})

const EVERY_PERIOD = { from: 0, to: 99_999_999, latest: undefined, quarters: undefined }
const AS_READ: Record<string, string> = {
  acc_key: 'acc_key::VARCHAR',
  accepted: 'accepted::VARCHAR',
  derived_from: 'derived_from::VARCHAR[]',
}
const columns = (fields: readonly string[], computed: Record<string, string>) =>
  fields
    .filter((f) => f !== 'newer_known_from')
    .map((f) => `${computed[f] ?? AS_READ[f] ?? f} AS ${f}`)
    .join(', ')

/**
 * What a point's line holds of its vintages: the first day one of them was known (P1) and the first day
 * all were, from its rows of `vintages` (a restated point) or its first_reported, a restated point's last
 * vintage, and how many it has (1: its first_reported only).
 */
function fromVintages(vintages: string, point: readonly string[], more: string) {
  const rows = `FROM ${vintages} v WHERE ${point.map((c) => `v.${c} = t.${c}`).join(' AND ')}`
  const knownOn = knownOnSql('v.accepted::TIMESTAMP', 'v.filed')
  const firstKnownOn = knownOnSql('t.first_reported.accepted::TIMESTAMP', 't.first_reported.filed')
  return {
    known_from: `coalesce((SELECT min(${knownOn}) ${rows}), ${firstKnownOn})`,
    all_known_from: `coalesce((SELECT max(${knownOn}) ${rows}), ${firstKnownOn})`,
    last_vintage: `(SELECT to_json(arg_max({'value': v.value, 'acc_key': v.acc_key::VARCHAR, 'form': v.form,
      'filed': v.filed, 'accepted': v.accepted::VARCHAR, 'period': v.period${more}}, v.vintage)) ${rows})`,
    vintages: `coalesce(nullif((SELECT count(*) ${rows}), 0), 1)::INTEGER`,
    // Those between the first and the last, of a point with at most VINTAGES_ON_LINE (vintages are numbered 1 to n).
    middle_vintages: `(SELECT to_json(list({'value': v.value, 'acc_key': v.acc_key::VARCHAR, 'form': v.form,
      'filed': v.filed, 'accepted': v.accepted::VARCHAR, 'period': v.period${more}} ORDER BY v.vintage)) ${rows}
      AND v.vintage > 1 AND v.vintage < (SELECT count(*) ${rows}) AND (SELECT count(*) ${rows}) <= ${VINTAGES_ON_LINE})`,
  }
}

/**
 * The table's points grouped by series, in a series' key order: a metric's by period length, latest first
 * (recency); a ratio's latest period first across its lengths, the longer first at one end date.
 */
async function bySeries(table: string, symbol: string, source: string, fields: readonly string[]) {
  const order =
    table === 'b.fin_metric_points'
      ? { key: 'cik, src, s, quarters', lines: 'recency' }
      : { key: 'cik, src, s', lines: 'end_date DESC, quarters DESC' }
  const computed =
    table === 'b.fin_metric_points'
      ? fromVintages('b.fin_metric_vintages', ['cik', 'symbol', 'source', 'quarters', 'end_date'], ", 'tag': v.tag")
      : {
          ...fromVintages(
            'b.fin_ratio_vintages',
            ['cik', 'ratio', 'quarters', 'end_date'],
            ", 'components': v.components::JSON",
          ),
          // A restated point's first vintage with its components (null on any other point).
          first_reported: `struct_insert(t.first_reported, components := (SELECT v.components FROM b.fin_ratio_vintages v
            WHERE v.cik = t.cik AND v.ratio = t.ratio AND v.quarters = t.quarters AND v.end_date = t.end_date AND v.vintage = 1))`,
        }
  const rows = await db.all<Record<string, unknown> & { cik: number; s: string; src: string }>(
    // Names from this file only, no input: a statement of its own text.
    {
      // A key's lines in order; `newer_known_from` the running minimum of `known_from` down them.
      text: `SELECT * EXCLUDE (newer_known_from), newer_known_from FROM (
          SELECT *, min(known_from) OVER (PARTITION BY ${order.key} ORDER BY ${order.lines}) AS newer_known_from FROM (
            SELECT cik::INTEGER AS cik, ${symbol} AS s, ${source} AS src, ${columns(fields, computed)} FROM ${table} t))
        ORDER BY ${order.key}, ${order.lines}`,
      values: [],
    },
  )
  // A restated point's last vintage and middle ones as the JSON its line holds (null on any other point).
  for (const r of rows) {
    r.last_vintage = r.last_vintage === null ? null : JSON.parse(String(r.last_vintage))
    r.middle_vintages = r.middle_vintages === null ? null : JSON.parse(String(r.middle_vintages))
  }
  // The fixture has restated points, some of whose vintages were known on different days.
  expect(rows.filter((r) => r.last_vintage !== null && r.all_known_from !== r.known_from).length).toBeGreaterThan(0)
  return Map.groupBy(rows, (r) => `${r.cik}|${r.src}|${r.s}`)
}

/** A ratio point as read: named by its ratio; its components, and its first vintage's, as the JSON they hold. */
const ratioAsRead = ({ cik: _c, s, src: _src, ...r }: Record<string, unknown>) => {
  const first = r.first_reported as Record<string, unknown>
  return {
    ...r,
    ratio: s,
    components: JSON.parse(String(r.components)),
    first_reported: { ...first, components: JSON.parse(String(first.components)) },
  }
}

/**
 * A metric series' name as the series operations ask for it: a canonical key with the period lengths of
 * its kind (store/series-points.ts canonicalSeries), so a point of another length would not be read back.
 */
const metricName = (source: string, symbol: string): SeriesName =>
  source === 'canonical' ? canonicalSeries(symbol) : { source: 'raw', symbol }

/** A metric point as read: named by its series (`symbol`, `source`). */
const metricAsRead = ({ cik: _c, s, src, ...r }: Record<string, unknown>): Record<string, unknown> => ({
  ...r,
  symbol: s,
  source: src,
})

/** Metric points as read, without the `meta_id` they keep beside their tag and rule. */
const withoutMetaId = (points: Record<string, unknown>[]) => points.map(({ meta_id: _m, ...p }) => p)

test('every metric point is read back through its series key, the same and in series order', async () => {
  const series = await bySeries('b.fin_metric_points', 'symbol', 'source', METRIC_POINT_FIELDS)
  expect(series.size).toBeGreaterThan(10)
  for (const rows of series.values()) {
    const { cik, s, src } = rows[0]!
    const read = withoutMetaId(await pointsOf(db, 'metric', cik, metricName(src, s), EVERY_PERIOD))
    expect(read).toEqual(rows.map(metricAsRead))
  }
})

test('every ratio point is read back through its series key; components as the JSON they hold', async () => {
  const series = await bySeries('b.fin_ratio_points', 'ratio', `'ratio'`, RATIO_POINT_FIELDS)
  expect(series.size).toBeGreaterThan(10)
  for (const rows of series.values()) {
    const { cik, s } = rows[0]!
    // A ratio with a flow has quarters and years only, one of balances only the balance-sheet date: the
    // ratio series read only those lengths' keys.
    const lengths = hasFlow(ratioById.get(s)!) ? [1, 4] : [0]
    for (const r of rows) expect([s, lengths.includes(r.quarters as number)]).toEqual([s, true])
    const read = await pointsOf(db, 'ratio', cik, { source: 'ratio', symbol: s }, EVERY_PERIOD)
    expect(read).toEqual(rows.map(ratioAsRead))
  }
})

test('the latest `limit` periods are the lines up to that recency, period length and window applied after', async () => {
  const series = await bySeries('b.fin_metric_points', 'symbol', 'source', METRIC_POINT_FIELDS)
  const rows = [...series.values()].sort((a, b) => b.length - a.length)[0]!
  const { cik, s, src } = rows[0]!
  const name = metricName(src, s)
  const points = rows.map(metricAsRead)
  expect(points.length).toBeGreaterThan(8)
  const latest3 = withoutMetaId(await pointsOf(db, 'metric', cik, name, { ...EVERY_PERIOD, latest: 3 }))
  expect(latest3).toEqual(points.filter((p) => Number(p.recency) <= 3))
  const annual = withoutMetaId(await pointsOf(db, 'metric', cik, name, { ...EVERY_PERIOD, latest: 3, quarters: 4 }))
  expect(annual).toEqual(points.filter((p) => Number(p.recency) <= 3 && p.quarters === 4))
  const end = Number(points[0]!.end_date)
  const window = withoutMetaId(await pointsOf(db, 'metric', cik, name, { ...EVERY_PERIOD, from: end, to: end }))
  expect(window.length).toBeGreaterThan(0)
  expect(window).toEqual(points.filter((p) => p.end_date === end))
})

test("a ratio's latest `limit` periods are its key's first lines of both lengths; one length's, its own latest", async () => {
  const series = await bySeries('b.fin_ratio_points', 'ratio', `'ratio'`, RATIO_POINT_FIELDS)
  const rows = [...series.values()]
    .filter((r) => new Set(r.map((p) => p.quarters)).size > 1)
    .sort((a, b) => b.length - a.length)[0]!
  const { cik, s } = rows[0]!
  const name = { source: 'ratio' as const, symbol: s }
  const points: Record<string, unknown>[] = rows.map(ratioAsRead)
  expect(points.length).toBeGreaterThan(8)
  // The latest five periods hold a year and quarters: the two lengths side by side in one key.
  expect(new Set(points.slice(0, 5).map((p) => p.quarters))).toEqual(new Set([1, 4]))
  expect(await pointsOf(db, 'ratio', cik, name, { ...EVERY_PERIOD, latest: 5 })).toEqual(points.slice(0, 5))
  const years = points.filter((p) => p.quarters === 4)
  expect(await pointsOf(db, 'ratio', cik, name, { ...EVERY_PERIOD, latest: 3, quarters: 4 })).toEqual(years.slice(0, 3))
  // As of a day, the latest five the day knew.
  const day = Number(points[Math.floor(points.length / 2)]!.known_from)
  const known = points.filter((p) => Number(p.known_from) <= day)
  expect(known.length).toBeLessThan(points.length)
  expect(await pointsOf(db, 'ratio', cik, name, { ...EVERY_PERIOD, latest: 5, knownBy: day })).toEqual(
    known.slice(0, 5),
  )
})

test('a day that knew every vintage of a point, or some of those its line holds, answers from its line what reading its vintages gives', async () => {
  const store = financialsStore(db)
  // The same store, its lines made to say no day knew every vintage, to hold no last or middle ones and to
  // count more than a line holds: each restated point reads its vintages.
  const readingVintages: typeof store = {
    ...store,
    seriesPoints: async (...args) =>
      (await store.seriesPoints(...args)).map((read) =>
        read.map((p) => ({
          ...p,
          all_known_from: Infinity,
          last_vintage: null,
          middle_vintages: null,
          vintages: Infinity,
        })),
      ),
  }
  // The same store, the lines of points of three or four vintages made as the build writes those of more
  // than a line holds (their first and last only): the fixture has no such point, and those read their
  // vintage lines.
  const moreThanALineHolds: typeof store = {
    ...store,
    seriesPoints: async (...args) =>
      (await store.seriesPoints(...args)).map((read) =>
        read.map((p) =>
          (p.vintages as number) > 2 ? { ...p, vintages: VINTAGES_ON_LINE + 1, middle_vintages: null } : p,
        ),
      ),
  }
  // What an answer shows of a point (series.ts): its first-reported value and filing, not the vintage's other fields.
  type Answered = { first_reported: Record<string, unknown> | null }
  const withoutLead = (rows: Answered[]) =>
    rows.map(({ first_reported: f, ...r }) => ({
      ...r,
      all_known_from: undefined,
      last_vintage: undefined,
      middle_vintages: undefined,
      vintages: undefined,
      first_reported: f && { value: f.value, acc_key: f.acc_key, form: f.form, filed: f.filed, accepted: f.accepted },
    }))
  const metrics = await bySeries('b.fin_metric_points', 'symbol', 'source', METRIC_POINT_FIELDS)
  const ratios = await bySeries('b.fin_ratio_points', 'ratio', `'ratio'`, RATIO_POINT_FIELDS)
  // Answered from a line: a restated point whose day knew every vintage; from a later filing than the
  // point's own (a later one repeated its value) shows the line's last vintage is what answers.
  let fromLines = 0
  let fromAnEarlierFiling = 0
  // A point of two vintages, as of a day that knew one of them; of three or more, all on its line (or, made
  // as more than a line holds, read from its vintage lines), as of a day that knew some; and a restated
  // ratio point as first reported (its first vintage's components on its line).
  const fromOneOfTwo = { metric: 0, ratio: 0 }
  const fromSomeOnLine = { metric: 0, ratio: 0 }
  let ratiosFirstReported = 0
  for (const [kind, series] of [
    ['metric', metrics],
    ['ratio', ratios],
  ] as const)
    for (const rows of series.values()) {
      const restated = rows.filter((r) => r.restated)
      if (!restated.length) continue
      const { cik, s, src } = rows[0]!
      const days = [...new Set(restated.flatMap((r) => [r.all_known_from as number, (r.all_known_from as number) - 1]))]
      // And the days a point's middle vintages became known: days that knew some of its vintages on its line.
      const middleDays = restated.flatMap((r) => ((r.middle_vintages as Vintage[] | null) ?? []).map(knownOn))
      for (const day of [...new Set([...days.slice(0, 6), ...middleDays.slice(0, 8)]), undefined])
        for (const vintage of ['latest', 'first'] as const) {
          if (day === undefined && vintage === 'latest') continue
          const answers = async (from: typeof store, at: PointInTime) =>
            kind === 'metric'
              ? (await metricPointsAt(from, cik, [metricName(src, s)], EVERY_PERIOD, at))[0]!
              : await ratioPointsAt(from, cik, [ratioById.get(s)!], EVERY_PERIOD, at)
          // Without a day every vintage is known, as on a day after all of them: that day reads the vintages.
          const read = withoutLead(await answers(readingVintages, { day: day ?? 99_991_231, vintage }))
          expect(withoutLead(await answers(store, { day, vintage }))).toEqual(read)
          expect(withoutLead(await answers(moreThanALineHolds, { day, vintage }))).toEqual(read)
          for (const r of restated)
            if (day === undefined || (r.all_known_from as number) <= day) {
              fromLines++
              const last = r.last_vintage as { acc_key: string }
              if (vintage === 'latest' && last.acc_key !== r.acc_key) fromAnEarlierFiling++
              if (vintage === 'first' && kind === 'ratio') ratiosFirstReported++
            } else if ((r.known_from as number) <= day) {
              if (r.vintages === 2) fromOneOfTwo[kind]++
              else if ((r.vintages as number) <= VINTAGES_ON_LINE) fromSomeOnLine[kind]++
            }
        }
    }
  expect({
    fromLines: fromLines > 20,
    fromAnEarlierFiling: fromAnEarlierFiling > 0,
    metricsFromOneOfTwo: fromOneOfTwo.metric > 20,
    ratiosFromOneOfTwo: fromOneOfTwo.ratio > 20,
    metricsFromSomeOnLine: fromSomeOnLine.metric > 5,
    ratiosFromSomeOnLine: fromSomeOnLine.ratio > 2,
    ratiosFirstReported: ratiosFirstReported > 20,
  }).toEqual({
    fromLines: true,
    fromAnEarlierFiling: true,
    metricsFromOneOfTwo: true,
    ratiosFromOneOfTwo: true,
    metricsFromSomeOnLine: true,
    ratiosFromSomeOnLine: true,
    ratiosFirstReported: true,
  })
})

test('fin_point_metas holds each tag-and-rule part once, and every metric point names one', async () => {
  const [twice] = await db.all<{ n: number }>(
    sql`SELECT count(*)::INTEGER AS n FROM (SELECT 1 FROM fin_point_metas
      GROUP BY tag, version, label, custom, datatype, strategy, rule_id, confidence HAVING count(*) > 1)`,
  )
  expect(twice!.n).toBe(0)
  const [counts] = await db.all<{ metas: number; used: number }>(
    sql`SELECT (SELECT count(*) FROM fin_point_metas)::INTEGER AS metas,
      (SELECT count(*) FROM (SELECT DISTINCT tag, version, label, custom, datatype, strategy, rule_id, confidence
        FROM b.fin_metric_points))::INTEGER AS used`,
  )
  expect(counts!.metas).toBe(counts!.used)
  expect(counts!.metas).toBeGreaterThan(5)
})

test('a series the company lacks, or a name no series has, reads nothing', async () => {
  const [some] = await db.all<{ cik: number }>(sql`SELECT cik::INTEGER AS cik FROM fin_issuers LIMIT 1`)
  expect(await pointsOf(db, 'metric', some!.cik, { source: 'raw', symbol: 'NoSuchTag' }, EVERY_PERIOD)).toEqual([])
  expect(await pointsOf(db, 'metric', 2 ** 31, { source: 'canonical', symbol: 'revenue' }, EVERY_PERIOD)).toEqual([])
})

test('every segment row is read back through its (company, fiscal quarter) key, in stored order', async () => {
  const rows = await db.all<{ cik: number; fq: number; acc_key: string; axis: string; member: string }>(
    sql`SELECT cik::INTEGER AS cik, fiscal_quarter AS fq, acc_key::VARCHAR AS acc_key, axis, member FROM b.fin_segment_rows`,
  )
  expect(rows.length).toBeGreaterThan(10)
  const keys = Map.groupBy(rows, (r) => `${r.cik}|${r.fq}`)
  for (const group of keys.values()) {
    const lines = db
      .lookup('finSegmentRows')
      .get(SEGMENT_ROWS_KEY.pack({ cik: group[0]!.cik, fiscalQuarter: group[0]!.fq }))
    expect(lines.map((l) => JSON.parse(l)).map(({ acc_key, axis, member }) => ({ acc_key, axis, member }))).toEqual(
      group.map(({ acc_key, axis, member }) => ({ acc_key, axis, member })),
    )
  }
})
