/**
 * Finds the EDGAR bulk files in a mirror folder (DESIGN.md §2). Every source is optional; the build says
 * which it found and records each in the manifest with its size and modification date.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export type SourceFile = { path: string; rel: string; bytes: number; modified: string }
/** A folder read as one source (e.g. 950,000 submission files): listed in the manifest as a total. */
export type SourceFolder = SourceFile & { files: number }

export type Sources = {
  dir: string
  submissionsZip?: SourceFile
  submissionsDir?: SourceFolder
  tickers?: SourceFile
  sicCodes?: SourceFile
  fullIndex: SourceFile[]
  dailyIndex: SourceFile[]
  filingIndex?: SourceFolder
}

const MAIN_FILE = /^CIK\d{10}\.json$/
const PAGE_FILE = /^CIK\d{10}-submissions-\d+\.json$/
export const isSubmissionFile = (name: string) => MAIN_FILE.test(name) || PAGE_FILE.test(name)

function fileSource(dir: string, path: string): SourceFile {
  const s = statSync(path)
  return { path, rel: relative(dir, path), bytes: s.size, modified: s.mtime.toISOString() }
}

function folderSource(dir: string, path: string, names: string[]): SourceFolder {
  let bytes = 0
  let latest = 0
  for (const name of names) {
    const s = statSync(join(path, name))
    bytes += s.size
    latest = Math.max(latest, s.mtimeMs)
  }
  return { path, rel: `${relative(dir, path)}/`, bytes, modified: new Date(latest).toISOString(), files: names.length }
}

/** `root/YYYY/QTRn/<file>` for every file whose name matches, in path order. */
function quarterFiles(dir: string, root: string, name: RegExp): SourceFile[] {
  if (!existsSync(root)) return []
  const found: SourceFile[] = []
  for (const year of readdirSync(root).filter((y) => /^\d{4}$/.test(y)).sort()) {
    for (const qtr of readdirSync(join(root, year)).filter((q) => /^QTR[1-4]$/.test(q)).sort()) {
      for (const file of readdirSync(join(root, year, qtr)).filter((f) => name.test(f)).sort()) {
        found.push(fileSource(dir, join(root, year, qtr, file)))
      }
    }
  }
  return found
}

/** A file's path as error messages and the manifest name it: relative to the mirror folder. */
export const sourcePath = (sources: Sources, path: string) => relative(sources.dir, path)

export function findSources(dir: string): Sources {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`--from ${dir}: no such folder`)
  const at = (...p: string[]) => join(dir, ...p)
  const sources: Sources = {
    dir,
    fullIndex: quarterFiles(dir, at('full-index'), /^master\.idx$/),
    dailyIndex: quarterFiles(dir, at('daily-index'), /^master\.\d{8}\.idx$/),
  }
  if (existsSync(at('submissions.zip'))) sources.submissionsZip = fileSource(dir, at('submissions.zip'))
  else if (existsSync(at('submissions'))) {
    sources.submissionsDir = folderSource(dir, at('submissions'), readdirSync(at('submissions')).filter(isSubmissionFile))
  }
  if (existsSync(at('company_tickers_exchange.json'))) sources.tickers = fileSource(dir, at('company_tickers_exchange.json'))
  if (existsSync(at('sic_codes.csv'))) sources.sicCodes = fileSource(dir, at('sic_codes.csv'))
  if (existsSync(at('filing-index'))) {
    const names = readdirSync(at('filing-index')).filter((f) => /^\d{10}-\d{2}-\d{6}-index\.json$/.test(f))
    if (names.length) sources.filingIndex = folderSource(dir, at('filing-index'), names)
  }
  return sources
}

/** The manifest's list: one entry per file, folders as totals. */
export function sourceList(s: Sources) {
  return [s.submissionsZip, s.submissionsDir, s.tickers, s.sicCodes, ...s.fullIndex, ...s.dailyIndex, s.filingIndex]
    .filter((x): x is SourceFile => x !== undefined)
    .map((f) => ({ path: f.rel, bytes: f.bytes, modified: f.modified, ...('files' in f ? { files: f.files } : {}) }))
}
