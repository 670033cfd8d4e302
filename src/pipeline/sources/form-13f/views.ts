/**
 * The snapshot tables of the 13F source, as views over the derived tables with exactly the serving
 * tables' columns (contract.ts): the Parquet is written from them and the serving database copies it.
 * The two big ones, holdings and flows, are written a quarter per file by quarter-batches.ts instead.
 */
import type { BuildDb } from '../../duck.ts'
import { columnsOf, type SERVING_TABLES } from './contract.ts'
import type { QUARTERLY_TABLES } from './quarter-batches.ts'

export async function createSnapshotViews(db: BuildDb) {
  // The holdings and flows are read from the quarter files (quarter-batches.ts), with their own views.
  const views: Record<Exclude<keyof typeof SERVING_TABLES & string, keyof typeof QUARTERLY_TABLES>, string> = {
    inst_managers: `SELECT *, upper(name) AS name_upper FROM t13_managers`,
    inst_filings: `SELECT f.*, coalesce(v.value, 0) AS value, m.managers
      FROM t13_filings f
      LEFT JOIN (
        SELECT i.accession, sum(f13_value_in_dollars(i.value_reported, u.value_unit)) AS value
        FROM t13_info i JOIN t13_units u USING (accession) GROUP BY i.accession
      ) v USING (accession)
      LEFT JOIN (
        SELECT accession, to_json(list({'type': type, 'sequenceNumber': sequence_number, 'managerCik': manager_cik,
          'managerName': manager_name, 'form13fFileNumber': form13f_file_number, 'crdNumber': crd_number,
          'secFileNumber': sec_file_number} ORDER BY type, row_key))::VARCHAR AS managers
        FROM t13_other_managers GROUP BY accession
      ) m USING (accession)`,
    // Each quarter row carries what an operation on it starts from (the manager's name, the quarter's filing,
    // whether it is the manager's default quarter), so that start is one indexed read.
    inst_quarters: `SELECT q.*, m.name, f.form, f.filed, f.accepted_at, q.qend = m.latest_holdings_qend AS is_default
      FROM t13_quarters q JOIN t13_managers m USING (cik)
      LEFT JOIN t13_filings f ON f.accession = coalesce(q.accession, q.latest_accession)`,
    inst_changes: 'SELECT * FROM t13_changes',
    inst_sectors: 'SELECT * FROM t13_sectors',
    inst_activity: `SELECT * REPLACE (nullif(put_call, '') AS put_call) FROM t13_activity`,
  }
  for (const [name, select] of Object.entries(views) as [keyof typeof views, string][])
    await db.run(`CREATE OR REPLACE VIEW v13_${name} AS SELECT ${columnsOf(name)} FROM (${select})`)
}
