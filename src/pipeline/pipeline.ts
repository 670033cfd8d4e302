/**
 * The build's steps, in order: stage each source, derive the tables with SQL, check them, write the
 * snapshot's Parquet. Each step is timed for the manifest and reported as it ends.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Counters, Reporter, Step } from '../lib/progress.ts'
import type { BuildDb } from './duck.ts'
import { TABLES } from './layout.ts'
import type { Sources } from './sources.ts'
import { stageFilingIndex } from './stage/filing-index.ts'
import { stageIndexes } from './stage/indexes.ts'
import { stageSicCodes, stageTickers } from './stage/reference.ts'
import { writeLookupFiles } from './lookup-files.ts'
import { writeServingDatabase } from './serving.ts'
import { exposeSubmissionStage, stageSubmissions } from './stage/submissions.ts'
import { buildDocuments } from './tables/documents.ts'
import { buildEntities, createMacros } from './tables/entities.ts'
import { finishFilings, typeFilings } from './tables/filings.ts'
import { buildFormTypes, buildSicCodes, buildTickers, createFormInfo } from './tables/reference.ts'
import { checkTables, writeTables } from './write-tables.ts'

/** Tuning that tests change; users have no flag for it. */
export type PipelineOptions = { sortChunkRows?: number; lookupFrameBytes?: number }

export async function buildTables(db: BuildDb, sources: Sources, dir: string, work: string, reporter: Reporter, options: PipelineOptions = {}) {
  const steps: { name: string; seconds: number }[] = []
  const timed = async <T>(name: string, fn: (step: Step) => Promise<T>, done: (r: T) => Counters = () => ({})) => {
    const step = reporter.step(name)
    const mark = db.retriedOnOneThread.length
    const result = await fn(step)
    const counters = done(result)
    const retried = db.retryNote(mark)
    if (retried) counters.note = counters.note ? `${counters.note}; ${retried}` : retried
    steps.push({ name, seconds: step.done(counters) })
    return result
  }
  const submissionsSource = sources.submissionsZip?.rel ?? sources.submissionsDir?.rel
  await createMacros(db)
  if (submissionsSource) {
    await timed('stage submissions', (step) => stageSubmissions(db, sources, work, step), (r) => ({ files: r.files, bytes: r.bytes }))
  }
  await exposeSubmissionStage(db, work, Boolean(submissionsSource))
  await timed('stage indexes', () => stageIndexes(db, sources), (r) => ({ files: r.files, rows: r.rows, bytes: r.bytes }))
  await timed('stage filing-index', () => stageFilingIndex(db, sources), (r) => ({ files: r.files, rows: r.rows }))
  await timed('stage reference', async () => (await stageTickers(db, sources.tickers)) + (await stageSicCodes(db, sources.sicCodes)), (rows) => ({ rows }))
  const filings = await timed('filings', () => typeFilings(db, submissionsSource ?? 'index'), (r) => ({
    rows: r.rows, note: r.duplicates ? `${r.duplicates} listed twice, kept once` : undefined,
  }))
  await timed('form types', async () => {
    await createFormInfo(db)
    return 0
  })
  await timed('entities', () => {
    mkdirSync(join(dir, 'entities'), { recursive: true })
    return buildEntities(db, submissionsSource, join(dir, 'entities', 'part-0.parquet'))
  }, (rows) => ({ rows }))
  await timed('filings by date', () => {
    mkdirSync(join(dir, 'filings_by_date'), { recursive: true })
    return finishFilings(db, join(dir, 'filings_by_date', 'part-0.parquet'), work, filings.rows, options.sortChunkRows)
  })
  await timed('documents', () => buildDocuments(db), (rows) => ({ rows }))
  await timed('reference tables', async () => (await buildFormTypes(db)) + (await buildSicCodes(db)) + (await buildTickers(db)), (rows) => ({ rows }))
  const checks = await timed('checks', () => checkTables(db, sources), (r) => ({ note: `${r.length} passed` }))
  const written = await writeTables(db, dir, reporter)
  for (const t of TABLES) steps.push({ name: `write ${t.name}`, seconds: written.seconds[t.name] ?? 0 })
  await timed('serving database', () => writeServingDatabase(db, dir))
  const lookups = await timed('lookup files', () => writeLookupFiles(db, dir, { frameBytes: options.lookupFrameBytes }), (r) => ({ rows: r.filings.lines, bytes: Object.values(r).reduce((sum, f) => sum + f.bytes, 0) }))
  // The summary counts a table's time where it was written: in its own step for those that write themselves.
  const tableSeconds = (name: string) =>
    (written.seconds[name] ?? 0) + (steps.find((s) => s.name === TABLES.find((t) => t.name === name)?.writtenByStep)?.seconds ?? 0)
  return { steps, checks, written, tableSeconds, lookups }
}
