/**
 * `/metrics/top` and `/ratios/top`: companies ranked by the build (company-facts rankings.ts), read as one
 * range of a table sorted by what the request names (store/rankings.ts).
 *
 * - Metrics: annual (the fiscal year's value) or quarterly (`quarter` 1–4 of a fiscal year, default the
 *   current calendar quarter's number); `year` defaults to the latest year whose reports are in
 *   (`fin_metric_ranking_years.complete`). USD values only.
 * - Ratios: each company's latest point of the ratio at `qtrs` (default 0 for a ratio of balances only,
 *   else 4), ranked by value; with `startDate`/`endDate`, its latest point within that window.
 */
import { ApiError, invalidParameter } from '../../http/errors.ts'
import { CANONICAL_METRICS } from '../../reference/canonical-metrics.ts'
import { hasFlow, RATIOS, type RatioDefinition } from '../../reference/financial-ratios.ts'
import { pointInTimeFilters, pointInTimeOf } from './point-in-time.ts'
import { checkQtrs, filingFields, ratioMeta, ratiosOf, windowOf } from './series.ts'
import { KEYS_LISTED, type MetricTopQuery, type RatioTopQuery } from './series-schemas.ts'
import type { FinancialsStore, RankedCompany, RankingAt } from './store/index.ts'

/** A ranking's point in time (point-in-time.ts), or none for today's latest values. */
function rankingAt(q: { asOf?: string; vintage?: string }): RankingAt | undefined {
  const at = pointInTimeOf(q)
  return at && { day: at.day ?? 99_999_999, first: at.vintage === 'first' }
}

const ranked = (r: RankedCompany & { rank: number }) => ({ rank: r.rank, sic: r.sic, countryInc: r.countryinc })

/** The current calendar quarter's number, the default quarter of a quarterly ranking. */
const currentQuarter = (now: Date) => Math.floor(now.getUTCMonth() / 3) + 1

/** The canonical metric a `metric` parameter names; a 400 naming it for any other text. */
export function canonicalMetricOf(key: string) {
  const metric = CANONICAL_METRICS.find((m) => m.key === key)
  if (!metric) throw invalidParameter('metric', `expected a canonical metric key (${KEYS_LISTED}); ${key} is not one`)
  return metric
}

export async function metricTop(store: FinancialsStore, q: MetricTopQuery, now = new Date()) {
  const metric = canonicalMetricOf(q.metric)
  const quarterly = q.quarterly === 'true'
  const basis = quarterly ? 'quarterly' : 'annual'
  const quarter = quarterly ? Number(q.quarter ?? currentQuarter(now)) : 0
  const rows = await store.metricRanking({
    metric: q.metric,
    basis,
    quarter,
    year: q.year ?? null,
    limit: q.limit,
    at: rankingAt(q),
  })
  if (!rows.length)
    throw new ApiError(
      'not_found',
      `No USD ${metric.key} values to rank for ${quarterly ? `fiscal quarter ${quarter} of ` : 'fiscal year '}${q.year ?? 'the latest complete year'}.`,
    )
  return {
    filters: {
      metric: metric.key,
      basis,
      year: rows[0]!.year,
      quarter: quarterly ? quarter : null,
      qtrs: metric.period === 'instant' ? 0 : quarterly ? 1 : 4,
      unit: 'USD',
      limit: q.limit,
      ...pointInTimeFilters(q),
    },
    companies: rows.map((r) => ({
      ...ranked(r),
      metric: metric.key,
      label: metric.label,
      ...filingFields(r, r.cik, r.ticker, r.entity_name),
      unit: r.unit,
      value: r.value,
      sourceTag: r.tag,
      sourceVersion: r.version,
      strategy: r.strategy,
      ruleId: r.rule_id,
      confidence: r.confidence,
    })),
  }
}

/** 0 for a ratio of balances only, else 4 (a year). */
const defaultQtrs = (r: RatioDefinition) => (hasFlow(r) ? 4 : 0)

export async function ratioTop(store: FinancialsStore, q: RatioTopQuery) {
  checkQtrs(q.qtrs)
  const group = q.group ?? 'all'
  // Without a ratio: the group's first ratio of the period kind asked for (balances only for qtrs 0).
  const fits = (r: RatioDefinition) =>
    (group === 'all' || r.group === group) && (q.qtrs === undefined || (defaultQtrs(r) === 0) === (q.qtrs === 0))
  const ratio = q.ratio === undefined ? (RATIOS.find(fits) as RatioDefinition) : ratiosOf(q.ratio, group)[0]!
  const qtrs = q.qtrs ?? defaultQtrs(ratio)
  const windowed = q.startDate !== undefined || q.endDate !== undefined
  const rows = await store.ratioRanking({
    ratio: ratio.id,
    qtrs,
    window: windowed ? windowOf(q) : null,
    limit: q.limit,
    at: rankingAt(q),
  })
  if (!rows.length)
    throw new ApiError(
      'not_found',
      `No USD values of ${ratio.id} over ${qtrs} quarter(s) to rank${windowed ? ' in the window' : ''}.`,
    )
  return {
    filters: {
      ratio: ratio.id,
      group,
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      qtrs,
      limit: q.limit,
      ...pointInTimeFilters(q),
    },
    companies: rows.map((r) => ({
      ...ranked(r),
      ratio: ratio.id,
      group: ratio.group,
      ...ratioMeta(ratio),
      ...filingFields(r, r.cik, r.ticker, r.entity_name),
      value: r.value,
      unit: r.unit,
      components: JSON.parse(r.components),
    })),
  }
}
