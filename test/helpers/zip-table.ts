/**
 * A tab-separated table of a quarterly data set's zip (a 13F or insider set: `SUBMISSION.tsv`,
 * `INFOTABLE.tsv`), split by hand rather than by the build's reader, so a test compares the build with the
 * file itself: each row as its header's names → values, an empty value as null.
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
