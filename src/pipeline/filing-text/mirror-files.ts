/**
 * Where submission text files sit in a mirror: EDGAR's own path, `Archives/edgar/data/<cik>/<accession>.txt`
 * (the CIK without leading zeros), or `.nc` for a file taken from the dissemination feed. One filing
 * appears under each CIK it involves on EDGAR's site; the mirror keeps the copy the download fetched.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { folderSource, type SourceFile, type SourceFolder } from '../mirror.ts'
import { submissionTypeOf } from './parse.ts'

export const FILING_TEXT_ROOT = 'Archives/edgar/data'

const FILE_NAME = /^(\d{10}-\d{2}-\d{6})\.(txt|nc)$/

export type FilingTextFile = { path: string; cik: number; accessionNumber: string; bytes: number; modifiedMs: number }

/** The mirror path of a filing's text file, as the SEC's site names it. */
export const filingTextPath = (cik: number | string, accessionNumber: string) =>
  `${FILING_TEXT_ROOT}/${Number(cik)}/${accessionNumber}.txt`

/** Every submission text file in the mirror, in accession order (one per accession: `.txt` over `.nc`). */
export function findFilingTexts(mirror: string): FilingTextFile[] {
  const root = join(mirror, FILING_TEXT_ROOT)
  if (!existsSync(root)) return []
  const byAccession = new Map<string, FilingTextFile>()
  for (const cik of readdirSync(root).filter((d) => /^\d{1,10}$/.test(d))) {
    const dir = join(root, cik)
    if (!statSync(dir).isDirectory()) continue
    for (const name of readdirSync(dir)) {
      const m = FILE_NAME.exec(name)
      if (!m) continue
      const seen = byAccession.get(m[1]!)
      if (seen && (seen.path.endsWith('.txt') || m[2] === 'nc')) continue
      const path = join(dir, name)
      const s = statSync(path)
      byAccession.set(m[1]!, { path, cik: Number(cik), accessionNumber: m[1]!, bytes: s.size, modifiedMs: s.mtimeMs })
    }
  }
  return [...byAccession.values()].sort((a, b) => a.accessionNumber.localeCompare(b.accessionNumber))
}

/** The first bytes of a file: enough for its header's submission type. */
function head(path: string, bytes = 4096): string {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0)).toString('latin1')
  } finally {
    closeSync(fd)
  }
}

/** The manifest entry a source lists for its text files (a folder total), carrying the files it counted. */
export type FilingTextFolder = SourceFolder & { texts: FilingTextFile[] }

/**
 * The mirror's text files of the given submission types (`4`, `4/A`, `13F-HR` …), read by their first
 * 4 KB only, with the manifest entry a source lists for them (a folder total); undefined when none.
 * A source calls it once, in `find`; its stage takes the same list back from what was found
 * (`foundFilingTexts`) rather than walking the folder and reading every head again.
 */
export function filingTextsOfForms(
  mirror: string,
  forms: ReadonlySet<string>,
): { files: FilingTextFile[]; folder: FilingTextFolder } | undefined {
  const files = findFilingTexts(mirror).filter((f) => forms.has(submissionTypeOf(head(f.path)) ?? ''))
  if (!files.length) return undefined
  const root = join(mirror, FILING_TEXT_ROOT)
  const folder = folderSource(
    mirror,
    root,
    files.map((f) => relative(root, f.path)),
  )
  return { files, folder: { ...folder, texts: files } }
}

/** The text files a source's `find` listed (its FilingTextFolder entry), or none. */
export const foundFilingTexts = (files: readonly SourceFile[] | undefined): FilingTextFile[] =>
  files?.find((f): f is FilingTextFolder => 'texts' in f)?.texts ?? []
