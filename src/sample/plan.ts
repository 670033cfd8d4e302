/**
 * An entity's filing plan: how many filings it makes in each year of its active window, and through which
 * lane each is numbered (its own CIK, a filing agent's, or the SEC's for staff letters). Counts come
 * before any filing is drawn because accession numbers are allocated from them: a first pass over all
 * entities turns the counts into each entity's starting sequence number per agent and year.
 */
import { agentFor } from './agents.ts'
import { businessDaysBetween, dayOfYmd } from './dates.ts'
import { uploadShare } from './forms.ts'
import { hash4, unit } from './random.ts'
import { type Scheduled, scheduleFor } from './schedule.ts'
import { activeYears, KIND, type Kind, type Traits } from './traits.ts'

export type YearPlan = {
  year: number
  scheduled: Scheduled[]
  /** Filings drawn from the entity's form mix. */
  random: number
  /** Of the random filings, staff letters numbered under the SEC's prefix. */
  sec: number
  /** Filings numbered under the entity's own CIK. */
  self: number
  /** Filings numbered under `agent`'s CIK. */
  viaAgent: number
  agent: number
}

const SALT_TOTAL = 0x701a
const MAX_RANDOM = 13_000
const MIN_FILINGS: Record<Kind, number> = {
  [KIND.individual]: 7,
  [KIND.operating]: 5,
  [KIND.otherCompany]: 4,
  [KIND.privateFund]: 4,
  [KIND.registeredFund]: 1,
  [KIND.manager]: 1,
}
const SALT_SPLIT = 0x5917

/** EDGAR's volume grew over the years; filings lean toward recent ones. */
function eraWeight(year: number, kind: number): number {
  if (kind === KIND.individual) return year < 2003 ? 0.15 : year === 2003 ? 0.6 : 1 + 0.02 * (year - 2004)
  if (year <= 1995) return 0.4
  if (year <= 2002) return 0.7
  return 0.9 + 0.025 * (year - 2003)
}

export function yearPlans(seed: number, t: Traits, issuerCik: number): YearPlan[] {
  const [first, last] = activeYears(t)
  const weights: number[] = []
  let weightSum = 0
  for (let y = first; y <= last; y++) {
    const from = Math.max(t.start, dayOfYmd(y, 1, 1))
    const to = Math.min(t.end, dayOfYmd(y, 12, 31))
    const w = (businessDaysBetween(from, to) / 252) * eraWeight(y, t.kind)
    weights.push(w)
    weightSum += w
  }
  const scheduled = weights.map((_, i) => scheduleFor(seed, t, first + i))
  const scheduledTotal = scheduled.reduce((s, x) => s + x.length, 0)
  // Every entity on EDGAR has filed at least once; an insider files a Form 3 and then some Forms 4, a fund its D and amendments.
  let total = Math.floor(t.rate * weightSum + unit(hash4(seed, t.cik, 0, SALT_TOTAL)))
  // The largest filers (structured-note banks) reach about 14,000 filings on EDGAR, not more.
  total = Math.min(MAX_RANDOM, Math.max(total, MIN_FILINGS[t.kind] - scheduledTotal))
  const random = largestRemainder(total, weights)

  return weights.map((_, i) => {
    const year = first + i
    const n = random[i]!
    const sec = Math.min(n, Math.floor(n * uploadShare(t) + unit(hash4(seed, t.cik, year, SALT_SPLIT))))
    const owned = n + scheduled[i]!.length - sec
    const self = Math.min(owned, Math.floor(owned * t.selfShare + unit(hash4(seed, t.cik, year, SALT_SPLIT + 1))))
    return {
      year,
      scheduled: scheduled[i]!,
      random: n,
      sec,
      self,
      viaAgent: owned - self,
      agent: agentFor(seed, t, issuerCik, year),
    }
  })
}

/** Splits `total` in proportion to `weights` with whole numbers that add up exactly. */
function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0)
  if (sum <= 0) {
    const out = weights.map(() => 0)
    if (out.length > 0) out[out.length - 1] = total
    return out
  }
  const quotas = weights.map((w) => (total * w) / sum)
  const out = quotas.map(Math.floor)
  let left = total - out.reduce((s, x) => s + x, 0)
  const order = quotas.map((q, i) => [q - Math.floor(q), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = order[k]![1]
    out[i] = out[i]! + 1
  }
  return out
}
