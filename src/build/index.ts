/**
 * `secds build`: EDGAR bulk files (a mirror folder) → a checked, published Parquet snapshot.
 *
 * Pipeline: find sources → stage each into a scratch DuckDB database on disk → derive the tables with
 * SQL → check them → write Parquet into `OUT/<id>.partial/` → manifest → rename to `OUT/<id>/` → point
 * `OUT/CURRENT` at it → prune to the last two. Any failure removes the partial snapshot and leaves
 * `CURRENT` as it was.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pkg from '../../package.json' with { type: 'json' }
import { fmtBytes, Reporter, table } from '../lib/progress.ts'
import { BuildDb } from './duck.ts'
import { BuildError } from './errors.ts'
import { SCHEMA_VERSION, TABLES } from './layout.ts'
import { acquireLock, finalDir, finalize, newSnapshotId, partialDir, prune, publish } from './snapshot.ts'
import { findSources, sourceList, type Sources } from './sources.ts'
import { stageFilingIndex } from './stage/filing-index.ts'
import { stageIndexes } from './stage/indexes.ts'
import { stageSicCodes, stageTickers } from './stage/reference.ts'
import { exposeSubmissionStage, stageSubmissions } from './stage/submissions.ts'
import { buildDocuments } from './tables/documents.ts'
import { buildEntities, createMacros } from './tables/entities.ts'
import { finishFilings, typeFilings } from './tables/filings.ts'
import { buildFormTypes, buildSicCodes, buildTickers, createFormInfo } from './tables/reference.ts'
import { checkTables, writeTables, type TableManifest } from './write-tables.ts'

export type BuildOptions = {
  from: string
  datasets: string
  threads?: number
  /** DuckDB's memory limit for the build; past it DuckDB spills to the work folder. */
  memoryLimit?: string
  keep?: number
  reporter?: Reporter
  now?: Date
}

export type Manifest = {
  snapshotId: string
  schemaVersion: number
  secdsVersion: string
  builtAt: string
  durationSeconds: number
  sources: ReturnType<typeof sourceList>
  tables: Record<string, TableManifest>
  steps: { name: string; seconds: number }[]
  checks: { check: string; ok: boolean }[]
}

export type BuildResult = { snapshotId: string; dir: string; manifest: Manifest; pruned: string[] }

function describeSources(s: Sources) {
  const found = [
    s.submissionsZip && `${s.submissionsZip.rel} (${fmtBytes(s.submissionsZip.bytes)})`,
    s.submissionsDir && `${s.submissionsDir.rel} (${s.submissionsDir.files} files)`,
    s.tickers?.rel,
    s.sicCodes?.rel,
    s.fullIndex.length && `${s.fullIndex.length} full-index master.idx`,
    s.dailyIndex.length && `${s.dailyIndex.length} daily-index master.idx`,
    s.filingIndex && `${s.filingIndex.files} filing-index listings`,
  ].filter(Boolean)
  return found.join(', ')
}

export async function runBuild(o: BuildOptions): Promise<BuildResult> {
  const reporter = o.reporter ?? new Reporter()
  const out = o.datasets
  const startedAt = o.now ?? new Date()
  const t0 = performance.now()
  const sources = findSources(o.from)
  if (!sources.submissionsZip && !sources.submissionsDir && !sources.fullIndex.length && !sources.dailyIndex.length) {
    throw new BuildError('no submissions.zip, submissions/ or master.idx files found (see the mirror layout in README.md)', o.from)
  }
  const release = acquireLock(out)
  const id = newSnapshotId(out, startedAt)
  const dir = partialDir(out, id)
  const work = join(out, `.work-${id}`)
  mkdirSync(dir, { recursive: true })
  mkdirSync(join(work, 'spill'), { recursive: true })
  // Stopped mid-build (Ctrl-C, a service stop): leave nothing behind but the served snapshot.
  const abandon = (signal: NodeJS.Signals) => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
    release()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  }
  process.once('SIGINT', abandon)
  process.once('SIGTERM', abandon)
  reporter.line(`build ${id} from ${o.from}: ${describeSources(sources)}`)
  const steps: { name: string; seconds: number }[] = []
  const db = await BuildDb.open({
    file: ':memory:',
    tempDir: join(work, 'spill'),
    threads: o.threads ?? cpus().length,
    memoryLimit: o.memoryLimit ?? '2.5GB',
  })
  const timed = async <T>(name: string, fn: (step: ReturnType<Reporter['step']>) => Promise<T>, done: (r: T) => object = () => ({})) => {
    const step = reporter.step(name)
    const result = await fn(step)
    steps.push({ name, seconds: step.done(done(result)) })
    return result
  }
  try {
    const submissionsSource = sources.submissionsZip?.rel ?? sources.submissionsDir?.rel
    await createMacros(db)
    if (submissionsSource) {
      await timed('stage submissions', (step) => stageSubmissions(db, sources, work, step), (r) => ({ files: r.files, bytes: r.bytes }))
    }
    await exposeSubmissionStage(db, work, Boolean(submissionsSource))
    await timed('stage indexes', () => stageIndexes(db, sources), (r) => ({ files: r.files, rows: r.rows, bytes: r.bytes }))
    await timed('stage filing-index', () => stageFilingIndex(db, sources), (r) => ({ files: r.files, rows: r.rows }))
    await timed('stage reference', async () => (await stageTickers(db, sources.tickers)) + (await stageSicCodes(db, sources.sicCodes)), (rows) => ({ rows }))
    await timed('filings', () => typeFilings(db, submissionsSource ?? 'index'), (r) => ({
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
      return finishFilings(db, join(dir, 'filings_by_date', 'part-0.parquet'))
    })
    await timed('documents', () => buildDocuments(db), (rows) => ({ rows }))
    await timed('reference tables', async () => (await buildFormTypes(db)) + (await buildSicCodes(db)) + (await buildTickers(db)), (rows) => ({ rows }))
    const checks = await timed('checks', () => checkTables(db, sources), (r) => ({ note: `${r.length} passed` }))
    const written = await writeTables(db, dir, reporter)
    for (const t of TABLES) steps.push({ name: `write ${t.name}`, seconds: written.seconds[t.name] ?? 0 })
    // The summary counts a table's time where it was written: in its own step for those that write themselves.
    const tableSeconds = (name: string) =>
      (written.seconds[name] ?? 0) + (steps.find((s) => s.name === TABLES.find((t) => t.name === name)?.writtenByStep)?.seconds ?? 0)
    const manifest: Manifest = {
      snapshotId: id,
      schemaVersion: SCHEMA_VERSION,
      secdsVersion: pkg.version,
      builtAt: startedAt.toISOString(),
      durationSeconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
      sources: sourceList(sources),
      tables: written.tables,
      steps,
      checks,
    }
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    db.close()
    finalize(out, id)
    publish(out, id)
    const pruned = prune(out, o.keep ?? 2)
    reporter.line(
      `\n${table(
        ['table', 'rows', 'size', 'seconds'],
        TABLES.map((t) => {
          const m = written.tables[t.name]!
          return [t.name, m.rows, fmtBytes(m.bytes), tableSeconds(t.name).toFixed(1)]
        }),
      )}\n\npublished ${id} in ${manifest.durationSeconds.toFixed(1)}s → ${join(out, 'CURRENT')}`,
    )
    return { snapshotId: id, dir: finalDir(out, id), manifest, pruned }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw e
  } finally {
    process.off('SIGINT', abandon)
    process.off('SIGTERM', abandon)
    db.close()
    rmSync(work, { recursive: true, force: true })
    release()
  }
}
