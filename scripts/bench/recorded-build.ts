/**
 * The build a load benchmark measured, kept beside its snapshot (`<load>/build.json`) so a later run with
 * `--reuse-build` can bench the same snapshot without building it again: at full volume with every area
 * the build takes well over an hour. A recorded build counts only while it still describes what is
 * there: the same mirror, the same snapshot served from CURRENT, and the schema version of this code.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SCHEMA_VERSION } from '../../src/pipeline/contract.ts'
import { currentSnapshot } from './snapshot-keys.ts'

export type RecordedBuild = {
  mirror: string
  snapshotId: string
  schemaVersion: number
  date: string
  seconds: number
  peakRssBytes: number
  /** the disk the build took at its peak (scripts/bench/disk.ts); absent from builds recorded before it was measured */
  peakDiskBytes?: number
}

const fileOf = (load: string) => join(load, 'build.json')

export function recordBuild(
  load: string,
  datasets: string,
  mirror: string,
  run: { seconds: number; peakRssBytes: number; peakDiskBytes?: number },
) {
  const record: RecordedBuild = {
    mirror,
    snapshotId: currentSnapshot(datasets),
    schemaVersion: SCHEMA_VERSION,
    date: new Date().toISOString(),
    ...run,
  }
  writeFileSync(fileOf(load), `${JSON.stringify(record, null, 2)}\n`)
}

/** The recorded build when it still describes the served snapshot, else why not. */
export function recordedBuild(load: string, datasets: string, mirror: string): RecordedBuild | string {
  if (!existsSync(fileOf(load))) return `no ${fileOf(load)}`
  const r = JSON.parse(readFileSync(fileOf(load), 'utf8')) as RecordedBuild
  if (r.mirror !== mirror) return `it was built from ${r.mirror}`
  if (r.schemaVersion !== SCHEMA_VERSION) return `it has schema version ${r.schemaVersion}, this code ${SCHEMA_VERSION}`
  const current = existsSync(join(datasets, 'CURRENT')) ? currentSnapshot(datasets) : undefined
  if (r.snapshotId !== current) return `CURRENT names ${current ?? 'nothing'}, the record ${r.snapshotId}`
  return r
}
