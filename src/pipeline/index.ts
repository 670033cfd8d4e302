/**
 * `secds build`: EDGAR bulk files (a mirror folder) → a checked, published Parquet snapshot.
 *
 * Find what each source has in the mirror → check that each period set holds its tables (period-sets.ts)
 * → run the sources' phases into `OUT/<id>.partial/` (runner.ts:
 * stage, period files, derive, check, write Parquet, serving database, lookup files) → manifest → rename
 * to `OUT/<id>/` → point `OUT/CURRENT` at it → prune to the last two. Any failure removes the partial
 * snapshot and leaves `CURRENT` as it was.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pkg from '../../package.json' with { type: 'json' }
import { fmtBytes, Reporter, table } from '../lib/progress.ts'
import { keepForNextBuild, previousBuildDatabase } from './build-cache.ts'
import { BUILD_DATABASE_FILE, type Manifest, SCHEMA_VERSION, SERVING_FILE } from './contract.ts'
import { BuildDb } from './duck.ts'
import { BuildError } from './errors.ts'
import { manifestEntry } from './mirror.ts'
import { checkPeriodSets, partialSetWarning } from './period-sets.ts'
import { previousSnapshot } from './previous.ts'
import { runSources } from './runner.ts'
import { acquireLock, finalDir, newSnapshotId, partialDir, publishFinished } from './snapshot.ts'
import type { BuildContext, Found, PipelineOptions, SourceDefinition } from './source.ts'
import { SOURCES } from './sources/index.ts'
import { quote } from './sql-text.ts'

export type BuildOptions = PipelineOptions & {
  from: string
  datasets: string
  threads?: number
  /** DuckDB's memory limit for the build; past it DuckDB spills to the work folder. */
  memoryLimit?: string
  keep?: number
  reporter?: Reporter
  now?: Date
  /** Only tests pass other sources (a period-file source of their own). */
  sources?: readonly SourceDefinition[]
  /** Sources (by name) whose files are taken as absent from the mirror: their tables are built empty. */
  skipSources?: readonly string[]
  /** `--allow-partial-sets`: build a period set lacking some of its tables, with a warning (period-sets.ts). */
  allowPartialSets?: boolean
}

/**
 * DuckDB's memory limit for a build: 4 GB peaked at 4.4–4.8 GB RSS at full scale. (The by-date sort
 * that ran out of memory at this limit now and then is cut in date ranges: sources/submissions/filings.ts.)
 */
export const DEFAULT_MEMORY_LIMIT = '4GB'

export type BuildResult = { snapshotId: string; dir: string; manifest: Manifest; pruned: string[] }

/** What every source found in the mirror folder; fails when no source the snapshot needs is there. */
function findAll(mirror: string, sources: readonly SourceDefinition[], skip: ReadonlySet<string>) {
  if (!existsSync(mirror) || !statSync(mirror).isDirectory()) throw new Error(`--from ${mirror}: no such folder`)
  const unknown = [...skip].filter((name) => !sources.some((s) => s.name === name))
  if (unknown.length) throw new Error(`no source is named ${unknown.join(', ')}`)
  const found: Record<string, Found | undefined> = {}
  for (const s of sources) found[s.name] = skip.has(s.name) ? undefined : s.find(mirror)
  const essential = sources.filter((s) => s.essential)
  if (essential.length && !essential.some((s) => found[s.name])) {
    const reads = essential.map((s) => s.reads).join(' or ')
    throw new BuildError(`no ${reads} found (see the mirror layout in docs/data.md)`, mirror)
  }
  return found
}

export async function runBuild(o: BuildOptions): Promise<BuildResult> {
  const reporter = o.reporter ?? new Reporter()
  const sources = o.sources ?? SOURCES
  const out = o.datasets
  const startedAt = o.now ?? new Date()
  const t0 = performance.now()
  const skip = new Set(o.skipSources ?? [])
  const found = findAll(o.from, sources, skip)
  const partialSets = checkPeriodSets(sources, found, o.allowPartialSets ?? false).map((p) => ({
    ...p,
    warning: partialSetWarning(p),
  }))
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
  const summary = sources.flatMap((s) => (found[s.name] ? [found[s.name]!.summary] : [])).join(', ')
  const skipped = skip.size ? ` (left out: ${[...skip].join(', ')})` : ''
  reporter.line(`build ${id} from ${o.from}: ${summary}${skipped}`)
  const warnings = partialSets.map((p) => `warning: ${p.warning}`)
  for (const w of warnings) reporter.line(w)
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
    const ctx: BuildContext = {
      db,
      mirror: o.from,
      snapshotDir: dir,
      work,
      found,
      options: {
        sortChunkRows: o.sortChunkRows,
        lookupFrameBytes: o.lookupFrameBytes,
        seriesFactsPerBatch: o.seriesFactsPerBatch,
        keepBuildDatabase: o.keepBuildDatabase,
      },
      parquet: (t, extra = '') => `read_parquet(${quote(join(dir, t, '**', '*.parquet'))}${extra})`,
      state: {},
      previous: previousSnapshot(out),
      datasets: out,
      buildCache: previousBuildDatabase(out),
      parts: {},
    }
    const r = await runSources(ctx, sources, reporter)
    const manifest: Manifest = {
      snapshotId: id,
      schemaVersion: SCHEMA_VERSION,
      secdsVersion: pkg.version,
      builtAt: startedAt.toISOString(),
      durationSeconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
      sources: Object.fromEntries(
        sources.flatMap((s) => (found[s.name] ? [[s.name, found[s.name]!.files.map(manifestEntry)]] : [])),
      ),
      tables: r.written.tables,
      periods: r.periods,
      parts: ctx.parts,
      serving: { file: SERVING_FILE, bytes: statSync(join(dir, SERVING_FILE)).size },
      lookups: r.lookups,
      steps: r.steps,
      checks: r.checks,
      partialSets,
    }
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    db.close()
    if (o.keepBuildDatabase) {
      renameSync(join(work, BUILD_DATABASE_FILE), join(dir, BUILD_DATABASE_FILE))
      keepForNextBuild(join(dir, BUILD_DATABASE_FILE), out, 'link')
    }
    const pruned = publishFinished(out, id, o.keep ?? 2)
    reporter.line(
      `\n${table(
        ['table', 'rows', 'size', 'seconds'],
        r.tables.map((t) => {
          const m = r.written.tables[t.name]!
          return [t.name, m.rows, fmtBytes(m.bytes), r.tableSeconds(t.name).toFixed(1)]
        }),
      )}\n\n${warnings.map((w) => `${w}\n`).join('')}published ${id} in ${manifest.durationSeconds.toFixed(1)}s → ${join(out, 'CURRENT')}` +
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
