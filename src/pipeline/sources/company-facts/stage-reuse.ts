/**
 * A nightly's staging of `companyfacts.zip` parses only the files that changed. The archive's central
 * directory gives each file's CRC-32 and size without inflating it; a company whose files have the CRC and
 * size the last build staged (`fin_fact_files` in the build cache, pipeline/build-cache.ts) is taken as
 * that build left it: its facts from the `company_facts` Parquet of the snapshot it published, its concepts'
 * labels and its name from the cache (`fin_fact_file_labels`, `fin_fact_names`). Only the others' files are
 * inflated and parsed (stage.ts).
 *
 * The taken facts are those of the published snapshot the cache names (`fin_fact_snapshot`): a build that
 * kept its cache and then failed published nothing, so its cache names a snapshot that is not the last
 * published one, and then every file is parsed. A `companyfacts/` folder has no CRCs: it is always parsed.
 */
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ZipEntry } from '../../../lib/zip.ts'
import { attachBuildCache, cachedRecord } from '../../build-cache.ts'
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { SERVING_TABLES } from './contract.ts'

const T = SERVING_TABLES

/** The table of the published snapshot whose facts are taken. */
const FACTS_TABLE = 'company_facts'

/** A zip entry of a company's file: its CIK (from its name), CRC-32 and size. */
export type FactFile = { cik: number; crc: number; bytes: number }

/** What a build takes of the last one's staging: the companies, and the Parquet files their facts are read from. */
export type TakenFacts = { ciks: Set<number>; factFiles: string[] }

/** Each company's files as one comparable text (a company may have more than one entry). */
function filesByCompany(files: readonly FactFile[]): Map<number, string> {
  const parts = new Map<number, string[]>()
  for (const f of files) parts.set(f.cik, [...(parts.get(f.cik) ?? []), `${f.crc}:${f.bytes}`])
  return new Map([...parts].map(([cik, list]) => [cik, list.sort().join(',')]))
}

export const factFileOf = (entry: ZipEntry, cik: number): FactFile => ({
  cik,
  crc: entry.crc32 >>> 0,
  bytes: entry.size,
})

/**
 * The companies whose files are those the last build staged, when the build cache and the snapshot it
 * names allow; their labels and names are written to `work` (`labels-taken.parquet`, `names-taken.parquet`)
 * beside those the parse will write. Undefined: parse every file.
 */
export async function factsToTake(
  ctx: Pick<BuildContext, 'db'> & Partial<Pick<BuildContext, 'buildCache' | 'previous'>>,
  files: readonly FactFile[],
  work: string,
): Promise<TakenFacts | undefined> {
  const { db, buildCache, previous } = ctx
  const facts = previous?.manifest.tables[FACTS_TABLE]
  if (!buildCache || !previous || !facts?.files.length) return undefined
  // The taken facts are read from the last snapshot's files: all of them must be there.
  const factFiles = facts.files.map((f) => join(previous.dir, f))
  if (!factFiles.every((f) => existsSync(f)) || !(await attachBuildCache(db, buildCache))) return undefined
  try {
    const staged = await cachedRecord(db, T.fin_fact_snapshot.name, 'snapshot_id')
    if (staged !== previous.manifest.snapshotId) return undefined
    const before = filesByCompany(
      (
        await db.all<{ cik: string; crc: string; bytes: string }>(
          `SELECT cik::VARCHAR AS cik, crc::VARCHAR AS crc, bytes::VARCHAR AS bytes FROM c.${T.fin_fact_files.name}`,
        )
      ).map((r) => ({ cik: Number(r.cik), crc: Number(r.crc), bytes: Number(r.bytes) })),
    )
    const ciks = new Set<number>()
    for (const [cik, now] of filesByCompany(files)) if (before.get(cik) === now) ciks.add(cik)
    const taken = join(work, 'taken-ciks.parquet')
    // Bound as one text (tens of thousands of CIKs), split by DuckDB.
    await db.run(
      `COPY (SELECT c::BIGINT AS cik FROM (SELECT unnest(string_split(?, ',')) AS c) WHERE c <> '')
       TO ${quote(taken)} (FORMAT parquet)`,
      [[...ciks].join(',')],
    )
    const isTaken = `cik IN (SELECT cik FROM read_parquet(${quote(taken)}))`
    await db.run(
      `COPY (SELECT cik, taxonomy, tag, label, description FROM c.${T.fin_fact_file_labels.name} WHERE ${isTaken})
       TO ${quote(join(work, 'labels-taken.parquet'))} (FORMAT parquet)`,
    )
    await db.run(
      `COPY (SELECT cik, name FROM c.${T.fin_fact_names.name} WHERE ${isTaken})
       TO ${quote(join(work, 'names-taken.parquet'))} (FORMAT parquet)`,
    )
    return { ciks, factFiles }
  } finally {
    await db.run('DETACH c')
  }
}

/**
 * What this build's staging parsed, for the next build, into its own database: each file's CRC and size,
 * each company's labels and name, and the snapshot whose `company_facts` will hold those facts (this one).
 */
export const stageRecords = (snapshotDir: string): string[] => [
  createServingTable(T.fin_fact_files, 'SELECT cik, crc, bytes FROM t_cf_files'),
  createServingTable(T.fin_fact_file_labels, 'SELECT cik, taxonomy, tag, label, description FROM t_cf_file_labels'),
  createServingTable(T.fin_fact_names, 'SELECT cik, name FROM t_cf_names'),
  createServingTable(
    T.fin_fact_snapshot,
    `SELECT ${quote(basename(snapshotDir).replace(/\.partial$/, ''))} AS snapshot_id`,
  ),
]
