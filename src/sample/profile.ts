/**
 * The descriptive part of a submissions record (everything before `filings`): name, SIC, addresses,
 * category, former names. Drawn from its own random streams so that a name can be recomputed alone
 * (an insider's mailing address is "C/O" its issuer).
 */
import { SIC_CODES, type SicCode } from '../reference/sic-codes.ts'
import { dayOfYmd, easternMidnightIso } from './dates.ts'
import {
  companyName,
  managerName,
  type NameStyle,
  otherCompanyName,
  personName,
  privateFundName,
  registeredFundName,
} from './names.ts'
import {
  type Address,
  EMPTY_ADDRESS,
  foreignAddress,
  foreignPhone,
  pickCountry,
  pickIncorporation,
  usAddress,
  usPhone,
} from './places.ts'
import { hash3, Rng, Weighted } from './random.ts'
import { KIND, type Traits } from './traits.ts'

export type FormerName = { name: string; from: string; to: string }
export type Profile = {
  cik: number
  entityType: 'operating' | 'other'
  sic: string
  sicDescription: string
  ownerOrg: string | null
  insiderTransactionForOwnerExists: number
  insiderTransactionForIssuerExists: number
  name: string
  tickers: string[]
  exchanges: (string | null)[]
  ein: string | null
  lei: null
  description: string
  website: string
  investorWebsite: string
  category: string
  fiscalYearEnd: string | null
  stateOfIncorporation: string
  stateOfIncorporationDescription: string
  addresses: { mailing: Address; business: Address }
  phone: string | null
  flags: string
  formerNames: FormerName[]
}

const SALT_SIC = 0x51c
const SALT_NAME = 0x4a3e
const SALT_PROFILE = 0x9f0f

const BY_CODE = new Map(SIC_CODES.map((s) => [s.code, s]))
const POPULAR_CODES: readonly (readonly [number, number])[] = [
  [6770, 6],
  [2834, 6],
  [7372, 4],
  [6798, 3],
  [1311, 3],
  [6022, 3],
  [6021, 2],
  [2836, 3],
  [3841, 2],
  [6199, 2],
  [7389, 2],
  [1000, 2],
  [3674, 1.5],
  [4911, 1],
  [6500, 1],
  [6211, 1],
  [1040, 1],
  [3990, 0.5],
  [4813, 1],
  [5812, 0.6],
]
const POPULAR = new Weighted<number>(POPULAR_CODES.filter(([code]) => BY_CODE.has(code)))

/** Title-case an SEC industry title ('SERVICES-PREPACKAGED SOFTWARE' → 'Services-Prepackaged Software'). */
export const sicDescription = (title: string) =>
  title
    .toLowerCase()
    .replace(/(^|[\s\-/(&,])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/\bNec\b/g, 'NEC')

/** EDGAR's ownerOrg: the reviewing office as a numbered group ('03 Life Sciences'). */
export function ownerOrgOf(office: string): string | null {
  const first = office.split(' or ')[0]!.replace(/^Office of /, '')
  const numbered = [
    'Energy & Transportation',
    'Finance',
    'Life Sciences',
    'Manufacturing',
    'Real Estate & Construction',
    'Technology',
    'Trade & Services',
    'Industrial Applications and Services',
    'Crypto Assets',
  ]
  const i = numbered.indexOf(first)
  if (i >= 0) return `${String(i + 1).padStart(2, '0')} ${first}`
  if (first === 'International Corp Fin') return first
  return null // Structured Finance shows no ownerOrg on EDGAR
}

/** The SIC code an entity carries, or null (people, most funds, many shells). */
export function sicFor(seed: number, t: Traits): SicCode | null {
  const rng = new Rng(hash3(seed, t.cik, SALT_SIC))
  const pick = (code: number) => BY_CODE.get(code) ?? null
  switch (t.kind) {
    case KIND.individual:
    case KIND.privateFund:
      return null
    case KIND.registeredFund:
      return rng.chance(0.1) ? pick(6726) : null
    case KIND.manager:
      return rng.chance(0.3) ? pick(6282) : null
    case KIND.otherCompany:
      if (t.abs) return pick(6189)
      return rng.chance(0.45) ? null : pick(rng.pick([6770, 6500, 6199, 6798, 4911, 6189]))
    case KIND.operating:
      if (t.notes) return pick(rng.chance(0.5) ? 6021 : 6211)
      if (t.foreign && rng.chance(0.2)) return pick(8880)
      if (rng.chance(0.06)) return null
      return rng.chance(0.55) ? pick(POPULAR.pick(rng)) : SIC_CODES[rng.int(SIC_CODES.length)]!
  }
}

/** Upper-case conformed names for older registrants, mixed case for newer ones. */
const nameStyle = (t: Traits, rng: Rng): NameStyle => ({
  upper: t.cik < 1_300_000 ? rng.chance(0.85) : rng.chance(0.25),
})

export function nameFor(seed: number, t: Traits): string {
  const rng = new Rng(hash3(seed, t.cik, SALT_NAME))
  const style = nameStyle(t, rng)
  switch (t.kind) {
    case KIND.individual:
      return personName(rng, style)
    case KIND.privateFund:
      return privateFundName(rng, style)
    case KIND.registeredFund:
      return registeredFundName(rng, style)
    case KIND.manager:
      return managerName(rng, style)
    case KIND.otherCompany:
      if (!t.abs && rng.chance(0.5)) return otherCompanyName(rng, style)
  }
  const sic = sicFor(seed, t)
  return companyName(rng, sic?.code ?? 0, sic?.office ?? '', t.foreign, style)
}

const CATEGORIES_LISTED = new Weighted<string>([
  ['Accelerated filer', 25],
  ['Non-accelerated filer<br>Smaller reporting company', 35],
  ['Accelerated filer<br>Smaller reporting company', 10],
  ['<br>Emerging growth company', 8],
  ['Non-accelerated filer<br>Smaller reporting company<br>Emerging growth company', 12],
  ['Non-accelerated filer', 10],
])
const CATEGORIES_UNLISTED = new Weighted<string>([
  ['Non-accelerated filer<br>Smaller reporting company', 50],
  ['Non-accelerated filer', 30],
  ['', 20],
])
const EIN_PREFIXES = [
  '01',
  '04',
  '06',
  '11',
  '13',
  '20',
  '22',
  '23',
  '26',
  '27',
  '33',
  '36',
  '38',
  '41',
  '45',
  '46',
  '47',
  '51',
  '52',
  '54',
  '56',
  '58',
  '59',
  '61',
  '65',
  '68',
  '74',
  '75',
  '76',
  '77',
  '81',
  '82',
  '83',
  '84',
  '85',
  '86',
  '87',
  '88',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
  '99',
]

/** The profile of a generated entity; tickers are filled in by the caller, which keeps them unique. */
export function profileFor(seed: number, t: Traits, issuerName: string | null): Profile {
  const rng = new Rng(hash3(seed, t.cik, SALT_PROFILE))
  const person = t.kind === KIND.individual
  const sic = sicFor(seed, t)
  const name = nameFor(seed, t)
  const country = t.foreign ? pickCountry(rng) : null
  const incorporation = country ? (rng.chance(0.7) ? country[0] : 'DE') : person ? '' : pickIncorporation(rng)
  const incorporationDescription = country && incorporation === country[0] ? country[1] : incorporation

  let mailing: Address
  let business: Address
  if (person) {
    mailing = usAddress(rng, rng.chance(0.5) ? 0 : null)
    if (issuerName && rng.chance(0.5))
      mailing = { ...mailing, street2: mailing.street1, street1: `C/O ${issuerName.toUpperCase()}` }
    business = rng.chance(0.7) ? EMPTY_ADDRESS : { ...mailing, isForeignLocation: null }
  } else if (country) {
    const r = rng.next()
    const shape = r < 0.6 ? 'iso' : r < 0.8 ? 'legacy' : 'bare'
    business = foreignAddress(rng, country, shape)
    mailing = rng.chance(0.85) ? business : usAddress(rng, 0) // some keep a US agent's address for mail
  } else {
    business = usAddress(rng, rng.chance(0.3) ? 0 : null)
    mailing = rng.chance(0.8) ? { ...business, isForeignLocation: rng.chance(0.6) ? 0 : null } : usAddress(rng, 0)
  }

  const company = t.kind === KIND.operating || t.kind === KIND.otherCompany
  const category =
    !company || !t.reporting
      ? ''
      : t.large
        ? 'Large accelerated filer'
        : (t.listed ? CATEGORIES_LISTED : CATEGORIES_UNLISTED).pick(rng)
  const zeroEin = t.foreign ? rng.chance(0.6) : t.kind === KIND.privateFund ? rng.chance(0.5) : rng.chance(0.03)
  return {
    cik: t.cik,
    entityType: t.kind === KIND.operating ? 'operating' : 'other',
    sic: sic ? String(sic.code) : '',
    sicDescription: sic ? sicDescription(sic.title) : '',
    ownerOrg: sic ? ownerOrgOf(sic.office) : rng.chance(0.25) ? null : '',
    insiderTransactionForOwnerExists: 0,
    insiderTransactionForIssuerExists: 0,
    name,
    tickers: [],
    exchanges: [],
    ein: person ? null : zeroEin ? '000000000' : rng.pick(EIN_PREFIXES) + rng.digits(7),
    lei: null,
    description: '',
    website: '',
    investorWebsite: '',
    category,
    fiscalYearEnd: person ? null : `${String(t.fyeMonth).padStart(2, '0')}${String(t.fyeDay).padStart(2, '0')}`,
    stateOfIncorporation: incorporation,
    stateOfIncorporationDescription: incorporationDescription,
    addresses: { mailing, business },
    phone: person ? (rng.chance(0.2) ? usPhone(rng) : null) : country ? foreignPhone(rng) : usPhone(rng),
    flags: '',
    formerNames: formerNames(rng, t, name),
  }
}

/** About one company in ten has changed its name; newest former name first, each with from/to dates. */
function formerNames(rng: Rng, t: Traits, current: string): FormerName[] {
  const odds = t.kind === KIND.individual ? 0.01 : 0.12
  const years = (t.end - t.start) / 365
  if (years < 2 || !rng.chance(odds)) return []
  const count = Math.min(1 + rng.int(3), Math.floor(years / 2))
  const out: FormerName[] = []
  let to = t.start + Math.round((0.3 + 0.6 * rng.next()) * (t.end - t.start))
  for (let i = 0; i < count && to > t.start + 60; i++) {
    const from = i === count - 1 ? t.start : Math.max(t.start, to - Math.round(rng.next() * (to - t.start)))
    const upper = current === current.toUpperCase()
    const base = current.split(' ')[0]!
    const old = rng.chance(0.3)
      ? current.toUpperCase().replace(/,? INC\.?$/, ' CORP')
      : `${base} ${rng.pick(['Holdings', 'Group', 'Technologies', 'Resources', 'Capital', 'Enterprises'])} ${rng.pick(['Inc', 'Corp', 'LLC', 'Ltd'])}`
    out.push({
      name: upper ? old.toUpperCase() : old,
      from: easternMidnightIso(Math.max(from, dayOfYmd(1994, 1, 3))),
      to: easternMidnightIso(to),
    })
    to = from - 1
  }
  return out
}
