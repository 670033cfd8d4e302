/**
 * Staging: the small tables of every data set (SUBMISSION, COVERPAGE, SUMMARYPAGE, OTHERMANAGER,
 * OTHERMANAGER2) and every row of the filings read from their own files, typed by the one set of SELECTs
 * in columns.ts. A set's INFOTABLE, the big one, is a period file (convert.ts). Rows carry the set they
 * came from (`data_set`, 'filing' for a filing's own file), so a filing found in both is taken once
 * (derive.ts keeps the data set's).
 */
import { join } from 'node:path'
import { appendTable } from '../../append.ts'
import type { BuildDb } from '../../duck.ts'
import { quote } from '../../sql-text.ts'
import { type DataSetRow, READ_TABLES, type ReadTable, TABLE_COLUMNS, TYPED_SELECT } from './columns.ts'
import { tableFile, tsvSelect } from './set-tables.ts'
import type { DataSetFile } from './sets.ts'
import type { FilingRows } from './xml.ts'

/** Staged table of each data-set table (INFOTABLE: only the filings' own rows; the sets' are period files). */
export const STAGED: Record<ReadTable, string> = {
  SUBMISSION: 'f13_submissions',
  COVERPAGE: 'f13_coverpages',
  SUMMARYPAGE: 'f13_summaries',
  OTHERMANAGER: 'f13_other_managers_notice',
  OTHERMANAGER2: 'f13_other_managers_included',
  INFOTABLE: 'f13_filing_infotable',
}

/** No rows, the table's text columns: gives a typed SELECT its column types. */
export const noRows = (table: ReadTable) =>
  `(SELECT ${TABLE_COLUMNS[table].map((c) => `NULL::VARCHAR AS "${c}"`).join(', ')} WHERE false)`

/** The typed rows of `table` from a text source, tagged with the set they came from. */
export const typedFrom = (table: ReadTable, from: string, dataSet: string) =>
  `SELECT ${TYPED_SELECT[table]}, ${quote(dataSet)} AS data_set FROM ${from} t`

export async function createStagedTables(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE ${TEXT_ACCEPTED} (accession VARCHAR, accepted VARCHAR)`)
  for (const table of READ_TABLES)
    await db.run(`CREATE OR REPLACE TABLE ${STAGED[table]} AS ${typedFrom(table, noRows(table), '')}`)
}

/** Stages the small tables of each set. Returns the rows staged. */
export async function stageDataSets(db: BuildDb, sets: DataSetFile[], work: string) {
  for (const set of sets) {
    for (const table of READ_TABLES) {
      if (table === 'INFOTABLE') continue
      const path = await tableFile(set, table, work)
      if (!path) continue
      await db.run(`INSERT INTO ${STAGED[table]} ${typedFrom(table, tsvSelect(path, table), set.set)}`)
    }
  }
  return db.count(`SELECT count(*) AS n FROM ${STAGED.SUBMISSION}`)
}

/** Acceptance times of the filings read from their own files: the data sets have none. */
export const TEXT_ACCEPTED = 'f13_text_accepted'

/** Stages filings read from their own files (xml.ts), in batches through the appender. */
export async function stageFilingRows(db: BuildDb, filings: (FilingRows & { accepted?: string | null })[]) {
  await appendTable(
    db,
    'f13_raw_accepted',
    { accession: 'VARCHAR', accepted: 'VARCHAR' },
    filings.map((f) => [f.SUBMISSION[0]?.ACCESSION_NUMBER ?? null, f.accepted ?? null]),
  )
  await db.run(`INSERT INTO ${TEXT_ACCEPTED} SELECT * FROM f13_raw_accepted`)
  await db.run('DROP TABLE f13_raw_accepted')
  for (const table of READ_TABLES) {
    const rows: DataSetRow[] = filings.flatMap((f) => f[table])
    if (!rows.length) continue
    const cols = TABLE_COLUMNS[table]
    const raw = `f13_raw_${table.toLowerCase()}`
    await appendTable(
      db,
      raw,
      Object.fromEntries(cols.map((c) => [c, 'VARCHAR' as const])),
      rows.map((r) => cols.map((c) => r[c] ?? null)),
    )
    await db.run(`INSERT INTO ${STAGED[table]} ${typedFrom(table, raw, 'filing')}`)
    await db.run(`DROP TABLE ${raw}`)
  }
}

/** Scratch folder for extracted TSVs. */
export const extractDir = (work: string) => join(work, 'form-13f')
