/**
 * The snapshot's lookup files (lib/keyed-file.ts), every source's (SourceDefinition.lookups): what the
 * server answers point lookups and most pages from without a query. Written from the snapshot's own
 * Parquet and serving database (and the build's own database, its build-only tables: serving-table.ts)
 * after the serving database, so they hold exactly what the Parquet does and are published (or not) with it.
 *
 * Why not DuckDB: a point query pays a fixed cost there before a row is read (DuckDB plans a prepared
 * statement again for each set of values), which caps uniform lookups at a tenth of what the server can
 * answer; a record here costs a small fraction of it (docs/architecture.md, Lookup files). Default for new operations is still
 * a serving table: a lookup file only where the bench shows an operation misses its target without one.
 *
 * A file declared `madeFrom` some sources is taken from the previous snapshot (hard-linked, else copied)
 * when its inputs' fingerprint is the one recorded there: those sources' files as the manifest lists them
 * (the quarterly sets of a night with no new quarter are the same files), its query and its frame size.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { DuckDBBlobValue } from '@duckdb/node-api'
import { KeyedFileWriter, keyedFileParts } from '../lib/keyed-file.ts'
import { keepForNextBuild } from './build-cache.ts'
import { BUILD_DATABASE_FILE, type LookupFileManifest, SERVING_FILE } from './contract.ts'
import { type InRange, keyRanges } from './key-ranges.ts'
import { manifestEntry } from './mirror.ts'
import { takeFiles } from './previous.ts'
import type { AnyReadModel } from './read-model.ts'
import type { BuildContext, LookupSpec } from './source.ts'
import { quote } from './sql-text.ts'

/** `frameBytes` replaces every file's frame size (tests: many frames from few rows). */
export async function writeLookupFiles(
  ctx: BuildContext,
  specs: LookupSpec[],
): Promise<Record<string, LookupFileManifest>> {
  const { db, snapshotDir } = ctx
  const written: Record<string, LookupFileManifest> = {}
  // A single Parquet file's rows, and a table's, then come in stored order, without a sort.
  await db.run('SET preserve_insertion_order = true')
  await db.run(`ATTACH ${quote(join(snapshotDir, SERVING_FILE))} AS s (READ_ONLY)`)
  // The build's own database, where the serving step made build-only tables (serving-table.ts).
  const buildDatabase = join(ctx.work, BUILD_DATABASE_FILE)
  let attached = existsSync(buildDatabase)
  if (attached) await db.run(`ATTACH ${quote(buildDatabase)} AS b (READ_ONLY)`)
  // The build's own database leaves the work folder once the last file made from it is written, kept for
  // the next build (build-cache.ts): the files after it (the 13F holdings' and flows') spill the most, and the
  // work folder's spill and the cache are then never both at their largest.
  const lastReader = specs.findLastIndex(readsBuildDatabase)
  try {
    for (const [i, spec] of specs.entries()) {
      written[spec.name] = await writeOne(spec)
      if (i === lastReader && attached && !ctx.options.keepBuildDatabase) {
        await db.run('DETACH b')
        attached = false
        keepForNextBuild(buildDatabase, ctx.datasets, 'move')
      }
    }
  } finally {
    await db.run('DETACH s')
    if (attached) await db.run('DETACH b')
    await db.run('SET preserve_insertion_order = false')
  }
  return written

  async function writeOne(spec: LookupSpec): Promise<LookupFileManifest> {
    mkdirSync(dirname(join(snapshotDir, spec.path)), { recursive: true })
    const frameBytes = ctx.options.lookupFrameBytes ?? spec.frameBytes
    const inputs = inputsOf(ctx, spec, frameBytes)
    const taken = inputs && takeFile(ctx, spec, inputs)
    if (taken) return taken
    const writer = new KeyedFileWriter(join(snapshotDir, spec.path), {
      ...(frameBytes ? { frameBytes } : {}),
      ...(spec.head ? { head: spec.head } : {}),
    })
    let manifest: LookupFileManifest | undefined
    const watch = db.watch()
    const statements = await queriesOf(spec)
    try {
      for (const sql of statements)
        await db.forEachChunk(sql, (chunk) => {
          const keys = chunk.getColumnValues(0) as bigint[]
          const lines = chunk.getColumnValues(1) as DuckDBBlobValue[]
          for (let i = 0; i < keys.length; i++) writer.add(keys[i]!, lines[i]!.bytes)
        })
    } catch (e) {
      if (e instanceof Error)
        e.message = `${e.message}\n  in lookup file ${spec.path}: ${watch.describe(statements[0]!)}`
      throw e
    } finally {
      watch.stop()
      manifest = { path: spec.path, ...writer.close(), ...(inputs ? { inputs, reused: false } : {}) }
    }
    db.sayIfLong(
      watch,
      `lookup file ${spec.path}${statements.length > 1 ? ` (${statements.length} ranges)` : ''}: ${statements[0]}`,
    )
    // A line per row, or a lookup would miss what a list shows.
    if (spec.rowsOf === undefined) return manifest
    const rows = await db.count(`SELECT count(*) AS n FROM ${spec.rowsOf}`)
    if (rows !== manifest.lines)
      throw new Error(`lookup file ${spec.path}: ${manifest.lines} lines for ${rows} rows of ${spec.rowsOf}`)
    return manifest
  }

  /** The file's queries: its one query, or one per key range (key-ranges.ts), in key order. */
  async function queriesOf(spec: LookupSpec): Promise<string[]> {
    if (typeof spec.sql === 'string') return [spec.sql]
    if (!spec.ranges) throw new Error(`lookup file ${spec.path}: a query by range needs its ranges`)
    const query = spec.sql
    return (await keyRanges(db, spec.ranges)).map((inRange) => query(inRange))
  }
}

/** Whether a file's query (any range of it) or row count reads a table of the build's own database (`b.`). */
function readsBuildDatabase(spec: LookupSpec): boolean {
  const sql = typeof spec.sql === 'string' ? spec.sql : spec.sql((column) => `${column} IN RANGE`)
  return [sql, spec.rowsOf ?? '', spec.ranges?.of ?? ''].some((text) => /\bb\.\w/.test(text))
}

/**
 * A file's inputs, for a file declared `madeFrom` sources: a hash of their files as the manifest lists them
 * (path, size, modification time), the file's query and its frame size.
 */
function inputsOf(ctx: BuildContext, spec: LookupSpec, frameBytes: number | undefined): string | undefined {
  if (!spec.madeFrom) return undefined
  const sources = spec.madeFrom.map((s) => [s, ctx.found[s]?.files.map(manifestEntry) ?? null])
  const sql = typeof spec.sql === 'string' ? spec.sql : spec.sql((column) => `${column} IN RANGE`)
  return createHash('sha256')
    .update(JSON.stringify({ sources, sql, frameBytes: frameBytes ?? null }))
    .digest('hex')
}

/** The previous snapshot's file, linked into this one, when it was made from the same inputs. */
function takeFile(ctx: BuildContext, spec: LookupSpec, inputs: string): LookupFileManifest | undefined {
  const before = ctx.previous?.manifest.lookups[spec.name]
  if (!ctx.previous || before?.inputs !== inputs || before.path !== spec.path) return undefined
  const { blocks, index, heads } = keyedFileParts(spec.path)
  // Heads are kept only by a writer given a `head`.
  const parts = spec.head ? [blocks, index, heads] : [blocks, index]
  return takeFiles(ctx.previous, ctx.snapshotDir, parts) ? { ...before, reused: true } : undefined
}

/**
 * A read model's LookupSpec: its name, path and frame size, and its query as the model's key and line SQL
 * over `from` (the FROM clause and what follows it, in the model's order; for a file written in key ranges,
 * one per range).
 */
export function lookupOf(
  model: AnyReadModel,
  write: Pick<LookupSpec, 'rowsOf' | 'ranges' | 'head' | 'madeFrom'> & {
    from: string | ((inRange: InRange) => string)
  },
): LookupSpec {
  const { from, ...rest } = write
  // The line as its UTF-8 bytes (`encode`): copied into the file's frames as they are, where a string of
  // each line was made and encoded again.
  const select = `SELECT ${model.key.sql}, encode(${model.lineSql})`
  return {
    name: model.name,
    path: model.path,
    ...(model.frameBytes ? { frameBytes: model.frameBytes } : {}),
    ...rest,
    sql: typeof from === 'string' ? `${select} ${from}` : (inRange) => `${select} ${from(inRange)}`,
  }
}
