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
 * (the quarterly sets of a night with no new quarter are the same files), its query and how its frames are cut.
 * A file declared `takesLines` (a group's lines, a company's or a quarter's, from that group's rows alone)
 * is written in part: the lines of the groups the build made again from its query, every other group's
 * taken from the previous snapshot's file, when that file was written by the same query.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { DuckDBBlobValue, DuckDBDataChunk } from '@duckdb/node-api'
import { KeyedFile, KeyedFileWriter, keyedFileParts, linesOf } from '../lib/keyed-file.ts'
import { keepForNextBuild } from './build-cache.ts'
import { BUILD_DATABASE_FILE, type LookupFileManifest, SERVING_FILE } from './contract.ts'
import { type InRange, keyRanges } from './key-ranges.ts'
import { manifestEntry } from './mirror.ts'
import { takeFiles } from './previous.ts'
import type { AnyReadModel } from './read-model.ts'
import type { BuildContext, LookupSpec, MadeAgain } from './source.ts'
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
    const frames = framesOf(ctx, spec)
    const inputs = inputsOf(ctx, spec, frames)
    const taken = inputs && takeFile(ctx, spec, inputs)
    if (taken) return taken
    const query = spec.takesLines && queryPrint(ctx, spec, frames)
    const takeFrom = query ? await linesToTake(ctx, spec, query) : undefined
    const writer = new KeyedFileWriter(join(snapshotDir, spec.path), {
      ...frames,
      ...(spec.head ? { head: spec.head } : {}),
    })
    let manifest: LookupFileManifest | undefined
    let linesTaken = 0
    const watch = db.watch()
    const statements = await queriesOf(spec, takeFrom?.made)
    try {
      if (takeFrom) linesTaken = await writeTakingLines(writer, statements, takeFrom)
      else for (const sql of statements) await db.forEachChunk(sql, (chunk) => addChunk(writer, chunk))
    } catch (e) {
      if (e instanceof Error)
        e.message = `${e.message}\n  in lookup file ${spec.path}: ${watch.describe(statements[0]!)}`
      throw e
    } finally {
      watch.stop()
      manifest = {
        path: spec.path,
        ...writer.close(),
        ...(inputs ? { inputs, reused: false } : {}),
        ...(query ? { query, ...(takeFrom ? { linesTaken } : {}) } : {}),
      }
    }
    db.sayIfLong(
      watch,
      `lookup file ${spec.path}${statements.length > 1 ? ` (${statements.length} ranges)` : ''}${takeFrom ? `, ${linesTaken.toLocaleString('en-US')} lines taken from the last snapshot's` : ''}: ${statements[0]}`,
    )
    // A line per row, or a lookup would miss what a list shows.
    if (spec.rowsOf === undefined) return manifest
    const rows = await db.count(`SELECT count(*) AS n FROM ${spec.rowsOf}`)
    if (rows !== manifest.lines)
      throw new Error(`lookup file ${spec.path}: ${manifest.lines} lines for ${rows} rows of ${spec.rowsOf}`)
    return manifest
  }

  /**
   * The file's queries: its one query, or one per key range (key-ranges.ts), in key order; each narrowed
   * to the groups made again when the others' lines are taken (their ranges then cut over their rows).
   */
  async function queriesOf(spec: LookupSpec, made?: MadeAgain): Promise<string[]> {
    if (typeof spec.sql === 'string') return [spec.sql]
    const query = spec.sql
    const narrowed = (inRange: InRange): InRange => (made ? (c) => `${inRange(c)} AND ${made.holds(c)}` : inRange)
    if (!spec.ranges) return [query(narrowed(() => 'true'))]
    const { column, of } = spec.ranges
    const ranges = await keyRanges(
      db,
      made ? { ...spec.ranges, of: `(SELECT ${column} FROM ${of} WHERE ${made.holds(column)})` } : spec.ranges,
    )
    return ranges.map((inRange) => query(narrowed(inRange)))
  }

  /**
   * Writes the lines of the groups made again (the queries' rows) and takes every other group's from the
   * previous snapshot's file (takenLines), merged in key order: a key's group is wholly of one or the
   * other. Returns how many lines were taken.
   */
  async function writeTakingLines(writer: KeyedFileWriter, statements: string[], from: LinesFrom): Promise<number> {
    const before = KeyedFile.open(from.file)
    let taken = 0
    try {
      const read = { lines: 0 }
      const old = takenLines(before, from.made.groups, from.groupOf, read)
      let next = old.next()
      /** The previous file's lines and frames of keys below `key` (all that are left without one). */
      const takeBelow = (key?: bigint) => {
        for (; !next.done && (key === undefined || next.value.first < key); next = old.next()) {
          const item = next.value
          if (item.frame) writer.addFrame(item.frame)
          else {
            writer.add(item.first, item.payload!)
            taken++
          }
        }
      }
      for (const sql of statements) await db.forEachChunk(sql, (chunk) => addChunk(writer, chunk, takeBelow))
      takeBelow()
      // The frames copied hold the file's lines but those of the frames read line by line.
      const copied = from.lines - read.lines
      writer.countCopied(copied)
      taken += copied
    } finally {
      before.close()
    }
    return taken
  }
}

/** A line of the previous snapshot's file to take, or a whole frame of lines (its first key, `first`). */
type Taken = { first: bigint; payload?: Uint8Array; frame?: Parameters<KeyedFileWriter['addFrame']>[0] }

/**
 * The lines of the previous snapshot's file of every group but those `made` (ascending): a frame whose
 * keys can hold no such group (none lies between its first key's group and the next frame's) is taken
 * whole, as stored, unread; any other frame line by line, its lines counted in `read`. A run of frames of
 * unchanged groups, most of the file, is so copied without being read or written again.
 */
function* takenLines(
  file: KeyedFile,
  made: readonly number[],
  groupOf: (key: bigint) => number,
  read: { lines: number },
): Generator<Taken> {
  const isMade = new Set(made)
  for (let f = 0; f < file.frames; f++) {
    const frame = file.frameAt(f)
    const to = frame.next === undefined ? Number.POSITIVE_INFINITY : groupOf(frame.next)
    if (!anyBetween(made, groupOf(frame.first), to)) {
      // The frame's last key: the next frame's first where that continues it, else below it (and above this
      // frame's keys: no key of a group made again lies between them).
      const last = frame.next === undefined ? frame.first : frame.nextContinues ? frame.next : frame.next - 1n
      yield {
        first: frame.first,
        frame: { compressed: frame.compressed(), first: frame.first, last, head: frame.head },
      }
      continue
    }
    for (const [key, payload] of linesOf(frame.bytes())) {
      read.lines++
      if (!isMade.has(groupOf(key))) yield { first: key, payload }
    }
  }
}

/** Whether an ascending list holds a value in [from, to]. */
function anyBetween(sorted: readonly number[], from: number, to: number): boolean {
  let [lo, hi] = [0, sorted.length]
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < from) lo = mid + 1
    else hi = mid
  }
  return lo < sorted.length && sorted[lo]! <= to
}

/** A chunk of a file's query (key, line) to the writer; `before` is called with each key ahead of its line. */
function addChunk(writer: KeyedFileWriter, chunk: DuckDBDataChunk, before?: (key: bigint) => void) {
  const keys = chunk.getColumnValues(0) as bigint[]
  const lines = chunk.getColumnValues(1) as DuckDBBlobValue[]
  for (let i = 0; i < keys.length; i++) {
    before?.(keys[i]!)
    writer.add(keys[i]!, lines[i]!.bytes)
  }
}

/** Where a file takes lines from (LookupSpec.takesLines): the previous snapshot's file, and what was made again. */
type LinesFrom = { file: string; lines: number; made: MadeAgain; groupOf(key: bigint): number }

/** How a file's frames are cut: its declared size and key starts, or the size the build's options give every file. */
type Frames = { frameBytes?: number; keyFrameAfter?: number }

function framesOf(ctx: BuildContext, spec: LookupSpec): Frames {
  const frameBytes = ctx.options.lookupFrameBytes ?? spec.frameBytes
  return {
    ...(frameBytes ? { frameBytes } : {}),
    ...(spec.keyFrameAfter ? { keyFrameAfter: spec.keyFrameAfter } : {}),
  }
}

/**
 * A fingerprint of a file's query (its text for any range, the snapshot's folder left out), how its frames
 * are cut and whether they keep heads: a file written otherwise has other lines, or no heads to copy.
 */
function queryPrint(ctx: BuildContext, spec: LookupSpec, frames: Frames): string {
  const sql = queryText(spec)
  return createHash('sha256')
    .update(
      JSON.stringify({
        sql: sql.replaceAll(ctx.snapshotDir, 'SNAPSHOT'),
        ...framePrint(frames),
        // A file written without heads has none to copy with its frames.
        ...(spec.head ? { heads: true } : {}),
      }),
    )
    .digest('hex')
}

/** The frames' part of a fingerprint: the frame size as before (null: the writer's), key starts only where declared. */
const framePrint = ({ frameBytes, keyFrameAfter }: Frames) => ({
  frameBytes: frameBytes ?? null,
  ...(keyFrameAfter ? { keyFrameAfter } : {}),
})

/**
 * Where this build takes lines of a file from (LookupSpec.takesLines): the previous snapshot's file, when
 * that file was written by the same query and the source says which groups it made again.
 */
async function linesToTake(ctx: BuildContext, spec: LookupSpec, query: string): Promise<LinesFrom | undefined> {
  if (typeof spec.sql === 'string')
    throw new Error(`lookup file ${spec.path}: taking lines needs the query as a function of its range, to narrow it`)
  const before = ctx.previous?.manifest.lookups[spec.name]
  if (!spec.takesLines || !ctx.previous || before?.query !== query || before.path !== spec.path) return undefined
  const file = join(ctx.previous.dir, spec.path)
  const { blocks, index } = keyedFileParts(file)
  if (!existsSync(blocks) || !existsSync(index)) return undefined
  const made = await spec.takesLines.madeAgain(ctx)
  return made && { file, lines: before.lines, made, groupOf: spec.takesLines.groupOf }
}

/** A file's query as text, for any range of it (a range's condition as `column IN RANGE`). */
const queryText = (spec: LookupSpec) =>
  typeof spec.sql === 'string' ? spec.sql : spec.sql((column) => `${column} IN RANGE`)

/** Whether a file's query (any range of it) or row count reads a table of the build's own database (`b.`). */
function readsBuildDatabase(spec: LookupSpec): boolean {
  const sql = queryText(spec)
  return [sql, spec.rowsOf ?? '', spec.ranges?.of ?? ''].some((text) => /\bb\.\w/.test(text))
}

/**
 * A file's inputs, for a file declared `madeFrom` sources: a hash of their files as the manifest lists them
 * (path, size, modification time), the file's query and how its frames are cut.
 */
function inputsOf(ctx: BuildContext, spec: LookupSpec, frames: Frames): string | undefined {
  if (!spec.madeFrom) return undefined
  const sources = spec.madeFrom.map((s) => [s, ctx.found[s]?.files.map(manifestEntry) ?? null])
  const sql = queryText(spec)
  return createHash('sha256')
    .update(JSON.stringify({ sources, sql, ...framePrint(frames) }))
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
  write: Pick<LookupSpec, 'rowsOf' | 'ranges' | 'head' | 'madeFrom' | 'takesLines'> & {
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
    ...(model.keyFrameAfter ? { keyFrameAfter: model.keyFrameAfter } : {}),
    ...rest,
    sql: typeof from === 'string' ? `${select} ${from}` : (inRange) => `${select} ${from(inRange)}`,
  }
}
