/**
 * A big statement cut into ranges of a numeric key, run one range at a time in key order: each range's
 * join, sort or window fits the build's memory and spill where the whole input's did not (the statement
 * rows' lookup file, the standardized values). The ranges are cut at the key's quantiles
 * (`quantile_disc`), so each holds about as many rows; all rows of one key fall in one range.
 */
import type { BuildDb } from './duck.ts'

/** One range: `inRange('p.acc_key')` is its condition on a column of the key. */
export type InRange = (column: string) => string

export type KeyRangeSpec = { column: string; of: string; parts: number }

/** The conditions of `parts` ranges of `column` over the table `of`, ascending; one `true` range when it is empty. */
export async function keyRanges(db: BuildDb, { column, of, parts }: KeyRangeSpec): Promise<InRange[]> {
  const fractions = Array.from({ length: parts - 1 }, (_, i) => (i + 1) / parts)
  const cut = fractions.length
    ? await db.one<{ bounds: (string | number)[] | null }>(
        `SELECT quantile_disc(${column}, [${fractions.join(', ')}])::VARCHAR[] AS bounds FROM ${of}`,
      )
    : undefined
  // Ascending, as the fractions are; a key cut twice (a few keys with many rows) makes one range, not an empty one.
  return rangesUpTo([...new Set((cut?.bounds ?? []).filter((b) => b !== null).map(String))])
}

/**
 * The ranges ending at each of the ascending `uppers` (inclusive), and one after the last: the first has no
 * lower bound and the last no upper one, so every key is in exactly one. No bound: one `true` range.
 */
export function rangesUpTo(uppers: readonly (string | number)[]): InRange[] {
  return [...uppers, null].map((upper, i) => {
    const lower = i === 0 ? null : uppers[i - 1]!
    return (c: string) =>
      [lower === null ? 'true' : `${c} > ${lower}`, upper === null ? 'true' : `${c} <= ${upper}`].join(' AND ')
  })
}

/** `CREATE [TEMP] TABLE t AS` for the first range's rows, `INSERT INTO t` for the others'. */
export const intoTable = (table: string, first: boolean, temp = false) =>
  first ? `CREATE ${temp ? 'TEMP ' : ''}TABLE ${table} AS` : `INSERT INTO ${table}`
