/**
 * The numbers of the series (`fin_series_ids`) and of the points' tag-and-rule parts (`fin_point_metas`)
 * are kept from build to build: a series or part the snapshot before numbered keeps its number, and one
 * it did not have is numbered after the greatest number it gave (in name order among the new ones). A
 * first build numbers them all in name order, as before.
 *
 * Why: the numbers are in the series lookup files (a series' number in its key, a part's in each line), so
 * a company's lines are the same from one build to the next only while its numbers are. A nightly then
 * takes the lines of every company it did not make again from the last snapshot's files (series-reuse.ts,
 * lookup-files.ts) instead of writing them all. One new tag or taxonomy version in one filing would
 * otherwise move the numbers of every series after it, of every company.
 *
 * New numbers start after the snapshot before's greatest, so no series takes another's number while that
 * one has lines. A number whose series is gone holds no line of the snapshot before, so a later build may
 * give it again: the lines a build takes are of series that still have their numbers.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SERVING_FILE } from '../../contract.ts'
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { METRIC_META_FIELDS, SERVING_TABLES } from './contract.ts'

const T = SERVING_TABLES
const META = METRIC_META_FIELDS.join(', ')
/** Two rows of the parts' fields are the same part: nulls matching nulls (a tag without a version or rule). */
export const sameMeta = (a: string, b: string) =>
  METRIC_META_FIELDS.map((f) => `${a}.${f} IS NOT DISTINCT FROM ${b}.${f}`).join(' AND ')

/** The snapshot before's numbers, as temporary tables (empty without one). */
const IDS_BEFORE = 'cf_series_ids_before'
const METAS_BEFORE = 'cf_point_metas_before'

/**
 * Reads the numbers of the snapshot before (the published one of this schema version, if it has them) into
 * temporary tables for `keptNumbers`; without them, returns the statements that make those tables empty
 * (run once the points are made: the parts' table takes its columns' types from theirs).
 */
export async function numbersBefore(ctx: Pick<BuildContext, 'db' | 'previous'>): Promise<string[]> {
  const file = ctx.previous && join(ctx.previous.dir, SERVING_FILE)
  if (file && existsSync(file)) {
    const { db } = ctx
    await db.run(`ATTACH ${quote(file)} AS ps (READ_ONLY)`)
    try {
      const tables = await db.count(
        `SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = 'ps'
         AND table_name IN (${quote(T.fin_series_ids.name)}, ${quote(T.fin_point_metas.name)})`,
      )
      if (tables === 2) {
        await db.run(
          `CREATE TEMP TABLE ${IDS_BEFORE} AS SELECT series_id, source, symbol FROM ps.${T.fin_series_ids.name}`,
        )
        await db.run(`CREATE TEMP TABLE ${METAS_BEFORE} AS SELECT meta_id, ${META} FROM ps.${T.fin_point_metas.name}`)
        return []
      }
    } finally {
      await db.run('DETACH ps')
    }
  }
  return [
    `CREATE TEMP TABLE ${IDS_BEFORE} (series_id INTEGER, source VARCHAR, symbol VARCHAR)`,
    `CREATE TEMP TABLE ${METAS_BEFORE} AS SELECT 0::INTEGER AS meta_id, ${META} FROM b.fin_metric_points LIMIT 0`,
  ]
}

/** The statements that number this build's series and parts, keeping the snapshot before's numbers (above). */
export function keptNumbers(): string[] {
  return [
    createServingTable(
      T.fin_series_ids,
      `WITH now AS (SELECT DISTINCT source, symbol FROM b.fin_metric_points
                    UNION SELECT DISTINCT 'ratio', ratio FROM b.fin_ratio_points)
      SELECT series_id, source, symbol FROM now JOIN ${IDS_BEFORE} USING (source, symbol)
      UNION ALL
      SELECT ((SELECT coalesce(max(series_id), 0) FROM ${IDS_BEFORE})
              + row_number() OVER (ORDER BY source, symbol))::INTEGER, source, symbol
      FROM now ANTI JOIN ${IDS_BEFORE} USING (source, symbol)`,
    ),
    createServingTable(
      T.fin_point_metas,
      `WITH now AS (SELECT DISTINCT ${META} FROM b.fin_metric_points)
      SELECT o.meta_id, now.* FROM now JOIN ${METAS_BEFORE} o ON ${sameMeta('now', 'o')}
      UNION ALL
      SELECT ((SELECT coalesce(max(meta_id), 0) FROM ${METAS_BEFORE})
              + row_number() OVER (ORDER BY ${META}))::INTEGER, *
      FROM now WHERE NOT EXISTS (SELECT 1 FROM ${METAS_BEFORE} o WHERE ${sameMeta('now', 'o')})`,
    ),
    `DROP TABLE ${IDS_BEFORE}`,
    `DROP TABLE ${METAS_BEFORE}`,
  ]
}
