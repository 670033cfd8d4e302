/**
 * A nightly's companyfacts series cost what changed. The SEC rewrites `companyfacts.zip` every night, but
 * only the companies that filed since have other facts: those are made again, and every other company's
 * metric points, metric vintages, ratio points and ratio vintages are taken from the last build's own
 * database (pipeline/build-cache.ts). The rankings, the series numbers and the lookup files are then made
 * from all of them, as in any build.
 *
 * A company's rows depend on nothing but (every rule and ratio looks at one company at a time: batches.ts):
 * - its own facts, compared by their print (`fin_fact_prints`: the sum of a hash of each staged fact row,
 *   and how many): a company whose file the SEC wrote again with the same facts is taken; a new filer, or
 *   one whose file left the archive, is a change (its rows are made, or not taken);
 * - the labels of its concepts (`t_cf_labels`, one per concept over all files): a concept whose label
 *   changed makes every company with a fact of it again;
 * - what all companies share, one fingerprint (`fin_series_inputs`): the schema, the statements' own text
 *   (the rules), and the quarterly financial statements' files as the manifest lists them (a point's filing
 *   context, tag metadata and presented tags come from them). When it differs (a new quarter, another
 *   version of secds), every company is made again.
 *
 * The taken rows keep the last build's order (by CIK) and the companies made again follow them, range by
 * range, so those tables are sorted by CIK but for their last rows: each of their readers takes a range of
 * CIKs or sorts for itself (the ratios, rankings, checks and lookup files). test/financials/series-reuse.test.ts
 * proves a nightly's tables equal those of a build that made every company.
 */
import { createHash } from 'node:crypto'
import { attachBuildCache, cachedRecord } from '../../build-cache.ts'
import { SCHEMA_VERSION } from '../../contract.ts'
import { filesIdentity } from '../../mirror.ts'
import { createServingTable } from '../../serving-table.ts'
import type { BuildContext, MadeAgain } from '../../source.ts'
import { quote } from '../../sql-text.ts'
import { financialStatements } from '../financial-statements/index.ts'
import { type CompanySet, companiesIn } from './batches.ts'
import { SERVING_TABLES } from './contract.ts'
import { ratioStatements } from './ratios.ts'
import { seriesStatements } from './series.ts'

const T = SERVING_TABLES

/** The tables of each company's own rows, which a nightly takes for the companies whose inputs are the same. */
export const TAKEN_TABLES = [T.fin_metric_points, T.fin_metric_vintages, T.fin_ratio_points, T.fin_ratio_vintages]

/** Each company's staged facts as a number: every column but the CIK (the accession key is the number's text). */
const FACT_PRINTS = `SELECT cik,
    sum(hash(taxonomy, tag, unit, start_date, end_date, value, adsh, fy, fp, form, filed, frame)::HUGEINT) AS print,
    count(*) AS facts
  FROM t_cf_facts GROUP BY cik`

/**
 * What every company's rows share, as a hex digest: the schema, the statements' text and the quarterly
 * sets' files (each by its ETag where the download cache knows it, else its size and modification time).
 */
export function seriesFingerprint(ctx: Pick<BuildContext, 'found'>, metricLabels: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        schema: SCHEMA_VERSION,
        statements: [FACT_PRINTS, metricLabels, ...seriesStatements(), ...ratioStatements()],
        sets: filesIdentity(ctx.found[financialStatements.name]?.files),
      }),
    )
    .digest('hex')
}

/**
 * What a nightly takes: the companies made again (`cf_changed`, kept until the lookup files are written),
 * the statements that take the others' rows, and the cleanup after.
 */
export type SeriesReuse = { made: CompanySet; take: string[]; done: string[] }

/**
 * The companies a nightly made again (`ctx.state`, a MadeAgain), set when the series lookup files may take
 * the other companies' lines.
 */
export const SERIES_MADE_AGAIN = 'companyfacts series made again'
const MADE_AGAIN = 'cf_changed'

/**
 * What this build's series are made from, and what it takes: `record` writes its inputs into its own
 * database (for the next build); `reuse`, when the last build's shared inputs were the same, holds the
 * companies to make again (`cf_changed`), the last build's database attached as `c` until its `done`.
 */
export async function seriesReuse(
  ctx: BuildContext,
  metricLabels: string,
): Promise<{ record: string[]; reuse?: SeriesReuse }> {
  const { db } = ctx
  const fingerprint = seriesFingerprint(ctx, metricLabels)
  // Made here, before the statements: the companies to make again are compared on them.
  await db.runLarge(`CREATE TEMP TABLE cf_prints AS ${FACT_PRINTS}`)
  const record = [
    createServingTable(T.fin_fact_prints, 'SELECT * FROM cf_prints'),
    'DROP TABLE cf_prints',
    createServingTable(T.fin_fact_labels, 'SELECT taxonomy, tag, label FROM t_cf_labels'),
    createServingTable(T.fin_series_inputs, `SELECT ${quote(fingerprint)} AS fingerprint`),
  ]
  if (!ctx.buildCache || !(await attachBuildCache(db, ctx.buildCache))) return { record }
  const before = await cachedRecord(db, T.fin_series_inputs.name, 'fingerprint')
  if (before !== fingerprint) {
    await db.run('DETACH c')
    db.say(
      before === undefined
        ? 'companyfacts series: every company made (the last build made none)'
        : 'companyfacts series: every company made again (the rules, the schema or the quarterly sets changed since the last build)',
    )
    return { record }
  }
  await db.runLarge(`CREATE TEMP TABLE ${MADE_AGAIN} AS
    SELECT cik FROM cf_prints n FULL JOIN c.${T.fin_fact_prints.name} o USING (cik)
    WHERE n.print IS DISTINCT FROM o.print OR n.facts IS DISTINCT FROM o.facts
    UNION
    SELECT DISTINCT f.cik FROM t_cf_facts f
    JOIN (SELECT taxonomy, tag FROM t_cf_labels n JOIN c.${T.fin_fact_labels.name} o USING (taxonomy, tag)
          WHERE n.label IS DISTINCT FROM o.label) l ON l.taxonomy = f.taxonomy AND l.tag = f.tag`)
  // Of the companies there are now: one whose file left the archive is in cf_changed, so its rows are not taken.
  const changed = await db.count(`SELECT count(*) AS n FROM ${MADE_AGAIN} WHERE cik IN (SELECT cik FROM cf_prints)`)
  const companies = await db.count('SELECT count(*) AS n FROM cf_prints')
  db.say(
    `companyfacts series: ${changed.toLocaleString('en-US')} of ${companies.toLocaleString('en-US')} companies made again, the others' taken from the last build`,
  )
  const made = companiesIn(MADE_AGAIN)
  // The other companies' lines of the series lookup files are those of the snapshot the cache's rows were
  // written to, if it is the one published (a build that failed after keeping its cache published none).
  if ((await cachedRecord(db, T.fin_fact_snapshot.name, 'snapshot_id')) === ctx.previous?.manifest.snapshotId) {
    const rows = await db.all<{ cik: number }>(`SELECT DISTINCT cik::INTEGER AS cik FROM ${MADE_AGAIN} ORDER BY cik`)
    ctx.state[SERIES_MADE_AGAIN] = { groups: rows.map((r) => Number(r.cik)), holds: made.holds } satisfies MadeAgain
  }
  return {
    record,
    reuse: {
      made,
      take: [
        // A filtered scan of a table in CIK order, kept in that order.
        'SET preserve_insertion_order = true',
        ...TAKEN_TABLES.map(
          (t) => `CREATE TABLE b.${t.name} AS SELECT * FROM c.${t.name} WHERE NOT (${made.holds('cik')})`,
        ),
        'SET preserve_insertion_order = false',
      ],
      done: ['DETACH c'],
    },
  }
}
