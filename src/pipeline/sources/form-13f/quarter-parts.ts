/**
 * The quarters a nightly build takes from the previous snapshot instead of making them again. A day of
 * filings changes the current quarter and, with a late filing or an amendment, the odd older one; the other
 * quarters' holdings and flows (quarter-batches.ts) would come out the same, at most of the 13F build's cost.
 *
 * What a quarter's two files are made from, and how each is compared:
 * - its effective filings (rules.ts), each with the data set its rows are read from (`filing`: its own
 *   submission file, whose rows never change) and that set's file as it was (size and modification time:
 *   a set published again is read again), and each filing's value unit (rules.ts, which weighs the
 *   quarter's other filings): the quarter's fingerprint, a hash of them in accession order;
 * - for its flows, the same of the calendar quarter before (its holdings are the flows' prior side): part
 *   of the fingerprint;
 * - the SQL that makes a quarter and the macros it calls (its `recipe`): part of the fingerprint, so a build
 *   whose code makes a quarter otherwise makes every quarter again (the schema version need not change);
 * - the CUSIP map's issuer of each security (issuers.ts: ticker, CIK, and the flows' issuer name and title).
 *   The map is global and moves with any day's filings and tickers, so it is not fingerprinted: the issuer
 *   columns the previous files hold are compared, for their own CUSIPs, with today's map, and a quarter
 *   any of whose securities changed issuer is made again.
 * A quarter taken is hard-linked (else copied) from the previous snapshot. Its per-manager totals and flow
 * totals are read back from its files (quarter-batches.ts). Its sector breakdowns are made from its
 * holdings and, besides them, the CUSIP map's SIC code of each security and the SIC list's sector and
 * industry of each code. They are taken from the previous snapshot's `inst_sectors` when made by the same
 * SQL and SIC list (`sectorsPrint`, the part's `rows`) and no security the quarter holds changed SIC code
 * (`sicMoved`); otherwise they are made again from its holdings file, so a sector that moved in the SIC
 * list still moves in every quarter.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PartManifest, PreviousSnapshot } from '../../contract.ts'
import type { BuildDb } from '../../duck.ts'
import { takeFiles } from '../../previous.ts'
import { quote } from '../../sql-text.ts'
import type { DataSetFile } from './sets.ts'

/** The step whose parts these are (the manifest's `parts` key). */
export const QUARTER_BATCHES_STEP = 'institution holdings and flows'

/**
 * Each quarter's fingerprint (by `qend`, as text): its effective filings, their data sets' files and value
 * units, those of the calendar quarter before, and the `recipe` (the SQL that makes a quarter), with the
 * definitions of the 13F macros (`f13_`) the build has created.
 */
export async function quarterFingerprints(
  db: BuildDb,
  sets: readonly DataSetFile[],
  recipe: string,
): Promise<Map<string, string>> {
  return fingerprintsOf(
    db,
    sets,
    recipe,
    (code) => `,
    own AS (
      SELECT f.qend, md5(string_agg(concat_ws(':', f.accession, f.data_set, coalesce(s.file, ''), u.value_unit), ','
                                    ORDER BY f.accession, f.data_set)) AS filings
      FROM t13_filings f JOIN t13_units u USING (accession) LEFT JOIN set_files s USING (data_set)
      WHERE f.effective GROUP BY f.qend)
    SELECT o.qend::VARCHAR AS qend, md5(o.filings || '|' || coalesce(p.filings, '') || '|' || ${code}) AS fingerprint
    FROM own o LEFT JOIN own p ON p.qend = last_day(o.qend - INTERVAL 3 MONTH)`,
  )
}

/**
 * The fingerprint of what is counted of a quarter's information-table rows (derive.ts `t13_loaded`, the
 * unit votes), as `fingerprintsOf` takes it: its filings, effective or not (`t13_filings_base`), each with
 * the data set its rows are read from, that set's file and the filing date.
 */
export const COUNTED_FILINGS = (code: string) => `
    SELECT f.qend::VARCHAR AS qend,
      md5(string_agg(concat_ws(':', f.accession, f.data_set, coalesce(s.file, ''), f.filed), ','
                     ORDER BY f.accession, f.data_set) || '|' || ${code}) AS fingerprint
    FROM t13_filings_base f LEFT JOIN set_files s USING (data_set) GROUP BY f.qend`

/**
 * Fingerprints by quarter: `rest` (more of the WITH list, or the SELECT) over `set_files` (each data set's
 * file as it was: size and modification time, so a set published again is read again), given the print
 * of `recipe` as SQL text; it selects (qend, fingerprint).
 */
export async function fingerprintsOf(
  db: BuildDb,
  sets: readonly DataSetFile[],
  recipe: string,
  rest: (code: string) => string,
): Promise<Map<string, string>> {
  const files = sets.map((s) => `(${quote(s.set)}, ${quote(`${s.bytes}:${s.modified}`)})`)
  const setFiles = files.length ? `VALUES ${files.join(', ')}` : 'SELECT NULL, NULL WHERE false'
  const code = quote(await codePrint(db, [recipe]))
  const rows = await db.all<{ qend: string; fingerprint: string }>(
    `WITH set_files(data_set, file) AS (${setFiles})${rest(code)}`,
  )
  return new Map(rows.map((r) => [r.qend, r.fingerprint]))
}

/** A print of SQL `texts` with the definitions of the 13F macros (`f13_`) the build has created. */
async function codePrint(db: BuildDb, texts: string[]): Promise<string> {
  const macros = await db.all<{ definition: string }>(
    `SELECT function_name || ': ' || string_agg(macro_definition, '; ' ORDER BY macro_definition) AS definition
     FROM duckdb_functions() WHERE function_type = 'macro' AND starts_with(function_name, 'f13_')
     GROUP BY function_name ORDER BY function_name`,
  )
  return createHash('sha256')
    .update([...texts, ...macros.map((m) => m.definition)].join('\n'))
    .digest('hex')
}

/**
 * The print of what a quarter's sector breakdowns are made from besides its holdings and the CUSIP map:
 * their SQL (`sql`, with the table's columns) and the SIC list's sector and industry of every code.
 */
export async function sectorsPrint(db: BuildDb, sql: string): Promise<string> {
  const list = await db.one<{ print: string }>(
    `SELECT md5(coalesce(string_agg(concat_ws('|', sic_code, sector, industry_title), ',' ORDER BY sic_code), '')) AS print
     FROM t_sic_codes`,
  )
  return codePrint(db, [sql, list!.print])
}

/**
 * Makes `t13_sic_moved`: the CUSIPs whose SIC code in today's map (`t13_cusips`) is not the one in the
 * previous snapshot's map (in or out of either). Says how many there are.
 */
export async function sicMoved(db: BuildDb, previous: PreviousSnapshot): Promise<number> {
  const map = join(previous.dir, 'form13f_cusips')
  const before = existsSync(map)
    ? `read_parquet(${quote(join(map, '**', '*.parquet'))})`
    : '(SELECT NULL::VARCHAR AS cusip, NULL::INTEGER AS sic WHERE false)'
  await db.run(`CREATE OR REPLACE TEMP TABLE t13_sic_moved AS
    SELECT coalesce(m.cusip, p.cusip) AS cusip FROM t13_cusips m FULL JOIN ${before} p ON p.cusip = m.cusip
    WHERE m.sic IS DISTINCT FROM p.sic`)
  return db.count('SELECT count(*) AS n FROM t13_sic_moved')
}

/**
 * Whether a taken quarter's sector breakdowns are taken too: the previous snapshot made them by the same
 * print, and no security of its holdings file moved SIC code (`moved`: how many did, of any quarter).
 */
export async function takesSectors(
  db: BuildDb,
  before: PartManifest | undefined,
  { print, holdings, moved }: { print: string; holdings: string; moved: number },
): Promise<boolean> {
  if (before?.rows?.print !== print) return false
  if (moved === 0) return true
  const holding = await db.count(
    `SELECT count(*) AS n FROM read_parquet(${quote(holdings)}) WHERE cusip IN (SELECT cusip FROM t13_sic_moved)`,
  )
  return holding === 0
}

/** Appends the sector breakdowns of the quarters `qends` to `into`, from the previous snapshot's table, in one read. */
export async function takeSectorRows(db: BuildDb, previous: PreviousSnapshot, into: string, qends: readonly string[]) {
  if (!qends.length) return
  const table = quote(join(previous.dir, 'inst_sectors', '**', '*.parquet'))
  await db.run(`INSERT INTO ${into} BY NAME SELECT * FROM read_parquet(${table})
    WHERE qend IN (${qends.map((q) => `${quote(q)}::DATE`).join(', ')})`)
}

/** The issuer columns a quarter file holds from the CUSIP map, by table. */
const MAP_COLUMNS = {
  inst_holdings: ['ticker', 'issuer_cik'],
  inst_flows: ['ticker', 'issuer_cik', 'issuer_name', 'title_of_class'],
} as const

/** How many of the file's CUSIPs hold other issuer columns than today's map (`t13_cusips`) gives them. */
const issuersChanged = (db: BuildDb, table: keyof typeof MAP_COLUMNS, file: string) => {
  const columns = MAP_COLUMNS[table]
  return db.count(`
    SELECT count(*) AS n FROM (SELECT DISTINCT cusip, ${columns.join(', ')} FROM read_parquet(${quote(file)})) q
    LEFT JOIN t13_cusips m ON m.cusip = q.cusip
    WHERE ${columns.map((c) => `q.${c} IS DISTINCT FROM m.${c}`).join(' OR ')}`)
}

/**
 * Takes a quarter's files (`outputs`, snapshot-relative, by table) from the previous snapshot when it made
 * them from the same fingerprint and their securities kept their issuers; says whether it did.
 */
export async function takeQuarter(
  db: BuildDb,
  previous: PreviousSnapshot | undefined,
  {
    qend,
    fingerprint,
    outputs,
    snapshotDir,
  }: {
    qend: string
    fingerprint: string
    outputs: Record<keyof typeof MAP_COLUMNS, string>
    snapshotDir: string
  },
): Promise<boolean> {
  const before = previous?.manifest.parts?.[QUARTER_BATCHES_STEP]?.[qend]
  if (!previous || before?.fingerprint !== fingerprint) return false
  const tables = Object.keys(outputs) as (keyof typeof MAP_COLUMNS)[]
  // The same files by name: a later layout of the quarter's files is made anew.
  if (tables.some((t) => !before.outputs.includes(outputs[t]) || !existsSync(join(previous.dir, outputs[t]))))
    return false
  for (const t of tables) if ((await issuersChanged(db, t, join(previous.dir, outputs[t]))) > 0) return false
  return takeFiles(previous, snapshotDir, Object.values(outputs))
}
