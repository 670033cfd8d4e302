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
        for (const f of list) {
          facts++
          const keys = Object.keys(f).join(',')
          if (!/^(start,)?end,val,accn,fy,fp,form,filed(,frame)?$/.test(keys)) problems.push(`${tag}: keys ${keys}`)
          const days = f.start ? (Date.parse(f.end as string) - Date.parse(f.start as string)) / 86_400_000 + 1 : 0
          const qtrs = days === 0 ? 0 : Math.round(days / 91.3)
          const value = num.get(`${f.accn}|${tag}|${String(f.end).replaceAll('-', '')}|${unit}|${qtrs}`)
          if (value === undefined || Number(value) !== f.val)
            problems.push(`${f.accn} ${tag} ${f.end} ${qtrs}: ${f.val} vs ${value}`)
          const s = sub.get(f.accn as string)
          if (!s || String(s.fy) !== String(f.fy) || s.fp !== f.fp || s.form !== f.form)
            problems.push(`${f.accn}: filing fields`)
        }
  }
  zip.close()
  expect(problems.slice(0, 5)).toEqual([])
  expect(facts).toBeGreaterThan(1000)
})
