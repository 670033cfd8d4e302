/**
 * A big statement cut into ranges of a key, run one range at a time in key order: each range's
 * join, sort or window fits the build's memory and spill where the whole input's did not (the statement
 * rows' lookup file, the standardized values). The ranges are cut at the key's quantiles
 * (`quantile_disc`), so each holds about as many rows; all rows of one key fall in one range.
 */
import type { BuildDb } from './duck.ts'
import { quote } from './sql-text.ts'

/**
 * The rows of `of` worth a range of their own, for a statement whose work grows with those rows (a join
 * or sort of them): a range of a full-volume build holds one to a few million.
 */
export const ROWS_PER_RANGE = 1_000_000

/** One range: `inRange('p.acc_key')` is its condition on a column of the key. */
export type InRange = (column: string) => string

/**
 * `parts` ranges of `column` (a number or a date) over the table `of`; with `rowsPerPart`, fewer when `of` has fewer than
 * `parts` × `rowsPerPart` rows, so that a small build runs its statement once or a few times, not `parts`
 * times over a few rows each (each run costs the same fixed time, whatever it reads).
 */
export type KeyRangeSpec = { column: string; of: string; parts: number; rowsPerPart?: number }

/** The conditions of the ranges of `column` over the table `of`, ascending; one `true` range when it is empty. */
export async function keyRanges(db: BuildDb, spec: KeyRangeSpec): Promise<InRange[]> {
  const { column, of } = spec
  const rows = spec.rowsPerPart ? await db.count(`SELECT count(*) AS n FROM ${of}`) : 0
  const parts = spec.rowsPerPart ? Math.max(1, Math.min(spec.parts, Math.ceil(rows / spec.rowsPerPart))) : spec.parts
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
  const bounds = uppers.map(literal)
  return [...bounds, null].map((upper, i) => {
    const lower = i === 0 ? null : bounds[i - 1]!
    return (c: string) =>
      [lower === null ? 'true' : `${c} > ${lower}`, upper === null ? 'true' : `${c} <= ${upper}`].join(' AND ')
  })
}

/** A bound as SQL: a number as it is, a date (quantile_disc's text of one) quoted, which DuckDB compares as a date. */
const literal = (bound: string | number) =>
  typeof bound === 'number' || /^-?\d+(\.\d+)?$/.test(bound) ? String(bound) : quote(bound)

/** `CREATE [TEMP] TABLE t AS` for the first range's rows, `INSERT INTO t` for the others'. */
export const intoTable = (table: string, first: boolean, temp = false) =>
  first ? `CREATE ${temp ? 'TEMP ' : ''}TABLE ${table} AS` : `INSERT INTO ${table}`
