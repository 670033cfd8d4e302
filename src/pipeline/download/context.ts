/**
 * What a source's download part (SourceDefinition.download) is given: the shared SEC client (one rate
 * limit for the whole process), the cache folder it fills in the mirror layout, its own flag values, and
 * `fetch`, which records each file and applies the rules every source shares: a required file that
 * cannot be had fails the run, an optional one is logged and skipped, and a 403 stops everything.
 */
import type { DownloadStatus, SecClient } from './sec-client.ts'

/** A file to fetch: where it is on the SEC's site, and where it goes in the mirror. */
export type RemoteFile = { urlPath: string; mirrorPath: string }

export type MirrorFile = { path: string; status: DownloadStatus; bytes: number }

export type DownloadContext = {
  client: SecClient
  /** The cache folder, laid out as a mirror (the build reads it like `--from DIR`). */
  dir: string
  now: Date
  /** The source's own flags (SourceDownload.flags), parsed. */
  flags: Readonly<Record<string, number>>
  log(line: string): void
  /** One file into the mirror, recorded in the run's list unless `record` is false. */
  fetch(file: RemoteFile, required: boolean, record?: boolean): Promise<MirrorFile>
  /** Records a file the source made itself from fetched ones (the SIC list, made from its page). */
  record(file: MirrorFile): void
  /** Whether `e` is a 403 (the SEC blocks us), which then stops the run: for requests made outside `fetch`. */
  blocked(e: unknown): boolean
  /** Resolves when another source's download is done (a filing's listing needs the daily indexes). */
  after(source: string): Promise<void>
}

/** Downloads fit for the limiter: a big file in flight must not hold up small ones, and starts are spaced anyway. */
export const PARALLEL = 4

export async function mapConcurrent<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
