/**
 * The rules of point-in-time financials that both the build and the server apply (docs/financials.md
 * "Point in time"), each once here, in the two forms they are applied in: a value's day of knowledge (P1)
 * and a ranking's complete year. test/financials/point-in-time-rules.test.ts checks that each rule's SQL
 * and TypeScript forms agree.
 */

/**
 * P1. The day a filing was known, YYYYMMDD: its acceptance day (US Eastern, EDGAR's clock, as the data
 * sets give it) where the data sets have the filing, else its filing date. A filing accepted after 17:30
 * is dated the next business day by EDGAR but was public on the day it was accepted.
 */
export const knownOn = (v: { accepted: string | null; filed: number }) =>
  v.accepted ? Number(v.accepted.slice(0, 10).replaceAll('-', '')) : v.filed

/** P1 as SQL over an `accepted` TIMESTAMP and a `filed` YYYYMMDD integer. */
export const knownOnSql = (accepted: string, filed: string) =>
  `coalesce(strftime(${accepted}, '%Y%m%d')::INTEGER, ${filed})`

/**
 * A ranking's year is complete (its reports are in) when it has at least half as many companies as the
 * year before; the first year is. A ranking without `year` ranks the latest complete one, by what is
 * known on the day asked (or today).
 */
export const COMPLETE_SHARE = 0.5

/** The complete-year rule as SQL: `companies` per year, the window ordered by `year`. */
export const completeYearSql = (companies: string, over: string) =>
  `coalesce(${companies} >= ${COMPLETE_SHARE} * lag(${companies}) OVER (${over}), true)`
