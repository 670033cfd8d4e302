/**
 * Staging of `companyfacts.zip` (or a `companyfacts/` folder of the same `CIK##########.json` files): every
 * fact of every filer, one row each, into Parquet files in the work folder (`facts-NNNNN.parquet`), and each
 * concept's label once (`labels-NNNNN.parquet`).
 *
 * A filer's file is one JSON object of nested maps keyed by taxonomy, concept and unit
 * (`{cik, entityName, facts: {taxonomy: {concept: {label, description, units: {unit: [fact…]}}}}}`). JavaScript
 * only inflates ZIP entries and writes them, as they are, into a batch folder; DuckDB parses a batch of
 * files at once (read_json with the nested maps typed, one document per file, so memory is bounded by the
 * largest filer's file, tens of MB) and unnests the maps into fact rows while the next batch is inflated.
 *
 * Quirks of the real files (test/financials/companyfacts-source.test.ts proves them on the real EDGAR
 * samples beside the repository):
 * - `cik` is an integer, but some files write it as a zero-padded string: read as text, cast to BIGINT;
 * - IFRS filers (`ifrs-full`) and `srt` concepts may have a null label and description;
 * - units other than USD (`shares`, `USD/shares`, `pure`, `EUR`, `COP`…): kept as written;
 * - `val` is an integer or a decimal: DOUBLE (exact for integers below 2^53, the SEC's values are);
 * - `start` exists on duration facts only; `frame` only on the fact the SEC chose for a calendar period;
 * - the same period's value is repeated by every later filing that reports it: kept, one row per filing
 *   (the series rule picks among them, serving.ts).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseCik } from '../../../lib/ids.ts'
import type { Step } from '../../../lib/progress.ts'
import { ZipReader } from '../../../lib/zip.ts'
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import type { SourceFile } from '../../mirror.ts'
import type { BuildContext } from '../../source.ts'
import { PARQUET, quote } from '../../sql-text.ts'
import { type FactFile, factFileOf, factsToTake, type TakenFacts } from './stage-reuse.ts'

export const FACT_FILE = /^CIK\d{10}\.json$/

const FACT = `STRUCT("start" VARCHAR, "end" VARCHAR, val DOUBLE, accn VARCHAR, fy INTEGER, fp VARCHAR, form VARCHAR, filed VARCHAR, frame VARCHAR)[]`
const DOCUMENT = `{cik: 'VARCHAR', entityName: 'VARCHAR', facts: 'MAP(VARCHAR, MAP(VARCHAR, STRUCT(label VARCHAR, description VARCHAR, units MAP(VARCHAR, ${FACT}))))'}`

/** The staged fact columns, in order (an empty stage table has them too). */
export const FACT_COLUMNS = `cik BIGINT, taxonomy VARCHAR, tag VARCHAR, unit VARCHAR, start_date DATE, end_date DATE,
  value DOUBLE, adsh VARCHAR, acc_key BIGINT, fy INTEGER, fp VARCHAR, form VARCHAR, filed DATE, frame VARCHAR`
export const LABEL_COLUMNS = 'taxonomy VARCHAR, tag VARCHAR, label VARCHAR, description VARCHAR'
const NAME_COLUMNS = 'cik BIGINT, name VARCHAR'
const FILE_COLUMNS = 'cik BIGINT, crc BIGINT, bytes BIGINT'

/**
 * DuckDB's largest JSON document for a batch: its largest file, rounded up to a power of two (at least
 * 16 MB). DuckDB allocates buffers by this size, so a fixed large one (1 GB) failed to allocate.
 */
const objectSize = (largest: number) => 2 ** Math.max(24, Math.ceil(Math.log2(largest + 1)))

/** The documents of `files` (a list of JSON paths) as (cik, taxonomy, tag, label, description, unit, fact). */
const unnested = (files: string[], largest: number) => `
  WITH d AS (SELECT cik, facts FROM read_json([${files.map(quote).join(', ')}], columns = ${DOCUMENT},
                                               format = 'auto', maximum_object_size = ${objectSize(largest)})),
  t AS (SELECT cik, unnest(map_entries(facts)) AS e FROM d),
  c AS (SELECT cik, e.key AS taxonomy, unnest(map_entries(e.value)) AS c FROM t)
  SELECT cik, taxonomy, c.key AS tag, c.value.label AS label, c.value.description AS description,
         unnest(map_entries(c.value.units)) AS u
  FROM c`

/** One row per fact, typed. A fact without an accession number or end date is not a filed value: dropped. */
export const factRows = (files: string[], largest: number) => `
  WITH u AS (${unnested(files, largest)}),
  f AS (SELECT cik, taxonomy, tag, u.key AS unit, unnest(u.value) AS f FROM u)
  SELECT cik::BIGINT AS cik, taxonomy, tag, unit, f.start::DATE AS start_date, f.end::DATE AS end_date, f.val AS value,
         f.accn AS adsh, replace(f.accn, '-', '')::BIGINT AS acc_key, f.fy, f.fp, f.form, f.filed::DATE AS filed, f.frame
  FROM f WHERE f.accn IS NOT NULL AND f.end IS NOT NULL`

/** Each file's concepts' labels, by company: a nightly takes an unchanged company's from the cache (stage-reuse.ts). */
const labelRows = (files: string[], largest: number) => `
  SELECT DISTINCT cik::BIGINT AS cik, taxonomy, tag, label, description FROM (${unnested(files, largest)})`

/**
 * Each file's filer as the file names it (`cik`, `entityName`): a filer the submissions mirror lacks is
 * still a company of the financial data, named here (financial-statements/issuers.ts). Only the two
 * top-level fields are typed, so the facts are parsed but not unnested again.
 */
const nameRows = (files: string[], largest: number) => `
  SELECT cik::BIGINT AS cik, nullif(trim(entityName), '') AS name
  FROM read_json([${files.map(quote).join(', ')}], columns = {cik: 'VARCHAR', entityName: 'VARCHAR'},
                 format = 'auto', maximum_object_size = ${objectSize(largest)})`

/** Files parsed (`files`, `bytes`), files taken unparsed from the last build (`taken`), names not of a filer's file. */
export type FactStats = { files: number; bytes: number; ignored: number; taken: number }

/** The CIK a filer's file is named by (`CIK0000320193.json`). */
const cikOfName = (name: string) => parseCik(name.slice(3, 13))

/** Bytes of JSON handed to DuckDB at once: large enough for its parallel parse, small enough for the disk. */
const BATCH_BYTES = 256 << 20

/**
 * Stages every filer's file of `input` (companyfacts.zip or the folder) into `workDir`. A zip's entries are
 * written to a batch folder first (DuckDB cannot read a zip); a folder's files are read where they are.
 */
export async function stageCompanyFacts(
  ctx: Pick<BuildContext, 'db'> & Partial<Pick<BuildContext, 'buildCache' | 'previous'>>,
  input: SourceFile,
  workDir: string,
  step: Step,
  batchBytes = BATCH_BYTES,
): Promise<FactStats & { takenFacts?: TakenFacts }> {
  const { db } = ctx
  const stats: FactStats = { files: 0, bytes: 0, ignored: 0, taken: 0 }
  let takenFacts: TakenFacts | undefined
  let seq = 0
  let pending: Promise<void> = Promise.resolve()
  let failure: unknown
  let largest = 0
  const ingest = (files: string[], cleanup?: string) => {
    const size = largest
    largest = 0
    const n = seq++
    const tag = String(n).padStart(5, '0')
    pending = pending
      .then(async () => {
        if (failure) return
        await db.run(`COPY (${factRows(files, size)}) TO ${quote(join(workDir, `facts-${tag}.parquet`))} (${PARQUET})`)
        await db.run(
          `COPY (${labelRows(files, size)}) TO ${quote(join(workDir, `labels-${tag}.parquet`))} (${PARQUET})`,
        )
        await db.run(`COPY (${nameRows(files, size)}) TO ${quote(join(workDir, `names-${tag}.parquet`))} (${PARQUET})`)
      })
      .catch((e) => {
        failure ??= new BuildError(duckMessage(e), input.rel, files.length === 1 ? files[0] : `batch ${tag}`)
      })
      .finally(() => {
        if (cleanup) rmSync(cleanup, { recursive: true, force: true })
      })
    return pending
  }

  if ('files' in input) {
    // A folder has no CRCs to compare: every file is parsed, and none recorded for the next build.
    await writeFactFiles(db, workDir, [])
    const names = readdirSync(input.path).sort()
    let batch: string[] = []
    let bytes = 0
    for (const name of names) {
      if (!FACT_FILE.test(name)) {
        stats.ignored++
        continue
      }
      const path = join(input.path, name)
      batch.push(path)
      stats.files++
      const size = Bun.file(path).size
      bytes += size
      largest = Math.max(largest, size)
      if (bytes >= batchBytes) {
        stats.bytes += bytes
        await pending
        ingest(batch)
        batch = []
        bytes = 0
      }
    }
    stats.bytes += bytes
    if (batch.length) ingest(batch)
  } else {
    const zip = ZipReader.open(input.path)
    try {
      // Every filer's file as the central directory gives it: recorded for the next build, and compared with
      // the last build's to take the unchanged companies' facts instead of parsing their files.
      const files = zip.entries.flatMap((entry) => {
        const name = entry.name.split('/').pop() ?? ''
        return FACT_FILE.test(name) ? [factFileOf(entry, cikOfName(name))] : []
      })
      await writeFactFiles(db, workDir, files)
      takenFacts = await factsToTake(ctx, files, workDir)
      let dir = ''
      let batch: string[] = []
      let bytes = 0
      for (const [entry, data] of zip.iterate((path) => {
        const name = path.split('/').pop() ?? ''
        return !(FACT_FILE.test(name) && takenFacts?.ciks.has(cikOfName(name)))
      })) {
        if (failure) break
        const name = entry.name.split('/').pop() ?? ''
        if (!FACT_FILE.test(name)) {
          stats.ignored++
          continue
        }
        if (!batch.length) {
          dir = join(workDir, `batch-${String(seq).padStart(5, '0')}`)
          mkdirSync(dir, { recursive: true })
        }
        const path = join(dir, name)
        writeFileSync(path, data)
        batch.push(path)
        stats.files++
        bytes += data.length
        largest = Math.max(largest, data.length)
        if (bytes >= batchBytes) {
          stats.bytes += bytes
          // DuckDB parses this batch while the next one is inflated: at most one batch waits.
          await pending
          ingest(batch, dir)
          batch = []
          bytes = 0
          step.update({ files: stats.files, bytes: stats.bytes })
        }
      }
      stats.bytes += bytes
      if (batch.length) ingest(batch, dir)
    } finally {
      zip.close()
    }
  }
  await pending
  if (failure) throw failure
  stats.taken = takenFacts?.ciks.size ?? 0
  if (stats.files === 0 && stats.taken === 0) throw new BuildError('no CIK##########.json files found', input.rel)
  // Every file taken: the parse wrote no facts, and the view over them needs a file.
  if (stats.files === 0) {
    await db.run(`CREATE TEMP TABLE cf_no_facts (${FACT_COLUMNS})`)
    await db.run(`COPY cf_no_facts TO ${quote(join(workDir, 'facts-none.parquet'))} (${PARQUET})`)
    await db.run('DROP TABLE cf_no_facts')
  }
  return { ...stats, ...(takenFacts ? { takenFacts } : {}) }
}

/** The filers' files of the archive (`files.parquet` in the work folder): what the next build compares with. */
async function writeFactFiles(db: BuildDb, workDir: string, files: readonly FactFile[]) {
  await db.run(
    `COPY (SELECT (j->>'cik')::BIGINT AS cik, (j->>'crc')::BIGINT AS crc, (j->>'bytes')::BIGINT AS bytes
           FROM (SELECT unnest(from_json(?::JSON, '["JSON"]')) AS j))
     TO ${quote(join(workDir, 'files.parquet'))} (${PARQUET})`,
    [JSON.stringify(files)],
  )
}

/**
 * `t_cf_facts`, `t_cf_labels` and `t_cf_names` (each filer once: `cik`, `name`, its `entityName`) over the
 * staged files, with the facts of the companies `taken` from the last build (stage-reuse.ts), and what the
 * next build compares with (`t_cf_files`, `t_cf_file_labels`); or empty tables when there was no
 * companyfacts input.
 */
export async function exposeFactStage(db: BuildDb, workDir: string, staged: boolean, taken?: TakenFacts) {
  if (staged) {
    const parsed = `SELECT * FROM read_parquet(${quote(join(workDir, 'facts-*.parquet'))})`
    await db.run(
      `CREATE VIEW t_cf_facts AS ${parsed}${
        taken
          ? ` UNION ALL BY NAME SELECT * FROM read_parquet([${taken.factFiles.map(quote).join(', ')}])
              WHERE cik IN (SELECT cik FROM read_parquet(${quote(join(workDir, 'taken-ciks.parquet'))}))`
          : ''
      }`,
    )
    await db.run(
      `CREATE TABLE t_cf_file_labels AS SELECT DISTINCT cik, taxonomy, tag, label, description
       FROM read_parquet(${quote(join(workDir, 'labels-*.parquet'))})`,
    )
    // One label per concept, the same whichever files give it (max ignores a null): the real files agree,
    // and where two did not, a choice that changed from build to build would change every company's points
    // of that concept, and a nightly could not take them unchanged (series-reuse.ts).
    await db.run(
      `CREATE TABLE t_cf_labels AS SELECT taxonomy, tag, max(label) AS label, max(description) AS description
       FROM t_cf_file_labels GROUP BY taxonomy, tag`,
    )
    // One row per filer, should an archive hold its file twice.
    await db.run(
      `CREATE TABLE t_cf_names AS SELECT cik, arg_max(name, name IS NOT NULL) AS name
       FROM read_parquet(${quote(join(workDir, 'names-*.parquet'))}) GROUP BY cik`,
    )
    await db.run(`CREATE TABLE t_cf_files AS SELECT * FROM read_parquet(${quote(join(workDir, 'files.parquet'))})`)
  } else {
    await db.run(`CREATE TABLE t_cf_facts (${FACT_COLUMNS})`)
    await db.run(`CREATE TABLE t_cf_file_labels (cik BIGINT, ${LABEL_COLUMNS})`)
    await db.run(`CREATE TABLE t_cf_labels (${LABEL_COLUMNS})`)
    await db.run(`CREATE TABLE t_cf_names (${NAME_COLUMNS})`)
    await db.run(`CREATE TABLE t_cf_files (${FILE_COLUMNS})`)
  }
}
