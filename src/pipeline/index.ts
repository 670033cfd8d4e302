/**
 * `secds build`: EDGAR bulk files (a mirror folder) → a checked, published Parquet snapshot.
 *
 * Pipeline: find sources → stage each into a scratch DuckDB database on disk → derive the tables with
 * SQL → check them → write Parquet into `OUT/<id>.partial/` → manifest → rename to `OUT/<id>/` → point
 * `OUT/CURRENT` at it → prune to the last two. Any failure removes the partial snapshot and leaves
 * `CURRENT` as it was.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pkg from '../../package.json' with { type: 'json' }
import { fmtBytes, Reporter, table } from '../lib/progress.ts'
import { BuildDb } from './duck.ts'
import { BuildError } from './errors.ts'
import { SCHEMA_VERSION, SERVING_FILE, TABLES, type LookupName } from './layout.ts'
import type { LookupFileManifest } from './lookup-files.ts'
import { buildTables } from './pipeline.ts'
import { acquireLock, finalDir, finalize, newSnapshotId, partialDir, prune, publish } from './snapshot.ts'
import { findSources, sourceList, type Sources } from './sources.ts'
import type { TableManifest } from './write-tables.ts'

export type BuildOptions = {
  from: string
  datasets: string
  threads?: number
  /** DuckDB's memory limit for the build; past it DuckDB spills to the work folder. */
  memoryLimit?: string
  keep?: number
  reporter?: Reporter
  now?: Date
  /** Rows per sort in the by-date step (SORT_CHUNK_ROWS); tests set it small to cut a tiny input into ranges. */
  sortChunkRows?: number
  /** Uncompressed bytes per frame of every lookup file; tests set it small to cut a tiny input into many frames. */
  lookupFrameBytes?: number
}

/**
 * DuckDB's memory limit for a build: 4 GB peaked at 4.4–4.8 GB RSS at full scale. (The by-date sort
 * that ran out of memory at this limit now and then is cut in date ranges: tables/filings.ts.)
 */
export const DEFAULT_MEMORY_LIMIT = '4GB'

export type Manifest = {
  snapshotId: string
  schemaVersion: number
  secdsVersion: string
  builtAt: string
  durationSeconds: number
  sources: ReturnType<typeof sourceList>
  tables: Record<string, TableManifest>
  /** The server's DuckDB file (serving.ts). */
  serving: { file: string; bytes: number }
  /** The server's lookup files (lookup-files.ts). */
  lookups: Record<LookupName, LookupFileManifest>
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
  let opened: BuildDb | undefined
  try {
    const db = await BuildDb.open({
      file: ':memory:',
      tempDir: join(work, 'spill'),
      threads: o.threads ?? cpus().length,
      memoryLimit: o.memoryLimit ?? DEFAULT_MEMORY_LIMIT,
      log: (line) => reporter.line(line),
    })
    opened = db
    const { steps, checks, written, tableSeconds, lookups } = await buildTables(db, sources, dir, work, reporter, { sortChunkRows: o.sortChunkRows, lookupFrameBytes: o.lookupFrameBytes })
    const manifest: Manifest = {
      snapshotId: id,
      schemaVersion: SCHEMA_VERSION,
      secdsVersion: pkg.version,
      builtAt: startedAt.toISOString(),
      durationSeconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
      sources: sourceList(sources),
      tables: written.tables,
      serving: { file: SERVING_FILE, bytes: statSync(join(dir, SERVING_FILE)).size },
      lookups,
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
      )}\n\npublished ${id} in ${manifest.durationSeconds.toFixed(1)}s → ${join(out, 'CURRENT')}` +
        (pruned.length ? `\nremoved older snapshot${pruned.length > 1 ? 's' : ''} ${pruned.join(', ')}` : ''),
    )
    return { snapshotId: id, dir: finalDir(out, id), manifest, pruned }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw e
  } finally {
    process.off('SIGINT', abandon)
    process.off('SIGTERM', abandon)
    opened?.close()
    rmSync(work, { recursive: true, force: true })
    release()
  }
}
