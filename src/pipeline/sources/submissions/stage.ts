/**
 * Stage 1 of the submissions source: `submissions.zip` (or a `submissions/` folder) into intermediate
 * Parquet files in the work folder: `entities-*.parquet` (one row per CIK file, values as EDGAR wrote
 * them) and `filings-*.parquet` (one row per filing from `recent` and the page files, already typed,
 * with a `problem` column describing any value that does not convert).
 *
 * The JavaScript side only inflates entries and appends them to NDJSON chunks; DuckDB parses each chunk
 * while the next one is being inflated, so both cores work. Staging to Parquet (not to a table) keeps
 * memory bounded whatever the input size, and measured as fast as an in-memory insert here.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Step } from '../../../lib/progress.ts'
import { ZipReader } from '../../../lib/zip.ts'
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import type { SourceFile } from '../../mirror.ts'
import { columnsArg, columnsDdl, PARQUET, quote } from '../../sql-text.ts'
import { type Chunk, ChunkWriter } from './ndjson-chunks.ts'
import { STAGED_FILING_COLUMNS, typedFilingsSelect } from './stage-filings.ts'

const ADDRESS = `STRUCT(street1 VARCHAR, street2 VARCHAR, city VARCHAR, stateOrCountry VARCHAR, zipCode VARCHAR,
  stateOrCountryDescription VARCHAR, isForeignLocation VARCHAR, foreignStateTerritory VARCHAR, country VARCHAR,
  countryCode VARCHAR)`

/** Every entity field of a `CIK##########.json` (its filings are staged separately). Text where EDGAR mixes types. */
const ENTITY_COLUMNS: Record<string, string> = {
  _file: 'VARCHAR',
  cik: 'VARCHAR',
  entityType: 'VARCHAR',
  sic: 'VARCHAR',
  sicDescription: 'VARCHAR',
  ownerOrg: 'VARCHAR',
  insiderTransactionForOwnerExists: 'VARCHAR',
  insiderTransactionForIssuerExists: 'VARCHAR',
  name: 'VARCHAR',
  tickers: 'VARCHAR[]',
  exchanges: 'VARCHAR[]',
  ein: 'VARCHAR',
  lei: 'VARCHAR',
  description: 'VARCHAR',
  website: 'VARCHAR',
  investorWebsite: 'VARCHAR',
  category: 'VARCHAR',
  fiscalYearEnd: 'VARCHAR',
  stateOfIncorporation: 'VARCHAR',
  stateOfIncorporationDescription: 'VARCHAR',
  addresses: `STRUCT(mailing ${ADDRESS}, business ${ADDRESS})`,
  phone: 'VARCHAR',
  flags: 'VARCHAR',
  formerNames: 'STRUCT(name VARCHAR, "from" VARCHAR, "to" VARCHAR)[]',
}
const ENTITY_FIELDS = columnsArg(ENTITY_COLUMNS)

const readChunk = (chunk: Chunk, columns: string) =>
  `read_ndjson(${quote(chunk.path)}, columns = ${columns}, maximum_object_size = 33554432)`

const copyTo = (select: string, file: string) => `COPY (${select}) TO ${quote(file)} (${PARQUET})`

/**
 * `stage_entities` and `stage_filings` over the staged files, or empty tables of the same shape when
 * there was no submissions source (an index-only build).
 */
export async function exposeSubmissionStage(db: BuildDb, workDir: string, staged: boolean) {
  if (staged) {
    await db.run(
      `CREATE VIEW stage_entities AS SELECT * FROM read_parquet(${quote(join(workDir, 'entities-*.parquet'))})`,
    )
    await db.run(
      `CREATE VIEW stage_filings AS SELECT * FROM read_parquet(${quote(join(workDir, 'filings-*.parquet'))})`,
    )
  } else {
    await db.run(`CREATE TABLE stage_entities (${columnsDdl(ENTITY_COLUMNS)})`)
    await db.run(`CREATE TABLE stage_filings (${STAGED_FILING_COLUMNS})`)
  }
}

/**
 * Maps a DuckDB error on a chunk back to the ZIP entry at fault. DuckDB says "in line N"; for malformed
 * JSON that can be the record after the broken one (an unterminated string swallows the line break), so
 * on that path the chunk is scanned with JSON.parse to find the exact line. It runs only on failure.
 */
function chunkError(e: unknown, chunk: Chunk, source: string) {
  const message = duckMessage(e)
  let line = Number(/in line (\d+)/.exec(message)?.[1] ?? 0)
  if (/Malformed JSON/.test(message)) line = firstUnparsableLine(chunk.path) ?? line
  const entry = line > 0 ? chunk.names[line - 1] : undefined
  const reason = message.replace(/ in file "[^"]*"/, '').replace(/,? ?(at byte \d+ )?in line \d+/, '')
  return new BuildError(reason, source, entry ?? `chunk ${chunk.path}`)
}

function firstUnparsableLine(path: string): number | undefined {
  const lines = readFileSync(path, 'utf8').split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue
    try {
      JSON.parse(lines[i]!)
    } catch {
      return i + 1
    }
  }
  return undefined
}

export type SubmissionStats = { files: number; mainFiles: number; pageFiles: number; ignored: number; bytes: number }

const MAIN_FILE = /^CIK\d{10}\.json$/
const PAGE_FILE = /^CIK\d{10}-submissions-\d+\.json$/
export const isSubmissionFile = (name: string) => MAIN_FILE.test(name) || PAGE_FILE.test(name)

/** `input` is submissions.zip, or the submissions/ folder (a folder entry: it counts files). */
export async function stageSubmissions(
  db: BuildDb,
  input: SourceFile,
  workDir: string,
  step: Step,
): Promise<SubmissionStats> {
  const source = input.rel
  const stats: SubmissionStats = { files: 0, mainFiles: 0, pageFiles: 0, ignored: 0, bytes: 0 }
  let queue: Promise<void> = Promise.resolve()
  /** Chunks handed to DuckDB and not yet staged, oldest first (DuckDB takes them one at a time). */
  const inflight: Promise<void>[] = []
  let failure: unknown
  const ingest = (kind: 'main' | 'page') => (chunk: Chunk) => {
    const seq = chunk.path.replace(/^.*-(\d+)\.ndjson$/, '$1')
    queue = queue
      .then(async () => {
        if (failure) return
        // Two targeted reads of the chunk (entity fields, then the filing arrays) rather than one read into a
        // table: parsing is cheap, materializing every field twice was not (measured).
        if (kind === 'main') {
          await db.run(
            copyTo(`SELECT * FROM ${readChunk(chunk, ENTITY_FIELDS)}`, join(workDir, `entities-${seq}.parquet`)),
          )
        }
        const target = join(workDir, `filings-${kind}-${seq}.parquet`)
        await db
          .run(copyTo(typedFilingsSelect(readChunk, chunk, kind, 'native'), target))
          // a value that does not convert natively: stage this chunk on the lenient text path instead
          .catch(() => db.run(copyTo(typedFilingsSelect(readChunk, chunk, kind, 'text'), target)))
      })
      .catch((e) => {
        failure ??= chunkError(e, chunk, source)
      })
      .finally(() => {
        inflight.shift()
        rmSync(chunk.path, { force: true })
      })
    inflight.push(queue)
  }
  const chunkBytes = 128 << 20
  const main = new ChunkWriter(workDir, 'main', chunkBytes, ingest('main'))
  const pages = new ChunkWriter(workDir, 'page', chunkBytes, ingest('page'))

  for (const [name, data] of submissionEntries(input)) {
    if (failure) break
    stats.files++
    stats.bytes += data.length
    const isPage = name.includes('-submissions-')
    if (!isSubmissionFile(name)) stats.ignored++
    else if (!(isPage ? pages : main).add(name, data)) throw new BuildError('not a JSON object', source, name)
    else if (isPage) stats.pageFiles++
    else stats.mainFiles++
    if (stats.files % 2000 === 0) {
      step.update({ files: stats.files, bytes: stats.bytes })
      // Let finished DuckDB work hand over to the next chunk. When DuckDB falls two chunks behind, wait for
      // the oldest one only, so inflating goes on while DuckDB works through the rest.
      await (inflight.length > 2 ? inflight[0] : new Promise((r) => setImmediate(r)))
    }
  }
  main.finish()
  pages.finish()
  await queue
  if (failure) throw failure
  if (stats.mainFiles === 0) throw new BuildError('no CIK##########.json files found', source)
  return stats
}

/** Entries of the ZIP (in file order) or of the folder (in name order), as [name, bytes]. */
function* submissionEntries(input: SourceFile): Generator<[string, Buffer]> {
  if (!('files' in input)) {
    const zip = ZipReader.open(input.path)
    try {
      for (const [entry, data] of zip.iterate((n) => n.endsWith('.json'))) yield [entry.name, data]
    } finally {
      zip.close()
    }
  } else {
    const dir = input.path
    for (const name of readdirSync(dir).filter(isSubmissionFile).sort()) yield [name, readFileSync(join(dir, name))]
  }
}
