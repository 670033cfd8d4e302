/** A manager's 13F filings, one of them, and its quarters with what was filed for each. */
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, normalizeAccession, parseCik } from '../../lib/ids.ts'
import { managerName } from './manager-context.ts'
import { quarterLabel, quarterParam } from './quarters.ts'
import { FILING_COLUMNS, type FilingRecord, toFiling } from './rows.ts'

export async function listFilings(
  db: Db,
  config: QueryConfig,
  cikText: string,
  f: { quarter?: string; formType?: string } & PageQuery,
) {
  checkOffset(f, config.maxOffset)
  const cik = parseCik(cikText)
  const name = await managerName(db, cik)
  const qend = quarterParam(f.quarter)
  const form = f.formType?.toUpperCase() ?? null
  const rows = await db.all<FilingRecord>(sql`
    SELECT ${{ text: FILING_COLUMNS, values: [] }} FROM inst_filings
    WHERE ${join([sql`cik = ${cik}`, qend ? sql`qend = ${qend}::DATE` : empty, form ? sql`form = ${form}` : empty])}
    ORDER BY qend DESC, seq DESC LIMIT ${f.limit + 1} OFFSET ${offsetOf(f)}`)
  return {
    cik: formatCik(cik),
    name,
    filings: rows.slice(0, f.limit).map((r) => toFiling(config.archivesUrl, r)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { cik: formatCik(cik), quarter: qend ? quarterLabel(qend) : null, formType: form },
  }
}

export async function getFiling(db: Db, config: QueryConfig, cikText: string, accessionText: string) {
  const cik = parseCik(cikText)
  const accession = normalizeAccession(accessionText)
  const row = await db.one<FilingRecord>(
    sql`SELECT ${{ text: FILING_COLUMNS, values: [] }} FROM inst_filings WHERE cik = ${cik} AND accession = ${accession}`,
  )
  if (!row) throw new ApiError('not_found', `No 13F filing ${accession} of CIK ${formatCik(cik)}.`)
  return toFiling(config.archivesUrl, row)
}

type QuarterRecord = {
  qend: string
  period: string
  period_status: string
  filing_count: number
  holdings_filing_count: number
  notice_filing_count: number
  amendment_filing_count: number
  holdings_loaded_count: number
  notice_manager_count: number
  other_manager_count: number | null
}

export async function listFilingPeriods(db: Db, config: QueryConfig, cikText: string, year?: number) {
  const cik = parseCik(cikText)
  const inYear = year === undefined ? empty : sql`year(qend) = ${year}`
  const [quarters, filings] = await Promise.all([
    db.all<QuarterRecord & { name: string | null }>(sql`
      SELECT name, qend::VARCHAR AS qend, period::VARCHAR AS period, period_status, filing_count::DOUBLE AS filing_count,
        holdings_filing_count::DOUBLE AS holdings_filing_count, notice_filing_count::DOUBLE AS notice_filing_count,
        amendment_filing_count::DOUBLE AS amendment_filing_count, holdings_loaded_count::DOUBLE AS holdings_loaded_count,
        notice_manager_count::DOUBLE AS notice_manager_count, other_manager_count::DOUBLE AS other_manager_count
      FROM inst_quarters WHERE ${join([sql`cik = ${cik}`, inYear])} ORDER BY qend DESC`),
    db.all<FilingRecord>(sql`SELECT ${{ text: FILING_COLUMNS, values: [] }} FROM inst_filings
      WHERE ${join([sql`cik = ${cik}`, inYear])} ORDER BY qend DESC, seq DESC`),
  ])
  const name = quarters.length ? quarters[0]!.name : await managerName(db, cik)
  return {
    cik: formatCik(cik),
    name,
    periods: quarters.map((q) => ({
      quarter: quarterLabel(q.qend),
      periodOfReport: q.period,
      periodStatus: q.period_status,
      filingCount: q.filing_count,
      holdingsFilingCount: q.holdings_filing_count,
      noticeFilingCount: q.notice_filing_count,
      amendmentFilingCount: q.amendment_filing_count,
      holdingsLoadedCount: q.holdings_loaded_count,
      noticeManagerCount: q.notice_manager_count,
      otherManagerCount: q.other_manager_count ?? 0,
      filings: filings.filter((f) => f.qend === q.qend).map((f) => toFiling(config.archivesUrl, f)),
    })),
    filters: { cik: formatCik(cik), year: year ?? null },
  }
}
