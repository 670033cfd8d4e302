/**
 * One entity's filings for one year, drawn from its plan: dates, forms, acceptance times, accession
 * numbers and every column of a submissions record. A pure function of (seed, traits, plan row), so the
 * issuer side of a Form 4 can replay the insider's year and get the very same accession numbers.
 */
import { AGENTS, type DocStyle, documentDescription, documentName, SEC_PREFIX } from './agents.ts'
import {
  acceptanceIso,
  businessDayAt,
  businessDayOnOrAfter,
  businessRange,
  dayOfYmd,
  easternOffsetHours,
  isoDay,
  previousBusinessDay,
  yearOf,
} from './dates.ts'
import {
  actAndFileNumber,
  coreType,
  filmNumber,
  isoOrEmpty,
  itemsFor,
  reportDay,
  sizeFor,
  xbrlFlags,
} from './fields.ts'
import { FORM_345_START, formInEra, formMix, OWNERSHIP_FORMS } from './forms.ts'
import type { YearPlan } from './plan.ts'
import { hash3, hash4, Rng } from './random.ts'
import { KIND, type Traits } from './traits.ts'

export type Filing = {
  accessionNumber: string
  /** Filing date as a day number. */
  day: number
  /** Acceptance as seconds since the epoch; sorts filings within a day. */
  acceptedAt: number
  acceptanceDateTime: string
  reportDate: string
  act: string
  form: string
  fileNumber: string
  filmNumber: string
  items: string
  coreType: string
  size: number
  isXBRL: number
  isInlineXBRL: number
  primaryDocument: string
  primaryDocDescription: string
  /** Listed under this entity because another filer's submission names it (the issuer side of a Form 4). */
  mirrored: boolean
  /** On an issuer's listing of an insider's Form 3, 4 or 5: the insider's CIK (the insider data sets name it). */
  reporterCik?: number
}

export type FilerContext = {
  seed: number
  t: Traits
  /** The issuer an insider reports on: its Form 4s carry the issuer's file number. */
  issuer: { cik: number; listed: boolean } | null
  /** Lower-case ticker or name stem used in document names ('qfd-20251231.htm'). */
  docPrefix: string
  lastDay: number
}

const SALT_YEAR = 0xf11e
const SALT_FILING = 0xf111
const MIDNIGHT_ERA_END = dayOfYmd(2001, 1, 1)
const HOUR = 3600
const CUTOFF = 17.5 * HOUR
const LANE_AGENT = 0
const LANE_SELF = 1
const LANE_SEC = 2

type Draft = { day: number; form: string; period: number; lane: number; acceptDay: number; seconds: number; rng: Rng }

const PREFIXES = new Map<number, string>()
/** '0001193125-26-000123'. Prefixes are cached: a few dozen agents number most filings. */
export function accessionOf(prefix: number, year: number, seq: number): string {
  let head = PREFIXES.get(prefix * 100 + (year % 100))
  if (head === undefined) {
    head = `${String(prefix).padStart(10, '0')}-${String(year % 100).padStart(2, '0')}-`
    if (PREFIXES.size < 100_000) PREFIXES.set(prefix * 100 + (year % 100), head)
  }
  return head + String(1_000_000 + seq).slice(1)
}

/** `keep` limits which forms are completed (the issuer side only needs Forms 3, 4 and 5); numbering still counts all. */
export function filingsOfYear(
  ctx: FilerContext,
  plan: YearPlan,
  agentBase: number,
  secBase: number,
  keep?: ReadonlySet<string>,
): Filing[] {
  const { seed, t } = ctx
  const year = plan.year
  const rng = new Rng(hash3(seed, t.cik, year * 31 + SALT_YEAR))
  const from = Math.max(t.start, dayOfYmd(year, 1, 1))
  const to = Math.min(t.end, dayOfYmd(year, 12, 31), ctx.lastDay)
  const [lo, hi] = businessRange(from, to)
  const fallback = Math.min(businessDayOnOrAfter(from), ctx.lastDay)
  const days: number[] = []
  for (let k = 0; k < plan.random; k++) days.push(hi > lo ? businessDayAt(lo + rng.int(hi - lo)) : fallback)
  days.sort((a, b) => a - b)

  // Scheduled and drawn filings, merged by day; '' marks a form still to draw.
  const drafts: Draft[] = []
  let s = 0
  for (let r = 0; r <= days.length; r++) {
    const day = r < days.length ? days[r]! : Infinity
    while (s < plan.scheduled.length && plan.scheduled[s]!.day <= day) {
      const x = plan.scheduled[s++]!
      drafts.push({ day: x.day, form: x.form, period: x.period, lane: LANE_AGENT, acceptDay: x.day, seconds: 0, rng })
    }
    if (r < days.length) drafts.push({ day, form: '', period: -1, lane: LANE_AGENT, acceptDay: day, seconds: 0, rng })
  }

  // Lanes: staff letters first (random filings only), then the entity's own share.
  const drawn = drafts.flatMap((d, i) => (d.form === '' ? [i] : []))
  shuffle(drawn, rng)
  for (let k = 0; k < plan.sec; k++) drafts[drawn[k]!]!.lane = LANE_SEC
  const owned = drafts.flatMap((d, i) => (d.lane === LANE_SEC ? [] : [i]))
  shuffle(owned, rng)
  for (let k = 0; k < plan.self; k++) drafts[owned[k]!]!.lane = LANE_SELF

  const mix = formMix(t)
  const careerStart = t.kind === KIND.individual && year === yearOf(t.start)
  let firstDrawn = true
  drafts.forEach((d, j) => {
    d.rng = new Rng(hash4(seed, t.cik, year, j + SALT_FILING))
    if (d.lane === LANE_SEC) d.form = 'UPLOAD'
    else if (d.form === '') {
      // An insider's career on EDGAR starts with a Form 3.
      const opening = careerStart && firstDrawn && d.day >= FORM_345_START
      d.form = formInEra(opening ? '3' : mix.pick(d.rng), d.day, t.kind)
      firstDrawn = false
    }
    acceptance(d, year)
  })

  // Sequence numbers rise with acceptance time within each lane.
  const order = drafts.map((_, i) => i).sort((a, b) => at(drafts[a]!) - at(drafts[b]!) || a - b)
  const next = [agentBase, 1, secBase]
  const prefixes = [AGENTS[plan.agent]!.cik, t.cik, SEC_PREFIX]
  const style: DocStyle = AGENTS[plan.agent]!.style
  const out: (Filing | null)[] = new Array(drafts.length).fill(null)
  for (const i of order) {
    const d = drafts[i]!
    const seq = next[d.lane]!++
    if (keep && !keep.has(d.form)) continue
    out[i] = complete(ctx, d, accessionOf(prefixes[d.lane]!, year, seq), d.lane === LANE_SELF ? 'self' : style)
  }
  return keep ? out.filter((f): f is Filing => f !== null) : (out as Filing[])
}

const at = (d: Draft) => d.acceptDay * 86400 + d.seconds

/** Acceptance time of day (Eastern). Late non-Section-16 filings are accepted the evening before their filing date. */
function acceptance(d: Draft, year: number): void {
  if (d.day < MIDNIGHT_ERA_END) return // EDGAR recorded no time of day before 2001: midnight Eastern
  const r = d.rng
  const u = r.next()
  const ownership = OWNERSHIP_FORMS.has(d.form) || d.form === '144'
  if (ownership) d.seconds = u < 0.65 ? r.range(16 * HOUR, 22 * HOUR - 1) : r.range(7 * HOUR, 16 * HOUR)
  else if (d.form.startsWith('8-K'))
    d.seconds =
      u < 0.4 ? r.range(6 * HOUR, 9.5 * HOUR) : u < 0.8 ? r.range(16 * HOUR, 18 * HOUR) : r.range(9.5 * HOUR, 16 * HOUR)
  else d.seconds = u < 0.8 ? r.range(7 * HOUR, CUTOFF - 1) : r.range(CUTOFF, 22 * HOUR - 1)
  if (!ownership && d.seconds >= CUTOFF) {
    const before = previousBusinessDay(d.day)
    if (yearOf(before) === year) d.acceptDay = before
    else d.seconds -= 8 * HOUR
  }
}

function complete(ctx: FilerContext, d: Draft, accession: string, style: DocStyle): Filing {
  const { t } = ctx
  const r = d.rng
  const report = d.period >= 0 ? d.period : reportDay(d.form, t, d.day, r)
  const [act, fileNumber] = actAndFileNumber(d.form, t, d.day, r, ctx.issuer)
  const film = fileNumber ? filmNumber(d.day, r) : ''
  const items = itemsFor(d.form, d.day, r)
  const size = sizeFor(d.form, d.day, r)
  const [xbrl, inline] = xbrlFlags(d.form, t, d.day, r)
  const epoch = d.acceptDay * 86400 + d.seconds + easternOffsetHours(d.acceptDay, d.seconds) * HOUR
  const doc =
    d.day < MIDNIGHT_ERA_END
      ? ''
      : documentName(style, d.form, d.day, epoch, ctx.docPrefix, report >= 0 ? isoDay(report) : '', r)
  return {
    accessionNumber: accession,
    day: d.day,
    acceptedAt: epoch,
    acceptanceDateTime: acceptanceIso(d.acceptDay, d.seconds),
    reportDate: isoOrEmpty(report),
    act,
    form: d.form,
    fileNumber,
    filmNumber: film,
    items,
    coreType: coreType(d.form, inline),
    size,
    isXBRL: xbrl,
    isInlineXBRL: inline,
    primaryDocument: doc,
    primaryDocDescription: d.day < MIDNIGHT_ERA_END && r.chance(0.6) ? '' : documentDescription(style, d.form, doc, r),
    mirrored: false,
  }
}

/** The same filing as listed under the issuer: EDGAR leaves act, file and film number empty there. */
export const asIssuerListing = (f: Filing, reporterCik?: number): Filing => ({
  ...f,
  reporterCik,
  act: '',
  fileNumber: '',
  filmNumber: '',
  mirrored: true,
})

/** Newest first, as submissions records list them. */
export const newestFirst = (a: Filing, b: Filing) =>
  b.day - a.day ||
  b.acceptedAt - a.acceptedAt ||
  (a.accessionNumber < b.accessionNumber ? 1 : a.accessionNumber > b.accessionNumber ? -1 : 0)

function shuffle(items: number[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    const x = items[i]!
    items[i] = items[j]!
    items[j] = x
  }
}
