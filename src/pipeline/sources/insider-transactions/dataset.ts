/**
 * One quarter of the SEC's Insider Transactions Data Sets (`YYYYqN_form345.zip`, or the same TSVs in an
 * unzipped folder) → the records of records.ts, as Parquet. The tables are tab-separated with a header
 * row and RFC-style quoting of free text; every column is bound by its header name, and a column that a
 * quarter lacks reads as NULL (the SEC's metadata file and the real headers disagree: the metadata's
 * SUBMISSION has four contact columns the files lack, and DERIV_TRANS spells one footnote column two
 * ways). A table a quarter lacks gives no records: the build refuses such a quarter (REQUIRED_TABLES)
 * unless `--allow-partial-sets` accepts it. Dates are `DD-MON-YYYY`; flags are `0/1`, `true/false` or empty.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, join } from 'node:path'
import { ZipReader } from '../../../lib/zip.ts'
import type { BuildDb } from '../../duck.ts'
import { BuildError, duckMessage } from '../../errors.ts'
import { columnsArg, PARQUET, quote } from '../../sql-text.ts'
import { type RecordColumn, recordSelect } from './records.ts'

/** The data sets' folder in the mirror, as on the SEC's site. */
export const DATASETS_DIR = 'insider-transactions-data-sets'

/** The tables the build reads (OWNER_SIGNATURE and FOOTNOTES carry nothing the API serves). */
export const DATASET_TABLES = [
  'SUBMISSION',
  'REPORTINGOWNER',
  'NONDERIV_TRANS',
  'DERIV_TRANS',
  'NONDERIV_HOLDING',
  'DERIV_HOLDING',
] as const
type DatasetTable = (typeof DATASET_TABLES)[number]

/**
 * The files every quarter must hold (period-sets.ts): each table the build reads. A quarter without
 * REPORTINGOWNER or NONDERIV_TRANS (a truncated download) would serve its filings without their owners or
 * transactions. OWNER_SIGNATURE and FOOTNOTES may be absent: nothing served comes from them.
 */
export const REQUIRED_TABLES = DATASET_TABLES.map((t) => `${t}.tsv`)

/** `DD-MON-YYYY` (`31-JUL-2024`) → DATE; anything else NULL. */
const date = (c: string) => `try_strptime(nullif(trim(${c}), ''), '%d-%b-%Y')::DATE`
const number = (c: string) => `try_cast(nullif(trim(${c}), '') AS DOUBLE)`
const text = (c: string) => `nullif(trim(${c}), '')`
/** `1`/`true` → true, `0`/`false` → false, empty or anything else → NULL. */
export const flag = (c: string) =>
  `CASE lower(trim(${c})) WHEN '1' THEN true WHEN 'true' THEN true WHEN '0' THEN false WHEN 'false' THEN false END`
/** RPTOWNER_RELATIONSHIP lists the roles, e.g. `Director,TenPercentOwner`. */
const role = (c: string, name: string) => `coalesce(contains(upper(${c}), '${name}'), false)`

/** The quarter's TSV files by table name: extracted from the zip into `scratch`, or the folder's own. */
function tableFiles(input: string, scratch: string): Partial<Record<DatasetTable, string>> {
  const out: Partial<Record<DatasetTable, string>> = {}
  const tableOf = (name: string) =>
    DATASET_TABLES.find((t) => basename(name).toUpperCase() === `${t}.TSV`) as DatasetTable | undefined
  if (statSync(input).isDirectory()) {
    for (const name of readdirSync(input)) {
      const t = tableOf(name)
      if (t) out[t] = join(input, name)
    }
    return out
  }
  mkdirSync(scratch, { recursive: true })
  const zip = ZipReader.open(input)
  try {
    for (const [entry, data] of zip.iterate((name) => tableOf(name) !== undefined)) {
      const t = tableOf(entry.name)!
      const path = join(scratch, `${t}.tsv`)
      writeFileSync(path, data)
      out[t] = path
    }
  } finally {
    zip.close()
  }
  return out
}

/** The header row of a TSV: its first line, split on tabs (read without loading the file). */
function headerOf(path: string): string[] {
  const fd = openSync(path, 'r')
  try {
    const buf = Buffer.alloc(8192)
    const text = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('latin1')
    return text
      .split(/\r?\n/)[0]!
      .split('\t')
      .map((h) => h.trim().replace(/^"|"$/g, ''))
  } finally {
    closeSync(fd)
  }
}

/** A table's file as DuckDB reads it (`read_csv`, every column VARCHAR by its header name) and its header. */
type TableRead = { from: string; columns: Set<string> }

/**
 * Each table present as a `read_csv` of every column as VARCHAR, named by the file's own header row (read
 * here, so DuckDB does not sniff each file: at a few rows a table, sniffing was most of a quarter's time),
 * for the quarter's one statement to read in place.
 */
function readTables(files: Partial<Record<DatasetTable, string>>): Partial<Record<DatasetTable, TableRead>> {
  const reads: Partial<Record<DatasetTable, TableRead>> = {}
  for (const [table, path] of Object.entries(files) as [DatasetTable, string][]) {
    const names = headerOf(path)
    const columns = Object.fromEntries(names.map((n) => [n, 'VARCHAR']))
    reads[table] = {
      from: `read_csv(${quote(path)}, delim = '\t', header = true, quote = '"', escape = '"', null_padding = true,
        auto_detect = false, columns = ${columnsArg(columns)})`,
      columns: new Set(names.map((n) => n.toUpperCase())),
    }
  }
  return reads
}

/**
 * Records of one quarter as a SELECT over the tables readTables gives. `col` names a column by its header
 * (the first of several spellings present), or NULL when the table lacks it.
 */
function quarterSelect(tables: Partial<Record<DatasetTable, TableRead>>): string {
  const parts: string[] = []
  const col = (table: DatasetTable, ...names: string[]) => {
    const found = names.find((n) => tables[table]!.columns.has(n))
    return found ? `"${found}"` : 'NULL'
  }
  const seqBy = (table: DatasetTable, sk: string) =>
    `row_number() OVER (PARTITION BY ACCESSION_NUMBER ORDER BY try_cast(${col(table, sk)} AS BIGINT))`
  if (tables.SUBMISSION) {
    const c = (...n: string[]) => col('SUBMISSION', ...n)
    parts.push(
      `SELECT ${recordSelect({
        record: `'filing'`,
        accession_number: `trim(ACCESSION_NUMBER)`,
        seq: '1',
        form_type: text(c('DOCUMENT_TYPE')),
        filing_date: date(c('FILING_DATE')),
        period_of_report: date(c('PERIOD_OF_REPORT')),
        issuer_cik: `try_cast(${c('ISSUERCIK')} AS BIGINT)`,
        issuer_name: text(c('ISSUERNAME')),
        issuer_ticker: `upper(${text(c('ISSUERTRADINGSYMBOL'))})`,
        no_securities_owned: flag(c('NO_SECURITIES_OWNED')),
      })} FROM ${tables.SUBMISSION.from}`,
    )
  }
  if (tables.REPORTINGOWNER) {
    const c = (...n: string[]) => col('REPORTINGOWNER', ...n)
    const rel = c('RPTOWNER_RELATIONSHIP')
    parts.push(
      `SELECT ${recordSelect({
        record: `'owner'`,
        accession_number: `trim(ACCESSION_NUMBER)`,
        seq: `row_number() OVER (PARTITION BY ACCESSION_NUMBER ORDER BY try_cast(${c('RPTOWNERCIK')} AS BIGINT))`,
        owner_cik: `try_cast(${c('RPTOWNERCIK')} AS BIGINT)`,
        owner_name: text(c('RPTOWNERNAME')),
        is_director: role(rel, 'DIRECTOR'),
        is_officer: role(rel, 'OFFICER'),
        is_ten_percent_owner: role(rel, 'TENPERCENTOWNER'),
        is_other: role(rel, 'OTHER'),
        officer_title: text(c('RPTOWNER_TITLE')),
      })} FROM ${tables.REPORTINGOWNER.from}`,
    )
  }
  const rows = (table: DatasetTable, kind: 'transaction' | 'holding', derivative: boolean) => {
    const read = tables[table]
    if (!read) return
    const c = (...n: string[]) => col(table, ...n)
    const exprs: Partial<Record<RecordColumn, string>> = {
      record: `'${kind}'`,
      accession_number: `trim(ACCESSION_NUMBER)`,
      seq: seqBy(table, `${table}_SK`),
      derivative: String(derivative),
      security_title: text(c('SECURITY_TITLE')),
      shares_owned_following: number(c('SHRS_OWND_FOLWNG_TRANS')),
      direct_indirect: text(c('DIRECT_INDIRECT_OWNERSHIP')),
      nature_of_ownership: text(c('NATURE_OF_OWNERSHIP')),
    }
    if (kind === 'transaction') {
      exprs.transaction_date = date(c('TRANS_DATE'))
      exprs.deemed_execution_date = date(c('DEEMED_EXECUTION_DATE'))
      exprs.transaction_code = text(c('TRANS_CODE'))
      exprs.shares = number(c('TRANS_SHARES'))
      exprs.price_per_share = number(c('TRANS_PRICEPERSHARE'))
      exprs.acquired_disposed = text(c('TRANS_ACQUIRED_DISP_CD'))
    }
    if (derivative) {
      exprs.exercise_price = number(c('CONV_EXERCISE_PRICE'))
      // DERIV_TRANS spells it EXCERCISE_DATE, DERIV_HOLDING EXERCISE_DATE.
      exprs.exercise_date = date(c('EXCERCISE_DATE', 'EXERCISE_DATE'))
      exprs.expiration_date = date(c('EXPIRATION_DATE'))
      exprs.underlying_title = text(c('UNDLYNG_SEC_TITLE'))
      exprs.underlying_shares = number(c('UNDLYNG_SEC_SHARES'))
    }
    parts.push(`SELECT ${recordSelect(exprs)} FROM ${read.from}`)
  }
  rows('NONDERIV_TRANS', 'transaction', false)
  rows('DERIV_TRANS', 'transaction', true)
  rows('NONDERIV_HOLDING', 'holding', false)
  rows('DERIV_HOLDING', 'holding', true)
  return parts.join('\nUNION ALL\n')
}

/**
 * A quarter's records in order: a filing's transactions and holdings are numbered per table, so a
 * non-derivative and a derivative row share a `seq`, and `derivative` tells them apart (without it their
 * order, and the Parquet's, changed from one build to the next).
 */
export const RECORD_ORDER = 'accession_number, record, derivative, seq'

/** Converts one quarter (zip or folder) into `outDir/part-0.parquet`: one statement reading its files in place. */
export async function convertQuarter(db: BuildDb, input: string, rel: string, outDir: string, scratch: string) {
  const files = tableFiles(input, scratch)
  if (!files.SUBMISSION) throw new BuildError('no SUBMISSION.tsv in this insider data set', rel)
  try {
    const tables = readTables(files)
    for (const [table, read] of Object.entries(tables))
      if (!read.columns.has('ACCESSION_NUMBER'))
        throw new BuildError(`${table}.tsv has no ACCESSION_NUMBER column`, rel)
    const target = join(outDir, 'part-0.parquet')
    await db.runLarge(`COPY (SELECT * FROM (${quarterSelect(tables)}) WHERE accession_number IS NOT NULL
      ORDER BY ${RECORD_ORDER}) TO ${quote(target)} (${PARQUET})`)
  } catch (e) {
    if (e instanceof BuildError) throw e
    throw new BuildError(duckMessage(e).replace(/ in file "[^"]*"/, ''), rel)
  } finally {
    if (existsSync(scratch)) rmSync(scratch, { recursive: true, force: true })
  }
}
