/**
 * The served snapshot: which one `DATASETS_DIR/CURRENT` names, and one DuckDB view per table over its
 * Parquet files. Each snapshot gets its own schema (`snap_<id>`), so a new snapshot's views can be
 * created while requests still run on the old one's; the paths are quoted into the view once, never
 * into a request's SQL.
 */
import { quotedIdentifier, quotedString } from '@duckdb/node-api'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SCHEMA_VERSION } from '../build/layout.ts'
import { SnapshotUnavailable } from './errors.ts'

/** Tables the Filings and Entities areas read; a snapshot without one of them is not served. */
export const SERVED_TABLES = ['entities', 'tickers', 'filings', 'filings_by_date', 'filing_accessions', 'filing_documents', 'form_types', 'sic_codes'] as const

export type Snapshot = { id: string; dir: string; builtAt: string; schemaVersion: number; rows: Record<string, number> }

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
  if (!existsSync(manifestPath)) throw new SnapshotUnavailable(`CURRENT names ${id}, but ${manifestPath} does not exist`)
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { schemaVersion: number; builtAt: string; tables: Record<string, { rows: number }> }
  if (manifest.schemaVersion !== SCHEMA_VERSION) {
    throw new SnapshotUnavailable(`snapshot ${id} has schema version ${manifest.schemaVersion}; this server reads version ${SCHEMA_VERSION}: rebuild it`)
  }
  for (const table of SERVED_TABLES) {
    const folder = join(dir, table)
    if (!existsSync(folder) || !readdirSync(folder).some((f) => f.endsWith('.parquet'))) {
      throw new SnapshotUnavailable(`snapshot ${id} has no Parquet files for table ${table}`)
    }
  }
  const rows = Object.fromEntries(Object.entries(manifest.tables).map(([name, t]) => [name, t.rows]))
  return { id, dir, builtAt: manifest.builtAt, schemaVersion: manifest.schemaVersion, rows }
}

export const schemaName = (snapshot: Snapshot) => `snap_${snapshot.id.replace(/[^A-Za-z0-9]/g, '_')}`

/** DDL creating the snapshot's schema and its views. */
export function viewStatements(snapshot: Snapshot): string[] {
  const schema = quotedIdentifier(schemaName(snapshot))
  return [
    `CREATE SCHEMA IF NOT EXISTS ${schema}`,
    ...SERVED_TABLES.map((table) =>
      `CREATE OR REPLACE VIEW ${schema}.${quotedIdentifier(table)} AS SELECT * FROM read_parquet(${quotedString(join(snapshot.dir, table, '*.parquet'))})`),
  ]
}

export const dropStatement = (snapshot: Snapshot) => `DROP SCHEMA IF EXISTS ${quotedIdentifier(schemaName(snapshot))} CASCADE`
