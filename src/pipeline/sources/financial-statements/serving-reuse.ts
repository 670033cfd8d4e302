/**
 * The serving tables made from the quarterly sets alone, on a night without a new quarter: the concepts,
 * their texts and the standardized values come out the same, so a nightly build copies them from the served
 * snapshot's serving database instead of making them again (the standardized values are the largest part
 * of this source's serving step). What they are made from is one fingerprint, recorded in the manifest's
 * `parts` like a 13F quarter's: the sets' files (each by its ETag where the download cache knows it, else
 * its size and modification time) and the statements' own text (another version of the rules makes them
 * again). The tables made from other sources too (`fin_filings` has the tickers, `fin_issuers` every
 * source's names) are always made.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SERVING_FILE } from '../../contract.ts'
import { filesIdentity } from '../../mirror.ts'
import type { ServingTable } from '../../serving-table.ts'
import type { BuildContext } from '../../source.ts'
import { quote } from '../../sql-text.ts'

/** The manifest's `parts` key of this reuse, and its one part. */
export const FSDS_SERVING_STEP = 'financial statements serving'
export const SETS_ONLY_PART = 'tables made from the quarterly sets alone'

/**
 * `statements` (which make `tables` from the quarterly sets of `source` alone), or, when the served
 * snapshot made the same tables from the same sets with the same statements, the copies of its tables
 * (in stored order: this source's statements keep insertion order). Records the part for the next build.
 */
export function takenOrMade(
  ctx: Pick<BuildContext, 'found' | 'previous' | 'parts'>,
  source: string,
  tables: readonly ServingTable[],
  statements: readonly string[],
): string[] {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ sets: filesIdentity(ctx.found[source]?.files), statements }))
    .digest('hex')
  const previous = ctx.previous
  const before = previous?.manifest.parts?.[FSDS_SERVING_STEP]?.[SETS_ONLY_PART]
  const taken = Boolean(previous && before?.fingerprint === fingerprint && existsSync(join(previous.dir, SERVING_FILE)))
  ctx.parts[FSDS_SERVING_STEP] = {
    [SETS_ONLY_PART]: { fingerprint, outputs: tables.map((t) => t.name), reused: taken },
  }
  if (!taken) return [...statements]
  return [
    `ATTACH ${quote(join(previous!.dir, SERVING_FILE))} AS p (READ_ONLY)`,
    ...tables.map((t) => `CREATE TABLE s.${t.name} AS SELECT * FROM p.${t.name}`),
    'DETACH p',
  ]
}
