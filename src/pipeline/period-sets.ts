/**
 * Complete period sets. A quarterly data set is several tables in one zip (or its unzipped folder), and a
 * set missing one of them is a truncated download or a partial extract: built as it is, it would serve
 * the quarter's filings without their owners, transactions or values, and nothing would say so. So before
 * anything is written, each period file of a source that declares its tables (PeriodFiles.tables) is
 * checked for them, and one that lacks any fails the build, naming the file and the tables; the served
 * snapshot stays as it was. `--allow-partial-sets` accepts such a set on purpose: the build goes on, and
 * says which tables each set lacked in its summary and in the manifest (`partialSets`).
 *
 * The check reads only the zip's directory or the folder's listing, and runs on every build, whether the
 * file's Parquet is then converted or reused: a set accepted once with the flag is refused by the next
 * build without it.
 */
import { readdirSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { ZipError, ZipReader } from '../lib/zip.ts'
import type { PartialSet } from './contract.ts'
import { BuildError } from './errors.ts'
import type { SourceFile } from './mirror.ts'
import type { FoundMap, SourceDefinition } from './source.ts'

/** The flag that accepts a partial set, as the CLI spells it and the messages name it. */
const ALLOW_PARTIAL_SETS_FLAG = '--allow-partial-sets'

/** The file names a set holds, lower-cased: a zip's entries (any folder inside it) or a folder's files. */
function namesIn(file: SourceFile): Set<string> {
  if (statSync(file.path).isDirectory()) return new Set(readdirSync(file.path).map((n) => n.toLowerCase()))
  let zip: ZipReader | undefined
  try {
    zip = ZipReader.open(file.path)
    return new Set(zip.entries.map((e) => basename(e.name).toLowerCase()))
  } catch (e) {
    if (e instanceof ZipError)
      throw new BuildError(`not a readable zip (a truncated download?): ${e.message}`, file.rel)
    throw e
  } finally {
    zip?.close()
  }
}

/** The tables (as file names, `REPORTINGOWNER.tsv`) of `required` that `file` lacks, matched without case. */
function missingTables(file: SourceFile, required: readonly string[]): string[] {
  const names = namesIn(file)
  return required.filter((t) => !names.has(t.toLowerCase()))
}

/** What the summary and the manifest say of a set accepted without some of its tables. */
export const partialSetWarning = (p: PartialSet) =>
  `${p.file} lacks ${p.missing.join(', ')}: built without ${p.missing.length > 1 ? 'them' : 'it'} (${ALLOW_PARTIAL_SETS_FLAG})`

/**
 * Every period file of every source found, checked for its declared tables. Without `allow`, any set
 * lacking one fails the build with a message naming each such file and its missing tables; with it, the
 * partial sets are returned for the summary and the manifest.
 */
export function checkPeriodSets(sources: readonly SourceDefinition[], found: FoundMap, allow: boolean): PartialSet[] {
  const partial: PartialSet[] = []
  for (const source of sources) {
    const spec = source.periodFiles
    const here = found[source.name]
    if (!spec?.tables || !here) continue
    for (const file of spec.files(here)) {
      const missing = missingTables(file, spec.tables)
      if (missing.length) partial.push({ source: source.name, file: file.rel, missing })
    }
  }
  if (partial.length && !allow) {
    const lines = partial.map((p) => `${p.file}: missing table(s) ${p.missing.join(', ')}`)
    throw new BuildError(
      `${lines.join('\n')}\n(an incomplete download or extract: fetch the set again, or build with ${ALLOW_PARTIAL_SETS_FLAG} to serve it without those tables)`,
    )
  }
  return partial
}
