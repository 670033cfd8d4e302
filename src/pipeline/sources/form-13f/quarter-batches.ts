/**
 * The two big Institutions tables, holdings and flows (each about as many rows as the information tables:
 * some 170 million at EDGAR's volume), are made one calendar quarter at a time, oldest first. One join or
 * ranking over every quarter's positions at once ran out of memory at 4 GB, and with 14 GB its spill
 * filled the disk: a quarter is some 3 million rows, which fit. Each quarter's holdings and flows are
 * written straight to a Parquet file of their own (`inst_holdings/part-<qend>.parquet`), sorted by manager
 * and rank, so the files read in name order are the tables in their serving order (qend, cik, ...), with no
 * sort over the whole. The small per-quarter results the other tables are made from (aggregates.ts) are
 * appended to narrow tables as each quarter passes: the quarter's totals per manager (`t13_held`), the
 * sector breakdowns (`t13_sectors`), the flows' totals per manager (`t13_flow_totals`) and per security
 * across managers (`t13_activity_securities`).
 *
 * A nightly build takes a quarter whose inputs did not change from the previous snapshot (quarter-parts.ts)
 * and reads its small results back from its two files, but for its sector breakdowns, which it takes from
 * the previous snapshot's table while their other inputs are the same.
 *
 * A security is a CUSIP with its put/call flag (an option on a stock is not the stock); a position is one
 * information-table row. Names, tickers and sectors come from the CUSIP map (issuers.ts), joined per
 * quarter, not carried through the groupings.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { checkUnique } from '../../checks.ts'
import type { PartManifest } from '../../contract.ts'
import type { BuildDb } from '../../duck.ts'
import type { BuildContext } from '../../source.ts'
import { PARQUET, quote } from '../../sql-text.ts'
import { columnsOf } from './contract.ts'
import { infoRowsOf } from './derive.ts'
import {
  QUARTER_BATCHES_STEP,
  quarterFingerprints,
  sectorsPrint,
  sicMoved,
  takeQuarter,
  takeSectorRows,
  takesSectors,
} from './quarter-parts.ts'
import type { DataSetFile } from './sets.ts'
import { TEXT_PARSE } from './text-filings.ts'

/** The tables written a quarter per file, and the view each is read through by the checks and the writer. */
export const QUARTERLY_TABLES = { inst_holdings: 'v13_inst_holdings', inst_flows: 'v13_inst_flows' } as const
type QuarterlyTable = keyof typeof QUARTERLY_TABLES

/** A quarter's file of a table, relative to the snapshot's folder (as the manifest's parts name it). */
const partOf = (table: QuarterlyTable, qend: string) => join(table, `part-${qend}.parquet`)

/** The quarter before, as its last day (`qend` is always a quarter's last day). */
const PRIOR_QEND = (qend: string) => `last_day(${quote(qend)}::DATE - INTERVAL 3 MONTH)`

/**
 * One quarter's positions that count (effective filings, values in dollars: rules.ts), read from the data
 * sets its filings are kept from only (the sets are Parquet folders; the filter skips the others' files).
 */
const positionsOf = (qend: string, sets: string[]) => `
  SELECT f.cik, f.quarter, f.qend, f.period, i.accession, i.row_key, i.issuer_name, i.title_of_class, i.cusip,
    f13_value_in_dollars(i.value_reported, u.value_unit) AS value, i.shares, i.share_type, i.put_call,
    i.investment_discretion, i.other_manager, i.voting_sole, i.voting_shared, i.voting_none, c.ticker, c.issuer_cik
  FROM (${infoRowsOf(sets)}) i
  JOIN t13_filings f ON f.accession = i.accession AND f.data_set = i.data_set
  JOIN t13_units u ON u.accession = i.accession
  LEFT JOIN t13_cusips c ON c.cusip = i.cusip
  WHERE f.qend = ${quote(qend)}::DATE AND f.effective`

/** Ranked by value within each manager's quarter: the holdings table's own rows. */
const HOLDINGS = `SELECT *, row_number() OVER (PARTITION BY cik ORDER BY value DESC NULLS LAST, accession, row_key) AS value_rank
  FROM b13_positions`

/**
 * Each manager's securities in the quarter, summed over its positions: of `b13_positions`, or of a quarter's
 * holdings file (a holding is a position, with the same cik, qend, cusip, put_call, shares and value).
 */
const securitiesOf = (positions: string) => `SELECT cik, qend, cusip, coalesce(put_call, '') AS put_call,
    count(*) AS positions, sum(shares) AS shares, sum(value) AS value
  FROM ${positions} GROUP BY cik, qend, cusip, coalesce(put_call, '')`
const SECURITIES = securitiesOf('b13_positions')

/**
 * A quarter's flows as `flowsOf` makes them, read back from its flows file: the file keeps no put/call as
 * null and not its two flags, which its `change` gives (a new security was not held before, a sold-out one
 * is not held now).
 */
const flowsRead = (file: string) => `SELECT * REPLACE (coalesce(put_call, '') AS put_call),
    change <> 'sold_out' AS held_now, change <> 'new' AS held_before
  FROM read_parquet(${quote(file)})`

/**
 * Per manager: positions, distinct CUSIPs (an option and its stock are one issuer) and value, of
 * `b13_positions` or of a quarter's holdings file.
 */
const heldOf = (positions: string) => `SELECT cik, qend, count(*) AS positions, count(DISTINCT cusip) AS securities,
    coalesce(sum(value), 0) AS value
  FROM ${positions} GROUP BY cik, qend`
const HELD = heldOf('b13_positions')

/** Sector and industry breakdowns (a holding of an unmapped CUSIP: sector null), ranked per manager. */
const SECTORS = `
  WITH by_cusip AS (
    -- A CUSIP has one issuer, so one sector and SIC code: per CUSIP first, then counted as rows.
    SELECT s.cik, s.qend, s.cusip, any_value(x.sector) AS sector, any_value(x.industry_title) AS industry,
      any_value(c.sic) AS sic, sum(s.positions) AS positions, sum(s.value) AS value
    FROM b13_securities s LEFT JOIN t13_cusips c USING (cusip)
    LEFT JOIN (SELECT sic_code, sector, industry_title FROM t_sic_codes) x ON x.sic_code = c.sic
    GROUP BY s.cik, s.qend, s.cusip
  ),
  totals AS (SELECT cik, sum(value) AS total FROM by_cusip GROUP BY cik),
  grouped AS (
    SELECT cik, qend, 'sector' AS level, sector, NULL::VARCHAR AS industry, NULL::INTEGER AS sic,
      sum(positions) AS positions, count(cusip) AS securities, coalesce(sum(value), 0) AS value
    FROM by_cusip GROUP BY cik, qend, sector
    UNION ALL
    SELECT cik, qend, 'industry', any_value(sector), any_value(industry), sic, sum(positions), count(cusip),
      coalesce(sum(value), 0)
    FROM by_cusip GROUP BY cik, qend, sic
  )
  SELECT g.*,
    row_number() OVER (PARTITION BY g.cik, g.level ORDER BY g.value DESC, g.sector NULLS LAST, g.sic NULLS LAST) AS rank,
    CASE WHEN t.total > 0 THEN round(g.value * 100.0 / t.total, 4) END AS weight_percent
  FROM grouped g JOIN totals t USING (cik)`

/**
 * Flows: per manager that reported holdings in the quarter, each security held in it or in the calendar
 * quarter before, with current and prior shares and values and what the change is. A sold-out security
 * appears in the quarter it left the table. Activity value is the shares traded at the quarter's implied
 * price (the prior quarter's for a sale out of the whole position).
 */
const flowsOf = (qend: string) => `
  WITH reported AS (SELECT cik FROM b13_held WHERE positions > 0),
  cur AS (SELECT * FROM b13_securities s WHERE cusip IS NOT NULL AND cik IN (SELECT cik FROM reported)),
  prior AS (
    -- The batch kept from the quarter done before, if that was the calendar quarter before (else no rows).
    SELECT * FROM t13_prior_securities
    WHERE qend = ${PRIOR_QEND(qend)} AND cusip IS NOT NULL AND cik IN (SELECT cik FROM reported)
  ),
  joined AS (
    SELECT coalesce(c.cik, p.cik) AS cik, ${quote(qend)}::DATE AS qend, coalesce(c.cusip, p.cusip) AS cusip,
      coalesce(c.put_call, p.put_call) AS put_call,
      coalesce(c.shares, 0) AS current_shares, coalesce(p.shares, 0) AS prior_shares,
      coalesce(c.value, 0) AS current_value, coalesce(p.value, 0) AS prior_value, c.cik IS NOT NULL AS held_now,
      p.cik IS NOT NULL AS held_before
    FROM cur c FULL OUTER JOIN prior p ON p.cik = c.cik AND p.cusip = c.cusip AND p.put_call = c.put_call
  )
  SELECT j.*, m.issuer_name, m.title_of_class, m.ticker, m.issuer_cik, f13_quarter_label(j.qend) AS quarter,
    j.current_shares - j.prior_shares AS net_shares, j.current_value - j.prior_value AS net_value,
    CASE WHEN NOT held_before THEN 'new' WHEN NOT held_now THEN 'sold_out'
      WHEN current_shares > prior_shares THEN 'increased' WHEN current_shares < prior_shares THEN 'decreased'
      ELSE 'unchanged' END AS change,
    round(abs(j.current_shares - j.prior_shares) * CASE
      WHEN j.current_shares > 0 AND j.current_value IS NOT NULL THEN j.current_value::DOUBLE / j.current_shares
      WHEN j.prior_shares > 0 THEN j.prior_value::DOUBLE / j.prior_shares ELSE 0 END)::BIGINT AS activity_value
  FROM joined j LEFT JOIN t13_cusips m USING (cusip)`

/** Per manager: the changes operation's counts and values over the quarter's flows (`b13_flows`, or a file's). */
const flowTotalsOf = (flows: string) => `SELECT cik, qend,
    count(*) FILTER (WHERE change = 'new') AS addition_count, coalesce(sum(current_value) FILTER (WHERE change = 'new'), 0) AS addition_value,
    count(*) FILTER (WHERE change = 'sold_out') AS disposal_count, coalesce(sum(prior_value) FILTER (WHERE change = 'sold_out'), 0) AS disposal_value,
    count(*) FILTER (WHERE change = 'increased') AS increased_count, coalesce(sum(activity_value) FILTER (WHERE change = 'increased'), 0) AS increased_value,
    count(*) FILTER (WHERE change = 'decreased') AS decreased_count, coalesce(sum(activity_value) FILTER (WHERE change = 'decreased'), 0) AS decreased_value,
    count(*) FILTER (WHERE change = 'unchanged') AS unchanged_count, coalesce(sum(current_value) FILTER (WHERE change = 'unchanged'), 0) AS unchanged_value,
    coalesce(sum(activity_value) FILTER (WHERE net_shares > 0), 0) AS buy_value,
    coalesce(sum(activity_value) FILTER (WHERE net_shares < 0), 0) AS sell_value
  FROM ${flows} GROUP BY cik, qend`

/** Per security across every manager: what the market-wide activity lists rank (aggregates.ts). */
const activitySecuritiesOf = (
  flows: string,
) => `SELECT qend, cusip, put_call, any_value(ticker) AS ticker, any_value(issuer_name) AS issuer_name,
    any_value(title_of_class) AS title_of_class,
    count(*) FILTER (WHERE held_now) AS filer_count, count(*) FILTER (WHERE held_before) AS prior_filer_count,
    count(*) FILTER (WHERE change = 'new') AS opened, count(*) FILTER (WHERE change = 'sold_out') AS closed,
    sum(current_shares) AS current_shares, sum(prior_shares) AS prior_shares, sum(net_shares) AS net_shares,
    sum(current_value) AS current_value, sum(prior_value) AS prior_value, sum(net_value) AS net_value
  FROM ${flows} GROUP BY qend, cusip, put_call`

/** The accumulated tables, created empty with the types the batches give them. */
async function createAccumulators(db: BuildDb) {
  await db.run(`CREATE OR REPLACE TABLE b13_positions AS ${positionsOf('2000-03-31', [])} AND false`)
  await db.run(`CREATE OR REPLACE TABLE b13_securities AS ${SECURITIES}`)
  await db.run('CREATE OR REPLACE TABLE t13_prior_securities AS SELECT * FROM b13_securities')
  await db.run(`CREATE OR REPLACE TABLE b13_held AS ${HELD}`)
  await db.run(`CREATE OR REPLACE TABLE b13_flows AS ${flowsOf('2000-03-31')}`)
  await db.run('CREATE OR REPLACE TABLE t13_held AS SELECT * FROM b13_held')
  await db.run(`CREATE OR REPLACE TABLE t13_sectors AS ${SECTORS}`)
  await db.run(`CREATE OR REPLACE TABLE t13_flow_totals AS ${flowTotalsOf('b13_flows')}`)
  await db.run(`CREATE OR REPLACE TABLE t13_activity_securities AS ${activitySecuritiesOf('b13_flows')}`)
  // The shapes of the two Parquet tables, for the views when no quarter has holdings.
  await db.run(`CREATE OR REPLACE TABLE t13_holdings_shape AS SELECT ${columnsOf('inst_holdings')} FROM (${HOLDINGS})`)
  await db.run(`CREATE OR REPLACE TABLE t13_flows_shape AS SELECT ${flowColumns} FROM b13_flows`)
}

const flowColumns = columnsOf('inst_flows').replace(/\bput_call\b/, "nullif(put_call, '') AS put_call")

/**
 * The SQL that makes a quarter's two files, with placeholders, and the texts' parse: part of its
 * fingerprint. (Its small results are made again from the files, or taken with their own print, so their
 * SQL is not.)
 */
const QUARTER_RECIPE = [
  // The filings read from their own texts give rows as the texts' parse does.
  `text parse ${TEXT_PARSE}`,
  positionsOf('QEND', ['SET']),
  HOLDINGS,
  columnsOf('inst_holdings'),
  SECURITIES,
  HELD,
  flowsOf('QEND'),
  flowColumns,
  PARQUET,
].join('\n')

/** Writes one quarter's batch table to its Parquet file in the given order, after checking its key. */
async function writeQuarterFile(
  db: BuildDb,
  table: QuarterlyTable,
  file: string,
  select: string,
  key: string[],
  orderBy: string,
) {
  await db.run(`CREATE OR REPLACE TABLE b13_out AS ${select}`)
  await checkUnique(db, table, 'b13_out', key)
  await db.runLarge(
    `COPY (SELECT * FROM b13_out ORDER BY ${orderBy}) TO ${quote(file)} (${PARQUET}, ROW_GROUP_SIZE 100000)`,
  )
}

/** The SQL of a quarter's sector breakdowns with their table's columns: part of their print (quarter-parts.ts). */
const SECTORS_RECIPE = [SECTORS, columnsOf('inst_sectors')].join('\n')

/**
 * Every quarter with holdings that count, oldest first, through one batch each. Returns the quarters, how
 * many were taken, and the positions (holdings rows) of them all.
 *
 * Which quarters are taken is settled first: a taken quarter's securities are made from its holdings file
 * only where something needs them, its own sector breakdowns (when not taken with it) or the flows of the
 * quarter after it (when that one is made).
 */
export async function buildQuarterBatches(ctx: BuildContext) {
  const { db, snapshotDir, previous } = ctx
  for (const table of Object.keys(QUARTERLY_TABLES)) {
    rmSync(join(snapshotDir, table), { recursive: true, force: true })
    mkdirSync(join(snapshotDir, table), { recursive: true })
  }
  await createAccumulators(db)
  const quarters = await db.all<{ qend: string; sets: string[] }>(`
    SELECT qend::VARCHAR AS qend, list(DISTINCT data_set ORDER BY data_set) AS sets
    FROM t13_filings WHERE effective GROUP BY qend ORDER BY qend`)
  const dataSets = (ctx.found['form-13f']?.files ?? []).filter((f): f is DataSetFile => 'set' in f)
  // No quarter, no print to make: a print reads the catalog's function list, every built-in function too.
  const fingerprints = quarters.length ? await quarterFingerprints(db, dataSets, QUARTER_RECIPE) : new Map()
  const print = quarters.length ? await sectorsPrint(db, SECTORS_RECIPE) : ''
  const before = previous?.manifest.parts?.[QUARTER_BATCHES_STEP]
  const moved = previous && before ? await sicMoved(db, previous) : 0
  const plan = []
  for (const { qend, sets } of quarters) {
    const outputs = { inst_holdings: partOf('inst_holdings', qend), inst_flows: partOf('inst_flows', qend) }
    const files = {
      inst_holdings: join(snapshotDir, outputs.inst_holdings),
      inst_flows: join(snapshotDir, outputs.inst_flows),
    }
    const fingerprint = fingerprints.get(qend)!
    const taken = await takeQuarter(db, previous, { qend, fingerprint, outputs, snapshotDir })
    const sectorsTaken =
      taken && (await takesSectors(db, before?.[qend], { print, holdings: files.inst_holdings, moved }))
    plan.push({ qend, sets, outputs, files, fingerprint, taken, sectorsTaken })
  }
  const parts: Record<string, PartManifest> = {}
  for (const [i, { qend, sets, outputs, files, fingerprint, taken, sectorsTaken }] of plan.entries()) {
    const holdings = `read_parquet(${quote(files.inst_holdings)})`
    const securitiesNeeded = !taken || !sectorsTaken || plan[i + 1]?.taken === false
    if (!taken) {
      await db.run(`CREATE OR REPLACE TABLE b13_positions AS ${positionsOf(qend, sets)}`)
      await writeQuarterFile(
        db,
        'inst_holdings',
        files.inst_holdings,
        `SELECT ${columnsOf('inst_holdings')} FROM (${HOLDINGS})`,
        ['cik', 'value_rank'],
        'cik, value_rank',
      )
      await db.run(`CREATE OR REPLACE TABLE b13_held AS ${HELD}`)
      await db.run(`CREATE OR REPLACE TABLE b13_securities AS ${SECURITIES}`)
    } else {
      await db.run(`CREATE OR REPLACE TABLE b13_held AS ${heldOf(holdings)}`)
      if (securitiesNeeded) await db.run(`CREATE OR REPLACE TABLE b13_securities AS ${securitiesOf(holdings)}`)
    }
    await db.run('INSERT INTO t13_held SELECT * FROM b13_held')
    // A taken quarter's breakdowns taken with it are read from the previous snapshot after the last quarter.
    if (!sectorsTaken) await db.run(`INSERT INTO t13_sectors ${SECTORS}`)
    if (taken) {
      const flows = `(${flowsRead(files.inst_flows)})`
      await db.run(`INSERT INTO t13_flow_totals ${flowTotalsOf(flows)}`)
      await db.run(`INSERT INTO t13_activity_securities ${activitySecuritiesOf(flows)}`)
    } else {
      await db.run(`CREATE OR REPLACE TABLE b13_flows AS ${flowsOf(qend)}`)
      await writeQuarterFile(
        db,
        'inst_flows',
        files.inst_flows,
        `SELECT ${flowColumns} FROM b13_flows`,
        ['cik', 'cusip', 'put_call'],
        'cik, activity_value DESC, cusip, put_call',
      )
      await db.run(`INSERT INTO t13_flow_totals ${flowTotalsOf('b13_flows')}`)
      await db.run(`INSERT INTO t13_activity_securities ${activitySecuritiesOf('b13_flows')}`)
    }
    // Only the quarter just done is needed as the next one's prior, and only when the next one is made.
    if (securitiesNeeded) {
      await db.run('DROP TABLE t13_prior_securities')
      await db.run('ALTER TABLE b13_securities RENAME TO t13_prior_securities')
    } else await db.run('DELETE FROM t13_prior_securities')
    parts[qend] = { fingerprint, outputs: Object.values(outputs), reused: taken, rows: { print, reused: sectorsTaken } }
  }
  if (previous)
    await takeSectorRows(
      db,
      previous,
      't13_sectors',
      plan.filter((q) => q.sectorsTaken).map((q) => q.qend),
    )
  const positions = await db.count('SELECT coalesce(sum(positions), 0) AS n FROM t13_held')
  ctx.parts[QUARTER_BATCHES_STEP] = parts
  for (const t of ['b13_positions', 'b13_securities', 'b13_held', 'b13_flows', 'b13_out', 't13_prior_securities'])
    await db.run(`DROP TABLE IF EXISTS ${t}`)
  await createQuarterlyViews(db, snapshotDir, quarters.length > 0)
  const reused = Object.values(parts).filter((p) => p.reused).length
  return { quarters: quarters.length, reused, positions }
}

/**
 * The views the checks, the table writer and the serving database read the quarter files through. With
 * no quarter of holdings at all, each table is one empty file of its shape, so every reader finds a file.
 */
async function createQuarterlyViews(db: BuildDb, snapshotDir: string, written: boolean) {
  const shapes: Record<QuarterlyTable, string> = { inst_holdings: 't13_holdings_shape', inst_flows: 't13_flows_shape' }
  for (const [table, view] of Object.entries(QUARTERLY_TABLES) as [QuarterlyTable, string][]) {
    if (!written)
      await db.run(`COPY ${shapes[table]} TO ${quote(join(snapshotDir, table, 'part-0.parquet'))} (${PARQUET})`)
    await db.run(
      `CREATE OR REPLACE VIEW ${view} AS SELECT * FROM read_parquet(${quote(join(snapshotDir, table, '*.parquet'))})`,
    )
  }
  for (const shape of Object.values(shapes)) await db.run(`DROP TABLE ${shape}`)
}
