/**
 * The snapshot's contract as a whole: what every snapshot folder holds, which the server (src/db/) reads
 * and the build writes. What each source adds (its serving tables, its lookup files and their lines) is
 * in that source's `contract` module (sources/<name>/contract*). The server imports these and nothing
 * else of src/pipeline.
 */

/**
 * 2: snapshots carry the serving database; 3: its accession-sorted copy, integer accession numbers and
 * name trigrams; 4: lookup files instead of entity bodies and the accession copy in the serving database;
 * 5: the manifest lists each lookup file by name and the sources' files by source (the server opens the
 * lookup files the manifest lists); 6: the insider tables and lookup files; 7: the financial statement
 * tables; 8: the 13F tables; 9: the companyfacts table, the metric and ratio series, rankings and segment
 * revenue tables; 10: the financials and insiders lookup files, insider_feed_days, and the 13F holdings and
 * flows stored by quarter first; 11: the 13F lookup files; 12: the 13F holdings and flows served from their
 * quarter Parquet files in place; 13: series lines latest first with their tag and rule as a
 * `fin_point_metas` number, and each filing's concepts as the `fin-filing-concepts` lookup file instead of
 * the `fin_filing_concepts` table; 14 (the traps of real EDGAR): a metric point's `derived_from` (the
 * filings of a derived quarter) on its series line, segment rows of a filing's comparative columns too
 * (`years_back`), the insider records' and transactions' 10b5-1 flag (`aff10b5_one`), the insider net
 * values, the daily leaders by scope (open market or every non-derivative row), and a standardized value's
 * `strategy` (the rule that chose its tag); 15 (point in time): the metric and ratio vintages, each point's
 * `first_reported` and the first day it was known (`known_from`, on its series line, the series keyed by
 * period length with frame heads), and the ranking
 * vintages sorted by value with the days each answers
 * (`latest_until`, `first_until`) and `fin_metric_ranking_known_years`; 16: a series line's
 * `all_known_from` and `last_vintage` (a day that knew every vintage of a point reads none); 17: each metric
 * vintage's `tag` (the tag its filing reported the value under); 18: the whole market's restatements by
 * quarter (`fin_restatement_rankings`, `fin_restatement_quarters`); 19: a series line's `first_reported` and
 * `last_vintage` written as arrays of their values (read-model.ts `packed`); 20: a ratio series' lengths
 * under one key, latest period first (`fin-ratio-series`: RATIO_SERIES_KEY); 21: frame heads on the metric
 * and ratio vintage files (each frame's first period end); 22: a metric series line's vintage count
 * (`vintages`: a point of two answers any day from its line); 23: a ratio series line's too, and its
 * `first_reported` with the components of a restated point's first value; 24: a series line's vintages
 * between its first and its last (`middle_vintages`, of a point of at most four).
 * A server reads only its own version.
 */
export const SCHEMA_VERSION = 24

/** The server's read-only DuckDB file inside each snapshot folder. */
export const SERVING_FILE = 'serving.duckdb'
/**
 * The build's own database (serving-table.ts `buildOnly`): in the build's work folder until the last lookup
 * file made from it is written (lookup-files.ts), then kept for the next build (build-cache.ts);
 * `--keep-build-database` puts it in the snapshot folder too, beside the files the server reads.
 */
export const BUILD_DATABASE_FILE = 'build.duckdb'

/** A lookup file as the manifest lists it: its path without extension (lib/keyed-file.ts adds them). */
export type LookupFileManifest = {
  path: string
  lines: number
  frames: number
  bytes: number
  /** A file made from declared sources alone (LookupSpec.madeFrom): the fingerprint of its inputs. */
  inputs?: string
  /** Whether it was taken from the previous snapshot, its inputs unchanged. */
  reused?: boolean
  /** A file that may take lines (LookupSpec.takesLines): the fingerprint of its query and frame size. */
  query?: string
  /** How many of its lines were taken from the previous snapshot's file (the groups not made again). */
  linesTaken?: number
}

export type TableManifest = {
  rows: number
  bytes: number
  files: string[]
  sortedBy: string
  rowGroupSize: number
  /** The columns as the files hold them: each type as DuckDB reads the Parquet (docs/data-dictionary.md). */
  columns: { name: string; type: string }[]
  description: string
  /** Read by the server from `files` in place, not from the serving database (TableSpec.servedFromParquet). */
  servedFromParquet?: boolean
}

/** An input file: folders as totals (`files`), with the ETag when the download cache had one. */
export type InputFile = { path: string; bytes: number; modified: string; etag?: string; files?: number }

/** A period file's conversion (period-files.ts): the input as it was, and the Parquet files it gave. */
export type PeriodManifest = {
  bytes: number
  modified: string
  etag?: string
  period: string
  outputs: string[]
  reused: boolean
}

/**
 * A part of a derived table made on its own (a 13F quarter's holdings and flows): the fingerprint of what
 * it was made from, the snapshot files it wrote, and whether they were taken from the previous snapshot. A
 * later build whose inputs give the same fingerprint takes the files instead of making them again.
 * `rows`: the same for the part's rows of a table made of every part (a 13F quarter's sector breakdowns),
 * when the build records them: the print of what they are made from besides the part's files, and whether
 * they were taken from the previous snapshot's table.
 */
export type PartManifest = {
  fingerprint: string
  outputs: string[]
  reused: boolean
  rows?: { print: string; reused: boolean }
}

/** The published snapshot a build may take unchanged parts from (its folder and manifest). */
export type PreviousSnapshot = { dir: string; manifest: Manifest }

/**
 * A period file built without some of the tables its source declares (`--allow-partial-sets`,
 * period-sets.ts): the source, the file's mirror path, and the tables it lacked (as file names).
 */
export type PartialSet = { source: string; file: string; missing: string[] }

export type Manifest = {
  snapshotId: string
  schemaVersion: number
  secdsVersion: string
  builtAt: string
  durationSeconds: number
  /** Input files by source (the source's folder name under src/pipeline/sources/). */
  sources: Record<string, InputFile[]>
  tables: Record<string, TableManifest>
  /** Period files by source, then by input path. */
  periods: Record<string, Record<string, PeriodManifest>>
  /**
   * Derived parts by step, then by part (a quarter): absent from a manifest written before parts were
   * recorded (an additive field: such a snapshot has no part to give).
   */
  parts?: Record<string, Record<string, PartManifest>>
  /** The server's DuckDB file. */
  serving: { file: string; bytes: number }
  /** The server's lookup files, by name. */
  lookups: Record<string, LookupFileManifest>
  steps: BuildStepRecord[]
  checks: { check: string; ok: boolean }[]
  /**
   * Sets accepted without some of their tables, with the build's warning for each: empty for a complete
   * build, absent from a manifest written before the check (an additive field: no schema version of its own).
   */
  partialSets?: (PartialSet & { warning: string })[]
}

/**
 * A timed step of a build: its seconds and the process's peak resident memory while it ran, in bytes, where
 * the build watched it (absent from a build without a reporter that watches, and from a manifest written
 * before it was recorded: an additive field).
 */
export type BuildStepRecord = { name: string; seconds: number; peakRssBytes?: number }

/** A step's record, its peak RSS only where it was watched. */
export const stepRecord = (name: string, seconds: number, peakRssBytes: number | undefined): BuildStepRecord =>
  peakRssBytes === undefined ? { name, seconds } : { name, seconds, peakRssBytes }

/**
 * One integer part of a packed key: the SQL that computes it from the build's columns and the function
 * that computes it from the server's values, declared side by side so they cannot drift apart; `size`
 * bounds every part but the first (the part takes the values 0 to size - 1). A value that may pass 2^53
 * (an accession number's integer) is a bigint.
 */
export type KeyPart<V> = { sql: string; of: (value: V) => number | bigint; size?: number }

/**
 * A lookup file's key packed from parts: its SQL for the build's writer, `pack` for the server's reader, and
 * `leading`, a key's first part (what a build groups a file's keys by: LookupSpec.takesLines).
 */
export type PackedKey<V> = { sql: string; pack: (values: V) => bigint; leading: (key: bigint) => bigint }

/**
 * A key of several parts as one non-negative 64-bit integer (what a lookup file is keyed by), in mixed
 * radix: the first part most significant, each later one below its `size`. Every packed key of the
 * snapshot is declared with this in its source's contract, so the build's SQL and the server's `pack`
 * are one declaration (test/pipeline/packed-keys.test.ts runs both over the same values).
 */
export function packedKey<V extends Record<string, unknown>>(parts: { [K in keyof V]: KeyPart<V[K]> }): PackedKey<V> {
  const entries = Object.entries(parts) as [keyof V & string, KeyPart<unknown>][]
  for (const [name, part] of entries.slice(1))
    if (!(part.size && part.size > 0)) throw new Error(`packed key part ${name}: a part after the first needs a size`)
  const sql = entries
    .slice(1)
    .reduce((acc, [, part]) => `(${acc} * ${part.size} + (${part.sql}))`, `(${entries[0]![1].sql})::BIGINT`)
  // What the first part is multiplied by: the product of the later parts' sizes.
  const below = entries.slice(1).reduce((product, [, part]) => product * BigInt(part.size!), 1n)
  return {
    sql,
    leading: (key) => key / below,
    pack(values) {
      let key = 0n
      for (const [name, part] of entries) {
        const value = part.of(values[name])
        const integer = typeof value === 'bigint' || Number.isInteger(value)
        if (!integer || value < 0 || (part.size !== undefined && value >= part.size))
          throw new RangeError(`packed key part ${name}: ${value} is not an integer in [0, ${part.size ?? '∞'})`)
        key = key * BigInt(part.size ?? 1) + BigInt(value)
      }
      return key
    },
  }
}

/** A date part of a key: `YYYY-MM-DD` as the integer YYYYMMDD, from a DATE column in SQL. */
export const yyyymmddPart = (column: string): KeyPart<string> => ({
  sql: `strftime(${column}, '%Y%m%d')::BIGINT`,
  of: (date) => Number(date.replaceAll('-', '')),
})

/** A lookup file's key that is one integer column (a CIK, an accession number's 18 digits, a position). */
export const columnKey = <V extends number | bigint = number>(column: string): PackedKey<V> => ({
  sql: column,
  pack: (value) => BigInt(value),
  leading: (key) => key,
})
