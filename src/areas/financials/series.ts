/**
 * The metric and ratio series of one company (SPEC 4.3): points the build chose and computed
 * (company-facts source: `fin_metric_points` and `fin_ratio_points`, both sorted by CIK), read as one
 * range per request. docs/financials.md states the rules of a point.
 *
 * Symbols: one that starts with a lower-case letter is a canonical metric key (SPEC 4.3.1; an unknown one
 * is a 400), one that starts with a capital is a raw tag's local name (`Revenues`). `source` canonical
 * accepts keys only, raw treats every symbol as a tag name, all (the default) takes each as what it is.
 */
import type { Db } from '../../db/client.ts'
import { empty, join, list, type Sql, sql } from '../../db/sql.ts'
import { ApiError, invalidParameter } from '../../http/errors.ts'
import { formatCik, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { CANONICAL_KEYS } from '../../reference/canonical-metrics.ts'
import { RATIOS, type RatioDefinition, ratioById } from '../../reference/financial-ratios.ts'
import { cikForTicker } from '../common/identifiers.ts'
import { accepted } from './format.ts'
import { accessionOfKey } from './lookup.ts'
import type { MetricSeriesQuery, MetricSeriesResponse, RatioSeriesQuery } from './series-schemas.ts'

const CANONICAL = new Set(CANONICAL_KEYS)
const MAX_SYMBOLS = 50

type Issuer = { cik: number; ticker: string | null; name: string; sic: number | null; countryinc: string | null }

/** The company by `cik` (which wins) or `ticker`: 400 when neither is given, 404 when the data has no such filer. */
export async function issuerOf(db: Db, q: { cik?: string; ticker?: string }) {
  if (q.cik === undefined && q.ticker === undefined)
    throw invalidParameter('cik', 'expected a cik or a ticker (one of them is required)')
  const cik = q.cik !== undefined ? parseCik(q.cik) : await cikForTicker(db, normalizeTicker(q.ticker!))
  const who = q.cik !== undefined ? `CIK ${formatCik(parseCik(q.cik))}` : `ticker ${normalizeTicker(q.ticker!)}`
  const row =
    cik === undefined
      ? undefined
      : await db.one<Issuer>(
          sql`SELECT cik::INTEGER AS cik, ticker, name, sic, countryinc FROM fin_issuers WHERE cik = ${cik}`,
        )
  if (!row)
    throw new ApiError(
      'not_found',
      `No financial data for ${who}: no such company in the financial data of this snapshot.`,
    )
  return row
}

export const issuerBody = (i: Issuer) => ({
  cik: formatCik(i.cik),
  ticker: i.ticker,
  name: i.name,
  sic: i.sic,
  countryInc: i.countryinc,
})

/** 'YYYY-MM-DD' → YYYYMMDD; the window's open ends as the widest bounds. */
export const windowOf = (q: { startDate?: string; endDate?: string }) => ({
  from: q.startDate === undefined ? 0 : Number(q.startDate.replaceAll('-', '')),
  to: q.endDate === undefined ? 99_999_999 : Number(q.endDate.replaceAll('-', '')),
})

/** The window and period length conditions, only those asked for (each one costs a filter on every row read). */
function periodFilter(q: { startDate?: string; endDate?: string; qtrs?: number; limit: number }): Sql {
  const { from, to } = windowOf(q)
  const parts: Sql[] = []
  // Without a window, the latest `limit` of each series and period length are its first by recency.
  if (q.startDate === undefined && q.endDate === undefined) parts.push(sql`AND recency <= ${q.limit}`)
  if (q.startDate !== undefined) parts.push(sql`AND end_date >= ${from}`)
  if (q.endDate !== undefined) parts.push(sql`AND end_date <= ${to}`)
  if (q.qtrs !== undefined) parts.push(sql`AND quarters = ${q.qtrs}`)
  return parts.length ? join(parts, ' ') : empty
}

/** `qtrs` is 0, 1 or 4: a year-to-date span (2, 3) is no series period. */
export function checkQtrs(qtrs: number | undefined) {
  if (qtrs !== undefined && qtrs !== 0 && qtrs !== 1 && qtrs !== 4)
    throw invalidParameter('qtrs', 'expected 0 (instant), 1 (quarter) or 4 (year)')
}

/** A point's filing fields, as every series and ranking writes them. */
export type FilingColumns = {
  acc_key: string
  form: string
  fy: number | null
  fp: string | null
  period: number | null
  filed: number
  accepted: string | null
  end_date: number
  quarters: number
}
export const FILING_COLUMNS = sql`acc_key::VARCHAR AS acc_key, form, fy, fp, period, filed, accepted::VARCHAR AS accepted, end_date, quarters`

export const filingFields = (r: FilingColumns, cik: number, ticker: string | null, entityName: string | null) => ({
  adsh: accessionOfKey(r.acc_key),
  cik,
  ticker,
  entityName,
  form: r.form,
  fiscalYear: r.fy,
  fiscalPeriod: r.fp,
  period: r.period,
  filed: r.filed,
  accepted: accepted(r.accepted),
  endDate: r.end_date,
  quarters: r.quarters,
})

/** The symbols asked for, split by what they are (see the module comment). */
function parseSymbols(text: string, source: string) {
  const symbols = [...new Set(text.split(',').map((s) => s.trim()))].filter(Boolean)
  if (!symbols.length) throw invalidParameter('symbols', 'expected at least one metric key or tag name')
  if (symbols.length > MAX_SYMBOLS) throw invalidParameter('symbols', `expected at most ${MAX_SYMBOLS} symbols`)
  const canonical: string[] = []
  const raw: string[] = []
  for (const s of symbols) {
    const isKey = /^[a-z]/.test(s)
    if (source === 'raw') {
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(s))
        throw invalidParameter('symbols', `expected tag names (letters, digits, underscores); ${s} is not one`)
      raw.push(s)
    } else if (isKey) {
      if (!CANONICAL.has(s))
        throw invalidParameter(
          'symbols',
          `expected canonical metric keys (SPEC 4.3.1) or tag names; ${s} is not a canonical key`,
        )
      canonical.push(s)
    } else if (source === 'canonical') {
      throw invalidParameter('symbols', `expected canonical metric keys only with source=canonical; ${s} is not one`)
    } else if (/^[A-Z][A-Za-z0-9_]*$/.test(s)) raw.push(s)
    else throw invalidParameter('symbols', `expected canonical metric keys or tag names; ${s} is neither`)
  }
  return { symbols, canonical, raw }
}

type PointRow = FilingColumns & {
  symbol: string
  source: string
  unit: string
  value: number
  tag: string
  version: string | null
  label: string | null
  custom: number
  datatype: string | null
  strategy: string
  rule_id: string | null
  confidence: number
}

const metricPoint = (r: PointRow, issuer: Issuer) => ({
  ...filingFields(r, issuer.cik, issuer.ticker, issuer.name),
  unit: r.unit,
  value: r.value,
  tag: r.tag,
  version: r.version,
  label: r.label,
  custom: r.custom,
  datatype: r.datatype,
  segments: null,
  coreg: null,
  strategy: r.strategy,
  ruleId: r.rule_id,
  confidence: r.confidence,
})

export async function metricSeries(db: Db, q: MetricSeriesQuery): Promise<typeof MetricSeriesResponse.static> {
  checkQtrs(q.qtrs)
  const source = q.source ?? 'all'
  const { symbols, canonical, raw } = parseSymbols(q.symbols, source)
  const issuer = await issuerOf(db, q)
  const wanted: Sql[] = []
  if (canonical.length) wanted.push(sql`(source = 'canonical' AND symbol IN (${list(canonical)}))`)
  if (raw.length) {
    const version = q.version === undefined ? sql`` : sql` AND strpos(lower(version), lower(${q.version})) > 0`
    wanted.push(sql`(source = 'raw' AND symbol IN (${list(raw)})${version})`)
  }
  const rows = await db.all<PointRow>(sql`
    SELECT symbol, source, ${FILING_COLUMNS}, unit, value, tag, version, label, custom, datatype, strategy, rule_id, confidence
    FROM fin_metric_points
    WHERE cik = ${issuer.cik} AND (${join(wanted, ' OR ')})
      ${periodFilter(q)}`)
  // In series order here: sorting a few hundred rows in the query cost more than the query's scan.
  rows.sort(
    (a, b) =>
      a.symbol.localeCompare(b.symbol) ||
      a.source.localeCompare(b.source) ||
      a.quarters - b.quarters ||
      a.end_date - b.end_date,
  )
  if (!rows.length)
    throw new ApiError(
      'not_found',
      `No data for ${symbols.join(', ')} of CIK ${formatCik(issuer.cik)} in the asked periods (source ${source}).`,
    )
  const order = new Map(symbols.map((s, i) => [s, i]))
  const series = new Map<
    string,
    {
      symbol: string
      source: string
      version: string | null
      quarters: number
      label: string | null
      points: ReturnType<typeof metricPoint>[]
    }
  >()
  for (const r of rows) {
    const key = `${r.symbol}|${r.source}|${r.quarters}`
    let s = series.get(key)
    if (!s) {
      s = {
        symbol: r.symbol,
        source: r.source,
        version: r.source === 'raw' ? (q.version ?? null) : null,
        quarters: r.quarters,
        label: r.label,
        points: [],
      }
      series.set(key, s)
    }
    s.points.push(metricPoint(r, issuer))
  }
  // The latest `limit` periods of each series (a window function in the query cost 3 ms of its 4.4).
  for (const s of series.values()) s.points = s.points.slice(-q.limit)
  return {
    issuer: issuerBody(issuer),
    filters: {
      symbols,
      source,
      version: q.version ?? null,
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      qtrs: q.qtrs ?? null,
      limit: q.limit,
    },
    series: [...series.values()].sort(
      (a, b) =>
        order.get(a.symbol)! - order.get(b.symbol)! || a.source.localeCompare(b.source) || a.quarters - b.quarters,
    ),
  }
}

/** The ratios asked for: `ratio` (each known, and of `group` when one is given), else every ratio of the group. */
export function ratiosOf(ratio: string | undefined, group: string): RatioDefinition[] {
  if (ratio === undefined) return RATIOS.filter((r) => group === 'all' || r.group === group)
  const ids = [...new Set(ratio.split(',').map((s) => s.trim()))].filter(Boolean)
  if (!ids.length) throw invalidParameter('ratio', 'expected at least one ratio identifier')
  return ids.map((id) => {
    const r = ratioById.get(id)
    if (!r)
      throw invalidParameter(
        'ratio',
        `expected ratio identifiers such as current_ratio (docs/financials.md lists them); ${id} is not one`,
      )
    if (group !== 'all' && r.group !== group)
      throw invalidParameter('ratio', `expected ${group} ratios with group=${group}; ${id} is not one`)
    return r
  })
}

type RatioRow = FilingColumns & { ratio: string; value: number; unit: string; components: string }

export const ratioMeta = (r: RatioDefinition) => ({
  label: r.label,
  description: r.description,
  formula: r.formula,
})

export async function ratioSeries(db: Db, q: RatioSeriesQuery) {
  checkQtrs(q.qtrs)
  const group = q.group ?? 'all'
  const ratios = ratiosOf(q.ratio, group)
  const issuer = await issuerOf(db, q)
  const rows = await db.all<RatioRow>(sql`
    SELECT ratio, ${FILING_COLUMNS}, value, unit, components
    FROM fin_ratio_points
    WHERE cik = ${issuer.cik} AND ratio IN (${list(ratios.map((r) => r.id))})
      ${periodFilter(q)}`)
  rows.sort((a, b) => a.ratio.localeCompare(b.ratio) || a.end_date - b.end_date || a.quarters - b.quarters)
  if (!rows.length)
    throw new ApiError('not_found', `No ratio values for CIK ${formatCik(issuer.cik)} in the asked periods.`)
  const byRatio = Map.groupBy(rows, (r) => r.ratio)
  return {
    issuer: issuerBody(issuer),
    filters: {
      ratios: ratios.map((r) => r.id),
      group,
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      qtrs: q.qtrs ?? null,
      limit: q.limit,
    },
    series: ratios
      .filter((r) => byRatio.has(r.id))
      .map((r) => ({
        ratio: r.id,
        group: r.group,
        ...ratioMeta(r),
        unit: r.unit,
        points: byRatio
          .get(r.id)!
          .slice(-q.limit)
          .map((p) => ({
            ...filingFields(p, issuer.cik, issuer.ticker, issuer.name),
            value: p.value,
            unit: p.unit,
            components: JSON.parse(p.components),
          })),
      })),
  }
}
