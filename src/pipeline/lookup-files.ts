/**
 * The snapshot's lookup files (db/keyed-file.ts): what the server answers point lookups and most pages
 * from without a query. Written from the snapshot's own Parquet (and the serving database's form-sorted
 * copy of it) after the serving database, so they hold exactly what the Parquet does and are published
 * (or not) with it.
 *
 * Why not DuckDB: a point query costs 0.5-1.4 ms there at full scale, most of it before a row is read
 * (DuckDB plans a prepared statement again for each set of values), which caps uniform lookups at a
 * tenth of what the server can answer; a record here costs ~0.04 ms. The entity bodies also shrink from
 * 0.9 GB (stored uncompressed in DuckDB, where compression cost a lookup 1 ms) to about 0.13 GB.
 */
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { KeyedFileWriter } from '../db/keyed-file.ts'
import { ENTITY_JSON } from '../modules/entities/dto-sql.ts'
import { NAME_GRAM_LINE } from '../modules/entities/name-search.ts'
import { ACCESSION_LINE, DOCUMENT_LINE, filerLine, POSITION_LINE, positionHead } from '../modules/filings/lookup-lines.ts'
import type { BuildDb } from './duck.ts'
import { LOOKUP_FILES, SERVING_FILE, type LookupName } from './layout.ts'
import { ACC_KEY } from './serving.ts'
import { quote } from './sql-text.ts'

export type LookupFileManifest = { path: string; lines: number; frames: number; bytes: number }

/**
 * How a file's frames are cut, where not the writer's 16 KB: a frame is what one read decompresses.
 *   entities: a page of 20 entities reads 20 bodies (~1 KB each) from as many frames; 4 KB frames took a
 *     name search from 0.83 to 0.61 ms in process (file 0.13 → 0.20 GB; 2 KB: 0.60 ms, 0.25 GB).
 *   formPositions: a merged page reads a frame per form from the middle; 8 KB frames waste less of it,
 *     and the heads (page-skip.ts) pass a deep page's first-day rows unread, to within a frame.
 */
const FRAMES: Partial<Record<LookupName, { frameBytes?: number; head?: (payload: string) => bigint }>> = {
  entities: { frameBytes: 4096 },
  formPositions: { frameBytes: 8192, head: positionHead },
}

/** `frameBytes` replaces every file's frame size (tests: many frames from few rows). */
export async function writeLookupFiles(db: BuildDb, snapshotDir: string, o: { frameBytes?: number } = {}): Promise<Record<LookupName, LookupFileManifest>> {
  const parquet = (table: string) => `read_parquet(${quote(join(snapshotDir, table, '*.parquet'))})`
  // Each query yields (key BIGINT, line VARCHAR) in key order, all of a key's lines in the order served,
  // one line per row of the table it names first.
  const queries: Record<LookupName, [rowsOf: string, sql: string]> = {
    entities: [parquet('entities'), `SELECT cik::BIGINT, ${ENTITY_JSON} FROM ${parquet('entities')} ORDER BY cik`],
    filings: [parquet('filings'), `SELECT ${ACC_KEY} AS k, ${ACCESSION_LINE} FROM ${parquet('filings')} ORDER BY k, cik`],
    documents: [parquet('filing_documents'), `SELECT ${ACC_KEY} AS k, ${DOCUMENT_LINE} FROM ${parquet('filing_documents')} ORDER BY k, cik, sequence`],
    // No ORDER BY: the Parquet is stored by CIK, newest first (layout.ts), and its order is kept (below).
    filerFilings: [parquet('filings'), `SELECT cik::BIGINT, ${filerLine(ACC_KEY)} FROM ${parquet('filings')}`],
    // The serving database's form-sorted copy, stored in position order: no sort either.
    formPositions: ['s.filings_by_form', `SELECT pos::BIGINT, ${POSITION_LINE} FROM s.filings_by_form`],
    // Stored by trigram, then CIK.
    nameGrams: ['s.entity_name_grams', `SELECT gram, ${NAME_GRAM_LINE} FROM s.entity_name_grams`],
  }
  const written = {} as Record<LookupName, LookupFileManifest>
  // A single Parquet file's rows, and a table's, then come in stored order, without a sort.
  await db.run('SET preserve_insertion_order = true')
  await db.run(`ATTACH ${quote(join(snapshotDir, SERVING_FILE))} AS s (READ_ONLY)`)
  try {
    for (const name of Object.keys(queries) as LookupName[]) await writeOne(name)
  } finally {
    await db.run('DETACH s')
    await db.run('SET preserve_insertion_order = false')
  }
  return written

  async function writeOne(name: LookupName) {
    const path = LOOKUP_FILES[name]
    mkdirSync(dirname(join(snapshotDir, path)), { recursive: true })
    const [rowsOf, query] = queries[name]
    const writer = new KeyedFileWriter(join(snapshotDir, path), { ...FRAMES[name], ...(o.frameBytes ? { frameBytes: o.frameBytes } : {}) })
    try {
      await db.forEachChunk(query, (chunk) => {
        const keys = chunk.getColumnValues(0) as bigint[]
        const lines = chunk.getColumnValues(1) as string[]
        for (let i = 0; i < keys.length; i++) writer.add(keys[i]!, lines[i]!)
      })
    } finally {
      written[name] = { path, ...writer.close() }
    }
    // A line per row, or a lookup would miss what a list shows.
    const rows = await db.count(`SELECT count(*) AS n FROM ${rowsOf}`)
    if (rows !== written[name].lines) throw new Error(`lookup file ${path}: ${written[name].lines} lines for ${rows} rows of ${rowsOf}`)
  }
}
