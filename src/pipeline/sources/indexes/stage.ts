/**
 * EDGAR's `master.idx` files (quarterly full-index and daily-index) into `stage_index`: one row per
 * filer of a filing. They add what submissions lack: the current day's filings and filers that have no
 * submissions file.
 *
 * Quirks handled: preambles of varying length (5 to 10 lines, blank lines included) before the
 * `CIK|Company Name|...` header; `Date Filed` as YYYYMMDD (daily) or YYYY-MM-DD (quarterly); bare-CR
 * line endings in some copies; a company name that itself contains `|` (fields are taken from both ends).
 */
import { closeSync, openSync, readSync } from 'node:fs'
import type { BuildDb } from '../../duck.ts'
import { BuildError } from '../../errors.ts'
import { mirrorPath, type SourceFile } from '../../mirror.ts'
import { quote } from '../../sql-text.ts'

type NewLine = '\\n' | '\\r\\n' | '\\r'

/** The line ending of a file, from its first few KB (DuckDB's CSV reader needs it said when it is a bare CR). */
function newLineOf(path: string): NewLine {
  const fd = openSync(path, 'r')
  const head = Buffer.alloc(8192)
  const n = readSync(fd, head, 0, head.length, 0)
  closeSync(fd)
  const text = head.subarray(0, n).toString('latin1')
  if (text.includes('\r\n')) return '\\r\\n'
  if (text.includes('\r') && !text.includes('\n')) return '\\r'
  return '\\n'
}

/** `files`: the quarterly `full-index/…/master.idx` and daily `daily-index/…/master.YYYYMMDD.idx` files found. */
export async function stageIndexes(
  db: BuildDb,
  mirror: string,
  files: SourceFile[],
): Promise<{ files: number; rows: number; bytes: number }> {
  await db.run(`CREATE TABLE stage_index_lines (file VARCHAR, source VARCHAR, line VARCHAR)`)
  const kinds = files.map((f): [SourceFile, string] => [
    f,
    f.rel.startsWith('daily-index') ? 'daily-index' : 'full-index',
  ])
  // One read per line-ending style and source kind, each over all of its files at once.
  const groups = Map.groupBy(kinds, ([f, kind]) => `${kind} ${newLineOf(f.path)}`)
  for (const [key, group] of groups) {
    const [kind, newLine] = key.split(' ') as [string, NewLine]
    const paths = `[${group.map(([f]) => quote(f.path)).join(', ')}]`
    await db.run(`INSERT INTO stage_index_lines
      SELECT filename, ${quote(kind)}, line
      FROM read_csv(${paths}, columns = {'line': 'VARCHAR'}, delim = chr(1), quote = '', escape = '', header = false,
                    new_line = '${newLine}', auto_detect = false, filename = true)
      -- data lines start with the CIK; the preamble, header and dashed rule do not
      WHERE regexp_matches(line, '^\\s*\\d+\\|')`)
  }
  await db.run(`CREATE TABLE stage_index AS
    WITH parts AS (SELECT file, source, line, string_split(rtrim(line), '|') AS p FROM stage_index_lines)
    SELECT file, source, line,
      try_cast(trim(p[1]) AS BIGINT) AS cik,
      trim(array_to_string(p[2:len(p) - 3], '|')) AS company_name,
      trim(p[len(p) - 2]) AS form_type,
      coalesce(try_strptime(trim(p[len(p) - 1]), '%Y%m%d'), try_strptime(trim(p[len(p) - 1]), '%Y-%m-%d'))::DATE AS filing_date,
      regexp_extract(p[len(p)], '(\\d{10}-\\d{2}-\\d{6})\\.txt$', 1) AS accession_number,
      len(p) AS fields
    FROM parts`)
  const bad = await db.one<{ file: string; line: string; problem: string }>(`
    SELECT file, line, CASE
      WHEN fields < 5 THEN 'expected 5 fields CIK|Company Name|Form Type|Date Filed|File Name'
      WHEN filing_date IS NULL THEN 'Date Filed is not a date'
      WHEN accession_number = '' THEN 'File Name does not end in <accession number>.txt'
      WHEN form_type = '' THEN 'Form Type is empty'
    END AS problem
    FROM stage_index WHERE fields < 5 OR filing_date IS NULL OR accession_number = '' OR form_type = '' LIMIT 1`)
  if (bad) throw new BuildError(bad.problem, mirrorPath(mirror, bad.file), `line "${bad.line}"`)
  const rows = await db.count('SELECT count(*) AS n FROM stage_index')
  return { files: files.length, rows, bytes: files.reduce((s, f) => s + f.bytes, 0) }
}
