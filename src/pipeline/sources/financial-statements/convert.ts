/**
 * One quarter of the Financial Statement Data Sets (`YYYYqN.zip` or the unzipped `YYYYqN/`) into Parquet:
 * each of its four files into its own table's period folder, sorted by accession (`acc_key`, the integer
 * form of `adsh`: submissions contract ACC_KEY) or, for tags, by tag. DuckDB cannot read a zip, so each
 * entry is streamed to a temporary file first (extract.ts) and read from there. A quarter without one of
 * the files is refused before the build starts (files.ts REQUIRED_TABLES); accepted on purpose
 * (`--allow-partial-sets`), it writes no rows of that table: without `tag.txt`, the statements' tag
 * metadata stays null.
 */
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { ZipReader } from '../../../lib/zip.ts'
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import type { SourceFile } from '../../mirror.ts'
import { PARQUET, quote } from '../../sql-text.ts'
import { extractEntry } from './extract.ts'
import { FSDS_COLUMNS, FSDS_FILES, type FsdsFile, headerNames, REQUIRED } from './files.ts'

/** `2009q3` from `financial-statement-data-sets/2009q3.zip` or `.../2009q3/`. */
export function quarterName(rel: string): string {
  const m = rel.match(/(\d{4}q[1-4])(?:\.zip|\/)?$/)
  if (!m) throw new BuildError('expected a quarter named YYYYqN (a .zip or a folder)', rel)
  return m[1]!
}

/** The table each file goes to in the snapshot, and the view the build reads it through. */
export const FSDS_TABLES: Record<FsdsFile, { table: string; view: string }> = {
  sub: { table: 'fsds_sub', view: 't_fsds_sub' },
  num: { table: 'fsds_num', view: 't_fsds_num' },
  pre: { table: 'fsds_pre', view: 't_fsds_pre' },
  tag: { table: 'fsds_tag', view: 't_fsds_tag' },
}

const ACC_KEY_OF_ADSH = `replace(adsh, '-', '')::BIGINT AS acc_key`

/** What each table's Parquet holds beyond the file's columns, and its order. */
const SHAPE: Record<FsdsFile, { extra: string; orderBy: string }> = {
  sub: { extra: ACC_KEY_OF_ADSH, orderBy: 'acc_key' },
  num: { extra: ACC_KEY_OF_ADSH, orderBy: 'acc_key, tag, version, ddate, qtrs, uom, segments, coreg' },
  pre: { extra: ACC_KEY_OF_ADSH, orderBy: 'acc_key, report, line' },
  tag: { extra: '', orderBy: 'tag, version' },
}

/**
 * A wide DECIMAL column (num.txt's `value`, 28 digits) is read as text and cast in the select list: DuckDB
 * parses text into a DECIMAL wider than 18 digits (a 128-bit integer) some hundred times slower than into
 * one of 18 (a 64-bit one), in the CSV reader and in a cast alike. So the text goes through the narrow
 * type first, and only a value too big for it (or one that does not parse) through the wide one; both
 * round alike, so the values are the ones the reader gave.
 */
const WIDE_DECIMAL = /^DECIMAL\((\d+),\s*(\d+)\)$/
const readAsText = (type: string) => Number(type.match(WIDE_DECIMAL)?.[1] ?? 0) > 18
const decimalOfText = (column: string, type: string) =>
  `coalesce(try_cast(${column} AS DECIMAL(18, ${type.match(WIDE_DECIMAL)![2]}))::${type}, ${column}::${type})`

/** The columns a file's rows are written with, in order (`accepted` becomes a TIMESTAMP). */
const selectList = (file: FsdsFile, present: Set<string>, castText: boolean) =>
  Object.entries(FSDS_COLUMNS[file]).map(([name, type]) => {
    if (!present.has(name)) return `NULL::${name === 'accepted' ? 'TIMESTAMP' : type} AS ${name}`
    // '2009-08-07 09:10:00.0': EDGAR's acceptance time, Eastern, kept as written (no zone); the fraction optional.
    if (name === 'accepted') return `strptime(accepted, ['%Y-%m-%d %H:%M:%S.%g', '%Y-%m-%d %H:%M:%S']) AS accepted`
    if (castText && readAsText(type)) return `${decimalOfText(`"${name}"`, type)} AS "${name}"`
    return `"${name}"`
  })

/** The empty view of a table when no quarter has rows: the same columns as its Parquet (with the period folder's). */
export function emptyView(file: FsdsFile): string {
  const cols = Object.entries(FSDS_COLUMNS[file]).map(([n, t]) => `"${n}" ${n === 'accepted' ? 'TIMESTAMP' : t}`)
  if (SHAPE[file].extra) cols.push('acc_key BIGINT')
  cols.push('quarter VARCHAR')
  return `CREATE OR REPLACE TABLE ${FSDS_TABLES[file].view} (${cols.join(', ')})`
}

function firstLine(path: string): string {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(4096)
    const n = readSync(fd, buf, 0, buf.length, 0)
    return buf.subarray(0, n).toString('utf8').split('\n')[0] ?? ''
  } finally {
    closeSync(fd)
  }
}

/** Reads one file into Parquet at `out`; returns its rows. */
export async function convertFile(db: BuildDb, file: FsdsFile, path: string, out: string, rel: string) {
  const header = headerNames(firstLine(path))
  const missing = REQUIRED[file].filter((c) => !header.includes(c))
  if (missing.length) throw new BuildError(`expected column(s) ${missing.join(', ')} in the header`, rel, `${file}.txt`)
  const known = FSDS_COLUMNS[file] as Record<string, string>
  const { extra, orderBy } = SHAPE[file]
  const copy = (castText: boolean) => {
    // Every header column, in the file's order, typed: ours by our types, any other as text (not selected).
    const columns = header
      .map((h) => {
        const type = known[h] ?? 'VARCHAR'
        return `${quote(h)}: ${quote(castText && readAsText(type) ? 'VARCHAR' : type)}`
      })
      .join(', ')
    const select = [...selectList(file, new Set(header), castText), ...(extra ? [extra] : [])].join(', ')
    return `COPY (SELECT ${select} FROM read_csv(${quote(path)}, delim = '\t', quote = '"', escape = '"',
        header = true, auto_detect = false, columns = {${columns}}, strict_mode = false) ORDER BY ${orderBy})
      TO ${quote(out)} (${PARQUET}, ROW_GROUP_SIZE 100000)`
  }
  try {
    await db.runLarge(copy(true))
  } catch {
    // A value the cast refused: the reader's own typed read either takes it (then its rows are the ones
    // written) or fails naming the line, which the cast cannot.
    try {
      await db.runLarge(copy(false))
    } catch (e) {
      throw new BuildError(duckMessage(e).replace(/ in file "[^"]*"/, ''), rel, `${file}.txt`)
    }
  }
}

/**
 * Converts one quarter: each file present into `dirOf(table)/part-0.parquet`. A zip's entries are
 * extracted one at a time into `work` and removed once read.
 */
export async function convertQuarter(
  db: BuildDb,
  input: SourceFile,
  work: string,
  dirOf: (table: string) => string,
): Promise<void> {
  const isZip = statSync(input.path).isFile()
  const zip = isZip ? ZipReader.open(input.path) : undefined
  try {
    for (const file of FSDS_FILES) {
      const name = `${file}.txt`
      let path: string
      let temp = false
      // Names matched without case, as the check of the quarter's files (period-sets.ts) matches them.
      if (zip) {
        const entry = zip.entries.find((e) => basename(e.name).toLowerCase() === name)
        if (!entry) continue
        path = join(work, `fsds-${quarterName(input.rel)}-${name}`)
        await extractEntry(zip, entry, path)
        temp = true
      } else {
        const own = readdirSync(input.path).find((f) => f.toLowerCase() === name)
        if (!own) continue
        path = join(input.path, own)
      }
      try {
        await convertFile(db, file, path, join(dirOf(FSDS_TABLES[file].table), 'part-0.parquet'), input.rel)
      } finally {
        if (temp) rmSync(path, { force: true })
      }
    }
  } finally {
    zip?.close()
  }
}
