/**
 * The published snapshot a build may take unchanged files from (a nightly build): converted period files
 * (period-files.ts), a 13F quarter's holdings and flows (sources/form-13f/quarter-parts.ts), lookup files
 * made from unchanged sources (lookup-files.ts). Each decides what is unchanged; taking the files is here.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Manifest, type PreviousSnapshot, SCHEMA_VERSION } from './contract.ts'
import { readCurrent } from './snapshot.ts'

/** The snapshot `out/CURRENT` names, when it has a manifest of this schema version. */
export function previousSnapshot(out: string): PreviousSnapshot | undefined {
  const id = readCurrent(out)
  const path = id && join(out, id, 'manifest.json')
  if (!path || !existsSync(path)) return undefined
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest
  return manifest.schemaVersion === SCHEMA_VERSION ? { dir: join(out, id), manifest } : undefined
}

/**
 * Takes `files` (snapshot-relative paths) from the previous snapshot into `snapshotDir` when every one is
 * there; says whether it did. Hard-linked where the file system allows (a snapshot stays self-contained,
 * and pruning the old one leaves the link), else copied.
 */
export function takeFiles(previous: PreviousSnapshot, snapshotDir: string, files: readonly string[]): boolean {
  if (!files.every((f) => existsSync(join(previous.dir, f)))) return false
  for (const f of files) {
    const [from, to] = [join(previous.dir, f), join(snapshotDir, f)]
    mkdirSync(dirname(to), { recursive: true })
    try {
      linkSync(from, to)
    } catch {
      copyFileSync(from, to)
    }
  }
  return true
}
