/**
 * Which forms an entity files outside its periodic schedule, with weights shaped like EDGAR's volume, and
 * the era rules that rename or forbid forms (Form 4 went electronic in mid-2003; 'SC 13G' became
 * 'SCHEDULE 13G' in December 2024; Form C exists since 2016).
 */
import { dayOfYmd } from './dates.ts'
import { Weighted } from './random.ts'
import { KIND, type Traits } from './traits.ts'

type Mix = Weighted<string>
const mix = (entries: Record<string, number>): Mix => new Weighted(Object.entries(entries))

const INDIVIDUAL = mix({
  '4': 80,
  '4/A': 2.5,
  '3/A': 0.5,
  '5': 1.5,
  '5/A': 0.2,
  '144': 6,
  'SC 13G': 1.5,
  'SC 13G/A': 2,
  'SC 13D': 0.7,
  'SC 13D/A': 1.5,
})
const REPORTING = mix({
  '8-K': 36,
  '8-K/A': 2,
  'SC 13G/A': 10,
  'SC 13G': 4,
  'SC 13D/A': 1.5,
  'S-8': 1,
  'S-3': 1,
  'S-3/A': 0.5,
  '424B5': 2,
  '424B3': 1.5,
  FWP: 1.5,
  CORRESP: 2.5,
  '10-K/A': 0.8,
  '10-Q/A': 0.5,
  DEFA14A: 1.5,
  'PRE 14A': 0.5,
  'S-1': 0.4,
  'S-1/A': 0.6,
  '425': 0.6,
  '11-K': 0.6,
  'NT 10-K': 0.4,
  'NT 10-Q': 0.4,
  ARS: 0.5,
  '8-A12B': 0.2,
  'SC TO-I': 0.1,
  '25-NSE': 0.1,
  'S-4': 0.2,
  'DEF 14A': 0.3,
})
const NOTES = mix({
  '424B2': 72,
  FWP: 20,
  '8-K': 3,
  '424B3': 2,
  'SC 13G/A': 1,
  CORRESP: 0.5,
  'S-3ASR': 0.1,
  '424B7': 1,
})
const PRIVATE_COMPANY = mix({
  D: 40,
  'D/A': 20,
  'S-1': 3,
  'S-1/A': 5,
  CORRESP: 4,
  RW: 1,
  '1-A': 3,
  '1-A/A': 3,
  '1-K': 2,
  C: 6,
  'C-U': 2,
  'C-AR': 3,
  '8-K': 4,
  '10-12G': 1,
  'SC 13G': 1,
  DRS: 1,
})
const FOREIGN_REPORTING = mix({
  '6-K': 75,
  'SC 13G/A': 6,
  'SC 13G': 2,
  'F-3': 1,
  'F-1': 0.5,
  'F-1/A': 0.5,
  '424B5': 1.5,
  CORRESP: 2,
  FWP: 1,
  '20-F/A': 0.3,
  'S-8': 0.5,
  'F-6': 0.5,
})
const FOREIGN_PRIVATE = mix({ D: 30, 'D/A': 15, '6-K': 10, 'F-6': 5, 'SC 13G': 5, 'SC 13G/A': 8 })
const ABS = mix({ 'ABS-EE': 40, 'ABS-15G': 20, '8-K': 10, FWP: 10, '424B5': 5, '10-D/A': 3 })
const OTHER_COMPANY = mix({
  D: 20,
  'D/A': 10,
  '8-K': 10,
  'SC 13G': 5,
  'SC 13D': 5,
  'SC 13D/A': 8,
  FWP: 5,
  '424B2': 5,
  'S-4': 1,
  CORRESP: 2,
  '10-12G': 0.5,
  'F-4': 0.5,
})
const PRIVATE_FUND = mix({ D: 35, 'D/A': 55, 'SC 13G': 4, 'SC 13G/A': 6 })
const REGISTERED_FUND = mix({
  '497': 30,
  '497K': 25,
  '485BPOS': 6,
  '485APOS': 3,
  '497J': 8,
  'N-PX': 5,
  '24F-2NT': 3,
  '40-17G': 2,
  'N-23C3A': 1,
  CORRESP: 2,
})
const MANAGER = mix({ '13F-HR/A': 10, 'SC 13G': 25, 'SC 13G/A': 45, 'SC 13D/A': 5, '13F-NT': 3, 'N-PX': 5 })

export function formMix(t: Traits): Mix {
  switch (t.kind) {
    case KIND.individual:
      return INDIVIDUAL
    case KIND.operating:
      if (t.notes) return NOTES
      if (t.foreign) return t.reporting ? FOREIGN_REPORTING : FOREIGN_PRIVATE
      return t.reporting ? REPORTING : PRIVATE_COMPANY
    case KIND.otherCompany:
      return t.abs ? ABS : OTHER_COMPANY
    case KIND.privateFund:
      return PRIVATE_FUND
    case KIND.registeredFund:
      return REGISTERED_FUND
    case KIND.manager:
      return MANAGER
  }
}

/** Companies get comment letters from the SEC staff (UPLOAD); people and funds rarely do. */
export const uploadShare = (t: Traits) =>
  t.kind === KIND.operating ? (t.reporting ? 0.03 : 0.05) : t.kind === KIND.otherCompany ? 0.02 : 0

export const OWNERSHIP_FORMS = new Set(['3', '4', '5', '3/A', '4/A', '5/A'])
export const FORM_345_START = dayOfYmd(2003, 6, 30)
const FORM_144_START = dayOfYmd(2019, 1, 1)
const SCHEDULE_13_RENAME = dayOfYmd(2024, 12, 18)
const CROWDFUNDING_START = dayOfYmd(2016, 5, 16)
const ABS_EE_START = dayOfYmd(2016, 11, 23)
const NPX_MANAGERS = dayOfYmd(2024, 8, 1)
const REG_A_PLUS = dayOfYmd(2015, 6, 19)

/** The form as it was named and allowed on that day. */
export function formInEra(form: string, day: number, kind: number): string {
  if (day < FORM_345_START && OWNERSHIP_FORMS.has(form)) return kind === KIND.individual ? 'SC 13G/A' : '8-K'
  if (form === '144' && day < FORM_144_START) return day < FORM_345_START ? 'SC 13G/A' : '4'
  if ((form === 'C' || form === 'C-U' || form === 'C-AR') && day < CROWDFUNDING_START) return 'D'
  if (form.startsWith('1-') && day < REG_A_PLUS) return 'D/A'
  if (form === 'ABS-EE' && day < ABS_EE_START) return '8-K'
  if (form === 'N-PX' && kind === KIND.manager && day < NPX_MANAGERS) return 'SC 13G/A'
  if (day >= SCHEDULE_13_RENAME && form.startsWith('SC 13')) return `SCHEDULE ${form.slice(3)}`
  return form
}

/** 8-K items since the August 2004 renumbering, and the older single-digit items before it. */
export const ITEMS_8K = mix({
  '2.02,9.01': 20,
  '8.01,9.01': 12,
  '5.02': 10,
  '5.02,9.01': 10,
  '7.01,9.01': 10,
  '8.01': 6,
  '1.01,9.01': 6,
  '5.07': 8,
  '1.01,2.03,9.01': 3,
  '3.01,9.01': 2,
  '2.02,7.01,9.01': 4,
  '1.01': 3,
  '5.03,9.01': 2,
  '4.01,9.01': 1,
  '2.01,9.01': 1,
  '1.01,1.02,5.02,9.01': 1,
  '5.02,5.03': 1,
  '3.02': 1,
})
export const ITEMS_8K_OLD = mix({ '5': 30, '7': 10, '5,7': 30, '2,7': 8, '4': 3, '9,7': 5, '12': 6 })
export const ITEMS_8K_RENUMBERED = dayOfYmd(2004, 8, 23)
export const ITEMS_D = mix({ '06b': 45, '06b,3C,3C.7': 25, '06b,3C,3C.1': 15, '04,06b': 5, '06c': 8, '3C,3C.1': 2 })
