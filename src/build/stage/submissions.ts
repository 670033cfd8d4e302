/**
 * Stage 1 of the submissions source: `submissions.zip` (or a `submissions/` folder) into two staged
 * tables, `stage_entities` (one row per CIK file) and `stage_filings` (one row per filing, from `recent`
 * and from the page files). Values stay as EDGAR wrote them (text); the table steps convert and check.
 *
 * The JavaScript side only inflates entries and appends them to NDJSON chunks; DuckDB parses each chunk
 * while the next one is being inflated, so both cores work.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Step } from '../../lib/progress.ts'
import { ZipReader } from '../../lib/zip.ts'
import type { BuildDb } from '../duck.ts'
import { BuildError, duckMessage } from '../errors.ts'
import { ChunkWriter, type Chunk } from '../ndjson-chunks.ts'
import { isSubmissionFile, type Sources } from '../sources.ts'
import { columnsArg, columnsDdl, quote } from '../sql-text.ts'

const ADDRESS = `STRUCT(street1 VARCHAR, street2 VARCHAR, city VARCHAR, stateOrCountry VARCHAR, zipCode VARCHAR,
  stateOrCountryDescription VARCHAR, isForeignLocation VARCHAR, foreignStateTerritory VARCHAR, country VARCHAR,
  countryCode VARCHAR)`

/** The column arrays of `filings.recent` and of a page file. Scalars are read as text: EDGAR mixes types. */
const FILING_ARRAYS = [
  'accessionNumber', 'filingDate', 'reportDate', 'acceptanceDateTime', 'act', 'form', 'fileNumber', 'filmNumber',
  'items', 'core_type', 'size', 'isXBRL', 'isInlineXBRL', 'primaryDocument', 'primaryDocDescription',
] as const

/** Every entity field of a `CIK##########.json`, as staged (the filings arrays are staged separately). */
const ENTITY_FIELDS: Record<string, string> = {
  _file: 'VARCHAR', cik: 'VARCHAR', entityType: 'VARCHAR', sic: 'VARCHAR', sicDescription: 'VARCHAR', ownerOrg: 'VARCHAR',
  insiderTransactionForOwnerExists: 'VARCHAR', insiderTransactionForIssuerExists: 'VARCHAR', name: 'VARCHAR',
  tickers: 'VARCHAR[]', exchanges: 'VARCHAR[]', ein: 'VARCHAR', lei: 'VARCHAR', description: 'VARCHAR', website: 'VARCHAR',
  investorWebsite: 'VARCHAR', category: 'VARCHAR', fiscalYearEnd: 'VARCHAR', stateOfIncorporation: 'VARCHAR',
  stateOfIncorporationDescription: 'VARCHAR', addresses: `STRUCT(mailing ${ADDRESS}, business ${ADDRESS})`, phone: 'VARCHAR',
  flags: 'VARCHAR', formerNames: 'STRUCT(name VARCHAR, "from" VARCHAR, "to" VARCHAR)[]',
}
const PAGE_REFS = 'STRUCT(name VARCHAR, filingCount VARCHAR, filingFrom VARCHAR, filingTo VARCHAR)[]'
const RECENT = `STRUCT(${FILING_ARRAYS.map((c) => `"${c}" VARCHAR[]`).join(', ')})`
const MAIN_COLUMNS = columnsArg({ ...ENTITY_FIELDS, filings: `STRUCT(recent ${RECENT}, files ${PAGE_REFS})` })
const PAGE_COLUMNS = columnsArg({ _file: 'VARCHAR', ...Object.fromEntries(FILING_ARRAYS.map((c) => [c, 'VARCHAR[]'])) })

const STAGED_FILINGS: Record<string, string> = {
  file: 'VARCHAR', cik: 'VARCHAR', part: 'VARCHAR', pos: 'INTEGER',
  ...Object.fromEntries(FILING_ARRAYS.map((c) => [c, 'VARCHAR'])),
}

export async function createSubmissionStage(db: BuildDb) {
  await db.run(`CREATE TABLE stage_entities (${columnsDdl({ ...ENTITY_FIELDS, page_refs: PAGE_REFS })})`)
  await db.run(`CREATE TABLE stage_filings (${columnsDdl(STAGED_FILINGS)})`)
}

/** `unnest` of every array in step: DuckDB zips several unnests in one SELECT (shorter ones pad with NULL). */
const unnestFilings = (alias: string) =>
  `unnest(range(len(${alias}."accessionNumber")))::INTEGER AS pos, ` +
  FILING_ARRAYS.map((c) => `unnest(${alias}."${c}") AS "${c}"`).join(', ')

async function ingestMain(db: BuildDb, chunk: Chunk) {
  await db.run(`CREATE OR REPLACE TEMP TABLE chunk AS
    SELECT * FROM read_ndjson(${quote(chunk.path)}, columns = ${MAIN_COLUMNS}, maximum_object_size = 268435456)`)
  await db.run(`INSERT INTO stage_entities SELECT * EXCLUDE (filings), filings.files FROM chunk`)
  await db.run(`INSERT INTO stage_filings
    SELECT _file, cik, 'recent', ${unnestFilings('r')} FROM (SELECT _file, cik, filings.recent AS r FROM chunk)`)
  await db.run('DROP TABLE chunk')
}

async function ingestPages(db: BuildDb, chunk: Chunk) {
  // A page file has the column arrays at top level and no CIK: it comes from the file name.
  await db.run(`INSERT INTO stage_filings
    SELECT _file, regexp_extract(_file, '^CIK(\\d{10})', 1), _file, ${unnestFilings('p')}
    FROM (SELECT _file, p FROM read_ndjson(${quote(chunk.path)}, columns = ${PAGE_COLUMNS}, maximum_object_size = 268435456) p)`)
}

/** Maps DuckDB's "in line N" back to the entry that produced that line of the chunk. */
function chunkError(e: unknown, chunk: Chunk, source: string) {
  const message = duckMessage(e)
  const line = Number(/in line (\d+)/.exec(message)?.[1] ?? 0)
  const entry = line > 0 ? chunk.names[line - 1] : undefined
  const reason = message.replace(/ in file "[^"]*"/, '').replace(/,? ?(at byte \d+ )?in line \d+/, '')
  return new BuildError(reason, source, entry ?? `chunk ${chunk.path}`)
}

export type SubmissionStats = { files: number; mainFiles: number; pageFiles: number; ignored: number; bytes: number }

export async function stageSubmissions(db: BuildDb, sources: Sources, workDir: string, step: Step): Promise<SubmissionStats> {
  const source = sources.submissionsZip?.rel ?? sources.submissionsDir?.rel ?? 'submissions'
  const stats: SubmissionStats = { files: 0, mainFiles: 0, pageFiles: 0, ignored: 0, bytes: 0 }
  let queue: Promise<void> = Promise.resolve()
  let pending = 0
  let failure: unknown
  const enqueue = (ingest: (db: BuildDb, c: Chunk) => Promise<void>) => (chunk: Chunk) => {
    pending++
    queue = queue
      .then(() => (failure ? undefined : ingest(db, chunk)))
      .catch((e) => {
        failure ??= chunkError(e, chunk, source)
      })
      .finally(() => {
        pending--
        rmSync(chunk.path, { force: true })
      })
  }
  const chunkBytes = 128 << 20
  const main = new ChunkWriter(workDir, 'main', chunkBytes, enqueue(ingestMain))
  const pages = new ChunkWriter(workDir, 'page', chunkBytes, enqueue(ingestPages))

  for (const [name, data] of submissionEntries(sources)) {
    if (failure) break
    stats.files++
    stats.bytes += data.length
    const writer = name.includes('-submissions-') ? pages : main
    if (!isSubmissionFile(name)) stats.ignored++
    else if (!writer.add(name, data)) throw new BuildError('not a JSON object', source, name)
    else if (writer === pages) stats.pageFiles++
    else stats.mainFiles++
    if (stats.files % 2000 === 0) {
      step.update({ files: stats.files, bytes: stats.bytes })
      // Let finished DuckDB work hand over to the next chunk; hold back when DuckDB falls two chunks behind.
      await (pending > 2 ? queue : new Promise((r) => setImmediate(r)))
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
function* submissionEntries(sources: Sources): Generator<[string, Buffer]> {
  if (sources.submissionsZip) {
    const zip = ZipReader.open(sources.submissionsZip.path)
    try {
      for (const [entry, data] of zip.iterate((n) => n.endsWith('.json'))) yield [entry.name, data]
    } finally {
      zip.close()
    }
  } else if (sources.submissionsDir) {
    const dir = sources.submissionsDir.path
    for (const name of readdirSync(dir).filter(isSubmissionFile).sort()) yield [name, readFileSync(join(dir, name))]
  }
}
