/**
 * Files in a mirror folder (docs/data.md, Input: the mirror layout): how a source describes what it found. Every source is
 * optional; the build says which it found and records each file in the manifest with its size and
 * modification date (and its ETag when the download cache has one), which is also how a period file is
 * known to be unchanged since the last snapshot (period-files.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export type SourceFile = { path: string; rel: string; bytes: number; modified: string; etag?: string }
/** A folder read as one source (e.g. 950,000 submission files): listed in the manifest as a total. */
export type SourceFolder = SourceFile & { files: number }

/**
 * The ETag the download cache kept for a file (`MIRROR/.meta/<mirror path>.json`, download/), if any: a
 * mirror that `--download` filled says which version of each file it holds.
 */
function etagOf(mirror: string, rel: string): string | undefined {
  const meta = join(mirror, '.meta', `${rel}.json`)
  if (!existsSync(meta)) return undefined
  try {
    const etag = (JSON.parse(readFileSync(meta, 'utf8')) as { complete?: { etag?: unknown } }).complete?.etag
    return typeof etag === 'string' ? etag : undefined
  } catch {
    return undefined
  }
}

export function fileSource(mirror: string, path: string): SourceFile {
  const s = statSync(path)
  const rel = relative(mirror, path)
  const etag = etagOf(mirror, rel)
  return { path, rel, bytes: s.size, modified: s.mtime.toISOString(), ...(etag ? { etag } : {}) }
}

export function folderSource(mirror: string, path: string, names: string[]): SourceFolder {
  let bytes = 0
  let latest = 0
  for (const name of names) {
    const s = statSync(join(path, name))
    bytes += s.size
    latest = Math.max(latest, s.mtimeMs)
  }
  return {
    path,
    rel: `${relative(mirror, path)}/`,
    bytes,
    modified: new Date(latest).toISOString(),
    files: names.length,
  }
}

/** `root/YYYY/QTRn/<file>` for every file whose name matches, in path order. */
export function quarterFiles(mirror: string, root: string, name: RegExp): SourceFile[] {
  if (!existsSync(root)) return []
  const found: SourceFile[] = []
  for (const year of readdirSync(root)
    .filter((y) => /^\d{4}$/.test(y))
    .sort()) {
    for (const qtr of readdirSync(join(root, year))
      .filter((q) => /^QTR[1-4]$/.test(q))
      .sort()) {
      for (const file of readdirSync(join(root, year, qtr))
        .filter((f) => name.test(f))
        .sort()) {
        found.push(fileSource(mirror, join(root, year, qtr, file)))
      }
    }
  }
  return found
}

/** A file's path as error messages and the manifest name it: relative to the mirror folder. */
export const mirrorPath = (mirror: string, path: string) => relative(mirror, path)

/** The manifest's entry for a file: folders as totals. */
export const manifestEntry = (f: SourceFile) => ({
  path: f.rel,
  bytes: f.bytes,
  modified: f.modified,
  ...(f.etag ? { etag: f.etag } : {}),
  ...('files' in f ? { files: (f as SourceFolder).files } : {}),
})

/**
 * A source's files as a fingerprint's input: each by its path and its ETag where the download cache knows
 * it, else its size and modification time (the identity a nightly compares to take what did not change).
 */
export const filesIdentity = (files: readonly SourceFile[] | undefined) =>
  (files ?? []).map(manifestEntry).map((f) => [f.path, f.etag ?? `${f.bytes} ${f.modified}`])

/** A source that is one file at a fixed place in the mirror: what it found, or undefined. */
export function singleFile(mirror: string, rel: string): { files: SourceFile[]; summary: string } | undefined {
  const path = join(mirror, rel)
  return existsSync(path) ? { files: [fileSource(mirror, path)], summary: rel } : undefined
}
