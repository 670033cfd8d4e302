/**
 * The metric and ratio series of one company (docs/api/financials.md): points the build chose and computed
 * (company-facts source: `fin_metric_points` and `fin_ratio_points`), read from their lookup files a
 * series at a time (store/series-points.ts). docs/financials.md states the rules of a point.
 *
 * Symbols: one that starts with a lower-case letter is a canonical metric key (docs/api/financials.md lists
 * them; an unknown one is a 400), one that starts with a capital is a raw tag's local name (`Revenues`). `source` canonical
 * accepts keys only, raw treats every symbol as a tag name, all (the default) takes each as what it is.
 */

import { ApiError, invalidParameter } from '../../http/errors.ts'
import { accessionOfKey, formatCik, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { CANONICAL_KEYS } from '../../reference/canonical-metrics.ts'
import { hasFlow, RATIOS, type RatioDefinition, ratioById } from '../../reference/financial-ratios.ts'
import { easternTime } from '../common/edgar-values.ts'
import { issuerBody, knownIssuer } from './issuer.ts'
import { type PointInTime, pointInTimeFilters, pointInTimeOf } from './point-in-time.ts'
import { ratioTtmRows } from './ratio-ttm.ts'
import { type FirstReportedRow, metricPointsAt, type PointRow, ratioPointsAt } from './series-rows.ts'
import {
  KEYS_LISTED,
  type MetricSeriesQuery,
  type MetricSeriesResponse,
  type RatioSeriesQuery,
} from './series-schemas.ts'
import {
  canonicalSeries,
  type FilingColumns,
  type FinancialsStore,
  type Issuer,
  type PeriodFilter,
  type SeriesName,
} from './store/index.ts'
import { trailingTwelveMonths } from './ttm.ts'

const CANONICAL = new Set(CANONICAL_KEYS)
const MAX_SYMBOLS = 50

/** The company by `cik` (which wins) or `ticker`: 400 when neither is given, 404 when the data has no such filer. */
export async function issuerOf(store: FinancialsStore, q: { cik?: string; ticker?: string }) {
  if (q.cik === undefined && q.ticker === undefined)
    throw invalidParameter('cik', 'expected a cik or a ticker (one of them is required)')
  const cik = q.cik !== undefined ? parseCik(q.cik) : await store.cikForTicker(normalizeTicker(q.ticker!))
  const who = q.cik !== undefined ? `CIK ${formatCik(parseCik(q.cik))}` : `ticker ${normalizeTicker(q.ticker!)}`
  return knownIssuer(store, cik, who)
}

/** 'YYYY-MM-DD' → YYYYMMDD; the window's open ends as the widest bounds. */
export const windowOf = (q: { startDate?: string; endDate?: string }) => ({
  from: q.startDate === undefined ? 0 : Number(q.startDate.replaceAll('-', '')),
  to: q.endDate === undefined ? 99_999_999 : Number(q.endDate.replaceAll('-', '')),
})

/** The periods asked for: the window, the period length, and without a window the latest `limit` (by recency). */
const periodsOf = (q: { startDate?: string; endDate?: string; qtrs?: number; limit: number }): PeriodFilter => ({
  ...windowOf(q),
  latest: q.startDate === undefined && q.endDate === undefined ? q.limit : undefined,
  quarters: q.qtrs,
})

/** `qtrs` is 0, 1 or 4: a year-to-date span (2, 3) is no series period. */
export function checkQtrs(qtrs: number | undefined) {
  if (qtrs !== undefined && qtrs !== 0 && qtrs !== 1 && qtrs !== 4)
    throw invalidParameter('qtrs', 'expected 0 (instant), 1 (quarter) or 4 (year)')
}

/** A point's filing fields (store/rankings.ts FilingColumns), as every series and ranking writes them. */
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
  accepted: easternTime(r.accepted),
  endDate: r.end_date,
  quarters: r.quarters,
})

/** The symbols asked for, split by what they are (see the module comment). */
export function parseSymbols(text: string, source: string) {
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
          `expected canonical metric keys (${KEYS_LISTED}) or tag names; ${s} is not a canonical key`,
        )
      canonical.push(s)
    } else if (source === 'canonical') {
      throw invalidParameter('symbols', `expected canonical metric keys only with source=canonical; ${s} is not one`)
    } else if (/^[A-Z][A-Za-z0-9_]*$/.test(s)) raw.push(s)
    else throw invalidParameter('symbols', `expected canonical metric keys or tag names; ${s} is neither`)
  }
  return { symbols, canonical, raw }
}

/** A restated point's first-reported value and filing, as the answer writes them. */
const firstReportedOf = (f: FirstReportedRow | null) =>
  f && {
    value: f.value,
    adsh: accessionOfKey(f.acc_key),
    form: f.form,
    filed: f.filed,
    accepted: easternTime(f.accepted),
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
  restated: r.restated,
  firstReported: firstReportedOf(r.first_reported),
  // Only on a derived quarter: the point's shape is otherwise the reference's.
  ...(r.derived_from && { derivedFrom: r.derived_from.map(accessionOfKey) }),
})

type MetricPoint = ReturnType<typeof metricPoint>

/** A trailing-twelve-month point (ttm.ts): the last quarter's filing, the sum, the quarters summed. */
const ttmPoint = ({ last, value, of }: ReturnType<typeof trailingTwelveMonths<MetricPoint>>[number]) => ({
  ...last,
  quarters: 4,
  value,
  strategy: 'ttm',
  restated: of.some((q) => q.restated),
  firstReported: null,
  derivedFrom: undefined,
  ttmOf: of.map((q) => ({ endDate: q.endDate, value: q.value, adsh: q.adsh, strategy: q.strategy })),
})

export async function metricSeries(
  store: FinancialsStore,
  q: MetricSeriesQuery,
): Promise<typeof MetricSeriesResponse.static> {
  checkQtrs(q.qtrs)
  const ttm = q.ttm === 'true'
  if (ttm && q.qtrs !== undefined && q.qtrs !== 4)
    throw invalidParameter(
      'qtrs',
      'expected 4 or none with ttm=true (a trailing-twelve-month point spans four quarters)',
    )
  const at = pointInTimeOf(q)
  const source = q.source ?? 'all'
  const { symbols, canonical, raw } = parseSymbols(q.symbols, source)
  const issuer = await issuerOf(store, q)
  const names: SeriesName[] = [
    ...canonical.map(canonicalSeries),
    ...raw.map((symbol) => ({ source: 'raw' as const, symbol })),
  ]
  const window = windowOf(q)
  // A trailing sum needs the three quarters before the window's first. As of a day, the latest `limit`
  // periods are those the day knew (series-rows.ts).
  const periods: PeriodFilter = ttm ? { from: 0, to: window.to, latest: undefined, quarters: 1 } : periodsOf(q)
  // `version` narrows raw series to tags of a taxonomy version containing it, case-insensitively.
  const version = q.version?.toLowerCase()
  const read = await metricPointsAt(store, issuer.cik, names, periods, at)
  const order = new Map(symbols.map((s, i) => [s, i]))
  // A series per name and period length (the store reads each name's lengths apart).
  const series: {
    symbol: string
    source: string
    version: string | null
    quarters: number
    label: string | null
    ttm?: boolean
    points: MetricPoint[]
  }[] = []
  for (const rows of read) {
    const byLength = new Map<number, (typeof series)[number]>()
    for (const r of rows) {
      if (r.source === 'raw' && version !== undefined && !r.version?.toLowerCase().includes(version)) continue
      let s = byLength.get(r.quarters)
      if (!s) {
        s = {
          symbol: r.symbol,
          source: r.source,
          version: r.source === 'raw' ? (q.version ?? null) : null,
          quarters: r.quarters,
          label: r.label,
          points: [],
        }
        byLength.set(r.quarters, s)
        series.push(s)
      }
      s.points.push(metricPoint(r, issuer))
    }
  }
  if (!series.length)
    throw new ApiError(
      'not_found',
      `No data for ${symbols.join(', ')} of CIK ${formatCik(issuer.cik)} in the asked periods (source ${source}).`,
    )
  // Each series' points in period order (one point a period: the store reads them latest first); the
  // series is labelled as its earliest point.
  for (const s of series) {
    s.points.sort((a, b) => a.endDate - b.endDate)
    s.label = s.points[0]!.label
  }
  let answered = series
  if (ttm) {
    answered = answered.map((s) => ({
      ...s,
      quarters: 4,
      ttm: true,
      points: trailingTwelveMonths(s.points)
        .map(ttmPoint)
        .filter((p) => p.endDate >= window.from),
    }))
    if (!answered.some((s) => s.points.length))
      throw new ApiError(
        'not_found',
        `No four consecutive quarters of ${symbols.join(', ')} of CIK ${formatCik(issuer.cik)} in the asked periods (instants have no trailing sum).`,
      )
  }
  // The latest `limit` periods of each series, cut here: a window function in the query was most of its time.
  for (const s of answered) s.points = s.points.slice(-q.limit)
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
      ...pointInTimeFilters(q),
      ...(ttm && { ttm }),
    },
    series: answered.sort(
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
        `expected ratio identifiers such as current_ratio (${KEYS_LISTED}); ${id} is not one`,
      )
    if (group !== 'all' && r.group !== group)
      throw invalidParameter('ratio', `expected ${group} ratios with group=${group}; ${id} is not one`)
    return r
  })
}

export const ratioMeta = (r: RatioDefinition) => ({
  label: r.label,
  description: r.description,
  formula: r.formula,
})

/** The trailing-twelve-month points of the ratios with a flow, in the window (ratio-ttm.ts); 404 when none has one. */
async function ttmRows(
  store: FinancialsStore,
  cik: number,
  ratios: RatioDefinition[],
  window: { from: number; to: number },
  at: PointInTime | undefined,
) {
  const flows = ratios.filter(hasFlow)
  if (!flows.length)
    throw new ApiError('not_found', 'No trailing-twelve-month values: the asked ratios are of balances only.')
  return (await ratioTtmRows(store, cik, flows, window.to, at)).filter((r) => r.end_date >= window.from)
}

export async function ratioSeries(store: FinancialsStore, q: RatioSeriesQuery) {
  checkQtrs(q.qtrs)
  const group = q.group ?? 'all'
  const ratios = ratiosOf(q.ratio, group)
  const ttm = q.ttm === 'true'
  if (ttm && q.qtrs !== undefined && q.qtrs !== 4)
    throw invalidParameter(
      'qtrs',
      'expected 4 or none with ttm=true (a trailing-twelve-month ratio spans four quarters)',
    )
  const at = pointInTimeOf(q)
  const issuer = await issuerOf(store, q)
  const window = windowOf(q)
  // A ratio's answer is its latest `limit` periods of all its lengths together, a key's first lines (store/series-points.ts).
  const periods = periodsOf(q)
  const rows = ttm
    ? await ttmRows(store, issuer.cik, ratios, window, at)
    : await ratioPointsAt(store, issuer.cik, ratios, periods, at)
  if (!rows.length)
    throw new ApiError('not_found', `No ratio values for CIK ${formatCik(issuer.cik)} in the asked periods.`)
  // Each ratio's points in period order (the ratios go out in the order asked).
  const byRatio = Map.groupBy(rows, (r) => r.ratio)
  for (const points of byRatio.values()) points.sort((a, b) => a.end_date - b.end_date || a.quarters - b.quarters)
  return {
    issuer: issuerBody(issuer),
    filters: {
      ratios: ratios.map((r) => r.id),
      group,
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      qtrs: q.qtrs ?? null,
      limit: q.limit,
      ...pointInTimeFilters(q),
      ...(ttm && { ttm }),
    },
    series: ratios
      .filter((r) => byRatio.has(r.id))
      .map((r) => ({
        ratio: r.id,
        group: r.group,
        ...(ttm && { ttm }),
        ...ratioMeta(r),
        unit: r.unit,
        points: byRatio
          .get(r.id)!
          .slice(-q.limit)
          .map((p) => ({
            ...filingFields(p, issuer.cik, issuer.ticker, issuer.name),
            value: p.value,
            unit: p.unit,
            components: p.components,
            restated: p.restated,
            firstReported: firstReportedOf(p.first_reported),
          })),
      })),
  }
}
