/**
 * What a bulk source is to the build: one definition per folder under `sources/`, which the runner
 * (runner.ts), the download (download/mirror-download.ts) and the sample generator (sample.ts) iterate in
 * registry order (sources/index.ts). A source says which mirror files it reads, what `--download`
 * fetches, how it stages them, the tables it writes and checks, what it adds to the serving database and
 * the lookup files, and its part of the sample generator. What the server reads of its tables lives in
 * the source's `contract` module, which both sides import; the server imports nothing else of here.
 *
 * Phases, each over every source in registry order: find, stage, derive, check and write tables,
 * serving database, lookup files. Staging always creates the source's stage tables (empty when its
 * files are absent), so a later source's derive step may read them: the filings of the submissions source
 * take the rows of the index files that submissions lack.
 */

import type { Counters, Step } from '../lib/progress.ts'
import type { SampleEntity, SampleWorld } from '../sample/world.ts'
import type { InRange, KeyRangeSpec } from './key-ranges.ts'

export type { SampleEntity, SampleWorld }

import type { PartManifest, PreviousSnapshot } from './contract.ts'
import type { DownloadContext } from './download/context.ts'
import type { BuildDb } from './duck.ts'
import type { SourceFile } from './mirror.ts'

/** What a source found in the mirror folder. */
export type Found = {
  /** Every input file (a folder read as one source counts as one entry), as the manifest lists them. */
  files: SourceFile[]
  /** A phrase for the build's first line, e.g. "submissions.zip (1.91 GB)". */
  summary: string
}

/** What each source found, by source name (absent: the source's files are not in the mirror). */
export type FoundMap = Readonly<Record<string, Found | undefined>>

/** Tuning that tests change; users have no flag for it. */
export type PipelineOptions = {
  /** Rows per sort in the by-date step; tests set it small to cut a tiny input into ranges. */
  sortChunkRows?: number
  /** Uncompressed bytes per frame of every lookup file; tests set it small to cut a tiny input into many frames. */
  lookupFrameBytes?: number
  /** Facts per range of CIKs of the companyfacts series (company-facts/batches.ts); tests set it small. */
  seriesFactsPerBatch?: number
  /**
   * `--keep-build-database`: publish the build's own database (BUILD_DATABASE_FILE: the build-only tables,
   * serving-table.ts) in the snapshot folder too, not only in the build cache (build-cache.ts). The server
   * never reads it; tests do, and a user may query it.
   */
  keepBuildDatabase?: boolean
}

export type BuildContext = {
  db: BuildDb
  /** The mirror folder the build reads. */
  mirror: string
  /** The snapshot being written (`OUT/<id>.partial/`). */
  snapshotDir: string
  /** Scratch space, removed after the build. */
  work: string
  found: FoundMap
  options: PipelineOptions
  /** `read_parquet(...)` over one of this snapshot's tables (every Parquet file of its folder). */
  parquet(table: string, extra?: string): string
  /** What one step hands a later step of the same build (a row count, say). */
  state: Record<string, unknown>
  /** The published snapshot of this schema version, whose unchanged parts a step may take (nightly builds). */
  previous: PreviousSnapshot | undefined
  /** The datasets folder: the snapshots, CURRENT and the build cache (build-cache.ts). */
  datasets: string
  /** The last build's own database, kept for this one to take unchanged parts from (build-cache.ts), if any. */
  buildCache: string | undefined
  /** The parts steps made or took, by step then part: the manifest's `parts`. */
  parts: Record<string, Record<string, PartManifest>>
}

/** A timed step of the build: one line of output and one entry of the manifest's steps. */
export type BuildStep = {
  name: string
  run(ctx: BuildContext, step: Step): Promise<Counters | undefined>
}

/**
 * A column of a Parquet table: its type, as DuckDB reads it from the files (DESCRIBE), and what a value
 * means. docs/data-dictionary.md is rendered from these; test/docs/data-dictionary.test.ts checks them
 * against a built snapshot's files.
 */
export type ColumnDoc = readonly [type: string, meaning: string]

/** A table's columns in stored order, as readers see them (a Hive partition column last). */
export type TableSchema = Readonly<Record<string, ColumnDoc>>

/** How a table's files are cut, where it is more than one `part-0.parquet`. */
export type Partitioning = {
  /** The column each file holds one value of. */
  column: string
  /**
   * Hive style: a folder per value, `<column>=<value>/part-0.parquet`, the column in the folder's name
   * only (a reader that knows Hive partitioning adds it; a file read alone lacks it). Otherwise a file per
   * value, `part-<value>.parquet`, each file holding its column.
   */
  hive: boolean
}

/**
 * What the build makes from a table's rows (from its Parquet, or from the staged table it is written from),
 * directly or through a serving table made from them: Parquet tables, serving tables, lookup files (by
 * their names). The data dictionary names the operations that read those serving tables and lookup files.
 */
export type Feeds = { tables?: readonly string[]; serving?: readonly string[]; lookups?: readonly string[] }

/** Several Feeds as one (a table's own products, and what the build makes from those). */
export function feedsOf(...parts: Feeds[]): Feeds {
  const union = (key: keyof Feeds) => [...new Set(parts.flatMap((p) => p[key] ?? []))]
  return { tables: union('tables'), serving: union('serving'), lookups: union('lookups') }
}

/** A Parquet table of the snapshot: where it comes from, how it is laid out, what must hold before it is published. */
export type TableSpec = {
  /** Folder name in the snapshot. */
  name: string
  /** The staged table or view it is written from. */
  from: string
  /** The columns written, when not all of them (a narrow index table). */
  columns?: string
  orderBy: string
  /** The build step that writes this table itself (in `orderBy` order), when not the writer. */
  writtenByStep?: string
  /** Rows per row group: ~100k keeps lookups to one small group without bloating metadata (docs/architecture.md, Tried and not kept). */
  rowGroupSize: number
  /**
   * Written in ranges of a numeric column `orderBy` starts with, a file each (`part-NNNN.parquet`): each
   * range's sort fits the build's memory where one sort of every row spilled gigabytes. Read in name
   * order, the files are the table in its order. (`parts` at most, about `rowsPerPart` rows each.)
   */
  writtenInRanges?: { column: string; parts: number; rowsPerPart: number }
  key: string[]
  notNull: string[]
  /** The input file whose presence makes an empty table an error, or undefined when it may be empty. */
  requiredBy(found: FoundMap): string | undefined
  description: string
  /** Every column, in stored order: type and meaning (docs/data-dictionary.md). */
  schema: TableSchema
  /** How its files are cut, where it is more than one `part-0.parquet`. */
  partitioning?: Partitioning
  feeds: Feeds
  /**
   * Served from its Parquet files in place, never copied into the serving database: for tables read only
   * past their lookup files (a deep page), whose copy would double their disk (the 13F holdings and flows:
   * 13 GB at EDGAR's volume). The server reads them through views over the manifest's files.
   */
  servedFromParquet?: boolean
}

/**
 * A lookup file (lib/keyed-file.ts): a query yielding (key BIGINT, line BLOB) in key order, the line its
 * text's UTF-8 bytes (`encode(text)`: a cast to BLOB would read backslashes as escapes).
 */
export type LookupSpec = {
  /** The file's name in the manifest and for `db.lookup(name)`. */
  name: string
  /** Path in the snapshot without extension, from the source's contract. */
  path: string
  /**
   * The table the file must hold one line per row of (checked after writing). Left out for a file written
   * straight from a query of the snapshot's own tables that no serving table mirrors, where the count
   * would only run that query a second time.
   */
  rowsOf?: string
  /**
   * The lines, keys ascending. A function for a file written in key ranges (`ranges`): its query for one
   * range, given the condition that puts a key column in it; without ranges, the one range is every key.
   */
  sql: string | ((inRange: InRange) => string)
  /**
   * Write the file in `parts` ranges of the key (a number or date `column` of the table `of`, cut at its quantiles), one
   * query each, in key order: each query sorts a part of the lines, not all of them at once (the statement
   * rows, a join of 57 million presented lines with 164 million values at full volume).
   */
  ranges?: KeyRangeSpec
  /** Uncompressed bytes per frame, where not the writer's 16 KB. */
  frameBytes?: number
  /** Where a key starts a frame of its own (ReadModelSpec.keyFrameAfter). */
  keyFrameAfter?: number
  /** Each frame's head, from its first line's payload (lib/keyed-file.ts). */
  head?: (payload: string) => bigint
  /**
   * The sources whose files alone the lines come from (through their tables and the serving tables made of
   * them only): a build whose files of these sources are the previous snapshot's takes its file
   * (lookup-files.ts). Left out: written by every build. test/pipeline/lookup-reuse.test.ts checks each
   * declaration against a build from other files of the filings' sources; a declared file's query must
   * name no table of a source it does not declare.
   */
  madeFrom?: readonly string[]
  /**
   * A file whose keys fall in groups (a company, a quarter) and whose lines of a group come from that
   * group's rows alone (and numbers kept across builds): where this build took most groups' rows unchanged
   * from the last one, `madeAgain` says which groups it made again. Their lines are written, by the
   * file's query narrowed to them (`sql` must be a function: each `inRange` condition is narrowed); every
   * other group's are taken from the previous snapshot's file, when that file was written by the same
   * query (lookup-files.ts).
   */
  takesLines?: { groupOf(key: bigint): number; madeAgain(ctx: BuildContext): Promise<MadeAgain | undefined> }
}

/**
 * The groups of a lookup file's keys this build made again (LookupSpec.takesLines), ascending, and the
 * SQL condition that a group column (`holds('p.cik')`) is one of theirs.
 */
export type MadeAgain = { groups: readonly number[]; holds(column: string): string }

/**
 * A source whose input is a set of period files (one zip per quarter). Each file is converted on its own
 * into Parquet under `<table>/<period>/`; the runner reuses the previous snapshot's Parquet of a file that
 * has not changed since (same name, size and modification time, or same ETag) instead of converting it
 * again (period-files.ts).
 */
export type PeriodFiles = {
  /** The snapshot table (folder) the periods' Parquet goes into. */
  table: string
  /** The view the runner creates over that Parquet, for the source's TableSpec (`from`) and derive steps after it. */
  view: string
  /** A statement creating `view` as an empty table of the same columns, for a source with no rows at all. */
  empty: string
  /** The input files, one per period: from what the source found. */
  files(found: Found): SourceFile[]
  /**
   * For a period file that is a set of tables (a zip or its unzipped folder): the file names each set must
   * hold (matched without case), from the one list beside the source's columns. A set lacking one fails the
   * build unless `--allow-partial-sets` (period-sets.ts).
   */
  tables?: readonly string[]
  /** The period a file holds, as a folder name (`quarter=2024q3`). */
  periodOf(file: SourceFile): string
  /**
   * Writes one file's rows as Parquet into `outDir` (which exists and is empty); a source with `more`
   * tables writes each of them into `dirOf(table)`, the same period's folder of that table.
   */
  convert(ctx: BuildContext, file: SourceFile, outDir: string, dirOf: (table: string) => string): Promise<void>
  /**
   * Further tables one period file gives (a quarterly zip of four files: one table each), converted,
   * reused and exposed as views like the first.
   */
  more?: PeriodTable[]
}

/** One table of period files: its snapshot folder, the view over its Parquet, and that view when empty. */
export type PeriodTable = Pick<PeriodFiles, 'table' | 'view' | 'empty'>

/** Every table a period source gives: the first, then `more`. */
export const periodTables = (spec: PeriodFiles): PeriodTable[] => [spec, ...(spec.more ?? [])]

/** A numeric `secds build --download` flag of a source, e.g. `--index-quarters`. */
export type DownloadFlag = { name: string; help: string; fallback: number; min: number; max: number }

export type SourceDownload = {
  flags?: DownloadFlag[]
  /** Fetches the source's files into the cache (itself a mirror folder); see download/context.ts. */
  fetch(ctx: DownloadContext): Promise<void>
}

/** A source's part of the sample generator: sees every entity of the pass, then writes its files. */
export type SampleWriter = {
  entity?(e: SampleEntity): void | Promise<void>
  /** Writes what is left; resolves to what it wrote. */
  finish(): Promise<{ files: number; bytes: number; rows?: number }>
}

export type SourceDefinition = {
  /** Folder name under sources/, and the source's key in the manifest. */
  name: string
  /** The mirror layout it reads, for messages: "submissions.zip or submissions/". */
  reads: string
  /** A snapshot needs at least one of the sources marked so (filers come from them). */
  essential?: boolean
  find(mirror: string): Found | undefined
  download?: SourceDownload
  /** Staging: always creates the source's stage tables, empty when `found` is undefined. */
  stage?: BuildStep[]
  /** Tables derived from staged data (in registry order, so earlier sources' tables exist). */
  derive?: BuildStep[]
  periodFiles?: PeriodFiles
  tables: TableSpec[]
  /** Statements that add the source's tables to the serving database (attached as `s`). */
  serving?(ctx: BuildContext): string[] | Promise<string[]>
  /**
   * Every table its serving statements write has its ORDER BY, and their temporary tables need no order:
   * they run without insertion order kept, so DuckDB runs their joins, windows and aggregates in parallel
   * and spills them (keeping it ran a range of the company facts out of memory). Others keep it: their
   * copies of Parquet keep its order.
   */
  servingUnordered?: true
  /**
   * The build's in-memory tables (stage or derived, not the snapshot's Parquet) that its serving statements
   * read. Once the tables are written, the build drops every in-memory table no source names here: what
   * DuckDB had spilled of them leaves the disk before the serving database and lookup files need it.
   */
  servingReads?: string[]
  /** Checks of the serving tables it added, run after its statements. */
  checkServing?(ctx: BuildContext): Promise<void>
  lookups?(ctx: BuildContext): LookupSpec[]
  sample?(world: SampleWorld): SampleWriter | Promise<SampleWriter>
}
