/**
 * The ownership filings themselves, for the days since the newest quarterly data set: full submission
 * text files in the mirror (src/pipeline/filing-text), whatever their date. Each file's `<XML>` part is its
 * `<ownershipDocument>`, parsed (ownership-xml.ts) into the records the data sets give, with the header's
 * filing date and acceptance time. A file without one (a paper-era text Form 4, 2000) is skipped and
 * counted, not an error: EDGAR holds such filings and a mirror may too.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuildDb } from '../../duck.ts'
import { BuildError } from '../../errors.ts'
import { type FilingTextFile, parseSubmissionText, SubmissionTextError } from '../../filing-text/index.ts'
import { columnsArg, quote } from '../../sql-text.ts'
import { ownershipRecords } from './ownership-xml.ts'
import { RECORD_COLUMNS } from './records.ts'

/** The submission types of ownership filings, as headers and indexes name them. */
export const OWNERSHIP_FORMS: ReadonlySet<string> = new Set(['3', '3/A', '4', '4/A', '5', '5/A'])

/** Parses every file into `stage_insider_texts` (which exists); returns the files read and skipped. */
export async function stageFilingTexts(db: BuildDb, mirror: string, files: FilingTextFile[], work: string) {
  const out = join(work, 'insider-texts.ndjson')
  const lines: string[] = []
  let skipped = 0
  for (const file of files) {
    const rel = file.path.slice(mirror.length + 1)
    let parsed: ReturnType<typeof parseSubmissionText>
    try {
      parsed = parseSubmissionText(readFileSync(file.path, 'latin1'))
    } catch (e) {
      if (e instanceof SubmissionTextError) throw new BuildError(e.message, rel)
      throw e
    }
    const xml = parsed.documents.find((d) => d.xml?.includes('<ownershipDocument'))?.xml
    const records =
      xml &&
      ownershipRecords(xml, {
        accessionNumber: parsed.accessionNumber,
        filingDate: parsed.filed,
        acceptedAt: parsed.accepted,
      })
    if (!records) {
      skipped++
      continue
    }
    for (const r of records) lines.push(JSON.stringify(r))
  }
  if (!lines.length) return { files: files.length, skipped, rows: 0 }
  writeFileSync(out, `${lines.join('\n')}\n`)
  await db.run(`INSERT INTO stage_insider_texts BY NAME
    SELECT * FROM read_json(${quote(out)}, format = 'newline_delimited', columns = ${columnsArg(RECORD_COLUMNS)})`)
  return { files: files.length, skipped, rows: lines.length }
}
