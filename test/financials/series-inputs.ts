/**
 * The tables the series statements (company-facts/series.ts) read of the other sources and of the serving
 * database, as the build creates them: a test of the series alone creates them empty and fills those its
 * case needs.
 */
import type { BuildDb } from '../../src/pipeline/duck.ts'
import { LABEL_COLUMNS } from '../../src/pipeline/sources/company-facts/stage.ts'

export const SERIES_INPUTS = {
  t_fsds_num: `adsh VARCHAR, acc_key BIGINT, tag VARCHAR, version VARCHAR, ddate INTEGER, qtrs INTEGER, uom VARCHAR,
    segments VARCHAR, coreg VARCHAR, value DECIMAL(28,4)`,
  t_fsds_pre: 'adsh VARCHAR, acc_key BIGINT, stmt VARCHAR, inpth INTEGER, tag VARCHAR, version VARCHAR',
  t_cf_labels: LABEL_COLUMNS,
  cf_metric_labels: 'metric VARCHAR, label VARCHAR',
  's.fin_filings': 'acc_key BIGINT, period INTEGER, accepted TIMESTAMP',
  's.fin_concepts': 'tag VARCHAR, version VARCHAR, tlabel VARCHAR, datatype VARCHAR',
} as const

/** `tables` of SERIES_INPUTS, empty (and the schema `s`). */
export async function createSeriesInputs(db: BuildDb, tables: readonly (keyof typeof SERIES_INPUTS)[]) {
  await db.run('CREATE SCHEMA IF NOT EXISTS s')
  for (const t of tables) await db.run(`CREATE TABLE ${t} (${SERIES_INPUTS[t]})`)
}
