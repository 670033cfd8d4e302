/**
 * Filing-fee-only filers of the companyfacts sample. The real companyfacts.zip holds, besides the companies
 * with financial statements (whose facts sample.ts takes from the FSDS sample), filers whose only facts are
 * those of the filing fee exhibits (taxonomy `ffd`, XBRL-tagged since the SEC's filing-fee rule) of their
 * registration statements and 424(b) prospectuses: new issuers before their first annual report, issuers of
 * notes and other companies that register or sell securities but file no financial statements. Without
 * them the sample would have about 16,000 filers at scale 1 where EDGAR has about 18,000, and the build
 * would never see a companyfacts filer that the financial statements lack.
 *
 * The real shape (Marvell's companyfacts file, CIK0001835632.json, in the real EDGAR samples beside the
 * repository: its 424B2 of 2026-04-08):
 * per filing, one instant fact in `USD` of each summary concept of its fee table: `TtlOfferingAmt`
 * 998850000; `TtlFeeAmt` and `NetFeeAmt` 137941.19, the amount at that fiscal year's fee rate ($138.10 per
 * million) to the cent; `TtlPrevslyPdAmt` and `TtlOffsetAmt` 0; and, on a 424(b) prospectus,
 * `NrrtvMaxAggtOfferingPric` (the concept is the offering's maximum aggregate price, which is what it
 * holds here; Marvell's repeats its fee). `end` two business days before `filed` (here one to three); `fy`
 * and `fp` null; the filing's `accn`, `form` and `filed`; a `frame` by the rule of every instant (`CY2026Q1I`); every
 * concept's `label` and `description` "". No `dei` fact: a fee exhibit has no cover with a number.
 *
 * When: the XBRL APIs hold fee exhibits' facts of filings from early April 2026 on only (FIRST_DAY). The
 * same file has none from Marvell's earlier XBRL-flagged fee filings (S-8s of February 2026, 424B7s of
 * February and March 2026, a 424B2 of June 2025), and its `ecd` facts are those of its proxy statement of
 * May 2026 only, though its proxies since 2023 are XBRL too. JPMorgan's 424B2s' facts in its companyfacts
 * begin on 2026-04-06 (a public analysis of it).
 *
 * Who: entities with a submissions profile and no FSDS filing (the caller's part) that filed a form with a
 * fee exhibit (FEE_FORM) from FIRST_DAY on, which for a generated entity its submissions record must flag
 * as XBRL (as the FSDS sample requires): about 2,950 per unit of scale (83 and 90 at scale 0.03, seeds 1
 * and 2; 156 at 0.05, seed 3), most of them private companies' S-1 and S-1/A (the generator's other fee
 * forms it flags as XBRL: 424B2, S-4 and F-4 of other companies), of which a share (SHARE) by (seed, CIK)
 * gives about 2,000 × scale (63 and 58 at scale 0.03). No cast entity is one (the cast's fee filers have
 * FSDS filings), and so the tests' fixture (scale 0.00005) has none; the larger one (0.001, seed 2) has 3.
 *
 * Values: an offering amount by form; an amendment re-states the amount of the registration it amends and
 * counts the fees paid with it as previously paid (its net fee the rest, never below 0); the filings before
 * FIRST_DAY and those not tagged count for that but give no facts. Accession number, form and filing date
 * are the filing's own (the submissions record lists it). Everything is a function of (seed, CIK) and the
 * entity's filings, one filer at a time.
 */
import { dayOfYmd, previousBusinessDay } from '../../../sample/dates.ts'
import { hash3, hash4, hashText, Rng, unit } from '../../../sample/random.ts'
import type { SampleEntity, SampleWorld } from '../../source.ts'
import type { Fact } from './sample-fact.ts'

/** Forms with a filing fee exhibit: registration statements and their amendments, 424(b) prospectuses. */
const FEE_FORM = /^(?:(?:S-(?:1|3|4|8|11)|F-[134]|N-2)(?:\/A)?|424B[1-578])$/
/** The first filing day whose fee exhibit's facts are in companyfacts. */
const FIRST_DAY = dayOfYmd(2026, 4, 6)
/**
 * The fee rate in cents per $1,000,000 offered, by the SEC's fiscal year (from October 1): 2021 to 2026.
 * A later year keeps the last (the sample's dates run to November 2026).
 */
const FEE_RATES: readonly (readonly [from: number, centsPerMillion: number])[] = [
  [dayOfYmd(2020, 10, 1), 10_910],
  [dayOfYmd(2021, 10, 1), 9_270],
  [dayOfYmd(2022, 10, 1), 11_020],
  [dayOfYmd(2023, 10, 1), 14_760],
  [dayOfYmd(2024, 10, 1), 15_310],
  [dayOfYmd(2025, 10, 1), 13_810],
]
/** A registration statement's offering amount (median, log spread), by form; a 424(b) takedown's. */
const OFFERING: Record<string, readonly [number, number]> = {
  'S-1': [20e6, 1.2],
  'F-1': [30e6, 1.2],
  'S-3': [75e6, 1.2],
  'F-3': [100e6, 1.2],
  'S-4': [250e6, 1.4],
  'F-4': [300e6, 1.4],
  'S-8': [15e6, 1.3],
  'S-11': [400e6, 1.0],
  'N-2': [300e6, 1.0],
}
const TAKEDOWN = [10e6, 1.6] as const
/** The share of qualifying filers that are in companyfacts: about 2,000 of 2,950 per unit of scale. */
const SHARE = 0.68
const SALT_SELECT = 0xfee5
const SALT_VALUES = 0xfee1

export type FeeFacts = Map<string, Map<string, Fact[]>>

const rateOn = (day: number) => {
  let rate = 0
  for (const [from, cents] of FEE_RATES) if (day >= from) rate = cents
  return rate
}
const roundTo = (x: number, step: number) => Math.max(step, Math.round(x / step) * step)

/**
 * The `ffd` facts of a filing-fee-only filer (concept → unit → facts), how many, and the acceptance time of
 * its latest fee filing; null when the entity is none. Call it only for an entity without FSDS filings.
 */
export function filingFeeFacts(
  world: SampleWorld,
  e: SampleEntity,
): { ffd: FeeFacts; facts: number; newest: number } | null {
  if (!e.profile || unit(hash3(world.seed, e.cik, SALT_SELECT)) >= SHARE) return null
  const tagged = (f: SampleEntity['own'][number]) => f.day >= FIRST_DAY && (!e.generated || f.isXBRL === 1)
  const filings = e.own
    .filter((f) => FEE_FORM.test(f.form) && !f.mirrored && f.day >= FEE_RATES[0]![0] && f.day <= world.asOf)
    .sort((a, b) => a.acceptedAt - b.acceptedAt || a.accessionNumber.localeCompare(b.accessionNumber))
  if (!filings.some(tagged)) return null

  const ffd: FeeFacts = new Map()
  let facts = 0
  let newest = 0
  /** Each form's latest registration statement: its amount and the fees paid with it and its amendments (cents). */
  const registrations = new Map<string, { amount: number; paid: number }>()
  for (const f of filings) {
    const rng = new Rng(hash4(world.seed, e.cik, SALT_VALUES, hashText(f.accessionNumber)))
    const takedown = f.form.startsWith('424B')
    const base = f.form.replace('/A', '')
    const amended = f.form.endsWith('/A') ? registrations.get(base) : undefined
    const [median, spread] = takedown ? TAKEDOWN : OFFERING[base]!
    const amount = amended
      ? roundTo(amended.amount * Math.exp(0.2 * rng.normal()), 1000)
      : roundTo(rng.lognormal(median, spread), takedown ? 1000 : 10_000)
    // Cents: an integer product well below 2^53, rounded half up as the fee tables are.
    const fee = Math.round((amount * rateOn(f.day)) / 1e6)
    const previously = amended?.paid ?? 0
    const net = Math.max(0, fee - previously)
    if (!takedown) registrations.set(base, { amount, paid: previously + net })
    if (!tagged(f)) continue

    let end = f.day
    for (let k = rng.range(1, 3); k > 0; k--) end = previousBusinessDay(end)
    const filing = { start: null, end, accn: f.accessionNumber, fy: null, fp: null, form: f.form, filed: f.day }
    const add = (tag: string, val: number) => {
      const units = ffd.get(tag) ?? ffd.set(tag, new Map()).get(tag)!
      ;(units.get('USD') ?? units.set('USD', []).get('USD')!).push({ ...filing, val })
      facts++
    }
    add('NetFeeAmt', net / 100)
    if (takedown) add('NrrtvMaxAggtOfferingPric', amount)
    add('TtlFeeAmt', fee / 100)
    add('TtlOfferingAmt', amount)
    add('TtlOffsetAmt', 0)
    add('TtlPrevslyPdAmt', previously / 100)
    newest = Math.max(newest, f.acceptedAt)
  }
  return { ffd, facts, newest }
}
