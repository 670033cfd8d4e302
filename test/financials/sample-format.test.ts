/**
 * The sample generator's FSDS quarters (the fixture's mirror) against the real format and the sample
 * world: the real files' headers, the world's filings (accession, form, filing date, acceptance time), and
 * the quirks the generator promises (amendments, custom tags, segments, a 52/53-week year, a non-USD filer).
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ZipReader } from '../../src/lib/zip.ts'
import { NOTE_REPORTS } from '../../src/pipeline/sources/financial-statements/sample-notes.ts'
import { REVENUE_PART } from '../../src/pipeline/sources/financial-statements/sample-revenue-part.ts'
import { absentFrom, CAST } from '../../src/sample/cast.ts'
import { SAMPLES } from '../helpers/snapshot.ts'
import { iso, useApiAndFsds } from './fsds-files.ts'

const ctx = useApiAndFsds()

const REAL = join(SAMPLES, 'fsds', '2009q3.zip')

/** EDGAR's acceptance time (UTC) as Eastern wall-clock time, by the platform's time zone data. */
const eastern = (utc: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(new Date(utc))
    .replace(',', '')

describe('the sample FSDS quarters', () => {
  test.skipIf(!existsSync(REAL))('have the real files headers, column for column', () => {
    const zip = ZipReader.open(REAL)
    const headers: Record<string, string[]> = Object.fromEntries(
      [...zip.iterate((n) => n.endsWith('.txt'))].map(([e, data]) => [
        e.name.replace('.txt', ''),
        data.toString('utf8').split('\n')[0]!.split('\t'),
      ]),
    )
    zip.close()
    for (const f of ['sub', 'num', 'pre', 'tag'] as const)
      expect([f, Object.keys(ctx.fsds[f][0]!)]).toEqual([f, headers[f]!])
  })

  test("are the world's filings: accession, form, filing date and acceptance time (Eastern) as the filings API has them", async () => {
    expect(ctx.fsds.sub.length).toBeGreaterThan(100)
    for (const s of ctx.fsds.sub) {
      const res = await ctx.api.get(`/v1/filings/${Number(s.cik)}/${s.adsh}`)
      // A filer the sample's submissions leave out (Fenwick Ridge, in sub.txt only): the filings API lacks it.
      const lacked = absentFrom('submissions', Number(s.cik))
      expect([s.adsh, res.status]).toEqual([s.adsh, lacked ? 404 : 200])
      if (lacked) continue
      expect([s.adsh, s.form, iso(s.filed!), s.accepted]).toEqual([
        s.adsh,
        res.body.formType,
        res.body.filingDate,
        `${eastern(res.body.acceptedDate)}.0`,
      ])
    }
  })

  test('hold amendments (the original marked prevrpt), custom tags, segments, a 52/53-week year and a non-USD filer', () => {
    const amended = ctx.fsds.sub.filter((s) => s.form!.endsWith('/A'))
    expect(amended.length).toBeGreaterThan(0)
    for (const a of amended) {
      const original = ctx.fsds.sub.find(
        (s) => s.cik === a.cik && s.form === a.form!.slice(0, 4) && s.period === a.period,
      )
      expect(original?.prevrpt).toBe('1')
    }
    const custom = ctx.fsds.tag.filter((t) => t.custom === '1')
    expect(custom.length).toBeGreaterThan(0)
    for (const t of custom) expect(ctx.fsds.sub.some((s) => s.adsh === t.version)).toBe(true)
    const axes = new Set(ctx.fsds.num.flatMap((n) => (n.segments ? [n.segments.split('=')[0]] : [])))
    expect([...axes].sort()).toEqual([
      'AwardType',
      'BusinessSegments',
      'EquityComponents',
      'IncomeTaxAuthority',
      'LegalEntity',
      'LongtermDebtType',
      'ProductOrService',
      'PropertyPlantAndEquipmentByType',
      'StatementGeographical',
    ])
    const weeks = ctx.fsds.sub.find((s) => Number(s.cik) === CAST.emptyReportDates.cik && s.form === '10-K')!
    expect([weeks.period, weeks.fye]).toEqual(['20260531', '0530'])
    expect(ctx.fsds.num.some((n) => n.adsh === weeks.adsh && n.ddate === '20260530')).toBe(true)
    const foreign = ctx.fsds.sub.filter((s) => Number(s.cik) === CAST.foreignIssuer.cik).map((s) => s.adsh)
    const units = new Set(ctx.fsds.num.filter((n) => foreign.includes(n.adsh)).map((n) => n.uom))
    expect([...units].sort()).toEqual(['EUR', 'EUR/shares', 'shares'])
  })

  test("generated companies' filings carry the notes' detail facts; the cast's do not", () => {
    const cast = new Set(Object.values(CAST).map((c) => String(c.cik)))
    const reportsOf = new Map<string, Set<string>>()
    for (const p of ctx.fsds.pre)
      if (p.stmt === 'UN') (reportsOf.get(p.adsh!) ?? reportsOf.set(p.adsh!, new Set()).get(p.adsh!)!).add(p.report!)
    const generated = ctx.fsds.sub.filter((s) => !cast.has(String(Number(s.cik))))
    expect(generated.length).toBeGreaterThan(0)
    // A generated filing presenting contract revenue has one note more: a part of revenue under `Revenues`
    // (sample-revenue-part.ts); a filing without pre rows (some of those) presents nothing.
    const contract = new Set(
      ctx.fsds.pre
        .filter((p) => p.stmt === 'IS' && p.tag === 'RevenueFromContractWithCustomerExcludingAssessedTax')
        .map((p) => p.adsh),
    )
    const presented = new Set(ctx.fsds.pre.map((p) => p.adsh))
    for (const s of ctx.fsds.sub)
      expect([...(reportsOf.get(s.adsh!) ?? [])].sort((a, b) => +a - +b)).toEqual(
        cast.has(String(Number(s.cik))) || !presented.has(s.adsh)
          ? []
          : [...NOTE_REPORTS, ...(contract.has(s.adsh) ? [REVENUE_PART] : [])].map((_, i) => String(8 + i)),
      )
    // The filings without pre rows are generated ones reporting contract revenue and its part.
    const unpresented = ctx.fsds.sub.filter((s) => !presented.has(s.adsh))
    expect(unpresented.length).toBeGreaterThan(0)
    for (const s of unpresented)
      expect([
        !cast.has(String(Number(s.cik))),
        ...['RevenueFromContractWithCustomerExcludingAssessedTax', 'Revenues'].map((tag) =>
          ctx.fsds.num.some((n) => n.adsh === s.adsh && n.tag === tag && !n.segments),
        ),
      ]).toEqual([true, true, true])
    // A dimensional fact's members add up to the filing's consolidated fact of the tag and period, where it has one.
    const consolidated = new Map<string, number>()
    const parts = new Map<string, number>()
    for (const n of ctx.fsds.num) {
      if (n.uom === 'pure' || n.coreg) continue
      const key = `${n.adsh} ${n.tag} ${n.ddate} ${n.qtrs} ${n.uom}`
      if (!n.segments) consolidated.set(key, Number(n.value))
      else if (
        /^(BusinessSegments=(Industrial|Commercial|Residential)|LongtermDebtType|PropertyPlantAndEquipmentByType)/.test(
          n.segments,
        )
      )
        parts.set(key, (parts.get(key) ?? 0) + Number(n.value))
    }
    let checked = 0
    for (const [key, sum] of parts)
      if (consolidated.has(key)) {
        expect(`${key} ${sum}`).toBe(`${key} ${consolidated.get(key)}`)
        checked++
      }
    expect(checked).toBeGreaterThan(generated.length * 4)
  })

  test('no note tag stands undimensioned where a canonical metric reads it', () => {
    const canonical = new Set(
      readFileSync(join(import.meta.dir, '../../src/reference/canonical-metrics.json'), 'utf8').match(
        /[A-Z][A-Za-z0-9]{5,}/g,
      ),
    )
    const plain = NOTE_REPORTS.flatMap((r) => r.lines.filter((l) => !l.members).map((l) => l.tag))
    expect(plain.filter((t) => canonical.has(t))).toEqual([])
  })
})
