/**
 * The per-filing columns of a submissions record that follow from the form and the era: report date,
 * act and file number, film number, items, size, XBRL flags and core type.
 */
import { businessDayAt, businessRange, dayOfYmd, isoDay, monthOf, yearOf } from './dates.ts'
import { ITEMS_8K, ITEMS_8K_OLD, ITEMS_8K_RENUMBERED, ITEMS_D } from './forms.ts'
import { hash2, type Rng } from './random.ts'
import { KIND, type Traits } from './traits.ts'

const monthEnd = (year: number, month: number) => dayOfYmd(year, month + 1, 1) - 1
const lastMonthEnd = (day: number) => monthEnd(yearOf(day), monthOf(day) - 1)
const lastQuarterEnd = (day: number) => monthEnd(yearOf(day), Math.floor((monthOf(day) - 1) / 3) * 3)
function lastFiscalYearEnd(t: Traits, day: number): number {
  const y = yearOf(day)
  const fye = monthEnd(y, t.fyeMonth)
  return fye < day ? fye : monthEnd(y - 1, t.fyeMonth)
}
function businessDaysBefore(day: number, n: number): number {
  const [lo] = businessRange(day, day)
  return businessDayAt(Math.max(0, lo - n))
}

/** reportDate: the period, event or transaction date a form reports on; '' for forms without one. */
export function reportDay(form: string, t: Traits, day: number, rng: Rng): number {
  switch (form.replace('/A', '')) {
    case '8-K':
    case '8-K12B':
      return businessDaysBefore(day, rng.chance(0.5) ? 0 : rng.range(1, 4))
    case '4':
      return businessDaysBefore(day, rng.range(0, 2))
    case '3':
      return day - rng.range(0, 9)
    case '5':
      return monthEnd(yearOf(day) - 1, 12)
    case 'DEF 14A':
    case 'PRE 14A':
      return day + rng.range(28, 55) // the meeting date, after the filing
    case '10-K':
    case '20-F':
    case 'ARS':
    case 'NT 10-K':
    case 'N-CEN':
    case '24F-2NT':
    case '1-K':
      return lastFiscalYearEnd(t, day - 30)
    case '10-Q':
    case 'NT 10-Q':
    case '13F-HR':
    case '13F-NT':
      return lastQuarterEnd(day - 10)
    case '11-K':
      return monthEnd(yearOf(day) - 1, 12)
    case 'N-PX':
      return monthEnd(monthOf(day) >= 8 ? yearOf(day) : yearOf(day) - 1, 6)
    case '6-K':
    case 'ABS-EE':
    case '10-D':
      return lastMonthEnd(day)
    default:
      return -1
  }
}

const ACT_34 = new Set([
  '10-K',
  '10-Q',
  '8-K',
  '20-F',
  '6-K',
  'DEF 14A',
  'PRE 14A',
  'DEFA14A',
  '11-K',
  'NT 10-K',
  'NT 10-Q',
  '25-NSE',
  '8-A12B',
  '15-12G',
  'ARS',
  '10-D',
  '10-12G',
  '8-K12B',
  'N-PX',
])
const ACT_33 = new Set([
  'S-1',
  'S-3',
  'S-8',
  'S-4',
  'F-1',
  'F-3',
  'F-4',
  'F-6',
  'S-3ASR',
  '424B2',
  '424B3',
  '424B4',
  '424B5',
  '424B7',
  'FWP',
  'ABS-EE',
  'DRS',
  '485BPOS',
  '485APOS',
  '497',
  '497K',
  '497J',
])
const ACT_40 = new Set(['N-CSR', 'N-CSRS', 'NPORT-P', 'N-CEN', '24F-2NT', '40-17G', 'N-23C3A'])

/** A number derived from the entity, so all its filings under one registration share the file number. */
const entityNumber = (cik: number, salt: number, digits: number) =>
  String(hash2(cik, salt) % 10 ** digits).padStart(digits, '0')
export const exchangeActFileNumber = (cik: number, listed: boolean) =>
  `${listed ? '001' : '000'}-${entityNumber(cik, 34, 5)}`

/** A Securities Act registration number of the era: '333-' numbers grew from 1 (1996) to about 292,000 (2025). */
function registrationNumber(day: number, rng: Rng): string {
  const n = Math.max(
    1000,
    Math.round(((day - dayOfYmd(1996, 6, 1)) / (dayOfYmd(2026, 1, 1) - dayOfYmd(1996, 6, 1))) * 292_000) +
      rng.range(-300, 300),
  )
  return `333-${String(n).padStart(6, '0')}`
}

/** [act, fileNumber] for a filing as listed under its filer. */
export function actAndFileNumber(
  form: string,
  t: Traits,
  day: number,
  rng: Rng,
  issuer: { cik: number; listed: boolean } | null,
): [string, string] {
  const base = form.endsWith('/A') ? form.slice(0, -2) : form
  const own34 = () => exchangeActFileNumber(t.cik, t.listed)
  if (base === '3' || base === '4' || base === '5')
    return issuer ? ['34', exchangeActFileNumber(issuer.cik, issuer.listed)] : ['', '']
  if (form === 'UPLOAD') return ['', t.reporting ? own34() : '']
  if (form === 'CORRESP' || form === 'RW' || form === '13H' || form === '425') return ['', '']
  if (base.startsWith('SC 13') || base.startsWith('SCHEDULE 13') || base === 'SC TO-I') {
    // A schedule lists under the subject company with its 005- number; under the holder it has none.
    return t.kind === KIND.individual || t.kind === KIND.manager || t.kind === KIND.privateFund
      ? ['', '']
      : ['34', `005-${entityNumber(t.cik, 5, 5)}`]
  }
  if (base.startsWith('13F')) return ['34', `028-${entityNumber(t.cik, 28, 5)}`]
  if (base === 'D' || base === 'REGDEX') return ['33', `021-${entityNumber(t.cik, 21, 6)}`]
  if (base.startsWith('1-')) return ['33', `024-${entityNumber(t.cik, 24, 5)}`]
  if (base.startsWith('C')) return ['33', `020-${entityNumber(t.cik, 20, 5)}`]
  if (base === 'ABS-15G') return ['DF', `025-${entityNumber(t.cik, 25, 5)}`]
  if (base === '144') return ['33', own34()]
  if (ACT_40.has(base)) return ['40', `811-${entityNumber(t.cik, 811, 5)}`]
  if (ACT_34.has(base)) return ['34', own34()]
  if (ACT_33.has(base) || base.endsWith('/A')) return ['33', registrationNumber(day, rng)]
  return ['', '']
}

/** Film numbers: two-digit year then a running number; only filings with a file number get one. */
export function filmNumber(day: number, rng: Rng): string {
  const yy = String(yearOf(day) % 100).padStart(2, '0')
  return yy + (yearOf(day) >= 2010 && rng.chance(0.6) ? String(rng.range(1_000_000, 1_699_999)) : rng.digits(6))
}

export function itemsFor(form: string, day: number, rng: Rng): string {
  if (form === '8-K' || form === '8-K/A')
    return day < ITEMS_8K_RENUMBERED ? (day < dayOfYmd(2001, 1, 1) ? '' : ITEMS_8K_OLD.pick(rng)) : ITEMS_8K.pick(rng)
  if (form === 'D' || form === 'D/A') return ITEMS_D.pick(rng)
  return ''
}

/** Median size in bytes around 2015 and spread; periodic reports grew a lot with XBRL and exhibits. */
const SIZES: Record<string, readonly [number, number]> = {
  '4': [6500, 0.35],
  '3': [8000, 0.4],
  '5': [9000, 0.5],
  '144': [5500, 0.4],
  '8-K': [110_000, 0.8],
  '10-K': [6_000_000, 0.9],
  '10-Q': [3_000_000, 0.8],
  '20-F': [7_000_000, 0.8],
  '6-K': [150_000, 1.3],
  'SC 13G': [14_000, 0.8],
  'SC 13G/A': [12_000, 0.7],
  'SC 13D': [60_000, 1],
  'SC 13D/A': [35_000, 1],
  '424B2': [250_000, 1.0],
  FWP: [40_000, 1.2],
  D: [6200, 0.3],
  'D/A': [6500, 0.3],
  'DEF 14A': [1_200_000, 0.8],
  'S-1': [2_500_000, 0.9],
  'S-1/A': [2_800_000, 0.9],
  CORRESP: [60_000, 1],
  UPLOAD: [45_000, 0.5],
  '13F-HR': [30_000, 1.4],
  '13F-HR/A': [20_000, 1.4],
  '497': [300_000, 1.2],
  '497K': [60_000, 0.6],
  '485BPOS': [2_000_000, 1],
  'N-CSR': [1_500_000, 1],
  'N-CSRS': [1_000_000, 1],
  'NPORT-P': [250_000, 1.4],
  '10-D': [150_000, 1],
  'ABS-EE': [4_000_000, 1.3],
}
export function sizeFor(form: string, day: number, rng: Rng): number {
  const [median, sigma] = SIZES[form] ?? SIZES[form.replace('/A', '')] ?? [80_000, 1.1]
  const growth =
    form.startsWith('10-') || form.startsWith('8-K') || form === '20-F'
      ? 1.09 ** ((day - dayOfYmd(2015, 1, 1)) / 365.25)
      : 1
  return Math.max(900, Math.round(rng.lognormal(median * growth, sigma)))
}

const PERIODIC_XBRL = new Set(['10-K', '10-Q', '10-K/A', '10-Q/A', '20-F', '20-F/A', '10-KT'])
const CORE_XBRL = new Set([
  '10-K',
  '10-Q',
  '10-K/A',
  '10-Q/A',
  '8-K',
  '8-K/A',
  '20-F',
  '20-F/A',
  '6-K',
  '8-K12B',
  '10-KT',
])

/** [isXBRL, isInlineXBRL] by form, era and filer size (large accelerated filers went first). */
export function xbrlFlags(form: string, t: Traits, day: number, rng: Rng): [number, number] {
  const xbrlFrom = dayOfYmd(t.large ? 2009 : 2011, 6, 15)
  const inlineFrom = dayOfYmd(t.large ? 2019 : t.listed ? 2020 : 2021, 6, 15)
  const operating = t.kind === KIND.operating && t.reporting
  if (PERIODIC_XBRL.has(form)) {
    if (!operating) return [0, 0]
    if (form.startsWith('20-F'))
      return day >= dayOfYmd(2021, 12, 15) ? [1, 1] : day >= dayOfYmd(2011, 12, 15) ? [1, 0] : [0, 0]
    return day >= inlineFrom ? [1, 1] : day >= xbrlFrom ? [1, 0] : [0, 0]
  }
  if (form === '8-K' || form === '8-K/A') return operating && day >= inlineFrom ? [1, 1] : [0, 0]
  if (form === '6-K') return day >= dayOfYmd(2022, 1, 1) && rng.chance(0.15) ? [1, 1] : [0, 0]
  if (form === 'DEF 14A') return operating && day >= dayOfYmd(2023, 1, 1) && rng.chance(0.7) ? [1, 1] : [0, 0]
  if (form === '424B2') return day >= dayOfYmd(2025, 1, 1) && rng.chance(0.5) ? [1, 1] : [0, 0]
  if (form.startsWith('S-') || form.startsWith('F-'))
    return day >= dayOfYmd(2023, 1, 1) && rng.chance(0.4) ? [1, 1] : [0, 0]
  if (form === 'N-CSR' || form === 'N-CSRS') return day >= dayOfYmd(2024, 7, 24) ? [1, 1] : [0, 0]
  if (form === '485BPOS')
    return day >= dayOfYmd(2022, 1, 1)
      ? rng.chance(0.5)
        ? [1, 1]
        : [0, 0]
      : day >= dayOfYmd(2011, 1, 1) && rng.chance(0.3)
        ? [1, 0]
        : [0, 0]
  return [0, 0]
}

export function coreType(form: string, inline: number): string {
  if (form === 'UPLOAD') return 'LETTER'
  return inline && CORE_XBRL.has(form) ? 'XBRL' : form
}

export const isoOrEmpty = (day: number) => (day < 0 ? '' : isoDay(day))
