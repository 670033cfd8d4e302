/**
 * The sample's companyfacts.zip against its FSDS quarters: the real format (an object per filer with its
 * integer cik, facts by taxonomy, concept and unit, each fact's fields in the SEC's order), and every
 * us-gaap fact the consolidated `num` row of the same filing, tag, end date, unit and value, so a series
 * point and the filing's statement agree (but for the filer the FSDS sample leaves out on purpose). Read
 * here with JSON.parse and the test's own TSV reader.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { absentFrom } from '../../src/sample/cast.ts'
import { sampleFixture } from '../helpers/fixture.ts'
import { useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

type Fact = Record<string, string | number>

test('every fact of the sample companyfacts is a consolidated num row of its filing, in the real format', async () => {
  const zip = ZipReader.open(join((await sampleFixture()).mirror, 'companyfacts.zip'))
  const num = new Map<string, string>()
  for (const n of ctx.fsds.num)
    if (!n.segments && !n.coreg) num.set(`${n.adsh}|${n.tag}|${n.ddate}|${n.uom}|${n.qtrs}`, n.value!)
  const sub = new Map(ctx.fsds.sub.map((s) => [s.adsh!, s]))
  let facts = 0
  const problems: string[] = []
  /** The facts a filing gives twice (its exact value, then the same rounded), as the test met them. */
  const roundedCopies: { cik: number; tag: string; exact: Fact; copy: Fact }[] = []
  for (const [entry, data] of zip.iterate()) {
    const doc = JSON.parse(data.toString('utf8')) as {
      cik: number
      entityName: string
      facts: Record<string, Record<string, { units: Record<string, Fact[]> }>>
    }
    expect([entry.name, typeof doc.cik, Object.keys(doc)]).toEqual([
      `CIK${String(doc.cik).padStart(10, '0')}.json`,
      'number',
      ['cik', 'entityName', 'facts'],
    ])
    // A filing-fee-only filer has no us-gaap facts (companyfacts-filing-fees.test.ts checks its ffd facts).
    // A filer the sample's FSDS leave out (Larkmoor, in companyfacts alone) has no filing there to match.
    if (absentFrom('financial-statements', doc.cik)) {
      expect(ctx.fsds.sub.filter((s) => Number(s.cik) === doc.cik)).toEqual([])
      continue
    }
    for (const [tag, concept] of Object.entries(doc.facts['us-gaap'] ?? {}))
      for (const [unit, list] of Object.entries(concept.units))
        for (const [i, f] of list.entries()) {
          facts++
          const keys = Object.keys(f).join(',')
          if (!/^(start,)?end,val,accn,fy,fp,form,filed(,frame)?$/.test(keys)) problems.push(`${tag}: keys ${keys}`)
          const days = f.start ? (Date.parse(f.end as string) - Date.parse(f.start as string)) / 86_400_000 + 1 : 0
          const qtrs = days === 0 ? 0 : Math.round(days / 91.3)
          const value = num.get(`${f.accn}|${tag}|${String(f.end).replaceAll('-', '')}|${unit}|${qtrs}`)
          // A filing's fact given again rounded to two significant figures follows its exact one, which
          // alone is in num; without a frame (the exact one has it, where the period has one).
          const before = list[i - 1]
          if (
            before !== undefined &&
            before.accn === f.accn &&
            before.start === f.start &&
            before.end === f.end &&
            unit === 'USD' &&
            f.frame === undefined &&
            Number((before.val as number).toPrecision(2)) === f.val
          )
            roundedCopies.push({ cik: doc.cik, tag, exact: before, copy: f })
          else if (value === undefined || Number(value) !== f.val)
            problems.push(`${f.accn} ${tag} ${f.end} ${qtrs}: ${f.val} vs ${value}`)
          const s = sub.get(f.accn as string)
          if (!s || String(s.fy) !== String(f.fy) || s.fp !== f.fp || s.form !== f.form)
            problems.push(`${f.accn}: filing fields`)
        }
  }
  zip.close()
  expect(problems.slice(0, 5)).toEqual([])
  expect(facts).toBeGreaterThan(1000)

  // The series take the exact value (series.ts rule 1: the more precise): where the filing with a rounded
  // copy is the period's latest, its raw point is the exact value, from that filing.
  expect(roundedCopies.length).toBeGreaterThan(5)
  let latest = 0
  for (const { cik, tag, exact } of roundedCopies) {
    const end = exact.end as string
    const res = await ctx.api.get(
      `/v1/financials/metrics?cik=${cik}&symbols=${tag}&source=raw&startDate=${end}&endDate=${end}&limit=100`,
    )
    const quarters = exact.start
      ? Math.round(((Date.parse(end) - Date.parse(exact.start as string)) / 86_400_000 + 1) / 91.3)
      : 0
    const point = res.body.series
      ?.flatMap((x: { points: { quarters: number; adsh: string; value: number }[] }) => x.points)
      .find((p: { quarters: number }) => p.quarters === quarters)
    if (point?.adsh !== exact.accn) continue
    latest++
    expect([cik, tag, end, point.value]).toEqual([cik, tag, end, exact.val])
  }
  expect(latest).toBeGreaterThan(0)
})
