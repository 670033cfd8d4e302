/**
 * The tables the series statements (company-facts/series.ts) read of the other sources and of the serving
 * database, as the build creates them: a test of the series alone creates them empty and fills those its
 * case needs.
 */
import { afterAll, beforeAll } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { BuildDb } from '../../src/pipeline/duck.ts'
import { seriesStatements } from '../../src/pipeline/sources/company-facts/series.ts'
import { FACT_COLUMNS, LABEL_COLUMNS } from '../../src/pipeline/sources/company-facts/stage.ts'
import { tempDir } from '../helpers/snapshot.ts'

export const SERIES_INPUTS = {
  t_fsds_num: `adsh VARCHAR, acc_key BIGINT, tag VARCHAR, version VARCHAR, ddate INTEGER, qtrs INTEGER, uom VARCHAR,
    segments VARCHAR, coreg VARCHAR, value DECIMAL(28,4)`,
  t_fsds_pre: 'adsh VARCHAR, acc_key BIGINT, stmt VARCHAR, inpth INTEGER, tag VARCHAR, version VARCHAR',
  t_cf_labels: LABEL_COLUMNS,
  cf_metric_labels: 'metric VARCHAR, label VARCHAR',
  'b.fin_filings': 'acc_key BIGINT, period INTEGER, accepted TIMESTAMP',
  's.fin_concepts': 'tag VARCHAR, version VARCHAR, tlabel VARCHAR, datatype VARCHAR',
} as const

/**
 * A build database in a temp folder for the rules tests of one file, opened before its tests and removed
 * after them: `db()` is the open database.
 */
export function useBuildDb(name: string): { db: () => BuildDb } {
  let root = ''
  let db: BuildDb | undefined
  beforeAll(async () => {
    root = tempDir(name)
    db = await BuildDb.open({
      file: join(root, 'rules.duckdb'),
      tempDir: join(root, 'tmp'),
      threads: 1,
      memoryLimit: '500MB',
    })
  })
  afterAll(() => {
    db?.close()
    rmSync(root, { recursive: true, force: true })
  })
  return { db: () => db! }
}

/** `tables` of SERIES_INPUTS, empty (and the schemas `s` and `b`, the serving and build databases' stand-ins). */
export async function createSeriesInputs(db: BuildDb, tables: readonly (keyof typeof SERIES_INPUTS)[]) {
  await db.run('CREATE SCHEMA IF NOT EXISTS s')
  await db.run('CREATE SCHEMA IF NOT EXISTS b')
  for (const t of tables) await db.run(`CREATE TABLE ${t} (${SERIES_INPUTS[t]})`)
}

/** A fact: [tag, unit, start, end, value, accession, fy, fp, form, filed] (cik 1, us-gaap unless the tag says `ifrs-full:`). */
export type Fact = [string, string, string | null, string, number, string, number, string, string, string]
/** An FSDS num row of a fact's filing: [accession, tag, ddate, qtrs, value]. */
export type Num = [string, string, number, number, number]
/** An FSDS pre row: the filing [accession] presents [tag] on its statement [stmt] (IS, BS, CF…). */
export type Pre = [string, string, string]

export const acc = (n: number) => `0000000001-24-${String(n).padStart(6, '0')}`

/** Every input of the series statements besides the facts, created empty for each case. */
const INPUTS = Object.keys(SERIES_INPUTS) as (keyof typeof SERIES_INPUTS)[]

/** Runs the series statements over `facts` and the FSDS rows of their filings, in tables made anew. */
export async function buildSeries(db: BuildDb, facts: Fact[], num: Num[] = [], pre: Pre[] = []) {
  await db.run('DROP SCHEMA IF EXISTS s CASCADE')
  await db.run('DROP SCHEMA IF EXISTS b CASCADE')
  for (const t of ['t_cf_facts', ...INPUTS]) await db.run(`DROP TABLE IF EXISTS ${t}`)
  await db.run(`CREATE TABLE t_cf_facts (${FACT_COLUMNS})`)
  for (const [tag, unit, start, end, value, adsh, fy, fp, form, filed] of facts) {
    const [taxonomy, local] = tag.includes(':') ? tag.split(':') : ['us-gaap', tag]
    await db.run(
      `INSERT INTO t_cf_facts VALUES (1, ?, ?, ?, ?::DATE, ?::DATE, ?, ?, replace(?, '-', '')::BIGINT, ?, ?, ?, ?::DATE, NULL)`,
      [taxonomy!, local!, unit, start, end, value, adsh, adsh, fy, fp, form, filed],
    )
  }
  await createSeriesInputs(db, INPUTS)
  await db.run(`INSERT INTO cf_metric_labels VALUES ('revenue', 'Revenue')`)
  for (const [adsh, tag, ddate, qtrs, value] of num)
    await db.run(
      `INSERT INTO t_fsds_num VALUES (?, replace(?, '-', '')::BIGINT, ?, 'us-gaap/2024', ?, ?, 'USD', NULL, NULL, ?)`,
      [adsh, adsh, tag, ddate, qtrs, value],
    )
  for (const [adsh, stmt, tag] of pre)
    await db.run(`INSERT INTO t_fsds_pre VALUES (?, replace(?, '-', '')::BIGINT, ?, 0, ?, 'us-gaap/2024')`, [
      adsh,
      adsh,
      stmt,
      tag,
    ])
  for (const sql of seriesStatements()) await db.run(sql)
}

/** Operating cash flow: the tag of the rule-5 cases (a 10-Q reports it only as a year to date). */
export const CFO = 'NetCashProvidedByUsedInOperatingActivities'
/** A fact of CFO for fiscal 2024 (by default) from `start` to `end`, of filing `n`. */
export const cfo = (start: string, end: string, v: number, n: number, fp: string, filed: string, fy = 2024): Fact => [
  CFO,
  'USD',
  start,
  end,
  v,
  acc(n),
  fy,
  fp,
  fp === 'FY' ? '10-K' : '10-Q',
  filed,
]
