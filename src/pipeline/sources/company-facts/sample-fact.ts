/**
 * One fact of the companyfacts sample as its writer (sample.ts) takes it, whichever filer it is of (a
 * company's statements, or a filing fee exhibit: sample-filing-fees.ts). Dates are day numbers
 * (sample/dates.ts).
 */
export type Fact = {
  start: number | null
  end: number
  val: number
  accn: string
  /** Null on a fact of a filing with no fiscal period (a filing fee exhibit). */
  fy: number | null
  fp: string | null
  form: string
  filed: number
}
