/**
 * A date as Arrow's Date32 holds it: days since 1970-01-01. By integer arithmetic on the digits (the
 * proleptic Gregorian calendar's day count), not through Date.UTC: an export has a date or three on every
 * row, and Date.UTC with the parsing around it was most of what writing one took. Whatever the arithmetic
 * does not cover (a year before 100, which Date.UTC reads as 19xx; a month out of 1-12; text not of
 * `YYYY-MM-DD` digits) goes through Date.UTC as before, so every value gives the day it gave then. A day
 * past its month's end runs into the next month in both.
 */
const DAY_MS = 86_400_000

/**
 * Days from 1970-01-01 to year-month-day, for a year from 100 to 9999, a month 1-12 and any day 0-99
 * (after H. Hinnant's days_from_civil; every quotient is of non-negative numbers, so `| 0` floors).
 */
function civilDays(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = (y / 400) | 0
  const yearOfEra = y - era * 400
  const dayOfYear = (((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) | 0) + day - 1
  const dayOfEra = yearOfEra * 365 + ((yearOfEra / 4) | 0) - ((yearOfEra / 100) | 0) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** The digit at `i` of `text`, or -1000 (making any year, month or day it is in out of range). */
const digit = (text: string, i: number) => {
  const d = text.charCodeAt(i) - 48
  return d >= 0 && d <= 9 ? d : -1000
}

/** '2024-09-30' → its day number. */
export function daysOfIso(text: string): number {
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3)
  const month = digit(text, 5) * 10 + digit(text, 6)
  const day = digit(text, 8) * 10 + digit(text, 9)
  if (text.length >= 10 && year >= 100 && month >= 1 && month <= 12 && day >= 0) return civilDays(year, month, day)
  return Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10))) / DAY_MS
}

/** 20240930 → its day number. */
export function daysOfYmd(ymd: number): number {
  if (ymd >= 1_000_000 && ymd <= 99_999_999 && ymd % 1 === 0) {
    const month = ((ymd / 100) | 0) % 100
    if (month >= 1 && month <= 12) return civilDays((ymd / 10_000) | 0, month, ymd % 100)
  }
  return Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, ymd % 100) / DAY_MS
}
