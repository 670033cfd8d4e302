/**
 * A data set's INFOTABLE (about 3 million rows a quarter at EDGAR's volume) as a period file: converted
 * once into Parquet under `form13f_infotable/data_set=<name>/`, typed by columns.ts (VALUE as reported),
 * and reused by later builds while the set's file is unchanged (period-files.ts).
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { SourceFile } from '../../mirror.ts'
import type { BuildContext, PeriodFiles } from '../../source.ts'
import { PARQUET, quote } from '../../sql-text.ts'
import { REQUIRED_TABLES, TYPED_SELECT } from './columns.ts'
import { SET_INFOTABLE_VIEW } from './derive.ts'
import { tableFile, tsvSelect } from './set-tables.ts'
import type { DataSetFile } from './sets.ts'
import { extractDir, noRows } from './stage.ts'

export const INFOTABLE_TABLE = 'form13f_infotable'

export const infotablePeriods: PeriodFiles = {
  table: INFOTABLE_TABLE,
  view: SET_INFOTABLE_VIEW,
  empty: `CREATE OR REPLACE TABLE ${SET_INFOTABLE_VIEW} AS
    SELECT ${TYPED_SELECT.INFOTABLE}, NULL::VARCHAR AS data_set FROM ${noRows('INFOTABLE')} t`,
  files: (found) => found.files.filter((f): f is DataSetFile => 'set' in f),
  tables: REQUIRED_TABLES,
  periodOf: (file: SourceFile) => `data_set=${(file as DataSetFile).set}`,
  async convert(ctx: BuildContext, file: SourceFile, outDir: string) {
    const set = file as DataSetFile
    const path = await tableFile(set, 'INFOTABLE', extractDir(ctx.work))
    if (!path) return
    await ctx.db.runLarge(`COPY (SELECT ${TYPED_SELECT.INFOTABLE} FROM ${tsvSelect(path, 'INFOTABLE')} t
      ORDER BY accession, row_key) TO ${quote(join(outDir, 'part-0.parquet'))} (${PARQUET}, ROW_GROUP_SIZE 100000)`)
    if (path.startsWith(extractDir(ctx.work))) rmSync(path, { force: true })
  },
}
