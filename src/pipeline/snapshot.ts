/**
 * Snapshot folders and the `CURRENT` pointer. A build writes `OUT/<id>.partial/`, renames it to
 * `OUT/<id>/` once checked, then points `OUT/CURRENT` at it by writing `CURRENT.tmp` and renaming it over
 * `CURRENT` (rename is atomic on POSIX file systems, so a reader sees the old id or the new one, never a
 * torn file). The last two snapshots are kept: the served one and the one before, for a quick rollback.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'

const ID = /^\d{8}T\d{6}Z(-\d+)?$/

/** `20261121T191500Z`, from the build's start in UTC; `-2`, `-3` when a build in the same second exists. */
export function newSnapshotId(out: string, now = new Date()) {
  const base = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  let id = base
  for (let n = 2; existsSync(join(out, id)) || existsSync(join(out, `${id}.partial`)); n++) id = `${base}-${n}`
  return id
}

export function readCurrent(out: string): string | undefined {
  const path = join(out, 'CURRENT')
  return existsSync(path) ? readFileSync(path, 'utf8').trim() || undefined : undefined
}

export function publish(out: string, id: string) {
  const tmp = join(out, 'CURRENT.tmp')
  writeFileSync(tmp, `${id}\n`)
  renameSync(tmp, join(out, 'CURRENT'))
}

/** Complete snapshots in `out`, newest first. */
export function listSnapshots(out: string) {
  if (!existsSync(out)) return []
  return readdirSync(out)
    .filter((name) => ID.test(name) && existsSync(join(out, name, 'manifest.json')))
    .sort()
    .reverse()
}

/** Removes all but the newest `keep` snapshots (never the current one) and leftovers of crashed builds. */
export function prune(out: string, keep = 2) {
  const current = readCurrent(out)
  const removed: string[] = []
  for (const id of listSnapshots(out).slice(keep)) {
    if (id === current) continue
    rmSync(join(out, id), { recursive: true, force: true })
    removed.push(id)
  }
  for (const name of readdirSync(out).filter((n) => n.endsWith('.partial') || n.startsWith('.work-'))) {
    rmSync(join(out, name), { recursive: true, force: true })
  }
  return removed
}

/** One build at a time per datasets folder; a lock left by a process that died is taken over. */
export function acquireLock(out: string): () => void {
  mkdirSync(out, { recursive: true })
  const path = join(out, '.build.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number(readFileSync(path, 'utf8'))
      if (pid && isAlive(pid))
        throw new Error(`another build (pid ${pid}) is writing to ${out}; remove ${path} if it is not running`)
      rmSync(path, { force: true })
    }
  }
  throw new Error(`could not lock ${out}`)
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const partialDir = (out: string, id: string) => join(out, `${id}.partial`)
export const finalDir = (out: string, id: string) => join(out, id)
export const finalize = (out: string, id: string) => renameSync(partialDir(out, id), finalDir(out, id))

/**
 * How a build ends: its finished folder (`<id>.partial`) becomes the snapshot `id`, CURRENT names it, and
 * all but the newest `keep` snapshots are removed (prune). Returns the ids removed.
 */
export function publishFinished(out: string, id: string, keep = 2): string[] {
  finalize(out, id)
  publish(out, id)
  return prune(out, keep)
}
