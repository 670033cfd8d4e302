/**
 * The financial-statements source's part of the sample generator: for each company's 10-K, 10-Q, their
 * amendments and a 20-F, one filing of the Financial Statement Data Sets in exactly their format, in the
 * quarter of its filing date, with the world's accession number, dates and acceptance time (Eastern, as
 * the data sets write it). Covered: custom tags (version = accession number), segment rows
 * (`ProductOrService=…;`, `StatementGeographical=…;`, `BusinessSegments=…;`) for the filing's period and
 * its comparative columns (a filer whose data holds only its latest 10-K, Tidewren, still has three years
 * by segment), a bank whose `Assets` has a consolidated row, a subsidiary (coregistrant) row and the
 * prior year's, revenue and D&A tag variants, amendments (the original's `prevrpt` = 1), a 52/53-week
 * fiscal year (Copperfield: years end on the last Saturday of May, `period` rounded to the month end), a
 * non-USD filer (Oberwald: EUR), and a part of revenue under `Revenues` beside the statement's contract
 * revenue, some of those filings without `pre` rows (sample-revenue-part.ts).
 */
import { join } from 'node:path'
import { absentFrom, CAST } from '../../../sample/cast.ts'
import {
  compactDay,
  dataSetQuarterOf,
  dayOf,
  dayOfYmd,
  easternOffsetHours,
  isoDay,
  weekday,
} from '../../../sample/dates.ts'
import type { Filing } from '../../../sample/filings.ts'
import { hash3 } from '../../../sample/random.ts'
import type { SampleEntity, SampleWorld, SampleWriter } from '../../source.ts'
import { QuarterFiles } from './sample-files.ts'
import {
  BALANCE_LINES,
  COMPREHENSIVE_LINES,
  cashFlowLines,
  EQUITY_LINES,
  incomeLines,
  type Line,
  TAG_META,
} from './sample-lines.ts'
import { CompanyModel, type FiscalQuarter, fq } from './sample-model.ts'
import { NOTE_REPORTS } from './sample-notes.ts'
import { type Restatement, restated, restatementBy } from './sample-restatements.ts'
import { REVENUE_PART, reportsRevenuePart, withoutPresentation } from './sample-revenue-part.ts'

const FSDS_DIR = 'financial-statement-data-sets'
const FORMS = new Set(['10-K', '10-Q', '10-K/A', '10-Q/A', '20-F'])
/** The data sets begin with filings of 2009q2 (XBRL's first filers). */
const FIRST_DAY = dayOfYmd(2009, 4, 1)
const FIFTY_TWO_WEEK = new Set<number>([CAST.emptyReportDates.cik])
const BANK = CAST.manyFilings.cik
const CURRENCY: Record<number, string> = { [CAST.foreignIssuer.cik]: 'EUR' }

type Fiscal = { fyeMonth: number; weeks: boolean }

/** The last day of a fiscal quarter: its month's end, or for a 52/53-week year the month's last Saturday. */
function quarterEnd(f: Fiscal, g: FiscalQuarter): number {
  const fy = Math.floor(g / 4)
  const q = (g % 4) + 1
  const m0 = (f.fyeMonth + 3 * q - 1) % 12
  const year = m0 + 1 <= f.fyeMonth || q === 4 ? fy : fy - 1
  const monthEnd = dayOfYmd(m0 === 11 ? year + 1 : year, m0 === 11 ? 1 : m0 + 2, 1) - 1
  return f.weeks ? monthEnd - ((weekday(monthEnd) - 6 + 7) % 7) : monthEnd
}

/** A month-end report date's fiscal quarter, or null when it is not a quarter's end. */
function fiscalQuarterOf(f: Fiscal, report: string): FiscalQuarter | null {
  const year = +report.slice(0, 4)
  const month = +report.slice(5, 7)
  const d = (month - f.fyeMonth + 12) % 12
  if (d % 3 !== 0) return null
  const q = d === 0 ? 4 : d / 3
  return fq(month <= f.fyeMonth ? year : year + 1, q)
}

/** EDGAR's acceptance time in Eastern time, as the data sets write it: `2026-02-19 16:21:45.0`. */
function easternAccepted(f: Filing): string {
  const utcDay = dayOf(f.acceptanceDateTime.slice(0, 10))
  const [h, m, s] = f.acceptanceDateTime.slice(11, 19).split(':').map(Number) as [number, number, number]
  const utcSeconds = h * 3600 + m * 60 + s
  for (const offset of [4, 5]) {
    let t = utcSeconds - offset * 3600
    let day = utcDay
    if (t < 0) {
      t += 86400
      day--
    }
    if (easternOffsetHours(day, t) === offset) {
      const hh = String(Math.floor(t / 3600)).padStart(2, '0')
      const mm = String(Math.floor((t % 3600) / 60)).padStart(2, '0')
      const ss = String(t % 60).padStart(2, '0')
      return `${isoDay(day)} ${hh}:${mm}:${ss}.0`
    }
  }
  throw new Error(`no Eastern time for ${f.acceptanceDateTime}`)
}

/** What one filing covers: its fiscal quarter, whether annual, and its company's model. */
export type Cover = {
  g: FiscalQuarter
  annual: boolean
  fiscal: Fiscal
  model: CompanyModel
  uom: string
  /** The restatements filed so far, this filing's included (sample-restatements.ts). */
  restatements: readonly Restatement[]
}

/** The filing's values: [tag, ddate, qtrs, uom, segments, coreg, value, footnote] per num row, keyed by tag for pre. */
export type NumRow = [string, number, number, string, string, string, number, string]

function flowPeriods(c: Cover, ytd: boolean): { last: FiscalQuarter; qtrs: number }[] {
  const q = (c.g % 4) + 1
  if (c.annual) return [0, 1, 2].map((y) => ({ last: c.g - 4 * y, qtrs: 4 }))
  const out = [
    { last: c.g, qtrs: ytd ? q : 1 },
    { last: c.g - 4, qtrs: ytd ? q : 1 },
  ]
  if (!ytd && q > 1) out.push({ last: c.g, qtrs: q }, { last: c.g - 4, qtrs: q })
  return out
}

function values(c: Cover, lines: Line[], flows: { last: FiscalQuarter; qtrs: number }[], instants: FiscalQuarter[]) {
  const rows: NumRow[] = []
  for (const l of lines) {
    const uom = l.uom === 'USD/shares' ? `${c.uom}/shares` : (l.uom ?? c.uom)
    const push = (ddate: number, qtrs: number, total: number) => {
      if (!l.members) rows.push([l.tag, ddate, qtrs, uom, '', '', total, ''])
      else
        for (const [segments, v] of memberValues(l.members, total, uom === 'pure'))
          rows.push([l.tag, ddate, qtrs, uom, segments, '', v, ''])
    }
    if (l.flow)
      for (const p of flows)
        push(
          +compactDay(quarterEnd(c.fiscal, p.last)),
          p.qtrs,
          restated(l.flow(c.model.span(p.last, p.qtrs)), uom, p.last, c.restatements),
        )
    if (l.balance)
      for (const g of instants)
        push(+compactDay(quarterEnd(c.fiscal, g)), 0, restated(l.balance(c.model.balances(g)), uom, g, c.restatements))
  }
  return rows
}

/**
 * A dimensional line's rows: `Axis=Member;` and its part of the total, the first member the largest and
 * the last taking what is left (so the parts add up); a rate is each member's own, a quarter point apart.
 */
function memberValues(m: NonNullable<Line['members']>, total: number, pure: boolean): [string, number][] {
  const n = m.names.length
  const weight = (n * (n + 1)) / 2
  let left = total
  return m.names.map((name, i) => {
    const v = pure
      ? Math.round((total + 0.0025 * i) * 10_000) / 10_000
      : i === n - 1
        ? left
        : Math.round((total * (n - i)) / weight / 1000) * 1000
    left -= v
    return [`${m.axis}=${name};`, v]
  })
}

/** Statement reports in FSDS's order for a filing: report number, stmt, inpth, lines, values. */
function statements(c: Cover, e: SampleEntity, filedYear: number) {
  const h = hash3(c.model.cik, 0x5e9, 0)
  const revenueTag =
    c.model.cik === BANK
      ? 'InterestAndDividendIncomeOperating'
      : filedYear >= 2018 && h % 3 !== 0
        ? 'RevenueFromContractWithCustomerExcludingAssessedTax'
        : h % 2
          ? 'SalesRevenueNet'
          : 'Revenues'
  const daTag = h % 5 === 0 ? 'DepreciationAndAmortization' : 'DepreciationDepletionAndAmortization'
  const yearStart = c.annual ? c.g - 4 : c.g - (c.g % 4) - 1
  const is = incomeLines(revenueTag)
  const cf = cashFlowLines(daTag)
  const bsRows = values(c, BALANCE_LINES, [], [c.g, yearStart])
  if (c.model.cik === BANK) {
    // The bank's subsidiary files with it: its Assets row is the coregistrant's, not the consolidated total.
    const sub = Math.round(c.model.balances(c.g).assets * 0.8)
    bsRows.push([
      'Assets',
      +compactDay(quarterEnd(c.fiscal, c.g)),
      0,
      c.uom,
      'LegalEntity=CobaltreachBankNA;',
      'CobaltreachBankNA',
      sub,
      '',
    ])
  }
  const isRows = values(c, is, flowPeriods(c, false), [])
  // Revenue by product, by geography and by business segment, for each period of the filing's own span, as
  // real filings present it: a 10-K its three years, a 10-Q its quarter and the same quarter a year before.
  const own = flowPeriods(c, false)[0]!
  for (const p of flowPeriods(c, false).filter((p) => p.qtrs === own.qtrs)) {
    const revenue = c.model.span(p.last, p.qtrs).revenue
    const ddate = +compactDay(quarterEnd(c.fiscal, p.last))
    const split = (axis: string, members: string[]) => {
      let left = revenue
      members.forEach((m, i) => {
        const v = i === members.length - 1 ? left : Math.round((revenue * (0.6 - 0.2 * i)) / 1000) * 1000
        left -= v
        isRows.push([revenueTag, ddate, p.qtrs, c.uom, `${axis}=${m};`, '', v, ''])
      })
    }
    split('ProductOrService', ['Product', 'Service'])
    split('StatementGeographical', ['US', 'NonUs'])
    if (e.profile?.category === 'Large accelerated filer')
      split('BusinessSegments', ['Consumer', 'Enterprise', 'Other'])
  }
  const ytd = flowPeriods(c, true)
  const cfRows = values(c, cf, ytd, [])
  // Cash at the beginning and end of each cash-flow period.
  for (const p of ytd)
    for (const g of [p.last, p.last - p.qtrs])
      cfRows.push([
        'CashAndCashEquivalentsAtCarryingValue',
        +compactDay(quarterEnd(c.fiscal, g)),
        0,
        c.uom,
        '',
        '',
        c.model.balances(g).cash,
        g === p.last - p.qtrs && p === ytd[0] ? 'Includes "restricted" cash of nil' : '',
      ])
  const eqRows = values(c, EQUITY_LINES, [ytd[0]!], [c.g, yearStart])
  for (const r of eqRows) if (r[0] === 'NetIncomeLoss') r[4] = 'EquityComponents=RetainedEarnings;'
  const ciRows = values(c, COMPREHENSIVE_LINES, flowPeriods(c, false), [])
  const cfLines = [...cf, { tag: 'CashAndCashEquivalentsAtCarryingValue', label: 'Cash, end of period' } as Line]
  // The notes' detail reports (generated companies only), each for the filing's period and the year before.
  const notes = e.generated
    ? NOTE_REPORTS.map((n, i) => ({
        report: 8 + i,
        stmt: 'UN',
        inpth: 0,
        lines: n.lines,
        rows: values(c, n.lines, [own, { last: own.last - 4, qtrs: own.qtrs }], [c.g, yearStart]),
      }))
    : []
  // A part of revenue under the first revenue tag, in a note (sample-revenue-part.ts).
  if (reportsRevenuePart(e.generated, revenueTag))
    notes.push({
      report: 8 + NOTE_REPORTS.length,
      stmt: 'UN',
      inpth: 0,
      lines: REVENUE_PART,
      rows: values(c, REVENUE_PART, [own, { last: own.last - 4, qtrs: own.qtrs }], []),
    })
  return [
    { report: 2, stmt: 'BS', inpth: 0, lines: BALANCE_LINES, rows: bsRows },
    {
      report: 3,
      stmt: 'BS',
      inpth: 1,
      lines: [{ tag: 'CommonStockSharesAuthorized', label: 'Common stock, shares authorized', uom: 'shares' } as Line],
      rows: [
        [
          'CommonStockSharesAuthorized',
          +compactDay(quarterEnd(c.fiscal, c.g)),
          0,
          'shares',
          '',
          '',
          50_000_000,
          '',
        ] as NumRow,
      ],
    },
    { report: 4, stmt: 'IS', inpth: 0, lines: is, rows: isRows },
    { report: 5, stmt: 'CI', inpth: 0, lines: COMPREHENSIVE_LINES, rows: ciRows },
    { report: 6, stmt: 'EQ', inpth: 0, lines: EQUITY_LINES, rows: eqRows },
    { report: 7, stmt: 'CF', inpth: 0, lines: cfLines, rows: cfRows },
    ...notes,
  ]
}

const AFS: Record<string, string> = {
  'Large accelerated filer': '1-LAF',
  'Accelerated filer': '2-ACC',
  'Non-accelerated filer': '5-SML',
  'Smaller reporting company': '3-SRA',
}

/** One sample FSDS filing of a company: what it covers, its sub.txt fields, its statements and its num rows (one per fact). */
export type SampleFinancialFiling = {
  f: Filing
  c: Cover
  quarter: string
  sub: SubExtra
  version: string
  statements: ReturnType<typeof statements>
  facts: { row: NumRow; custom: boolean }[]
  /** false: the data sets lack the filing's `pre` rows (sample-revenue-part.ts); its `num` rows are there. */
  presented: boolean
}

/**
 * The FSDS filings of one entity, in acceptance order, as the sample writes them: the companyfacts sample
 * reads the same facts (same accession numbers, tags, periods and values), so series and statements agree.
 */
export function* sampleFinancialFilings(world: SampleWorld, e: SampleEntity): Generator<SampleFinancialFiling> {
  if (e.profile?.entityType !== 'operating') return
  const eligible = e.own.filter(
    (f) =>
      FORMS.has(f.form) &&
      f.day >= Math.max(FIRST_DAY, world.periodsFrom) &&
      f.day <= world.asOf &&
      /^\d{4}-\d{2}-\d{2}$/.test(f.reportDate) &&
      (!e.generated || f.isXBRL === 1),
  )
  if (!eligible.length) return
  const fye = e.profile.fiscalYearEnd ?? '1231'
  const fiscal: Fiscal = { fyeMonth: +fye.slice(0, 2) || 12, weeks: FIFTY_TWO_WEEK.has(e.cik) }
  const model = new CompanyModel(world.seed, e.cik)
  const uom = CURRENCY[e.cik] ?? 'USD'
  const amended = new Set(
    eligible.filter((f) => f.form.endsWith('/A')).map((f) => `${f.form.slice(0, 4)} ${f.reportDate}`),
  )
  let withPart = 0
  const restatements: Restatement[] = []
  for (const f of eligible.sort((a, b) => a.acceptedAt - b.acceptedAt)) {
    const annual = f.form.startsWith('10-K') || f.form === '20-F'
    const g = fiscalQuarterOf(fiscal, f.reportDate)
    if (g === null || annual !== (g % 4 === 3)) continue
    const quarter = dataSetQuarterOf(f.day)
    const restating = annual ? restatementBy(e.cik, g, f.form) : undefined
    if (restating) restatements.push(restating)
    const c: Cover = { g, annual, fiscal, model, uom, restatements: [...restatements] }
    const end = quarterEnd(fiscal, g)
    const period = f.reportDate.replaceAll('-', '')
    const prevrpt = !f.form.endsWith('/A') && amended.has(`${f.form.slice(0, 4)} ${f.reportDate}`) ? 1 : 0
    const sub = { period, fy: Math.floor(g / 4), fp: annual ? 'FY' : `Q${(g % 4) + 1}`, prevrpt, end }
    const filedYear = +isoDay(f.day).slice(0, 4)
    const version = `us-gaap/${Math.max(2009, filedYear)}`
    const all = statements(c, e, filedYear)
    const facts = new Map<string, { row: NumRow; custom: boolean }>()
    for (const s of all) {
      const customOf = new Set(s.lines.filter((l) => l.custom).map((l) => l.tag))
      for (const r of s.rows) {
        // A fact is one num row however many statements present it (net income: IS, CF, CI); a footnote sticks.
        const key = `${r[0]}|${r[1]}|${r[2]}|${r[3]}|${r[4]}|${r[5]}`
        const seen = facts.get(key)
        if (!seen || (!seen.row[7] && r[7])) facts.set(key, { row: r, custom: customOf.has(r[0]) })
      }
    }
    const presented = !all.some((s) => s.lines === REVENUE_PART) || !withoutPresentation(withPart++)
    yield { f, c, quarter, sub, version, statements: all, facts: [...facts.values()], presented }
  }
}

/** A num row's period start as a day number (the day after the end of the quarter `qtrs` before its last), or null for an instant. */
export function factStart(c: Cover, ddate: number, qtrs: number): number | null {
  if (qtrs === 0) return null
  const end = dayOf(`${String(ddate).slice(0, 4)}-${String(ddate).slice(4, 6)}-${String(ddate).slice(6, 8)}`)
  for (let g = c.g; g > c.g - 24; g--) if (quarterEnd(c.fiscal, g) === end) return quarterEnd(c.fiscal, g - qtrs) + 1
  throw new Error(`no fiscal quarter ends on ${ddate}`)
}

export function financialStatementsSample(world: SampleWorld): SampleWriter {
  const files = new QuarterFiles(join(world.out, FSDS_DIR), !world.unzipped)
  let filings = 0
  return {
    entity(e) {
      if (absentFrom('financial-statements', e.cik)) return
      for (const { f, quarter, sub, version, statements: all, facts, presented } of sampleFinancialFilings(world, e)) {
        writeSub(files, quarter, e, f, sub)
        const rfile = f.isInlineXBRL ? 'H' : 'X'
        const customTags = new Set<string>()
        for (const s of all) {
          s.lines.forEach((l, i) => {
            const v = l.custom ? f.accessionNumber : version
            if (l.custom) customTags.add(l.tag)
            else files.useStandardTag(quarter, `${l.tag}\t${version}`)
            if (presented)
              files.row(quarter, 'pre', [
                f.accessionNumber,
                s.report,
                i + 1,
                s.stmt,
                s.inpth,
                rfile,
                l.tag,
                v,
                l.label,
                l.negating ?? 0,
              ])
          })
        }
        for (const { row, custom } of facts) {
          const [tag, ddate, qtrs, u, segments, coreg, value, footnote] = row
          const v = custom ? f.accessionNumber : version
          files.row(quarter, 'num', [
            f.accessionNumber,
            tag,
            v,
            ddate,
            qtrs,
            u,
            segments,
            coreg,
            value.toFixed(4),
            footnote,
          ])
        }
        for (const tag of customTags)
          files.row(quarter, 'tag', [
            tag,
            f.accessionNumber,
            1,
            0,
            'monetary',
            'D',
            'D',
            'Restructuring and Other Operating Charges',
            `Charges for restructuring and "other" operating items, as ${e.name} defines them.`,
          ])
        filings++
      }
    },
    async finish() {
      const r = await files.close((key) => {
        const [tag, version] = key.split('\t') as [string, string]
        const [datatype, iord, crdr, label] = TAG_META[tag] ?? ['monetary', 'D', 'C', tag]
        return [tag, version, 0, 0, datatype, iord, crdr, label, `The amount of ${label.toLowerCase()}.`]
      })
      return { ...r, rows: filings }
    },
  }
}

type SubExtra = { period: string; fy: number; fp: string; prevrpt: number; end: number }

function writeSub(files: QuarterFiles, quarter: string, e: SampleEntity, f: Filing, x: SubExtra) {
  const p = e.profile!
  const b = p.addresses.business
  const m = p.addresses.mailing
  const former = p.formerNames[0]
  const us = /^[A-Z]{2}$/.test(p.stateOfIncorporation) && !b.isForeignLocation
  const fye = isoDay(x.end).slice(5).replace('-', '')
  files.row(quarter, 'sub', [
    f.accessionNumber,
    e.cik,
    e.name.toUpperCase(),
    p.sic || null,
    b.countryCode ?? (b.stateOrCountry && b.stateOrCountry.length === 2 ? 'US' : null),
    b.isForeignLocation ? null : b.stateOrCountry,
    b.city?.toUpperCase(),
    b.zipCode,
    b.street1?.toUpperCase(),
    b.street2?.toUpperCase(),
    p.phone,
    m.countryCode ?? (m.stateOrCountry && m.stateOrCountry.length === 2 ? 'US' : null),
    m.isForeignLocation ? null : m.stateOrCountry,
    m.city?.toUpperCase(),
    m.zipCode,
    m.street1?.toUpperCase(),
    m.street2?.toUpperCase(),
    us ? 'US' : (b.countryCode ?? null),
    us ? p.stateOfIncorporation : null,
    p.ein,
    former ? former.name.toUpperCase() : null,
    former ? former.to.slice(0, 10).replaceAll('-', '') : null,
    AFS[p.category] ?? '4-NON',
    p.category === 'Large accelerated filer' ? 1 : 0,
    x.fp === 'FY' ? fye : p.fiscalYearEnd,
    f.form,
    x.period,
    x.fy,
    x.fp,
    isoDay(f.day).replaceAll('-', ''),
    easternAccepted(f),
    x.prevrpt,
    f.form.startsWith('10-K') ? 1 : 0,
    `${e.prefix || 'fil'}-${x.period}${f.isInlineXBRL ? '_htm' : ''}.xml`,
    1,
    null,
  ])
}
