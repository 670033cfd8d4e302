/**
 * Institutions SQL over the serving tables of the 13F source (src/pipeline/sources/form-13f/contract.ts),
 * each sorted on the manager's CIK and quarter. An operation on one manager makes two queries: its
 * context (the manager, the quarter asked for or its latest with holdings, that quarter's totals and
 * effective filing) and its rows. Everything else (changes, ranks, breakdowns, activity) was computed by
 * the build.
 */
import type { Static } from 'elysia'
import type { QueryConfig } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { empty, join, sql } from '../../db/sql.ts'
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik, normalizeAccession, parseCik } from '../../lib/ids.ts'
import { priorQuarterEnd, quarterLabel, quarterParam } from './quarters.ts'
import {
  FILING_COLUMNS,
  type FilingRecord,
  HOLDING_COLUMNS,
  type HoldingRecord,
  percent,
  sourceUrl,
  toFiling,
  toHolding,
  utc,
} from './rows.ts'
import type { Institution } from './schemas.ts'

type ManagerRow = {
  cik: number
  name: string | null
  latest_form: string
  latest_accession: string
  latest_filed: string
  latest_period: string
  latest_accepted: string | null
  filing_count: number
  latest_positions: number
  latest_securities: number
  latest_value: number
}
const MANAGER_COLUMNS = sql`cik::DOUBLE AS cik, name, latest_form, latest_accession, latest_filed::VARCHAR AS latest_filed,
  latest_period::VARCHAR AS latest_period, latest_accepted::VARCHAR AS latest_accepted, filing_count::DOUBLE AS filing_count,
  latest_positions::DOUBLE AS latest_positions, latest_securities::DOUBLE AS latest_securities,
  latest_value::DOUBLE AS latest_value`

const toInstitution = (archives: string, r: ManagerRow): Static<typeof Institution> => ({
  cik: formatCik(r.cik),
  name: r.name,
  latestFormType: r.latest_form,
  latestAccessionNumber: r.latest_accession,
  latestFilingDate: r.latest_filed,
  latestPeriodOfReport: r.latest_period,
  latestReceivedDate: utc(r.latest_accepted),
  latestSourceUrl: sourceUrl(archives, r.cik, r.latest_accession),
  filingCount: r.filing_count,
  latestPositionCount: r.latest_positions,
  latestSecurityCount: r.latest_securities,
  latestPortfolioValue: r.latest_value,
})

/** Managers, largest latest portfolio first; `q` a case-insensitive substring of the name, or the CIK. */
export async function listInstitutions(db: Db, config: QueryConfig, f: { q?: string } & PageQuery) {
  checkOffset(f, config.maxOffset)
  const q = f.q?.trim() || null
  const where = q
    ? /^\d{1,10}$/.test(q)
      ? sql`(cik = ${parseCik(q)} OR contains(name_upper, ${q.toUpperCase()}))`
      : sql`contains(name_upper, ${q.toUpperCase()})`
    : sql`TRUE`
  const rows = await db.all<ManagerRow>(
    sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers WHERE ${where} LIMIT ${f.limit + 1} OFFSET ${offsetOf(f)}`,
  )
  return {
    data: rows.slice(0, f.limit).map((r) => toInstitution(config.archivesUrl, r)),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { q },
  }
}

const unknownManager = (cik: number) =>
  new ApiError('not_found', `No 13F filer with CIK ${formatCik(cik)} (no 13F-HR or 13F-NT filing of it is known).`)

export async function getInstitution(db: Db, config: QueryConfig, cikText: string) {
  const cik = parseCik(cikText)
  const row = await db.one<ManagerRow>(sql`SELECT ${MANAGER_COLUMNS} FROM inst_managers WHERE cik = ${cik}`)
  if (!row) throw unknownManager(cik)
  return toInstitution(config.archivesUrl, row)
}

/** A manager and one of its quarters: what every per-quarter operation starts from. */
type Context = {
  cik: number
  name: string | null
  qend: string | null
  period: string | null
  accession: string | null
  form: string | null
  filed: string | null
  accepted_at: string | null
  filing_count: number | null
  positions: number | null
  securities: number | null
  value: number | null
  other_manager_count: number | null
}

/**
 * The manager and the quarter `quarter` (default: its latest quarter with holdings, else its latest), in
 * one read of the quarter rows (they carry the manager's name and the quarter's filing); 404 for an
 * unknown manager or a quarter it filed nothing for.
 */
async function contextOf(db: Db, cikText: string, quarter: string | undefined) {
  const cik = parseCik(cikText)
  const qend = quarterParam(quarter)
  const c = await db.one<Context>(sql`
    SELECT cik::DOUBLE AS cik, name, qend::VARCHAR AS qend, period::VARCHAR AS period,
      coalesce(accession, latest_accession) AS accession, form, filed::VARCHAR AS filed,
      accepted_at::VARCHAR AS accepted_at, filing_count::DOUBLE AS filing_count, positions::DOUBLE AS positions,
      securities::DOUBLE AS securities, value::DOUBLE AS value, other_manager_count::DOUBLE AS other_manager_count
    FROM inst_quarters WHERE cik = ${cik} AND ${qend ? sql`qend = ${qend}::DATE` : sql`is_default`}`)
  if (c) return c as Context & { qend: string; period: string }
  await managerName(db, cik)
  throw new ApiError('not_found', `CIK ${formatCik(cik)} filed no 13F for ${quarterLabel(qend!)}.`)
}

const periodRef = (c: Context & { qend: string; period: string }) => ({
  quarter: quarterLabel(c.qend),
  periodOfReport: c.period,
  filingDate: c.filed,
  accessionNumber: c.accession,
})

export async function getProfile(db: Db, config: QueryConfig, cikText: string, quarter?: string) {
  const c = await contextOf(db, cikText, quarter)
  const positions = c.positions ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    formType: c.form,
    accessionNumber: c.accession,
    filingDate: c.filed,
    periodOfReport: c.period,
    receivedDate: utc(c.accepted_at),
    sourceUrl: c.accession ? sourceUrl(config.archivesUrl, c.cik, c.accession) : null,
    filingCount: c.filing_count ?? 0,
    positionCount: positions,
    securityCount: c.securities ?? 0,
    portfolioValue: c.value ?? 0,
    averagePositionValue: positions > 0 ? Math.round((c.value ?? 0) / positions) : null,
    otherManagerCount: c.other_manager_count ?? 0,
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend) },
  }
}

/** The manager's name, from its first quarter row (sorted by CIK); 404 when it filed no 13F. */
async function managerName(db: Db, cik: number) {
  const m = await db.one<{ name: string | null }>(sql`SELECT name FROM inst_quarters WHERE cik = ${cik} LIMIT 1`)
  if (!m) throw unknownManager(cik)
  return m.name
}

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

export type Sort = 'value' | 'shares' | 'weight'
const holdingsOrder = (sort: Sort) => (sort === 'shares' ? sql`shares DESC NULLS LAST, value_rank` : sql`value_rank`)

export async function getHoldings(db: Db, cikText: string, f: { quarter?: string; sort?: string; limit: number }) {
  const c = await contextOf(db, cikText, f.quarter)
  const sort = (f.sort ?? 'value') as Sort
  const rows = await db.all<HoldingRecord>(sql`
    SELECT ${{ text: HOLDING_COLUMNS, values: [] }} FROM inst_holdings
    WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE ORDER BY ${holdingsOrder(sort)} LIMIT ${f.limit + 1}`)
  const total = c.value ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: periodRef(c),
    totalPositionCount: c.positions ?? 0,
    totalSecurityCount: c.securities ?? 0,
    totalPortfolioValue: total,
    holdings: rows.slice(0, f.limit).map((r) => toHolding(r, total)),
    pagination: { limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend), sort, limit: f.limit },
  }
}

/** Periods of the history per page: a year's quarters. */
export const HISTORY_PERIODS = 4

export async function getHoldingsHistory(
  db: Db,
  cikText: string,
  f: { year?: number; quarter?: string; sort?: string; limit: number; page: number },
  maxOffset: number,
) {
  checkOffset(f, maxOffset)
  const cik = parseCik(cikText)
  const qend = quarterParam(f.quarter, f.year)
  const sort = (f.sort ?? 'value') as Sort
  const where = join([
    sql`cik = ${cik}`,
    sql`positions > 0`,
    qend ? sql`qend = ${qend}::DATE` : empty,
    f.year !== undefined ? sql`year(qend) = ${f.year}` : empty,
  ])
  const quarters = await db.all<{
    name: string | null
    qend: string
    period: string
    accession: string | null
    filed: string | null
    positions: number
    securities: number
    value: number
  }>(sql`
    SELECT name, qend::VARCHAR AS qend, period::VARCHAR AS period, accession, filed::VARCHAR AS filed,
      positions::DOUBLE AS positions, securities::DOUBLE AS securities, value::DOUBLE AS value
    FROM inst_quarters WHERE ${where}
    ORDER BY qend DESC LIMIT ${HISTORY_PERIODS + 1} OFFSET ${(f.page - 1) * HISTORY_PERIODS}`)
  const name = quarters.length ? quarters[0]!.name : await managerName(db, cik)
  if (!quarters.length && (qend || f.page === 1))
    throw new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for the quarters asked for.`)
  const shown = quarters.slice(0, HISTORY_PERIODS)
  const ends = shown.map((q) => q.qend)
  const holdings = ends.length
    ? await db.all<HoldingRecord>(sql`
      SELECT qend::VARCHAR AS qend, ${{ text: HOLDING_COLUMNS, values: [] }} FROM (
        SELECT *, row_number() OVER (PARTITION BY qend ORDER BY ${holdingsOrder(sort)}) AS pick
        FROM inst_holdings WHERE cik = ${cik} AND qend BETWEEN ${ends.at(-1)!}::DATE AND ${ends[0]!}::DATE
          ${sort === 'shares' ? empty : sql`AND value_rank <= ${f.limit}`}
      ) WHERE pick <= ${f.limit} ORDER BY qend DESC, pick`)
    : []
  return {
    cik: formatCik(cik),
    name,
    periods: shown.map((q) => ({
      period: {
        quarter: quarterLabel(q.qend),
        periodOfReport: q.period,
        filingDate: q.filed,
        accessionNumber: q.accession,
      },
      totalPositionCount: q.positions,
      totalSecurityCount: q.securities,
      totalPortfolioValue: q.value,
      holdings: holdings.filter((h) => h.qend === q.qend).map((h) => toHolding(h, q.value)),
    })),
    pagination: { page: f.page, limit: f.limit, hasMoreData: quarters.length > HISTORY_PERIODS },
    filters: {
      cik: formatCik(cik),
      year: f.year ?? null,
      quarter: qend ? quarterLabel(qend) : null,
      sort,
      limit: f.limit,
    },
  }
}

const flowPeriod = (qend: string) => {
  const prior = priorQuarterEnd(qend)
  return {
    currentQuarter: quarterLabel(qend),
    currentPeriodEnd: qend,
    priorQuarter: quarterLabel(prior),
    priorPeriodEnd: prior,
  }
}
const noHoldings = (cik: number, qend: string) =>
  new ApiError('not_found', `CIK ${formatCik(cik)} reported no holdings for ${quarterLabel(qend)}.`)

export async function getChanges(db: Db, cikText: string, quarter?: string) {
  const c = await contextOf(db, cikText, quarter)
  const r = await db.one<Record<string, number>>(sql`
    SELECT current_aum::DOUBLE AS current_aum, prior_aum::DOUBLE AS prior_aum,
      current_positions::DOUBLE AS current_positions, prior_positions::DOUBLE AS prior_positions,
      current_securities::DOUBLE AS current_securities, prior_securities::DOUBLE AS prior_securities,
      addition_count::DOUBLE AS addition_count, addition_value::DOUBLE AS addition_value,
      disposal_count::DOUBLE AS disposal_count, disposal_value::DOUBLE AS disposal_value,
      increased_count::DOUBLE AS increased_count, increased_value::DOUBLE AS increased_value,
      decreased_count::DOUBLE AS decreased_count, decreased_value::DOUBLE AS decreased_value,
      unchanged_count::DOUBLE AS unchanged_count, unchanged_value::DOUBLE AS unchanged_value,
      buy_value::DOUBLE AS buy_value, sell_value::DOUBLE AS sell_value
    FROM inst_changes WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE`)
  if (!r) throw noHoldings(c.cik, c.qend)
  const aumChange = r.current_aum! - r.prior_aum!
  const net = r.buy_value! - r.sell_value!
  const rate = (n: number, d: number) => (d > 0 ? Math.round((n * 100 * 10_000) / d) / 10_000 : null)
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: { ...flowPeriod(c.qend), accessionNumber: c.accession, filingDate: c.filed },
    metrics: {
      currentAum: r.current_aum!,
      priorAum: r.prior_aum!,
      aumChange,
      aumChangePercent: rate(aumChange, r.prior_aum!),
      reportedValueReturnPercent: rate(aumChange - net, r.prior_aum!),
      currentPositionCount: r.current_positions!,
      priorPositionCount: r.prior_positions!,
      positionCountChange: r.current_positions! - r.prior_positions!,
      currentSecurityCount: r.current_securities!,
      priorSecurityCount: r.prior_securities!,
      securityCountChange: r.current_securities! - r.prior_securities!,
      additionCount: r.addition_count!,
      additionValue: r.addition_value!,
      disposalCount: r.disposal_count!,
      disposalValue: r.disposal_value!,
      increasedCount: r.increased_count!,
      increasedValue: r.increased_value!,
      decreasedCount: r.decreased_count!,
      decreasedValue: r.decreased_value!,
      unchangedCount: r.unchanged_count!,
      unchangedValue: r.unchanged_value!,
      buyValue: r.buy_value!,
      sellValue: r.sell_value!,
      netActivityValue: net,
      grossActivityValue: r.buy_value! + r.sell_value!,
      additionRatePercent: rate(r.addition_count!, r.prior_securities!),
      disposalRatePercent: rate(r.disposal_count!, r.prior_securities!),
      turnoverPercent: rate(Math.min(r.buy_value!, r.sell_value!), (r.current_aum! + r.prior_aum!) / 2),
    },
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend) },
  }
}

type FlowRecord = {
  ticker: string | null
  issuer_cik: number | null
  cusip: string
  issuer_name: string | null
  title_of_class: string | null
  put_call: string | null
  current_shares: number
  prior_shares: number
  net_shares: number
  current_value: number
  prior_value: number
  net_value: number
  activity_value: number
}

/** Buys (every rise, or only new positions) or sells (every fall, or only positions sold out), largest first. */
export async function getFlows(
  db: Db,
  config: QueryConfig,
  cikText: string,
  kind: 'buy' | 'sell',
  f: { quarter?: string; only: boolean } & PageQuery,
) {
  checkOffset(f, config.maxOffset)
  const c = await contextOf(db, cikText, f.quarter)
  if (!c.positions) throw noHoldings(c.cik, c.qend)
  const which =
    kind === 'buy'
      ? f.only
        ? sql`change = 'new'`
        : sql`net_shares > 0`
      : f.only
        ? sql`change = 'sold_out'`
        : sql`net_shares < 0`
  // Stored by activity value, largest first, within the manager and quarter: read in that order, no sort.
  const rows = await db.all<FlowRecord>(sql`
    SELECT ticker, issuer_cik::DOUBLE AS issuer_cik, cusip, issuer_name, title_of_class,
      put_call, current_shares::DOUBLE AS current_shares, prior_shares::DOUBLE AS prior_shares,
      net_shares::DOUBLE AS net_shares, current_value::DOUBLE AS current_value, prior_value::DOUBLE AS prior_value,
      net_value::DOUBLE AS net_value, activity_value::DOUBLE AS activity_value
    FROM inst_flows WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE AND ${which}
    LIMIT ${f.limit + 1} OFFSET ${offsetOf(f)}`)
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: flowPeriod(c.qend),
    activityType: kind,
    securities: rows.slice(0, f.limit).map((r, i) => ({
      rank: offsetOf(f) + i + 1,
      ticker: r.ticker,
      issuerCik: r.issuer_cik === null ? null : formatCik(r.issuer_cik),
      cusip: r.cusip,
      issuerName: r.issuer_name,
      titleOfClass: r.title_of_class,
      putCall: r.put_call,
      currentShares: r.current_shares,
      priorShares: r.prior_shares,
      netShares: r.net_shares,
      currentValue: r.current_value,
      priorValue: r.prior_value,
      netValue: r.net_value,
      activityValue: r.activity_value,
    })),
    pagination: { page: f.page, limit: f.limit, hasMoreData: rows.length > f.limit },
    filters: {
      cik: formatCik(c.cik),
      quarter: quarterLabel(c.qend),
      ...(kind === 'buy' ? { newOnly: f.only } : { soldOutOnly: f.only }),
    },
  }
}

export async function getBreakdown(db: Db, cikText: string, level: 'sector' | 'industry', quarter?: string) {
  const c = await contextOf(db, cikText, quarter)
  if (!c.positions) throw noHoldings(c.cik, c.qend)
  const rows = await db.all<{
    rank: number
    sector: string | null
    industry: string | null
    sic: number | null
    positions: number
    securities: number
    value: number
  }>(sql`
    SELECT rank::DOUBLE AS rank, sector, industry, sic, positions::DOUBLE AS positions,
      securities::DOUBLE AS securities, value::DOUBLE AS value
    FROM inst_sectors WHERE cik = ${c.cik} AND qend = ${c.qend}::DATE AND level = ${level} ORDER BY rank`)
  const total = c.value ?? 0
  return {
    cik: formatCik(c.cik),
    name: c.name,
    period: periodRef(c),
    classificationLevel: level,
    totalPositionCount: c.positions,
    totalSecurityCount: c.securities ?? 0,
    totalPortfolioValue: total,
    breakdown: rows.map((r) => ({
      rank: r.rank,
      sector: r.sector,
      industry: level === 'industry' ? r.industry : null,
      sicCode: level === 'industry' ? r.sic : null,
      positionCount: r.positions,
      securityCount: r.securities,
      value: r.value,
      portfolioWeightPercent: percent(r.value, total),
    })),
    filters: { cik: formatCik(c.cik), quarter: quarterLabel(c.qend) },
  }
}

/** Days after a quarter's end by which its 13F filings are due: a quarter is complete once they have passed. */
const FILING_DEADLINE_DAYS = 45
const DEADLINE = { text: `INTERVAL ${FILING_DEADLINE_DAYS} DAY`, values: [] }

type ActivityRecord = {
  list: string
  ticker: string | null
  cusip: string
  issuer_name: string | null
  title_of_class: string | null
  put_call: string | null
  filer_count: number
  prior_filer_count: number
  current_shares: number
  prior_shares: number
  net_shares: number
  current_value: number
  prior_value: number
  net_value: number
}

/** Market-wide activity of a quarter (default: the latest complete one, whose filing deadline has passed). */
export async function getActivity(db: Db, f: { year?: number; quarter?: string; limit: number }) {
  const asked = quarterParam(f.quarter, f.year)
  const qend =
    asked ??
    (await db.memo(`institutions-activity-default-${f.year ?? ''}`, async () => {
      const r = await db.one<{ qend: string | null }>(sql`
        SELECT coalesce(
          max(qend) FILTER (WHERE qend + ${DEADLINE} <= (SELECT max(latest_filed) FROM inst_managers)),
          max(qend))::VARCHAR AS qend
        FROM inst_activity ${f.year === undefined ? empty : sql`WHERE year(qend) = ${f.year}`}`)
      return r?.qend ?? null
    }))
  if (!qend) throw new ApiError('not_found', `No 13F activity${f.year ? ` in ${f.year}` : ''}.`)
  const rows = await db.all<ActivityRecord>(sql`
    SELECT list, ticker, cusip, issuer_name, title_of_class, put_call, filer_count::DOUBLE AS filer_count,
      prior_filer_count::DOUBLE AS prior_filer_count, current_shares::DOUBLE AS current_shares,
      prior_shares::DOUBLE AS prior_shares, net_shares::DOUBLE AS net_shares, current_value::DOUBLE AS current_value,
      prior_value::DOUBLE AS prior_value, net_value::DOUBLE AS net_value
    FROM inst_activity WHERE qend = ${qend}::DATE AND rank <= ${f.limit} ORDER BY list, rank`)
  if (!rows.length) throw new ApiError('not_found', `No 13F activity for ${quarterLabel(qend)}.`)
  const listOf = (name: string) =>
    rows
      .filter((r) => r.list === name)
      .map(({ list: _, ...r }) => ({
        ticker: r.ticker,
        cusip: r.cusip,
        issuerName: r.issuer_name,
        titleOfClass: r.title_of_class,
        putCall: r.put_call,
        filerCount: r.filer_count,
        priorFilerCount: r.prior_filer_count,
        currentShares: r.current_shares,
        priorShares: r.prior_shares,
        netShares: r.net_shares,
        currentValue: r.current_value,
        priorValue: r.prior_value,
        netValue: r.net_value,
      }))
  const prior = priorQuarterEnd(qend)
  return {
    period: {
      currentQuarter: quarterLabel(qend),
      currentPeriodEnd: qend,
      previousQuarter: quarterLabel(prior),
      previousPeriodEnd: prior,
    },
    mostBought: listOf('mostBought'),
    mostSold: listOf('mostSold'),
    newPositions: listOf('newPositions'),
    closedPositions: listOf('closedPositions'),
    pagination: { limit: f.limit },
    filters: { year: f.year ?? null, quarter: quarterLabel(qend), limit: f.limit },
  }
}
