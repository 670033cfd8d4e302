/**
 * The keys request paths are made of, read from the snapshot the server is about to serve (its Parquet
 * files, with DuckDB in this process), so every path names something that exists and must answer 200.
 * Two kinds of draws: uniform samples (every entity or filing equally likely) and popularity-ordered
 * lists (by filing count) the skewed mix draws from. Read once, before the load starts, and closed.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { AREAS } from '../../src/areas/index.ts'

export type Filing = { cik: string; accession: string }

export type SnapshotKeys = {
  snapshotId: string
  /** manifest.json `tables.<name>.rows` */
  rows: Record<string, number>
  /** uniform samples */
  ciks: string[]
  tickers: string[]
  filings: Filing[]
  names: string[]
  /** CIKs of random filings: each CIK as likely as its share of all filings */
  ciksByFilings: string[]
  /** tickers of the most active filers, most filings first */
  popularTickers: string[]
  /** words that occur in many entity names, most frequent first */
  commonWords: string[]
  /** entity count per type, for the type filter's pages */
  entityTypes: { type: string; rows: number }[]
  /** the areas' own keys (Area.benchKeys) by name: a uniform sample and, when declared, the popular ones */
  areaKeys: Record<string, { uniform: string[]; popular: string[] }>
}

/**
 * Keys drawn per kind for the uniform mix: far more than the result cache holds (RESPONSE_CACHE_MB, 128
 * MB of answers: some 128,000 of a kilobyte, fewer of any larger), so that a run of some tens of thousands of
 * requests rarely repeats one and the cache cannot help, as a uniform mix must (docs/benchmarks.md, The
 * load benchmark).
 */
const SAMPLE = 200_000

export const currentSnapshot = (datasets: string) => readFileSync(join(datasets, 'CURRENT'), 'utf8').trim()

export function readManifestRows(datasets: string, id: string): Record<string, number> {
  const manifest = JSON.parse(readFileSync(join(datasets, id, 'manifest.json'), 'utf8')) as {
    tables: Record<string, { rows: number }>
  }
  return Object.fromEntries(Object.entries(manifest.tables).map(([name, t]) => [name, t.rows]))
}

/** `seed` makes the samples repeatable (with one DuckDB thread), so the same seed writes the same path files. */
export async function readSnapshotKeys(datasets: string, seed = 1): Promise<SnapshotKeys> {
  const snapshotId = currentSnapshot(datasets)
  // `**` also matches files directly in the table folder, and any partition folders below it.
  const t = (table: string) => `read_parquet('${join(datasets, snapshotId, table).replaceAll("'", "''")}/**/*.parquet')`
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' })
  const conn = await instance.connect()
  const rows = async <T>(text: string) => (await conn.runAndReadAll(text)).getRowObjectsJson() as T[]
  const sample = `USING SAMPLE reservoir(${SAMPLE} ROWS) REPEATABLE (${seed})`
  const column = async (text: string) => (await rows<{ v: string }>(text)).map((r) => r.v)
  try {
    const entities = `(SELECT cik FROM ${t('entities')})`
    return {
      snapshotId,
      rows: readManifestRows(datasets, snapshotId),
      ciks: await column(`SELECT cik::VARCHAR AS v FROM ${t('entities')} ${sample}`),
      tickers: await column(`SELECT ticker AS v FROM ${t('tickers')} WHERE cik IN ${entities} ${sample}`),
      filings: await rows<Filing>(
        `SELECT cik::VARCHAR AS cik, accession_number AS accession FROM ${t('filing_accessions')} ${sample}`,
      ),
      names: await column(`SELECT name AS v FROM ${t('entities')} WHERE length(trim(name)) >= 3 ${sample}`),
      ciksByFilings: await column(
        `SELECT cik::VARCHAR AS v FROM ${t('filing_accessions')} WHERE cik IN ${entities} ${sample}`,
      ),
      popularTickers: await column(`
        SELECT t.ticker AS v FROM ${t('tickers')} t JOIN (SELECT cik, count(*) AS n FROM ${t('filing_accessions')} GROUP BY cik) f USING (cik)
        WHERE t.cik IN ${entities} ORDER BY f.n DESC, t.ticker LIMIT 300`),
      commonWords: await column(`
        SELECT word AS v FROM (SELECT unnest(regexp_split_to_array(lower(name), '[^a-z0-9]+')) AS word FROM ${t('entities')})
        WHERE length(word) >= 3 GROUP BY word ORDER BY count(*) DESC, word LIMIT 100`),
      entityTypes: (
        await rows<{ type: string; rows: number }>(`
        SELECT entity_type AS type, count(*)::INTEGER AS rows FROM ${t('entities')}
        WHERE entity_type IN ('company', 'individual', 'institution') GROUP BY 1 ORDER BY 2 DESC, 1`)
      ).map((r) => ({ type: r.type, rows: Number(r.rows) })),
      areaKeys: await readAreaKeys(column, t, sample),
    }
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

/**
 * The areas' own keys, one query at a time: concurrent queries on one connection are not supported
 * (they crashed Bun), and a failure must not leave a query running while the connection closes. A
 * snapshot without an area's tables (an older build) gives that area no keys, so its operations are
 * skipped instead of failing the whole run.
 */
async function readAreaKeys(
  column: (text: string) => Promise<string[]>,
  t: (table: string) => string,
  sample: string,
): Promise<SnapshotKeys['areaKeys']> {
  const keys: SnapshotKeys['areaKeys'] = {}
  for (const k of AREAS.flatMap((area) => area.benchKeys ?? [])) {
    try {
      const uniform = await column(`SELECT v::VARCHAR AS v FROM (${k.uniform(t)}) ${sample}`)
      const popular = k.popular ? await column(`SELECT v::VARCHAR AS v FROM (${k.popular(t)}) LIMIT 3000`) : []
      keys[k.name] = { uniform, popular }
    } catch (e) {
      console.error(`bench keys ${k.name}: none (${(e as Error).message.split('\n')[0]})`)
    }
  }
  return keys
}
