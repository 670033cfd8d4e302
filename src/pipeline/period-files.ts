/**
 * Period files (SourceDefinition.periodFiles): a source whose input is one file per period (a quarterly
 * zip) converts each file on its own into `<table>/<period>/` of the snapshot. A file that has not changed
 * since the last published snapshot (same name, size and modification time, or same ETag) is not
 * converted again: its Parquet is taken from that snapshot (previous.ts). The quarterly data
 * sets never change once published, so a nightly build pays only for the new quarter.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { PeriodManifest } from './contract.ts'
import type { SourceFile } from './mirror.ts'
import { takeFiles } from './previous.ts'
import { type BuildContext, periodTables, type SourceDefinition } from './source.ts'
import { quote } from './sql-text.ts'

/** Unchanged: the same size and modification time, or the same ETag (a download cache knows it). */
export const isUnchanged = (before: Pick<PeriodManifest, 'bytes' | 'modified' | 'etag'>, file: SourceFile) =>
  (before.bytes === file.bytes && before.modified === file.modified) ||
  (before.etag !== undefined && before.etag === file.etag)

const parquetUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.parquet'))
    .sort()

/**
 * Converts (or reuses) every period file of `source`, then exposes the table's Parquet as the view its
 * TableSpec names (`periodFiles.view`). Returns the manifest's entries, by input path.
 */
export async function convertPeriodFiles(ctx: BuildContext, source: SourceDefinition) {
  const { previous } = ctx
  const spec = source.periodFiles!
  const found = ctx.found[source.name]!
  const before = previous?.manifest.periods?.[source.name] ?? {}
  const entries: Record<string, PeriodManifest> = {}
  const tables = periodTables(spec)
  for (const file of spec.files(found)) {
    const period = spec.periodOf(file)
    const dirOf = (table: string) => join(ctx.snapshotDir, table, period)
    const identity = { bytes: file.bytes, modified: file.modified, ...(file.etag ? { etag: file.etag } : {}), period }
    const old = before[file.rel]
    if (
      previous &&
      old &&
      old.period === period &&
      isUnchanged(old, file) &&
      takeFiles(previous, ctx.snapshotDir, old.outputs)
    ) {
      entries[file.rel] = { ...identity, outputs: old.outputs, reused: true }
      continue
    }
    for (const t of tables) {
      rmSync(dirOf(t.table), { recursive: true, force: true })
      mkdirSync(dirOf(t.table), { recursive: true })
    }
    await spec.convert(ctx, file, dirOf(spec.table), dirOf)
    entries[file.rel] = {
      ...identity,
      outputs: tables.flatMap((t) =>
        parquetUnder(dirOf(t.table)).map((f) => relative(ctx.snapshotDir, join(dirOf(t.table), f))),
      ),
      reused: false,
    }
  }
  for (const t of tables) {
    const tableDir = join(ctx.snapshotDir, t.table)
    mkdirSync(tableDir, { recursive: true })
    const glob = join(tableDir, '**', '*.parquet')
    const prefix = `${t.table}/`
    const any = Object.values(entries).some((e) => e.outputs.some((o) => o.startsWith(prefix)))
    // A view over no files would fail to bind: an empty table of the converted shape is the source's to give.
    await ctx.db.run(
      any
        ? `CREATE OR REPLACE VIEW ${t.view} AS SELECT * FROM read_parquet(${quote(glob)}, hive_partitioning = true)`
        : t.empty,
    )
  }
  return entries
}
