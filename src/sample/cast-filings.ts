/**
 * The cast's filings: fixed accession numbers, dates, forms, report dates and items, independent of the
 * seed and the scale. The remaining columns (sizes, document names, film numbers) come from the same
 * rules as generated filings, with randomness seeded by the accession number, so they are fixed too.
 */
import { type DocStyle, documentDescription, documentName } from './agents.ts'
import { CAST, CAST_AGENTS, type CastKey } from './cast.ts'
import {
  acceptanceIso,
  businessDayAt,
  businessRange,
  dayOf,
  dayOfYmd,
  easternOffsetHours,
  isoDay,
  previousBusinessDay,
} from './dates.ts'
import { actAndFileNumber, coreType, filmNumber, reportDay, sizeFor, xbrlFlags } from './fields.ts'
import { accessionOf, asIssuerListing, type Filing } from './filings.ts'
import { hashText, Rng } from './random.ts'
import { baseTraits, KIND, type Kind, type Traits } from './traits.ts'

type Extra = { report?: string; items?: string; time?: string; evening?: boolean }
type Spec = readonly [accession: string, date: string, form: string, extra?: Extra]

function traits(key: CastKey, kind: Kind, flags: Partial<Traits> = {}): Traits {
  const t = baseTraits(0, CAST[key].cik, kind, dayOfYmd(2026, 12, 31))
  return {
    ...t,
    foreign: false,
    reporting: true,
    listed: false,
    abs: false,
    notes: false,
    large: false,
    fyeMonth: 12,
    fyeDay: 31,
    ...flags,
  }
}
const TRAITS: Record<CastKey, Traits> = {
  largeIssuer: traits('largeIssuer', KIND.operating, { listed: true, large: true }),
  manyFilings: traits('manyFilings', KIND.operating, { listed: true, large: true, notes: true }),
  tickerFromExchangeFile: traits('tickerFromExchangeFile', KIND.operating),
  foreignIssuer: traits('foreignIssuer', KIND.operating, { foreign: true, listed: true }),
  insiderA: traits('insiderA', KIND.individual, { reporting: false }),
  insiderB: traits('insiderB', KIND.individual, { reporting: false }),
  manager: traits('manager', KIND.manager),
  delisted: traits('delisted', KIND.operating),
  emptyReportDates: traits('emptyReportDates', KIND.operating, { listed: true, fyeMonth: 5 }),
  longName: traits('longName', KIND.otherCompany),
  indexOnly: traits('indexOnly', KIND.privateFund, { reporting: false }),
  zeroEinFund: traits('zeroEinFund', KIND.privateFund, { reporting: false }),
  factsOnly: traits('factsOnly', KIND.operating, { listed: true, large: true, fyeMonth: 1 }),
  fsdsOnly: traits('fsdsOnly', KIND.operating),
}
export const CAST_DOC_PREFIX: Record<CastKey, string> = {
  largeIssuer: 'qfd',
  manyFilings: 'cbrf',
  tickerFromExchangeFile: 'tdwr',
  foreignIssuer: 'obw',
  insiderA: '',
  insiderB: '',
  manager: 'hcm',
  delisted: 'bmbl',
  emptyReportDates: 'cpgm',
  longName: 'sao',
  indexOnly: 'wop',
  zeroEinFund: 'apcf',
  factsOnly: 'lkmr',
  fsdsOnly: 'fro',
}
const largeIssuerFiling = { cik: CAST.largeIssuer.cik, listed: true }

function make(key: CastKey, [accession, date, form, extra = {}]: Spec): Filing {
  const t = TRAITS[key]
  const day = dayOf(date)
  const rng = new Rng(hashText(accession))
  const [h, m, s] = (extra.time ?? `16:${rng.range(10, 59)}:${rng.range(10, 59)}`).split(':').map(Number) as [
    number,
    number,
    number,
  ]
  const acceptDay = extra.evening ? previousBusinessDay(day) : day
  const seconds = h * 3600 + m * 60 + s
  const prefix = Number(accession.slice(0, 10))
  const style: DocStyle = prefix === t.cik ? 'self' : prefix === CAST_AGENTS.workiva ? 'wk' : 'd'
  const report =
    extra.report ??
    (() => {
      const r = reportDay(form, t, day, rng)
      return r < 0 ? '' : isoDay(r)
    })()
  const issuer = t.kind === KIND.individual ? largeIssuerFiling : null
  const [act, fileNumber] = actAndFileNumber(form, t, day, rng, issuer)
  const [xbrl, inline] = xbrlFlags(form, t, day, rng)
  const epoch = acceptDay * 86400 + seconds + easternOffsetHours(acceptDay, seconds) * 3600
  const doc = documentName(style, form, day, epoch, CAST_DOC_PREFIX[key], report, rng)
  return {
    accessionNumber: accession,
    day,
    acceptedAt: epoch,
    acceptanceDateTime: acceptanceIso(acceptDay, seconds),
    reportDate: report,
    act,
    form,
    fileNumber,
    filmNumber: fileNumber ? filmNumber(day, rng) : '',
    items: extra.items ?? '',
    coreType: coreType(form, inline),
    size: sizeFor(form, day, rng),
    isXBRL: xbrl,
    isInlineXBRL: inline,
    primaryDocument: doc,
    primaryDocDescription: documentDescription(style, form, doc, rng),
    mirrored: false,
  }
}

const INSIDER_A: Spec[] = [
  ['0001999001-24-000118', '2024-03-04', '3', { report: '2024-02-29' }],
  ['0001999001-25-000142', '2025-03-05', '4', { report: '2025-03-03' }],
  ['0001999001-26-000877', '2026-08-12', '4', { report: '2026-08-10', time: '18:42:07' }],
  ['0001999001-26-001204', '2026-11-19', '4', { report: '2026-11-17' }],
]
const INSIDER_B: Spec[] = [
  ['0001999001-19-000301', '2019-05-14', '4', { report: '2019-05-10' }],
  ['0001999001-20-000095', '2020-02-13', '5', { report: '2019-12-31' }],
  ['0001999001-26-000958', '2026-09-03', '4', { report: '2026-09-01' }],
  ['0001999001-26-001011', '2026-10-06', '4/A', { report: '2026-09-01' }],
]

const OWN: Record<CastKey, Spec[]> = {
  largeIssuer: [
    ['0000804753-10-000004', '2010-02-25', '10-K', { report: '2009-12-31' }],
    ['0000000000-23-950001', '2023-06-20', 'UPLOAD'],
    ['0000804753-23-000027', '2023-07-05', 'CORRESP'],
    ['0000804753-25-000008', '2025-02-20', '10-K', { report: '2024-12-31' }],
    ['0000804753-25-000021', '2025-05-01', '10-Q', { report: '2025-03-31' }],
    ['0000804753-25-000034', '2025-07-31', '10-Q', { report: '2025-06-30' }],
    ['0000804753-25-000047', '2025-10-30', '10-Q', { report: '2025-09-30' }],
    ['0001999002-26-000150', '2026-02-12', 'SCHEDULE 13G/A', { report: '' }],
    ['0000804753-26-000006', '2026-02-19', '10-K', { report: '2025-12-31', time: '16:21:45' }],
    ['0001999002-26-000311', '2026-03-27', 'DEF 14A', { report: '2026-05-07' }],
    ['0000804753-26-000019', '2026-04-30', '10-Q', { report: '2026-03-31' }],
    ['0000804753-26-000030', '2026-07-30', '8-K', { report: '2026-07-30', items: '2.02,9.01', time: '16:05:09' }],
    ['0000804753-26-000031', '2026-07-30', '10-Q', { report: '2026-06-30', time: '16:11:52' }],
    ['0000804753-26-000038', '2026-09-14', '8-K', { report: '2026-09-10', items: '5.02,9.01' }],
    ['0000804753-26-000043', '2026-10-29', '8-K', { report: '2026-10-29', items: '2.02,9.01', time: '16:03:30' }],
    ['0000804753-26-000044', '2026-10-29', '10-Q', { report: '2026-09-30', time: '16:09:14' }],
    ['0000804753-26-000049', '2026-11-18', '8-K', { report: '2026-11-17', items: '8.01,9.01', time: '07:31:02' }],
    ['0000804753-26-000051', '2026-11-23', '8-K', { report: '2026-11-23', items: '7.01,9.01', time: '06:45:18' }],
  ],
  manyFilings: [],
  tickerFromExchangeFile: [
    ['0001604721-26-000004', '2026-03-30', '10-K', { report: '2025-12-31' }],
    ['0001604721-26-000009', '2026-05-15', '10-Q', { report: '2026-03-31' }],
    ['0001604721-26-000014', '2026-08-14', '10-Q', { report: '2026-06-30' }],
    ['0001604721-26-000017', '2026-09-21', '8-K', { report: '2026-09-18', items: '5.02' }],
    ['0001604721-26-000021', '2026-11-16', '10-Q', { report: '2026-09-30' }],
  ],
  foreignIssuer: [
    ['0001999002-25-000233', '2025-04-29', '20-F', { report: '2024-12-31' }],
    ['0001999002-25-000781', '2025-09-10', 'F-3'],
    ['0001999002-26-000268', '2026-04-28', '20-F', { report: '2025-12-31' }],
    ['0001999002-26-000512', '2026-07-09', '6-K', { report: '2026-06-30' }],
    ['0001999002-26-000664', '2026-08-06', '6-K', { report: '2026-07-31' }],
    ['0001999002-26-000890', '2026-10-08', '6-K', { report: '2026-09-30' }],
    ['0001999002-26-001150', '2026-11-17', '6-K', { report: '2026-10-31', time: '06:12:40' }],
  ],
  insiderA: [...INSIDER_A, ['0001999001-26-000861', '2026-08-11', '144']],
  insiderB: [...INSIDER_B, ['0001999002-26-000402', '2026-02-13', 'SCHEDULE 13G']],
  manager: [
    ['0001699243-25-000001', '2025-02-13', '13F-HR', { report: '2024-12-31' }],
    ['0001699243-25-000002', '2025-05-14', '13F-HR', { report: '2025-03-31' }],
    ['0001699243-25-000003', '2025-08-13', '13F-HR', { report: '2025-06-30' }],
    ['0001699243-25-000004', '2025-11-13', '13F-HR', { report: '2025-09-30' }],
    ['0001699243-26-000001', '2026-02-12', '13F-HR', { report: '2025-12-31' }],
    ['0001699243-26-000002', '2026-05-14', '13F-HR', { report: '2026-03-31' }],
    ['0001699243-26-000003', '2026-08-13', '13F-HR', { report: '2026-06-30' }],
    ['0001699243-26-000004', '2026-10-09', 'SCHEDULE 13G', { report: '' }],
    ['0001699243-26-000005', '2026-11-13', '13F-HR', { report: '2026-09-30' }],
    ['0001699243-26-000006', '2026-11-17', '13F-HR/A', { report: '2026-09-30', evening: true, time: '19:02:11' }],
  ],
  delisted: [
    ['0001999002-19-000412', '2019-07-15', 'S-1'],
    ['0001999002-19-000655', '2019-10-03', '424B4'],
    ...[2020, 2021, 2022, 2023, 2024, 2025].map(
      (y, i): Spec => [
        accessionOf(1771003, y, 8),
        ['2020-03-26', '2021-03-25', '2022-03-24', '2023-03-23', '2024-03-28', '2025-03-27'][i]!,
        '10-K',
        { report: `${y - 1}-12-31` },
      ],
    ),
    ['0001771003-25-000011', '2025-04-10', '8-K', { report: '2025-04-08', items: '3.01,9.01' }],
    ['0001999002-25-000402', '2025-05-02', '25-NSE'],
    ['0001771003-25-000014', '2025-05-12', '15-12B'],
  ],
  emptyReportDates: [
    ['0000719204-26-000018', '2026-06-12', '8-K', { report: '2026-06-10', items: '5.07' }],
    ['0000719204-26-000022', '2026-07-28', '10-K', { report: '2026-05-31' }],
    ['0000719204-26-000026', '2026-08-05', '8-K', { report: '2026-08-05', items: '2.02,9.01' }],
    ['0001999002-26-000701', '2026-09-02', 'S-8', { report: '' }],
    ['0000000000-26-950002', '2026-09-08', 'UPLOAD', { report: '' }],
    ['0000719204-26-000031', '2026-09-22', 'CORRESP', { report: '' }],
    ['0000719204-26-000034', '2026-10-02', '8-K', { report: '2026-09-30', items: '1.01,2.03,9.01' }],
    ['0000719204-26-000036', '2026-10-08', '10-Q', { report: '2026-08-31' }],
    ['0001999002-26-000955', '2026-10-14', 'SCHEDULE 13G/A', { report: '' }],
    ['0001999002-26-001177', '2026-11-20', '424B3', { report: '', time: '08:02:55' }],
  ],
  longName: [
    ['0001039871-26-000003', '2026-03-27', '10-K', { report: '2025-12-31' }],
    ['0001039871-26-000007', '2026-08-13', '10-Q', { report: '2026-06-30' }],
    ['0001039871-26-000009', '2026-11-12', '10-Q', { report: '2026-09-30' }],
    ['0001039871-26-000010', '2026-11-18', '8-K', { report: '2026-11-16', items: '8.01' }],
  ],
  indexOnly: [
    ['0002091877-26-000001', '2026-09-15', 'D', { items: '06b,3C,3C.7' }],
    ['0002091877-26-000002', '2026-11-19', 'D/A', { items: '06b,3C,3C.7' }],
  ],
  // Fiscal years ending on January 31, as Snowflake's do; both filers' filings before the index files' quarters.
  factsOnly: [
    ['0002114530-26-000004', '2026-03-25', '10-K', { report: '2026-01-31' }],
    ['0002114530-26-000011', '2026-06-05', '10-Q', { report: '2026-04-30' }],
  ],
  fsdsOnly: [
    ['0002118266-26-000003', '2026-03-12', '10-K', { report: '2025-12-31' }],
    ['0002118266-26-000008', '2026-05-14', '10-Q', { report: '2026-03-31' }],
  ],
  zeroEinFund: ['2022-08-01', '2023-07-28', '2024-07-30', '2025-07-29', '2026-07-28'].map(
    (date, i): Spec => [accessionOf(1932415, 2022 + i, 1), date, i ? 'D/A' : 'D', { items: '06b,3C,3C.7' }],
  ),
}

/** manyFilings: 3,400 filings 2013-2026, a structured-notes bank: 424B2 and FWP through a printer, its own periodic reports. */
function manyFilings(): Spec[] {
  const rng = new Rng(0xcab0)
  const out: Spec[] = []
  for (let year = 2013; year <= 2026; year++) {
    const periodic: Spec[] = [
      [accessionOf(893710, year, 3), `${year}-02-24`, '10-K', { report: `${year - 1}-12-31` }],
      [accessionOf(893710, year, 9), `${year}-05-05`, '10-Q', { report: `${year}-03-31` }],
      [accessionOf(893710, year, 15), `${year}-08-04`, '10-Q', { report: `${year}-06-30` }],
      [accessionOf(893710, year, 21), `${year}-11-03`, '10-Q', { report: `${year}-09-30` }],
    ]
    for (const p of periodic) out.push([p[0], isoDay(weekdayOnOrAfter(p[1])), p[2], p[3]])
    const [lo, hi] = businessRange(
      dayOfYmd(year, 1, 2),
      year === 2026 ? dayOfYmd(2026, 11, 20) : dayOfYmd(year, 12, 31),
    )
    const count = year <= 2024 ? 239 : 238
    const days = Array.from({ length: count }, () => businessDayAt(lo + rng.int(hi - lo))).sort((a, b) => a - b)
    for (const [k, day] of days.entries())
      out.push([
        accessionOf(CAST_AGENTS.printer, year, 400_001 + k),
        isoDay(day),
        rng.chance(0.8) ? '424B2' : 'FWP',
        { report: '' },
      ])
  }
  return out
}
const weekdayOnOrAfter = (iso: string) => {
  const [lo] = businessRange(dayOf(iso), dayOf(iso))
  return businessDayAt(lo)
}

export type CastEntity = { key: CastKey; cik: number; name: string; own: Filing[]; listed: Filing[] }

/** Every cast entity with its own filings and the filings listed under it by others (its insiders' Forms 3/4/5). */
export function castEntities(): CastEntity[] {
  return (Object.keys(CAST) as CastKey[]).map((key) => {
    const specs = key === 'manyFilings' ? manyFilings() : OWN[key]
    const own = specs.map((s) => make(key, s))
    const listed =
      key === 'largeIssuer'
        ? [
            ...INSIDER_A.map((s) => asIssuerListing(make('insiderA', s), CAST.insiderA.cik)),
            ...INSIDER_B.map((s) => asIssuerListing(make('insiderB', s), CAST.insiderB.cik)),
          ]
        : []
    return { key, cik: CAST[key].cik, name: CAST[key].name, own, listed }
  })
}
