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
  v.accepted ? dayOfTimestamp(v.accepted) : v.filed

/**
 * 'YYYY-MM-DD…' (a timestamp as DuckDB prints it) → YYYYMMDD, from its digits' character codes: a series
 * answer as of a day asks this of every vintage it weighs, and cutting and joining the text for each was
 * a visible share of the answer.
 */
function dayOfTimestamp(ts: string): number {
  const digit = (at: number) => ts.charCodeAt(at) - ZERO
  return (
    digit(0) * 10_000_000 +
    digit(1) * 1_000_000 +
    digit(2) * 100_000 +
    digit(3) * 10_000 +
    digit(5) * 1_000 +
    digit(6) * 100 +
    digit(8) * 10 +
    digit(9)
  )
}

const ZERO = '0'.charCodeAt(0)

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

/** Past every day (the largest INTEGER): a vintage no other one displaces answers from its day on. */
export const NEVER = 2_147_483_647

/**
 * P2 stored as a span of days, so that a ranking as of a day is a filter, not a window over every
 * vintage: of a point's vintages (in vintage order, each `known` on a day), day D takes the one with
 * `known <= D < until`. For `latest` (the last known by D) a vintage's `until` is the first day a later
 * vintage was known; for `first` (the first known by D), the first day an earlier one was. The spans of a
 * point never overlap, even where a later-filed vintage was known first (accepted the evening before).
 * `point`: the PARTITION BY of a point's vintages; `order`: their order.
 */
export const latestUntilSql = (known: string, point: string, order: string) =>
  `coalesce(min(${known}) OVER (PARTITION BY ${point} ORDER BY ${order} ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), ${NEVER})`
export const firstUntilSql = (known: string, point: string, order: string) =>
  `coalesce(min(${known}) OVER (PARTITION BY ${point} ORDER BY ${order} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), ${NEVER})`

/**
 * A company's latest period known on a day, as a span: the first day a vintage of a later period (a later
 * `end_date` among `company`'s points) was known; after it, a later period is the latest known.
 */
export const laterPeriodKnownSql = (known: string, company: string, endDate: string) =>
  `coalesce(min(${known}) OVER (PARTITION BY ${company} ORDER BY ${endDate} RANGE BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), ${NEVER})`
