/**
 * The served snapshot: which one `DATASETS_DIR/CURRENT` names, its serving database (`serving.duckdb`,
 * src/pipeline/contract.ts), attached read-only under a name of its own
 * (`snap_<id>`), so a new snapshot can be attached while requests still run on the old one. The path is
 * quoted into the ATTACH once, never into a request's SQL.
 */

import { createReadStream, existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { quotedIdentifier, quotedString } from '@duckdb/node-api'
import { keyedFileParts } from '../lib/keyed-file.ts'
import { type Manifest, SCHEMA_VERSION, SERVING_FILE } from '../pipeline/contract.ts'
import { SnapshotUnavailable } from './errors.ts'

/** `lookups`: each lookup file's path without extension, by name, as the manifest lists them. */
export type Snapshot = {
  id: string
  dir: string
  builtAt: string
  schemaVersion: number
  rows: Record<string, number>
  lookups: Record<string, string>
  /** Tables served from their Parquet files in place (TableManifest.servedFromParquet): their files' absolute paths. */
  parquetTables: Record<string, string[]>
}

export function currentId(datasetsDir: string): string | undefined {
  const pointer = join(datasetsDir, 'CURRENT')
  if (!existsSync(pointer)) return undefined
  return readFileSync(pointer, 'utf8').trim() || undefined
}

/** Reads the snapshot CURRENT points at and checks that it can be served. */
export function readSnapshot(datasetsDir: string): Snapshot {
  const id = currentId(datasetsDir)
  if (!id) throw new SnapshotUnavailable(`no ${join(datasetsDir, 'CURRENT')}: build a snapshot first`)
  const dir = resolve(datasetsDir, id)
  const manifestPath = join(dir, 'manifest.json')
  if (!existsSync(manifestPath))
    throw new SnapshotUnavailable(`CURRENT names ${id}, but ${manifestPath} does not exist`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  if (manifest.schemaVersion !== SCHEMA_VERSION) {
    throw new SnapshotUnavailable(
      `snapshot ${id} has schema version ${manifest.schemaVersion}; this server reads version ${SCHEMA_VERSION}: rebuild it`,
    )
  }
  if (!existsSync(join(dir, SERVING_FILE)))
    throw new SnapshotUnavailable(`snapshot ${id} has no ${SERVING_FILE}: rebuild it`)
  const lookups = Object.fromEntries(Object.entries(manifest.lookups).map(([name, l]) => [name, join(dir, l.path)]))
  for (const base of Object.values(lookups)) {
    const { blocks, index } = keyedFileParts(base)
    if (!existsSync(blocks) || !existsSync(index))
      throw new SnapshotUnavailable(`snapshot ${id} has no ${base}.*: rebuild it`)
  }
  const rows = Object.fromEntries(Object.entries(manifest.tables).map(([name, t]) => [name, t.rows]))
  const parquetTables = Object.fromEntries(
    Object.entries(manifest.tables)
      .filter(([, t]) => t.servedFromParquet)
      .map(([name, t]) => [name, t.files.map((f) => join(dir, f))]),
  )
  for (const files of Object.values(parquetTables))
    for (const f of files) if (!existsSync(f)) throw new SnapshotUnavailable(`snapshot ${id} has no ${f}: rebuild it`)
  return { id, dir, builtAt: manifest.builtAt, schemaVersion: manifest.schemaVersion, rows, lookups, parquetTables }
}

/** The name a snapshot's serving database is attached under: one per snapshot, so two can be open at once. */
export const attachedName = (snapshot: Snapshot) => `snap_${snapshot.id.replace(/[^A-Za-z0-9]/g, '_')}`

/** Attaches the snapshot's serving database, read-only (several servers may share one snapshot folder). */
export const attachStatement = (snapshot: Snapshot) =>
  `ATTACH IF NOT EXISTS ${quotedString(join(snapshot.dir, SERVING_FILE))} AS ${quotedIdentifier(attachedName(snapshot))} (READ_ONLY)`

export const detachStatement = (snapshot: Snapshot) =>
  `DETACH DATABASE IF EXISTS ${quotedIdentifier(attachedName(snapshot))}`

/** The in-memory schema holding a snapshot's views over its in-place Parquet tables. */
const parquetSchema = (snapshot: Snapshot) => `memory.${quotedIdentifier(`parquet_${attachedName(snapshot)}`)}`

/**
 * Views over the snapshot's in-place Parquet tables, in a schema of its own in the server's in-memory
 * catalog (shared by every connection), so a query names them as it names the serving database's tables.
 * The file paths come from the manifest, quoted here once, never from a request.
 */
export const parquetViewStatements = (snapshot: Snapshot) => [
  `CREATE SCHEMA IF NOT EXISTS ${parquetSchema(snapshot)}`,
  ...Object.entries(snapshot.parquetTables).map(
    ([name, files]) =>
      `CREATE OR REPLACE VIEW ${parquetSchema(snapshot)}.${quotedIdentifier(name)} AS SELECT * FROM read_parquet([${files.map(quotedString).join(', ')}])`,
  ),
]

export const dropParquetViewsStatement = (snapshot: Snapshot) =>
  `DROP SCHEMA IF EXISTS ${parquetSchema(snapshot)} CASCADE`

/** A pooled connection's setup: the snapshot's serving database first, then its in-place Parquet tables. */
export const connectionSetup = (snapshot: Snapshot) => [
  `USE ${quotedIdentifier(attachedName(snapshot))}`,
  `SET search_path = ${quotedString(`${attachedName(snapshot)}.main,${parquetSchema(snapshot).replaceAll('"', '')}`)}`,
]

/**
 * Reads a snapshot's lookup frames once before it is served, so that the page cache holds them and the
 * first lookups do not wait for the disk (right after a build they are there already; after a reboot
 * they are not). Only the page cache keeps them: the server's own memory does not grow.
 */
export async function warmUpLookups(snapshot: Snapshot) {
  for (const base of Object.values(snapshot.lookups)) {
    for await (const _ of createReadStream(keyedFileParts(base).blocks, { highWaterMark: 8 << 20 })) {
      // Reading is the point.
    }
  }
}
