/**
 * A zip's entries read by hand rather than by the build's reader, so a test compares the build with the file
 * itself: a tab-separated table of a quarterly data set (a 13F or insider set: `SUBMISSION.tsv`,
 * `INFOTABLE.tsv`), each row as its header's names → values, an empty value as null; or every entry as text.
 */
import { ZipReader } from '../../src/lib/zip.ts'
import type { DataSetRow } from '../../src/pipeline/sources/form-13f/columns.ts'

export function zipTableRows(zipPath: string, table: string): DataSetRow[] {
  const zip = ZipReader.open(zipPath)
  try {
    const [head, ...lines] = zip
      .read(zip.entries.find((e) => e.name === `${table}.tsv`)!)
      .toString('utf8')
      .trimEnd()
      .split('\n')
    const columns = head!.split('\t')
    return lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [columns[i]!, v === '' ? null : v])))
  } finally {
    zip.close()
  }
}

/** Every entry of a zip as text (UTF-8), by entry name. */
export function zipTexts(zipPath: string): Map<string, string> {
  const zip = ZipReader.open(zipPath)
  try {
    return new Map([...zip.iterate()].map(([e, data]) => [e.name, data.toString('utf8')]))
  } finally {
    zip.close()
  }
}
