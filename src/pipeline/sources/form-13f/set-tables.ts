/**
 * One data set's TSVs as files DuckDB can read: in an unzipped folder they are read where they are; from a
 * zip each is streamed out (inflated in chunks, so a 3-million-row INFOTABLE never sits in memory) into the
 * build's scratch folder. DuckDB cannot read a zip itself. Columns are read by header name: a column the
 * metadata lists and the file lacks is NULL (the SEC's metadata and headers have disagreed before).
 */
import { closeSync, createReadStream, createWriteStream, existsSync, openSync, readdirSync, readSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { ZipReader } from '../../../lib/zip.ts'
import { quote } from '../../sql-text.ts'
import { TABLE_COLUMNS } from './columns.ts'
import type { DataSetFile } from './sets.ts'

const tsvName = (table: string) => `${table.toLowerCase()}.tsv`

/** The path of `table`'s TSV of this set, extracted into `work` when the set is a zip; undefined when absent. */
export async function tableFile(set: DataSetFile, table: string, work: string): Promise<string | undefined> {
  if (!set.path.endsWith('.zip')) {
    const name = readdirSync(set.path).find((f) => f.toLowerCase() === tsvName(table))
    return name ? join(set.path, name) : undefined
  }
  const zip = ZipReader.open(set.path)
  try {
    const entry = zip.entries.find((e) => basename(e.name).toLowerCase() === tsvName(table))
    if (!entry) return undefined
    const out = join(work, `${set.set}-${table}.tsv`)
    if (existsSync(out)) return out
    // The local header's name and extra lengths give where the data starts.
    const fd = openSync(set.path, 'r')
    const header = Buffer.alloc(30)
    readSync(fd, header, 0, 30, entry.localHeaderOffset)
    closeSync(fd)
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    const input = createReadStream(set.path, { start, end: start + entry.compressedSize - 1 })
    if (entry.method === 0) await pipeline(input, createWriteStream(out))
    else await pipeline(input, createInflateRaw(), createWriteStream(out))
    return out
  } finally {
    zip.close()
  }
}

/** The header line's column names. */
function headerOf(path: string): string[] {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(8192)
    const n = readSync(fd, buf, 0, buf.length, 0)
    const line = buf.toString('utf8', 0, n).split(/\r?\n/)[0] ?? ''
    return line
      .replace(/^\uFEFF/, '')
      .split('\t')
      .map((c) => c.trim().toUpperCase())
  } finally {
    closeSync(fd)
  }
}

/**
 * A FROM-able subquery with exactly the metadata's columns of `table`, as text, from a TSV read by its
 * header: absent columns NULL, unknown ones left out. TSV fields are not quoted (a name may hold `"`).
 */
export function tsvSelect(path: string, table: keyof typeof TABLE_COLUMNS): string {
  const header = headerOf(path)
  const cols = TABLE_COLUMNS[table].map((c) => (header.includes(c) ? `"${c}"` : `NULL::VARCHAR AS "${c}"`))
  return `(SELECT ${cols.join(', ')} FROM read_csv(${quote(path)}, delim = '\t', header = true, all_varchar = true,
    quote = '', escape = '', null_padding = true, ignore_errors = true, strict_mode = false))`
}
