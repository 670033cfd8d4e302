/**
 * The companyfacts source's part of the sample generator: one `CIK##########.json` per company with FSDS
 * filings, in exactly the SEC's format (`{cik, entityName, facts: {taxonomy: {concept: {label, description,
 * units: {unit: [fact…]}}}}}`, compact; `entityName` upper-case), into `companyfacts.zip` (or a
 * `companyfacts/` folder).
 *
 * The facts are those of the FSDS sample (financial-statements/sample.ts `sampleFinancialFilings`): same
 * accession numbers, tags, periods and values, so a series point equals its statement value. As in the
 * real file: only the filer's consolidated facts of standard taxonomies (no segment, coregistrant or
 * custom-tag facts), each period repeated by every filing that reports it with that filing's `fy`, `fp`,
 * `form` and `filed`; `frame` on the latest filing's fact of a calendar period (`CY2024`, `CY2024Q3`,
 * `CY2024Q3I`), once per frame; `dei:EntityCommonStockSharesOutstanding` in `shares` on each filing's cover.
 * As real filings do, about one filing in thirty gives one of its dollar facts a second time rounded to two
 * significant figures (a table in millions beside the statement's exact value): both are in its file, the
 * exact one first, and only the exact one in the FSDS `num` (the series take the more precise: series.ts
 * rule 1).
 * Besides them, about 2,000 × scale filers without FSDS filings whose only facts are the `ffd` facts of
 * their registration statements' and prospectuses' filing fee exhibits (sample-filing-fees.ts).
 *
 * Memory: one company's facts at a time (a few thousand), handed to the ZIP worker and dropped; the
 * archive itself is written entry by entry (ZipWriter), so memory stays bounded at any scale.
 */
import { join } from 'node:path'
import { absentFrom } from '../../../sample/cast.ts'
import { dayOf, isoDay, monthOf, yearOf } from '../../../sample/dates.ts'
import { FolderSink, openZipSink } from '../../../sample/output.ts'
import { unit as fraction, hash2, hashText } from '../../../sample/random.ts'
import type { SampleWorld, SampleWriter } from '../../source.ts'
import { factStart, sampleFinancialFilings } from '../financial-statements/sample.ts'
import { TAG_META } from '../financial-statements/sample-lines.ts'
import type { Fact } from './sample-fact.ts'
import { filingFeeFacts } from './sample-filing-fees.ts'

/** The SEC's calendar frame of a period: the calendar year or quarter its middle falls in; an instant's quarter. */
function frameOf(f: Fact): string | null {
  if (f.start === null) return `CY${yearOf(f.end)}Q${Math.ceil(monthOf(f.end) / 3)}I`
  const days = f.end - f.start + 1
  const middle = f.start + Math.floor(days / 2)
  if (days >= 350 && days <= 380) return `CY${yearOf(middle)}`
  if (days >= 80 && days <= 100) return `CY${yearOf(middle)}Q${Math.ceil(monthOf(middle) / 3)}`
  return null
}

/** Whether a filing gives one of its dollar facts again, rounded (about one in thirty). */
const givesRoundedCopy = (accessionNumber: string) => fraction(hash2(hashText(accessionNumber), 0x726f756e)) < 1 / 30

/**
 * A dollar amount rounded to two significant figures, as a table in millions or billions shows it; none
 * where that is the amount itself or it is no whole amount of at least $10,000.
 */
function roundedCopyOf(value: number): number | undefined {
  if (!Number.isSafeInteger(value) || Math.abs(value) < 10_000) return undefined
  const step = 10 ** (Math.floor(Math.log10(Math.abs(value))) - 1)
  const rounded = Math.round(value / step) * step
  return rounded === value ? undefined : rounded
}

const label = (tag: string) => TAG_META[tag]?.[3] ?? tag.replace(/([a-z])([A-Z])/g, '$1 $2')

function factJson(f: Fact, frame: string | null): string {
  const start = f.start === null ? '' : `"start":"${isoDay(f.start)}",`
  return `{${start}"end":"${isoDay(f.end)}","val":${f.val},"accn":"${f.accn}","fy":${f.fy},"fp":${f.fp === null ? null : `"${f.fp}"`},"form":"${f.form}","filed":"${isoDay(f.filed)}"${frame ? `,"frame":"${frame}"` : ''}}`
}

/** One taxonomy's concepts as JSON: concepts and units by name, facts by end, start, filing date. */
function taxonomyJson(concepts: Map<string, Map<string, Fact[]>>, describe: (tag: string) => [string, string]) {
  const out: string[] = []
  for (const tag of [...concepts.keys()].sort()) {
    const units: string[] = []
    const byUnit = concepts.get(tag)!
    for (const unit of [...byUnit.keys()].sort()) {
      const facts = byUnit
        .get(unit)!
        .sort(
          (a, b) =>
            a.end - b.end || (a.start ?? 0) - (b.start ?? 0) || a.filed - b.filed || a.accn.localeCompare(b.accn),
        )
      // The frame goes to the latest filing's fact of a period (its exact one, listed first), once per frame.
      const framed = new Map<string, Fact>()
      const latest = new Map<string, Fact>()
      for (const f of facts)
        if (latest.get(`${f.start}|${f.end}`)?.accn !== f.accn) latest.set(`${f.start}|${f.end}`, f)
      for (const f of latest.values()) {
        const frame = frameOf(f)
        if (frame && !framed.has(frame)) framed.set(frame, f)
      }
      const frames = new Map([...framed].map(([frame, f]) => [f, frame]))
      units.push(`${JSON.stringify(unit)}:[${facts.map((f) => factJson(f, frames.get(f) ?? null)).join(',')}]`)
    }
    const [l, d] = describe(tag)
    out.push(
      `${JSON.stringify(tag)}:{"label":${JSON.stringify(l)},"description":${JSON.stringify(d)},"units":{${units.join(',')}}}`,
    )
  }
  return `{${out.join(',')}}`
}

export async function companyFactsSample(world: SampleWorld): Promise<SampleWriter> {
  const sink = world.unzipped
    ? new FolderSink(join(world.out, 'companyfacts'))
    : await openZipSink(join(world.out, 'companyfacts.zip'))
  let facts = 0
  return {
    entity(e) {
      if (absentFrom('company-facts', e.cik)) return
      const gaap = new Map<string, Map<string, Fact[]>>()
      const dei = new Map<string, Map<string, Fact[]>>()
      const add = (to: typeof gaap, tag: string, unit: string, f: Fact) => {
        const units = to.get(tag) ?? to.set(tag, new Map()).get(tag)!
        ;(units.get(unit) ?? units.set(unit, []).get(unit)!).push(f)
        facts++
      }
      let newest = 0
      for (const { f, c, sub, facts: rows } of sampleFinancialFilings(world, e)) {
        const filing = { accn: f.accessionNumber, fy: sub.fy, fp: sub.fp, form: f.form, filed: f.day }
        let roundedAgain = givesRoundedCopy(f.accessionNumber)
        for (const { row, custom } of rows) {
          const [tag, ddate, qtrs, unit, segments, coreg, value] = row
          if (custom || segments || coreg) continue
          const end = dayOf(`${String(ddate).slice(0, 4)}-${String(ddate).slice(4, 6)}-${String(ddate).slice(6, 8)}`)
          const fact = { start: factStart(c, ddate, qtrs), end, val: value, ...filing }
          add(gaap, tag, unit, fact)
          const rounded = roundedAgain && unit === 'USD' ? roundedCopyOf(value) : undefined
          if (rounded !== undefined) {
            add(gaap, tag, unit, { ...fact, val: rounded })
            roundedAgain = false
          }
        }
        const shares = c.model.flows(c.g).shares
        add(dei, 'EntityCommonStockSharesOutstanding', 'shares', {
          start: null,
          end: f.day - 7,
          val: shares,
          ...filing,
        })
        newest = Math.max(newest, f.acceptedAt)
      }
      // The conformed name upper-case, as the real files write it ("SNOWFLAKE INC." where the ticker file says
      // "Snowflake Inc."), and as the sample's sub.txt does.
      const head = `{"cik":${e.cik},"entityName":${JSON.stringify(e.name.toUpperCase())},"facts":{`
      let json: string
      if (gaap.size)
        json = `${head}"dei":${taxonomyJson(dei, () => [
          'Entity Common Stock, Shares Outstanding',
          "Indicate number of shares or other units outstanding of each of registrant's classes of capital or common stock or other ownership interests, if and as stated on cover of related periodic report.",
        ])},"us-gaap":${taxonomyJson(gaap, (tag) => [label(tag), `The amount of ${label(tag).toLowerCase()}.`])}}}`
      else {
        // No FSDS filing (every FSDS filer has a dei fact): in companyfacts all the same if its fee exhibits have facts.
        const fees = dei.size ? null : filingFeeFacts(world, e)
        if (!fees) return
        facts += fees.facts
        newest = fees.newest
        json = `${head}"ffd":${taxonomyJson(fees.ffd, () => ['', ''])}}}`
      }
      sink.add(`CIK${String(e.cik).padStart(10, '0')}.json`, json, new Date(newest * 1000))
      return sink.ready() ?? undefined
    },
    async finish() {
      const files = sink.files
      return { files, bytes: await sink.close(), rows: facts }
    },
  }
}
