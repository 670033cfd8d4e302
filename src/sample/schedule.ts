/**
 * Periodic filings: a reporting company files its 10-K and three 10-Qs a fixed number of days after each
 * fiscal period (a late filer, now and then, its notice NT 10-K on the deadline and the 10-K after it), a manager its 13F-HR 45 days after each calendar quarter, and so on. Their count per
 * year is needed before any filing is drawn (accession numbers are allocated from counts), so this is a
 * pure function of (traits, year).
 */
import { businessDayOnOrAfter, dayOfYmd, yearOf } from './dates.ts'
import { hash4, unit } from './random.ts'
import { KIND, type Traits } from './traits.ts'

export type Scheduled = { day: number; form: string; period: number }

const SALT_SCHEDULE = 0x5c4e
const NPORT_START = dayOfYmd(2019, 6, 1)
const NCEN_START = dayOfYmd(2018, 6, 1)
const THIRTEEN_F_START = dayOfYmd(1999, 5, 1)

/** The last day of a month; months past 12 roll into the next year. */
const monthEnd = (year: number, month: number) => dayOfYmd(year, month + 1, 1) - 1

/** Period ends of the fiscal quarters whose filing may land in `year`: [period end, quarter number 1-4]. */
function fiscalQuarterEnds(t: Traits, year: number): [number, number][] {
  const out: [number, number][] = []
  for (let y = year - 1; y <= year; y++) {
    for (let q = 1; q <= 4; q++) out.push([monthEnd(y, t.fyeMonth + 3 * q - 12), q])
  }
  return out
}

/** A non-accelerated filer's 10-K deadline: 90 days after the fiscal year. */
const LATE_DEADLINE = 90
const SALT_LATE = 0x1a7e
/** About one annual report in forty is late (a hash of the filer and the year: the same in every run). */
const lateFiler = (seed: number, cik: number, period: number) => unit(hash4(seed, cik, period, SALT_LATE)) < 1 / 40

export function scheduleFor(seed: number, t: Traits, year: number): Scheduled[] {
  const out: Scheduled[] = []
  const jitter = (period: number, span: number) => Math.floor(unit(hash4(seed, t.cik, period, SALT_SCHEDULE)) * span)
  const add = (form: string, period: number, lag: number) => {
    const day = businessDayOnOrAfter(period + lag)
    if (day >= t.start && day <= t.end && yearOf(day) === year) out.push({ day, form, period })
  }
  if (t.kind === KIND.operating && t.reporting) {
    for (const [period, q] of fiscalQuarterEnds(t, year)) {
      if (t.foreign) {
        if (q === 4) add('20-F', period, 95 + jitter(period, 30))
      } else if (q === 4) {
        if (!t.large && lateFiler(seed, t.cik, period)) {
          // A late filer: the notice on the deadline, the 10-K weeks or months after it (a point-in-time
          // answer between the two does not have the year).
          add('NT 10-K', period, LATE_DEADLINE)
          add('10-K', period, LATE_DEADLINE + 20 + jitter(period + 4, 80))
        } else add('10-K', period, (t.large ? 55 : 75) + jitter(period, 15))
        if (t.listed) add('DEF 14A', period, 100 + jitter(period + 1, 25))
      } else add('10-Q', period, (t.large ? 36 : 42) + jitter(period, 4))
    }
  } else if (t.kind === KIND.otherCompany && t.abs) {
    for (let m = 1; m <= 12; m++) add('10-D', monthEnd(year, m - 1), 14 + jitter(m, 6))
    add('10-K', monthEnd(year - 1, 12), 85 + jitter(year, 5))
  } else if (t.kind === KIND.registeredFund) {
    for (const [period, q] of fiscalQuarterEnds(t, year)) {
      if (q === 4) {
        add('N-CSR', period, 62 + jitter(period, 8))
        add('485BPOS', period, 110 + jitter(period + 1, 15))
        if (period + 75 >= NCEN_START) add('N-CEN', period, 70 + jitter(period + 2, 5))
      }
      if (q === 2) add('N-CSRS', period, 62 + jitter(period, 8))
      if (period + 60 >= NPORT_START) add('NPORT-P', period, 55 + jitter(period + 3, 5))
    }
  } else if (t.kind === KIND.manager) {
    for (let y = year - 1; y <= year; y++) {
      for (let m = 3; m <= 12; m += 3) {
        const period = monthEnd(y, m)
        if (period + 45 >= THIRTEEN_F_START) add('13F-HR', period, 38 + jitter(period, 7))
      }
    }
  }
  return out.sort((a, b) => a.day - b.day)
}
