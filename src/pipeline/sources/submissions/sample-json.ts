/**
 * data.sec.gov submissions records, byte for byte in the real layout: compact JSON, keys in EDGAR's order,
 * `filings.recent` as parallel column arrays of the 1,000 newest filings, older ones in page files
 * (`CIK##########-submissions-001.json`, newest page first) that hold the same columns with no wrapper.
 * Built as strings rather than objects: at full scale this is six gigabytes of JSON.
 */
import { isoDay } from '../../../sample/dates.ts'
import type { Filing } from '../../../sample/filings.ts'
import type { Profile } from '../../../sample/profile.ts'
import { FILING_ARRAYS } from './format.ts'

export const RECENT_LIMIT = 1000
export const PAGE_LIMIT = 2000

export type PageRef = { name: string; filingCount: number; filingFrom: string; filingTo: string }
/** `newest` dates the ZIP entry: the data says when the file last changed, never the clock. */
export type SubmissionFile = { name: string; json: string; newest: Filing }

// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON must escape exactly these control characters
const UNSAFE = /["\\\u0000-\u001f]/

/**
 * A string column, its values joined raw (twice as fast as quoting each). Columns whose values come from
 * free text (form, core type, document name and description) are checked and escaped when needed; the
 * others are built from digits, dates and dashes only.
 */
function stringColumn(values: string[], checked: boolean): string {
  if (values.length === 0) return ''
  if (checked && values.some((v) => UNSAFE.test(v))) return values.map((v) => JSON.stringify(v)).join(',')
  return `"${values.join('","')}"`
}
const FREE_TEXT = new Set([5, 9, 13, 14])

export const cikName = (cik: number) => `CIK${String(cik).padStart(10, '0')}`

const COLUMN_KEYS = FILING_ARRAYS

/** The fifteen column arrays, in EDGAR's order, for filings[from, to). */
export function columnsJson(filings: readonly Filing[], from: number, to: number): string {
  const n = to - from
  const cols: string[][] = Array.from({ length: 15 }, () => new Array<string>(n))
  for (let k = 0; k < n; k++) {
    const f = filings[from + k]!
    cols[0]![k] = f.accessionNumber
    cols[1]![k] = isoDay(f.day)
    cols[2]![k] = f.reportDate
    cols[3]![k] = f.acceptanceDateTime
    cols[4]![k] = f.act
    cols[5]![k] = f.form
    cols[6]![k] = f.fileNumber
    cols[7]![k] = f.filmNumber
    cols[8]![k] = f.items
    cols[9]![k] = f.coreType
    cols[10]![k] = String(f.size)
    cols[11]![k] = f.isXBRL ? '1' : '0'
    cols[12]![k] = f.isInlineXBRL ? '1' : '0'
    cols[13]![k] = f.primaryDocument
    cols[14]![k] = f.primaryDocDescription
  }
  const numeric = (i: number) => i === 10 || i === 11 || i === 12
  return COLUMN_KEYS.map(
    (key, i) => `"${key}":[${numeric(i) ? cols[i]!.join(',') : stringColumn(cols[i]!, FREE_TEXT.has(i))}]`,
  ).join(',')
}

/**
 * The main record and its page files for filings sorted newest first (at least one) (only those up to the as-of date:
 * the snapshot does not know later ones). Pages are listed newest first, each with its date range.
 */
export function submissionFiles(profile: Profile, filings: readonly Filing[]): SubmissionFile[] {
  const base = cikName(profile.cik)
  const pages: SubmissionFile[] = []
  const refs: PageRef[] = []
  for (let from = RECENT_LIMIT, n = 1; from < filings.length; from += PAGE_LIMIT, n++) {
    const to = Math.min(filings.length, from + PAGE_LIMIT)
    const name = `${base}-submissions-${String(n).padStart(3, '0')}.json`
    refs.push({
      name,
      filingCount: to - from,
      filingFrom: isoDay(filings[to - 1]!.day),
      filingTo: isoDay(filings[from]!.day),
    })
    pages.push({ name, json: `{${columnsJson(filings, from, to)}}`, newest: filings[from]! })
  }
  // The record's cik is the zero-padded string ('0000320193'), unlike the integer CIKs elsewhere.
  const head = JSON.stringify({ ...profile, cik: String(profile.cik).padStart(10, '0') })
  const recent = columnsJson(filings, 0, Math.min(RECENT_LIMIT, filings.length))
  const json = `${head.slice(0, -1)},"filings":{"recent":{${recent}},"files":${JSON.stringify(refs)}}}`
  return [{ name: `${base}.json`, json, newest: filings[0]! }, ...pages]
}
