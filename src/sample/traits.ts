/**
 * An entity's traits: the few numbers that drive its filings (kind, activity window, rate, fiscal year end,
 * flags). They are a pure function of (seed, CIK), cheap to recompute, so the generator never stores them:
 * the issuer side of a Form 4 recomputes the insider's traits and replays its filings.
 */
import { dayOfYmd, yearOf } from './dates.ts'
import { hash3, Rng } from './random.ts'

export const KIND = {
  individual: 0,
  operating: 1,
  otherCompany: 2,
  privateFund: 3,
  registeredFund: 4,
  manager: 5,
} as const
export type Kind = (typeof KIND)[keyof typeof KIND]

export type Traits = {
  cik: number
  kind: Kind
  foreign: boolean
  /** Files periodic reports: 10-K/10-Q (20-F for foreign issuers), N-CSR, 13F-HR or 10-D by kind. */
  reporting: boolean
  /** Listed with tickers today (only active reporting operating companies). */
  listed: boolean
  /** Asset-backed issuer: monthly 10-D. */
  abs: boolean
  /** Bank that issues structured notes: floods of 424B2 and FWP, the largest filers on EDGAR. */
  notes: boolean
  /** First and last possible filing day. */
  start: number
  end: number
  /** Filings per year beyond the periodic schedule. */
  rate: number
  fyeMonth: number
  fyeDay: number
  /** Share of filings the entity submits itself (accession prefix = its own CIK) rather than through an agent. */
  selfShare: number
  /** A market-size factor: ranks tickers and draws insiders toward large issuers. */
  size: number
  /** Large accelerated filers adopted XBRL and inline XBRL first. */
  large: boolean
  /** Entity index of the issuer an individual reports on (-1 for others). */
  issuer: number
}

const SALT_TRAITS = 0x7a11
/** EDGAR's electronic filing phase-in ran from 1993 to May 1996. */
const PHASE_IN_START = dayOfYmd(1993, 4, 26)
const PHASE_IN_END = dayOfYmd(1996, 5, 6)

/** CIKs are handed out in order, so a CIK says roughly when its holder first filed. [cik, year] anchors. */
const CIK_YEARS: readonly (readonly [number, number])[] = [
  [0, 1994.2],
  [800_000, 1995.0],
  [1_000_000, 1996.6],
  [1_100_000, 1999.8],
  [1_200_000, 2002.5],
  [1_300_000, 2004.7],
  [1_400_000, 2007.3],
  [1_500_000, 2010.6],
  [1_600_000, 2014.0],
  [1_700_000, 2017.0],
  [1_800_000, 2019.9],
  [1_900_000, 2022.0],
  [2_000_000, 2023.9],
  [2_100_000, 2026.8],
]

export function cikYear(cik: number): number {
  for (let i = 1; i < CIK_YEARS.length; i++) {
    const [c1, y1] = CIK_YEARS[i]!
    const [c0, y0] = CIK_YEARS[i - 1]!
    if (cik <= c1) return y0 + ((cik - c0) / (c1 - c0)) * (y1 - y0)
  }
  return CIK_YEARS[CIK_YEARS.length - 1]![1]
}
const dayOfYearFraction = (y: number) => Math.round((y - 1970) * 365.2425)

/** Share of individuals by CIK range: people got CIKs in bulk once Form 4 went electronic (2003). */
export function kindOf(cik: number, u: number): Kind {
  const pInd = cik < 1_000_000 ? 0.2 : cik < 1_150_000 ? 0.45 : 0.68
  if (u < pInd) return KIND.individual
  const v = (u - pInd) / (1 - pInd)
  if (v < 0.58) return KIND.operating
  if (v < 0.73) return KIND.otherCompany
  if (v < 0.93) return KIND.privateFund
  if (v < 0.98) return KIND.registeredFund
  return KIND.manager
}

/** Chance to be still filing at the as-of date, and mean active life in years otherwise. */
const SURVIVAL: Record<Kind, readonly [number, number]> = {
  [KIND.individual]: [0.22, 3],
  [KIND.operating]: [0.4, 5],
  [KIND.otherCompany]: [0.2, 3],
  [KIND.privateFund]: [0.42, 3],
  [KIND.registeredFund]: [0.3, 5],
  [KIND.manager]: [0.5, 7],
}

const FISCAL_YEAR_ENDS: readonly (readonly [number, number, number])[] = [
  [12, 31, 70],
  [6, 30, 8],
  [9, 30, 8],
  [3, 31, 5],
  [1, 31, 3],
  [10, 31, 2],
  [5, 31, 2],
  [8, 31, 2],
]

/** The traits of one entity. `lastDay` is the last day any filing may carry (as-of + 1 business day). */
export function baseTraits(seed: number, cik: number, kind: Kind, lastDay: number): Traits {
  const rng = new Rng(hash3(seed, cik, SALT_TRAITS))
  const company = kind === KIND.operating || kind === KIND.otherCompany
  const foreign = company && rng.chance(0.07)
  const reporting =
    kind === KIND.operating
      ? rng.chance(foreign ? 0.2 : 0.09)
      : kind === KIND.otherCompany
        ? rng.chance(0.12)
        : kind === KIND.registeredFund || kind === KIND.manager
  const abs = kind === KIND.otherCompany && reporting && rng.chance(0.6)

  // Old CIKs entered EDGAR during the phase-in; others around the year their CIK implies.
  const year = cikYear(cik)
  let start =
    cik < 800_000
      ? PHASE_IN_START + rng.int(PHASE_IN_END - PHASE_IN_START)
      : dayOfYearFraction(year + (rng.next() - 0.5) * 0.6)
  if (cik < 800_000 && !company) start += Math.round(rng.exponential(4) * 365)
  // The newest CIKs were handed out in the last weeks before the as-of date.
  start = Math.max(start, PHASE_IN_START)
  if (start > lastDay - 10) start = lastDay - 10 - rng.int(90)

  const [survival, meanLife] = SURVIVAL[kind]
  const alive = rng.chance(survival)
  const end = alive ? lastDay : Math.min(lastDay, start + Math.round(rng.exponential(meanLife) * 365))
  const listed = kind === KIND.operating && reporting && alive && rng.chance(foreign ? 0.5 : 0.85)
  const notes = kind === KIND.operating && reporting && !foreign && rng.chance(0.005)

  const fye = FISCAL_YEAR_ENDS[pickIndex(rng, FISCAL_YEAR_ENDS)]!
  const size = rng.lognormal(listed ? 800 : 60, 1.6)
  return {
    cik,
    kind,
    foreign,
    reporting,
    listed,
    abs,
    notes,
    start,
    end,
    rate: randomRate(rng, kind, reporting, listed, abs, notes),
    fyeMonth: fye[0],
    fyeDay: fye[1],
    selfShare: kind === KIND.individual ? (rng.chance(0.15) ? 0.9 : 0) : rng.chance(0.3) ? rng.next() * 0.9 : 0,
    size,
    large: listed && size > 3000,
    issuer: -1,
  }
}

function pickIndex(rng: Rng, table: readonly (readonly [number, number, number])[]): number {
  let u = rng.next() * table.reduce((s, t) => s + t[2], 0)
  for (let i = 0; i < table.length; i++) {
    u -= table[i]![2]
    if (u < 0) return i
  }
  return 0
}

/** Filings per year outside the periodic schedule, log-normal per kind (the long tail makes EDGAR's giants). */
function randomRate(rng: Rng, kind: Kind, reporting: boolean, listed: boolean, abs: boolean, notes: boolean): number {
  if (notes) return rng.lognormal(350, 0.5)
  switch (kind) {
    case KIND.individual:
      return rng.lognormal(1.1, 0.6)
    case KIND.operating:
      return reporting ? rng.lognormal(listed ? 11 : 3, 0.8) : rng.lognormal(0.25, 1.0)
    case KIND.otherCompany:
      return abs ? rng.lognormal(3, 1.0) : rng.lognormal(0.5, 1.2)
    case KIND.privateFund:
      return rng.lognormal(0.35, 0.8)
    case KIND.registeredFund:
      return rng.lognormal(1.0, 1.0)
    case KIND.manager:
      return rng.lognormal(1.0, 1.0)
  }
}

/** Years an entity may file in, both ends included. */
export const activeYears = (t: Traits): [number, number] => [yearOf(t.start), yearOf(t.end)]
