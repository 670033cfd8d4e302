/**
 * The filings since the newest data set, from their own full submission files (`.txt`, or the feed's
 * `.nc`; src/pipeline/filing-text): the header gives the accession number, form, filing date, period
 * and filer; the `<XML>` parts give the cover page (`edgarSubmission`) and the information table
 * (`informationTable`), found by their root element whatever the document's type or name says.
 */
import { readFileSync } from 'node:fs'
import { type FilingTextFile, parseSubmissionText } from '../../filing-text/index.ts'
import { type FilingRows, filingRows } from './xml.ts'

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

/** Reads the files in batches (each batch's rows staged before the next is read: memory holds one batch). */
export async function readFilingTexts(files: FilingTextFile[], stage: (batch: TextFiling[]) => Promise<void>) {
  let batch: TextFiling[] = []
  let read = 0
  for (const f of files) {
    const rows = filingFromText(readFileSync(f.path, 'latin1'), f.cik)
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
