/**
 * Checks a table must pass before a snapshot is published: rows present when its source was given,
 * unique keys, and no NULL where the API promises a value. Each failure names the table, the column and
 * an example record, so a failed nightly build says exactly what to look at.
 */
import type { BuildDb } from './duck.ts'
import { BuildError } from './errors.ts'

export type CheckResult = { check: string; ok: boolean }

const cols = (names: string[]) => names.map((n) => `"${n}"`).join(', ')

export async function checkNonEmpty(db: BuildDb, table: string, staged: string, why: string): Promise<CheckResult> {
  const n = await db.count(`SELECT count(*) AS n FROM (SELECT 1 FROM ${staged} LIMIT 1)`)
  if (n === 0) throw new BuildError(`table ${table} is empty although ${why} was given`)
  return { check: `${table}: not empty`, ok: true }
}

export async function checkUnique(db: BuildDb, table: string, staged: string, key: string[]): Promise<CheckResult> {
  const dup = await db.one<Record<string, unknown>>(
    `SELECT ${cols(key)}, count(*)::INTEGER AS copies FROM ${staged} GROUP BY ALL HAVING count(*) > 1 LIMIT 1`,
  )
  if (dup) {
    const { copies, ...record } = dup
    throw new BuildError(
      `key (${key.join(', ')}) is not unique: ${copies} rows`,
      `table ${table}`,
      JSON.stringify(record),
    )
  }
  return { check: `${table}: (${key.join(', ')}) unique`, ok: true }
}

export async function checkNotNull(
  db: BuildDb,
  table: string,
  staged: string,
  columns: string[],
  key: string[],
): Promise<CheckResult> {
  const bad = await db.one<Record<string, unknown>>(
    `SELECT ${cols(key)}, [${columns.map((c) => `CASE WHEN "${c}" IS NULL THEN '${c}' END`).join(', ')}] AS missing
     FROM ${staged} WHERE ${columns.map((c) => `"${c}" IS NULL`).join(' OR ')} LIMIT 1`,
  )
  if (bad) {
    const { missing, ...record } = bad
    const names = (missing as (string | null)[]).filter(Boolean).join(', ')
    throw new BuildError(`${names} is NULL but the API promises a value`, `table ${table}`, JSON.stringify(record))
  }
  return { check: `${table}: ${columns.join(', ')} not null`, ok: true }
}
