/**
 * The filings since the newest data set, from their own full submission files (`.txt`, or the feed's
 * `.nc`; src/pipeline/filing-text): the header gives the accession number, form, filing date, period
 * and filer; the `<XML>` parts give the cover page (`edgarSubmission`) and the information table
 * (`informationTable`), found by their root element whatever the document's type or name says.
 */
import { readFileSync } from 'node:fs'
import pkg from '../../../../package.json' with { type: 'json' }
import { SCHEMA_VERSION } from '../../contract.ts'
import { type FilingTextFile, type ParsedTexts, parseSubmissionText } from '../../filing-text/index.ts'
import { type FilingRows, filingRows } from './xml.ts'

/**
 * The parse of a text (`filingFromText` and what it calls), numbered: raise it with any change to what a
 * text parses to. The parses a build keeps for the next (filing-text/parsed-cache.ts) are taken only by a
 * build of the same number, package version and schema version. test/institutions/parsed-texts.test.ts
 * holds the sample texts' parses to it.
 */
export const TEXT_PARSE = 1

/** The kept parses' name in the build cache's folder. */
export const PARSED_TEXTS_CACHE = 'form-13f-texts'

/** What the kept parses must have been made by (ParsedTexts' version). */
export const PARSED_TEXTS_VERSION = `${pkg.version}/${SCHEMA_VERSION}/${TEXT_PARSE}`

/** The submission types of 13F filings. */
export const FORMS_13F: ReadonlySet<string> = new Set(['13F-HR', '13F-HR/A', '13F-NT', '13F-NT/A'])

const rootIs = (xml: string, element: string) => new RegExp(`<(\\w+:)?${element}[\\s>]`).test(xml.slice(0, 2000))

/** A filing's rows, and its acceptance time as the header gives it (Eastern, `YYYY-MM-DD HH:MM:SS`). */
export type TextFiling = FilingRows & { accepted: string | null }

/** One filing's data-set rows from its submission text, or null when it is not a 13F with a cover page. */
export function filingFromText(raw: string, fileCik?: number): TextFiling | null {
  const s = parseSubmissionText(raw)
  if (!FORMS_13F.has(s.form) || !s.filed) return null
  const cover = s.documents.find((d) => d.xml && rootIs(d.xml, 'edgarSubmission'))?.xml
  if (!cover) return null
  const table = s.documents.find((d) => d.xml && rootIs(d.xml, 'informationTable'))?.xml ?? null
  const cik = s.parties.find((p) => p.role === 'filer')?.cik ?? fileCik
  if (!cik) return null
  const header = { accessionNumber: s.accessionNumber, form: s.form, filed: s.filed, cik, period: s.period }
  const rows = filingRows(header, cover, table)
  return rows && { ...rows, accepted: s.accepted }
}

/**
 * Reads the files in batches (each batch's rows staged before the next is read: memory holds one batch),
 * taking the parse of each that `kept` holds.
 */
export async function readFilingTexts(
  files: FilingTextFile[],
  stage: (batch: TextFiling[]) => Promise<void>,
  kept: ParsedTexts<TextFiling>,
) {
  let batch: TextFiling[] = []
  let read = 0
  for (const f of files) {
    const rows = kept.parse(f, () => filingFromText(readFileSync(f.path, 'latin1'), f.cik))
    if (!rows) continue
    batch.push(rows)
    read++
    if (batch.length >= 500) {
      await stage(batch)
      batch = []
    }
  }
  if (batch.length) await stage(batch)
  return read
}
