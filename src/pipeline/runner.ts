/**
 * The build's phases over every source, in registry order (source.ts): stage, convert period files,
 * derive, check and write the tables, the serving database, the lookup files. Each step is timed for the
 * manifest and reported as it ends.
 */

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Counters, Reporter, Step } from '../lib/progress.ts'
import { BUILD_DATABASE_FILE, type BuildStepRecord, SERVING_FILE, stepRecord } from './contract.ts'
import { type BuildDb, isOutOfMemory } from './duck.ts'
import { BuildError } from './errors.ts'
import { writeLookupFiles } from './lookup-files.ts'
import { convertPeriodFiles } from './period-files.ts'
import { type BuildContext, type BuildStep, periodTables, type SourceDefinition } from './source.ts'
import { quote, quoteIdent } from './sql-text.ts'
import { checkTables, writeTables } from './write-tables.ts'

export async function runSources(ctx: BuildContext, sources: readonly SourceDefinition[], reporter: Reporter) {
  const { db } = ctx
  const steps: BuildStepRecord[] = []
  const timed = async <T>(
    name: string,
    fn: (step: Step) => Promise<T>,
    counters: (r: T) => Counters | undefined = () => undefined,
  ) => {
    const step = reporter.step(name)
    const mark = db.retriedOnOneThread.length
    let result: T
    try {
      result = await fn(step)
    } catch (e) {
      // Say which step failed: an engine's message (out of memory) alone does not tell an operator where; a
      // BuildError already names the file and record at fault.
      if (e instanceof Error && !(e instanceof BuildError)) {
        const held = isOutOfMemory(e) ? `\nDuckDB's memory at the failure: ${await db.memoryReport()}` : ''
        e.message = `step "${name}": ${e.message}${held}`
      }
      throw e
    }
    const c = { ...counters(result) }
    const retried = db.retryNote(mark)
    if (retried) c.note = c.note ? `${c.note}; ${retried}` : retried
    steps.push(stepRecord(name, step.done(c), step.peakRssBytes))
    return result
  }
  const runStep = (s: BuildStep) =>
    timed(
      s.name,
      (step) => s.run(ctx, step),
      (c) => c,
    )

  for (const source of sources) for (const s of source.stage ?? []) await runStep(s)
  // Period files before the derive steps, which may read them.
  const periods: Record<string, Awaited<ReturnType<typeof convertPeriodFiles>>> = {}
  for (const source of sources) {
    if (!source.periodFiles) continue
    if (!ctx.found[source.name]) {
      // The table's folder too, empty: writing the tables lists it (as convertPeriodFiles leaves it when no file gave rows).
      for (const t of periodTables(source.periodFiles)) {
        mkdirSync(join(ctx.snapshotDir, t.table), { recursive: true })
        await db.run(t.empty)
      }
      continue
    }
    periods[source.name] = await timed(
      `convert ${source.name}`,
      () => convertPeriodFiles(ctx, source),
      (r) => ({
        files: Object.keys(r).length,
        note: `${Object.values(r).filter((p) => p.reused).length} reused from the previous snapshot`,
      }),
    )
  }
  for (const source of sources) for (const s of source.derive ?? []) await runStep(s)

  const tables = sources.flatMap((s) => s.tables)
  const checks = await timed(
    'checks',
    () => checkTables(db, tables, ctx.found),
    (r) => ({ note: `${r.length} passed` }),
  )
  const written = await writeTables(db, tables, ctx.snapshotDir, reporter)
  steps.push(...written.steps)

  await timed(
    'drop staging tables',
    () => dropStagingTables(db, new Set(sources.flatMap((s) => s.servingReads ?? []))),
    (dropped) => ({ note: `${dropped} in-memory tables` }),
  )
  await timed('serving database', () => writeServingDatabase(ctx, sources))
  const lookups = await timed(
    'lookup files',
    () =>
      writeLookupFiles(
        ctx,
        sources.flatMap((s) => s.lookups?.(ctx) ?? []),
      ),
    (r) => ({
      rows: Object.values(r).reduce((sum, f) => sum + f.lines, 0),
      bytes: Object.values(r).reduce((sum, f) => sum + f.bytes, 0),
    }),
  )
  // The summary counts a table's time where it was written: in its own step for those that write themselves.
  const secondsOf = (step: string | undefined) => steps.find((s) => s.name === step)?.seconds ?? 0
  const tableSeconds = (name: string) =>
    secondsOf(`write ${name}`) + secondsOf(tables.find((t) => t.name === name)?.writtenByStep)
  return { steps, checks, written, tableSeconds, lookups, periods, tables }
}

/**
 * Drops the build's in-memory tables that hold rows and that no serving statement reads (`servingReads`),
 * with the views over them. The build database lives in memory and spills past its limit: at full volume
 * the staged and derived tables held many GB of spill, which stayed on disk through the serving database
 * and lookup files, the steps that need the disk most. An empty table costs nothing and stays: a source
 * whose files are absent stands an empty table in for the view over its Parquet, which serving statements
 * read. Returns how many were dropped.
 */
async function dropStagingTables(db: BuildDb, keep: ReadonlySet<string>): Promise<number> {
  const tables = await db.all<{ name: string }>(
    `SELECT table_name AS name FROM duckdb_tables()
     WHERE database_name = 'memory' AND NOT temporary AND estimated_size > 0`,
  )
  const dropped = tables.filter((t) => !keep.has(t.name))
  for (const t of dropped) await db.run(`DROP TABLE IF EXISTS ${quoteIdent(t.name)} CASCADE`)
  return dropped.length
}

/**
 * The serving database: `serving.duckdb` in the snapshot folder, which the server attaches read-only,
 * made from the snapshot's own Parquet: each source's statements, then its checks. Parquet stays the
 * interchange format (any tool reads it); this file is the server's index.
 */
async function writeServingDatabase(ctx: BuildContext, sources: readonly SourceDefinition[]) {
  const { db } = ctx
  await db.run(`ATTACH ${quote(join(ctx.snapshotDir, SERVING_FILE))} AS s`)
  await db.run(`ATTACH ${quote(join(ctx.work, BUILD_DATABASE_FILE))} AS b`)
  try {
    for (const source of sources) {
      // The copies keep the Parquet's order (row-group statistics and positions depend on it), unless the
      // source orders all it writes (SourceDefinition.servingUnordered).
      await db.run(`SET preserve_insertion_order = ${!source.servingUnordered}`)
      for (const statement of (await source.serving?.(ctx)) ?? []) await db.runLarge(statement)
      await source.checkServing?.(ctx)
    }
  } finally {
    await db.run('SET preserve_insertion_order = false')
    await db.run('DETACH s')
    await db.run('DETACH b')
  }
}
