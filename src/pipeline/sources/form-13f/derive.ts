/**
 * The 13F tables the build derives from the staged rows and the sets' information tables: one row per
 * filing (a filing in a data set and in its own file taken once, the data set's), the information-table
 * rows of those filings (which of them count: `effective`, rules.ts) and each filing's value unit; then the
 * CUSIP map (issuers.ts), the quarter batches (quarter-batches.ts) and the aggregates (aggregates.ts).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildCachePath } from '../../build-cache.ts'
import type { PartManifest } from '../../contract.ts'
import type { BuildDb } from '../../duck.ts'
import type { BuildContext } from '../../source.ts'
import { PARQUET, quote } from '../../sql-text.ts'
import { COUNTED_FILINGS, fingerprintsOf } from './quarter-parts.ts'
import { buildUnits, createRuleMacros, EFFECTIVE_SQL, UNIT_VOTES_COLUMNS, unitVotesOf } from './rules.ts'
import type { DataSetFile } from './sets.ts'
import { STAGED, TEXT_ACCEPTED } from './stage.ts'
import { TEXT_PARSE } from './text-filings.ts'

/** The period view over the sets' INFOTABLE Parquet (period files), with its `data_set` partition column. */
export const SET_INFOTABLE_VIEW = 'f13_set_infotable'

/**
 * Information-table rows: of the given data sets only (their Parquet folders; the filter skips the other
 * sets' files), or of every set, and always those of the filings' own files (data set 'filing').
 */
export const infoRowsOf = (sets?: string[]) => `
    SELECT * FROM ${SET_INFOTABLE_VIEW}${sets ? ` WHERE data_set IN (${sets.map(quote).join(', ') || 'NULL'})` : ''}
    UNION ALL BY NAME SELECT * FROM ${STAGED.INFOTABLE}`

/** A quarter's information-table rows with their filing's dates (`b13_info`), of the sets `sets`. */
const quarterInfo = (qend: string, sets: string[]) => `
  SELECT i.accession, i.cusip, i.other_manager, i.shares, i.value_reported, i.share_type, i.put_call, f.filed, f.qend
  FROM (${infoRowsOf(sets)}) i JOIN t13_filings_base f ON f.accession = i.accession AND f.data_set = i.data_set
  WHERE f.qend = ${quote(qend)}::DATE`

/** Per filing of `b13_info`: rows, distinct CUSIPs (as groups: plain aggregates spill, count(DISTINCT) would hold them), rows naming another manager. */
const LOADED = `SELECT accession, sum(rows) AS rows, count(cusip) AS securities, sum(manager_links) AS manager_links FROM (
    SELECT accession, cusip, count(*) AS rows, count(other_manager) AS manager_links FROM b13_info GROUP BY accession, cusip
  ) GROUP BY accession`

/** The step whose parts the quarters' counts are (the manifest's `parts` key). */
export const QUARTER_COUNTS_STEP = 'institution filings'

/**
 * Per filing, what its rows hold (`t13_loaded`) and its unit votes (`t13_unit_votes`, rules.ts), a calendar
 * quarter at a time: over all ~170 million rows at once, the grouping by filing and CUSIP ran out of
 * DuckDB's 4 GB beside the other sources' tables.
 *
 * A quarter's two results are kept in the build cache's folder (`form-13f-counts/`) under its fingerprint
 * (quarter-parts.ts COUNTED_FILINGS: its filings, their sets' files, this SQL and the texts' parse), and a
 * later build whose quarter has the same fingerprint reads them instead of every row of the quarter again:
 * a night changes the counts of the quarters it has filings of. Files of fingerprints no longer made are
 * removed. The manifest's `parts` say which quarters were taken.
 */
async function buildQuarterCounts(ctx: BuildContext) {
  const { db } = ctx
  await db.run(
    'CREATE OR REPLACE TABLE t13_loaded (accession VARCHAR, rows BIGINT, securities BIGINT, manager_links BIGINT)',
  )
  await db.run(`CREATE OR REPLACE TABLE t13_unit_votes (${UNIT_VOTES_COLUMNS})`)
  const quarters = await db.all<{ qend: string; sets: string[] }>(`
    SELECT qend::VARCHAR AS qend, list(DISTINCT data_set ORDER BY data_set) AS sets
    FROM t13_filings_base GROUP BY qend ORDER BY qend`)
  const dataSets = (ctx.found['form-13f']?.files ?? []).filter((f): f is DataSetFile => 'set' in f)
  const recipe = [quarterInfo('QEND', ['SET']), LOADED, unitVotesOf('b13_info'), `text parse ${TEXT_PARSE}`]
  // No quarter, no print to make: a print reads the catalog's function list, every built-in function too.
  const prints = quarters.length
    ? await fingerprintsOf(db, dataSets, recipe.join('\n'), COUNTED_FILINGS)
    : new Map<string, string>()
  const dir = buildCachePath(ctx.datasets, 'form-13f-counts')
  mkdirSync(dir, { recursive: true })
  const parts: Record<string, PartManifest> = {}
  const kept = new Set<string>()
  for (const { qend, sets } of quarters) {
    const fingerprint = prints.get(qend)!
    const files = { loaded: `${qend}-${fingerprint}-loaded.parquet`, votes: `${qend}-${fingerprint}-votes.parquet` }
    for (const f of Object.values(files)) kept.add(f)
    const taken = Object.values(files).every((f) => existsSync(join(dir, f)))
    if (!taken) {
      await db.run(`CREATE OR REPLACE TABLE b13_info AS ${quarterInfo(qend, sets)}`)
      for (const [name, select] of [
        ['loaded', LOADED],
        ['votes', unitVotesOf('b13_info')],
      ] as const) {
        const file = join(dir, files[name])
        await db.run(`COPY (${select}) TO ${quote(`${file}.next`)} (${PARQUET})`)
        renameSync(`${file}.next`, file)
      }
    }
    await db.run(`INSERT INTO t13_loaded SELECT * FROM read_parquet(${quote(join(dir, files.loaded))})`)
    await db.run(`INSERT INTO t13_unit_votes SELECT * FROM read_parquet(${quote(join(dir, files.votes))})`)
    parts[qend] = { fingerprint, outputs: [], reused: taken }
  }
  await db.run('DROP TABLE IF EXISTS b13_info')
  for (const f of readdirSync(dir)) if (!kept.has(f)) rmSync(join(dir, f), { force: true })
  ctx.parts[QUARTER_COUNTS_STEP] = parts
}

export async function buildFilings(ctx: BuildContext) {
  const { db } = ctx
  await createRuleMacros(db)
  await db.run(`CREATE OR REPLACE TABLE t13_filings_base AS
    WITH sub AS (
      SELECT * FROM ${STAGED.SUBMISSION} WHERE accession IS NOT NULL AND cik IS NOT NULL AND period IS NOT NULL
      QUALIFY row_number() OVER (PARTITION BY accession ORDER BY data_set = 'filing', data_set DESC) = 1
    ),
    cover AS (SELECT * FROM ${STAGED.COVERPAGE} QUALIFY row_number() OVER (PARTITION BY accession, data_set) = 1),
    summ AS (SELECT * FROM ${STAGED.SUMMARYPAGE} QUALIFY row_number() OVER (PARTITION BY accession, data_set) = 1),
    accepted AS (
      SELECT f.cik, f.accession_number, any_value(f.accepted_at) AS accepted_at FROM t_filings f
      WHERE f.form_type LIKE '13F%' GROUP BY ALL
    ),
    -- A filing's own file says when it was accepted, in Eastern time: for the filings only an index lists.
    text_accepted AS (
      SELECT accession, any_value(try_strptime(accepted, '%Y-%m-%d %H:%M:%S')
        AT TIME ZONE 'America/New_York' AT TIME ZONE 'UTC') AS accepted_at
      FROM ${TEXT_ACCEPTED} GROUP BY accession
    )
    SELECT s.accession, s.cik, s.form, s.filed, s.period, f13_quarter_label(s.period) AS quarter,
      f13_quarter_end(s.period) AS qend, s.data_set, coalesce(a.accepted_at, ta.accepted_at) AS accepted_at,
      c.manager_name, c.report_type, coalesce(c.is_amendment, s.form LIKE '%/A') AS is_amendment, c.amendment_no,
      c.amendment_type, c.form13f_file_number, c.crd_number, c.sec_file_number,
      m.other_included_count, m.table_entry_total, m.table_value_total, m.confidential_omitted,
      f13_role(s.form, c.report_type, c.is_amendment, c.amendment_type) AS role
    FROM sub s
    LEFT JOIN cover c ON c.accession = s.accession AND c.data_set = s.data_set
    LEFT JOIN summ m ON m.accession = s.accession AND m.data_set = s.data_set
    LEFT JOIN accepted a ON a.cik = s.cik AND a.accession_number = s.accession
    LEFT JOIN text_accepted ta ON ta.accession = s.accession`)
  // The information-table rows of the filings kept (the copy of the same data set). A view: at EDGAR's
  // volume these are ~170 million rows, read in one pass by the CUSIP map and the filings' values.
  await db.run(`CREATE OR REPLACE VIEW t13_info AS
    SELECT r.* EXCLUDE (data_set) FROM (${infoRowsOf()}) r
    SEMI JOIN t13_filings_base f ON f.accession = r.accession AND f.data_set = r.data_set`)
  await buildQuarterCounts(ctx)
  await db.run(`CREATE OR REPLACE TABLE t13_filings AS
    WITH eff AS (${EFFECTIVE_SQL}),
    managers AS (
      SELECT accession, count(*) FILTER (WHERE type = 'notice') AS notice_managers,
        count(*) FILTER (WHERE type = 'included') AS included_managers
      FROM t13_other_managers GROUP BY accession
    )
    SELECT b.*, e.effective, e.seq, coalesce(l.rows, 0) AS holdings_loaded, coalesce(l.securities, 0) AS security_count,
      coalesce(l.manager_links, 0) AS manager_link_count,
      coalesce(m.notice_managers, 0) AS notice_manager_count, coalesce(m.included_managers, 0) AS other_manager_count
    FROM t13_filings_base b JOIN eff e USING (accession)
    LEFT JOIN t13_loaded l USING (accession) LEFT JOIN managers m USING (accession)`)
  await buildUnits(db)
  return db.count('SELECT count(*) AS n FROM t13_filings')
}

/** Other managers of the filings kept: those reporting for the filer ('notice') and those included ('included'). */
export async function buildOtherManagers(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE t13_other_managers AS
    SELECT m.* EXCLUDE (data_set, row_key), m.row_key FROM (
      SELECT * FROM ${STAGED.OTHERMANAGER} UNION ALL BY NAME SELECT * FROM ${STAGED.OTHERMANAGER2}
    ) m
    SEMI JOIN (
      SELECT accession, data_set FROM ${STAGED.SUBMISSION}
      QUALIFY row_number() OVER (PARTITION BY accession ORDER BY data_set = 'filing', data_set DESC) = 1
    ) s ON s.accession = m.accession AND s.data_set = m.data_set`)
  return db.count('SELECT count(*) AS n FROM t13_other_managers')
}
