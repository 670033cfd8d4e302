/**
 * A deep page of several form types starts inside its first day, after `offset` of that day's rows of
 * those forms in list order (page-plan.ts). Merging the forms' rows up to there read every frame on the
 * way: a busy day holds thousands of filings of a common form, and a page deep into it decompressed
 * dozens of frames on the server's one JavaScript thread (docs/architecture.md, Frame heads).
 *
 * On one day the list's order is the accession number, descending (then the CIK), so for any accession
 * number `w` every row above `w` comes before every other row. The form-ordered file keeps, per frame,
 * the accession number of its first line (its heads, lib/keyed-file.ts): from them alone, how many of a
 * form's rows lie above `w` is known to within one frame. The skip picks the lowest head `w` whose rows
 * above it are surely no more than `offset`, counts them exactly in one frame per form, and passes them
 * without reading; the merge then skips the few rows left one by one.
 */
import type { KeyedFile } from '../../../lib/keyed-file.ts'
import { positionAcc } from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'

export type Skipped = {
  /** Where each form's rows start after the skip: positions within its first-day part. */
  starts: number[]
  /** Rows passed, at most the offset asked for. */
  skipped: number
}

/**
 * Passes at most `offset` of the first rows, in list order, of the forms' first-day parts (`firstDay`,
 * position ranges of the form-ordered file). Without heads in the file, passes none.
 */
export function skipWithinDay(file: KeyedFile, firstDay: [number, number][], offset: number): Skipped {
  const none = { starts: firstDay.map(([start]) => start), skipped: 0 }
  if (offset <= 0 || !file.hasHeads) return none
  // Per form, the frames starting inside its part: their position and first accession number (non-increasing).
  const frames = firstDay.map(([start, end]) =>
    file.headsWithin(BigInt(start), BigInt(end)).map(([key, acc]) => ({ at: Number(key), acc })),
  )
  // The first position whose accession number may be <= w: at most this many rows lie above w.
  const endAbove = (form: number, w: bigint) => frames[form]!.find((f) => f.acc <= w)?.at ?? firstDay[form]![1]
  const atMostAbove = (w: bigint) => firstDay.reduce((sum, [start], form) => sum + endAbove(form, w) - start, 0)
  // Lower heads pass more rows: the lowest whose bound is still within the offset.
  let w: bigint | undefined
  for (const acc of [...new Set(frames.flat().map((f) => f.acc))].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))) {
    if (atMostAbove(acc) > offset) break
    w = acc
  }
  if (w === undefined) return none
  const threshold = w.toString().padStart(18, '0')
  const starts = firstDay.map(([start], form) => {
    // Rows before a frame whose head is above w are above w; the first row at or below w is in the frame before endAbove.
    const from = frames[form]!.findLast((f) => f.acc > w)?.at ?? start
    const to = endAbove(form, w)
    let at = from
    for (const line of file.range(BigInt(from), BigInt(to))) {
      if (positionAcc(line) <= threshold) return at
      at++
    }
    return to
  })
  return { starts, skipped: starts.reduce((sum, at, form) => sum + at - firstDay[form]![0], 0) }
}
