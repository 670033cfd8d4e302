/**
 * Checks each staged table and writes it as zstd Parquet into the snapshot folder, sorted as its layout
 * says (tables that a step wrote itself are only described). Returns what the manifest records per table.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter } from '../lib/progress.ts'
import { type CheckResult, checkNonEmpty, checkNotNull, checkUnique } from './checks.ts'
import { type BuildStepRecord, stepRecord, type TableManifest } from './contract.ts'
import type { BuildDb } from './duck.ts'
import { keyRanges } from './key-ranges.ts'
import type { FoundMap, TableSpec } from './source.ts'
import { PARQUET, quote } from './sql-text.ts'

export async function checkTables(db: BuildDb, tables: TableSpec[], found: FoundMap): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  for (const t of tables) {
    const why = t.requiredBy(found)
    if (why) results.push(await checkNonEmpty(db, t.name, t.from, why))
    if (t.key.length) results.push(await checkUnique(db, t.name, t.from, t.key))
    if (t.notNull.length)
      results.push(await checkNotNull(db, t.name, t.from, t.notNull, t.key.length ? t.key : t.notNull.slice(0, 2)))
  }
  return results
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.parquet'))
    .sort()
}

async function writeTable(db: BuildDb, t: TableSpec, snapshotDir: string): Promise<TableManifest> {
  const dir = join(snapshotDir, t.name)
  if (!t.writtenByStep) {
    mkdirSync(dir, { recursive: true })
    const write = (where: string, file: string) =>
      db.runLarge(`COPY (SELECT ${t.columns ?? '*'} FROM ${t.from} WHERE ${where} ORDER BY ${t.orderBy})
        TO ${quote(join(dir, file))} (${PARQUET}, ROW_GROUP_SIZE ${t.rowGroupSize})`)
    const cut = t.writtenInRanges
    if (!cut) await write('true', 'part-0.parquet')
    else
      for (const [i, inRange] of (await keyRanges(db, { ...cut, of: t.from })).entries())
        await write(inRange(cut.column), `part-${String(i).padStart(4, '0')}.parquet`)
  }
  const files = filesUnder(dir)
  // The columns as the files hold them, which is what a reader gets: DuckDB writes a HUGEINT (a sum of
  // BIGINTs) to Parquet as a DOUBLE. A Hive partition's column comes from the folders' names.
  const written = files.length ? `read_parquet([${files.map((f) => quote(join(dir, f))).join(', ')}])` : undefined
  const columns = await db.all<{ column_name: string; column_type: string }>(
    written ? `DESCRIBE SELECT * FROM ${written}` : `DESCRIBE SELECT ${t.columns ?? '*'} FROM ${t.from}`,
  )
  return {
    rows: await db.count(`SELECT count(*) AS n FROM ${t.from}`),
    bytes: files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0),
    files: files.map((f) => relative(snapshotDir, join(dir, f))),
    sortedBy: t.orderBy,
    rowGroupSize: t.rowGroupSize,
    columns: columns.map((c) => ({ name: c.column_name, type: c.column_type })),
    description: t.description,
    ...(t.servedFromParquet ? { servedFromParquet: true } : {}),
  }
}

export async function writeTables(db: BuildDb, specs: TableSpec[], snapshotDir: string, reporter: Reporter) {
  const tables: Record<string, TableManifest> = {}
  const steps: BuildStepRecord[] = []
  for (const t of specs) {
    const step = reporter.step(`write ${t.name}`)
    const mark = db.retriedOnOneThread.length
    const m = await writeTable(db, t, snapshotDir)
    const size = `${(m.bytes / (1 << 20)).toFixed(1)} MB parquet`
    const retried = db.retryNote(mark)
    const seconds = step.done({ rows: m.rows, note: retried ? `${size}; ${retried}` : size })
    steps.push(stepRecord(step.name, seconds, step.peakRssBytes))
    tables[t.name] = m
  }
  return { tables, steps }
}
