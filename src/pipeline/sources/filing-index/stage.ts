/**
 * Filing folder listings (`filing-index/<accession>-index.json`, the `index.json` of an EDGAR filing
 * folder) into `stage_documents`, one row per listed file. The listing has no document types: the
 * documents table derives them from file names (see documents.ts).
 *
 * Quirks: `size` is a string and may be ""; the CIK is only in `directory.name`
 * (`/Archives/edgar/data/<cik>/<accession without dashes>`); listings may be pretty-printed.
 */
import { join } from 'node:path'
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import { mirrorPath, type SourceFolder } from '../../mirror.ts'
import { quote } from '../../sql-text.ts'

const LISTING = `STRUCT(name VARCHAR, "parent-dir" VARCHAR, item STRUCT("last-modified" VARCHAR, name VARCHAR, type VARCHAR, size VARCHAR)[])`

/** `folder`: the mirror's `filing-index/` folder, when it holds listings. */
export async function stageFilingIndex(
  db: BuildDb,
  mirror: string,
  folder: SourceFolder | undefined,
): Promise<{ files: number; rows: number }> {
  if (!folder) {
    await db.run(`CREATE TABLE stage_documents (file VARCHAR, accession_number VARCHAR, folder VARCHAR, sequence INTEGER,
      item STRUCT("last-modified" VARCHAR, name VARCHAR, type VARCHAR, size VARCHAR))`)
    return { files: 0, rows: 0 }
  }
  const glob = join(folder.path, '*-index.json')
  try {
    await db.run(`CREATE TABLE stage_documents AS
      SELECT filename AS file,
        regexp_extract(filename, '(\\d{10}-\\d{2}-\\d{6})-index\\.json$', 1) AS accession_number,
        directory.name AS folder,
        unnest(range(len(directory.item)))::INTEGER + 1 AS sequence,
        unnest(directory.item) AS item
      FROM read_json(${quote(glob)}, columns = {'directory': ${quote(LISTING)}}, format = 'auto', filename = true,
                     maximum_object_size = 67108864)`)
  } catch (e) {
    const message = duckMessage(e)
    const file = /in file "([^"]+)"/.exec(message)?.[1]
    throw new BuildError(message.replace(/ in file "[^"]*"/, ''), file ? mirrorPath(mirror, file) : folder.rel)
  }
  // The folder name must agree with the file name: both identify the filing. A pattern made per row is
  // compiled per row, so an accession number of digits and dashes (all of them, but for a broken file) is
  // matched as the literal end of the folder name, with one constant pattern for the rest.
  const digits = `replace(accession_number, '-', '')`
  const bad = await db.one<{ file: string; folder: string | null }>(`
    SELECT file, folder FROM stage_documents
    WHERE folder IS NULL OR NOT CASE
      WHEN regexp_full_match(accession_number, '[0-9-]*')
        THEN suffix(folder, '/' || ${digits})
          AND regexp_full_match(folder[:length(folder) - length(${digits}) - 1], '.*/data/\\d+')
      ELSE regexp_full_match(folder, '.*/data/\\d+/' || ${digits}) END
    LIMIT 1`)
  if (bad) {
    throw new BuildError(
      `directory.name ${JSON.stringify(bad.folder)} is not /Archives/edgar/data/<cik>/<accession without dashes> of this filing`,
      mirrorPath(mirror, bad.file),
    )
  }
  const rows = await db.count('SELECT count(*) AS n FROM stage_documents')
  return { files: folder.files, rows }
}
