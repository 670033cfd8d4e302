/**
 * A manager's quarter against the calendar quarter before (inst_changes), its buys and sells (inst_flows,
 * stored largest activity first: a list is read in stored order and its rank is the position), and its
 * sector and industry breakdowns (inst_sectors); the store reads each from the lookup files written from
 * those tables (store/lookups.ts), a deep page of buys or sells from inst_flows itself (store/flows.ts).
 */
import type { QueryConfig } from '../../config.ts'
import { checkOffset, offsetOf } from '../../http/pagination.ts'
import type { PageQuery } from '../../http/schemas.ts'
import { formatCik } from '../../lib/ids.ts'
import { contextOf, flowPeriod, noHoldings, periodRef } from './manager-context.ts'
import { quarterLabel } from './quarters.ts'
import { netChangeOf, percent } from './rows.ts'
import type { InstitutionsStore } from './store/index.ts'

export async function getChanges(store: InstitutionsStore, cikText: string, quarter?: string) {
  const c = await contextOf(store, cikText, quarter)
  // The quarter's inst_changes row comes with its line of quarters (instQuarters).
  const r = c.changes
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

/** Buys (every rise, or only new positions) or sells (every fall, or only positions sold out), largest first. */
export async function getFlows(
  store: InstitutionsStore,
  config: QueryConfig,
  cikText: string,
  kind: 'buy' | 'sell',
  f: { quarter?: string; only: boolean } & PageQuery,
) {
  checkOffset(f, config.maxOffset)
  const c = await contextOf(store, cikText, f.quarter)
  if (!c.positions) throw noHoldings(c.cik, c.qend)
  const rows = await store.flows(c.cik, c.qend, kind, f.only, offsetOf(f), f.limit + 1)
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
      ...netChangeOf(r),
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

export async function getBreakdown(
  store: InstitutionsStore,
  cikText: string,
  level: 'sector' | 'industry',
  quarter?: string,
) {
  const c = await contextOf(store, cikText, quarter)
  if (!c.positions) throw noHoldings(c.cik, c.qend)
  const rows = store.breakdown(c.cik, c.qend, level)
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
