/**
 * The restatement ledger (docs/api/financials.md, Restatements; beyond the reference): each period of a
 * company's metrics that a later filing reported with another value, every value in filing order with its
 * filing, and the change from the one before; the period's change is from the first-reported value to the
 * latest. The whole market's restatements of a quarter rank the same changes, each step of a ledger once
 * (company-facts restatement-rankings.ts). The vintages are the build's (company-facts vintages.ts); reads
 * in store/restatements.ts.
 */
import { ApiError } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import { accessionOfKey } from '../../lib/ids.ts'
import { easternTime } from '../common/edgar-values.ts'
import { labelOfQuarter, quarterOfLabel } from '../common/quarters.ts'
import { issuerBody, knownIssuer } from './issuer.ts'
import { canonicalMetricOf } from './rankings.ts'
import { checkQtrs, parseSymbols, windowOf } from './series.ts'
import type { RestatementsQuery, RestatementTopQuery } from './series-schemas.ts'
import type { FinancialsStore, RestatementRankRow } from './store/index.ts'

/** `to` relative to `from`, or null where `from` is zero (no ratio). */
const relative = (from: number, to: number) => (from === 0 ? null : (to - from) / Math.abs(from))

export async function restatements(
  store: FinancialsStore,
  identifier: string,
  q: RestatementsQuery,
  maxOffset: number,
) {
  checkOffset(q, maxOffset)
  checkQtrs(q.qtrs)
  const source = q.source ?? 'all'
  const asked = q.symbols === undefined ? undefined : parseSymbols(q.symbols, source)
  const issuer = knownIssuer(store, await store.resolveIdentifier(identifier), identifier)
  const rows = await store.restatedPeriods(
    issuer.cik,
    {
      canonical: asked?.canonical ?? [],
      raw: asked?.raw ?? [],
      everyKey: asked === undefined,
      quarters: q.qtrs,
      ...windowOf(q),
    },
    offsetOf(q),
    q.limit + 1,
  )
  const page = toPage(rows, q)
  return {
    issuer: issuerBody(issuer),
    filters: {
      symbols: asked?.symbols ?? null,
      source,
      startDate: q.startDate ?? null,
      endDate: q.endDate ?? null,
      qtrs: q.qtrs ?? null,
    },
    data: page.data.map((r) => {
      const first = r.vintages[0]!
      const latest = r.vintages.at(-1)!
      return {
        symbol: r.symbol,
        source: r.source,
        quarters: r.quarters,
        endDate: r.end_date,
        firstReported: first.value,
        latest: latest.value,
        change: latest.value - first.value,
        changePercent: relative(first.value, latest.value),
        values: r.vintages.map((v, i) => ({
          vintage: v.vintage,
          value: v.value,
          change: i === 0 ? null : v.value - r.vintages[i - 1]!.value,
          ...reportedBy(v),
        })),
      }
    }),
    pagination: page.pagination,
  }
}

/** `2024Q3` (any case) → 20243, the build's `filed_quarter`. */
const filedQuarterOf = (label: string) => {
  const { year, quarter } = quarterOfLabel(label)
  return year * 10 + quarter
}
/** 20243 → `2024Q3`. */
const labelOfFiledQuarter = (filed: number) => labelOfQuarter(Math.floor(filed / 10), filed % 10)

/** The filing that reported a value of a restated period, and the tag it reported it under. */
const reportedBy = (r: {
  acc_key: string
  form: string | null
  filed: number
  accepted: string | null
  tag: string
}) => ({
  adsh: accessionOfKey(r.acc_key),
  form: r.form,
  filed: r.filed,
  accepted: easternTime(r.accepted),
  tag: r.tag,
})

const restatementOf = (r: RestatementRankRow, metric: { key: string; label: string }) => ({
  rank: r.rank,
  cik: r.cik,
  ticker: r.ticker,
  entityName: r.entity_name,
  sic: r.sic,
  countryInc: r.countryinc,
  metric: metric.key,
  label: metric.label,
  quarters: r.quarters,
  endDate: r.end_date,
  fiscalYear: r.fy,
  fiscalPeriod: r.fp,
  unit: r.unit,
  previous: {
    vintage: r.vintage - 1,
    value: r.previous_value,
    ...reportedBy({
      acc_key: r.previous_acc_key,
      form: r.previous_form,
      filed: r.previous_filed,
      accepted: r.previous_accepted,
      tag: r.previous_tag,
    }),
  },
  restated: { vintage: r.vintage, value: r.value, ...reportedBy(r) },
  change: r.value - r.previous_value,
  changePercent: relative(r.previous_value, r.value),
})

/**
 * The whole market's restatements of a metric filed in a quarter (beyond the reference), largest change
 * first: each a step of a company's ledger, with the value before it and the filing that changed it.
 */
export async function topRestatements(store: FinancialsStore, q: RestatementTopQuery, maxOffset: number) {
  checkOffset(q, maxOffset)
  const metric = canonicalMetricOf(q.metric)
  const { filedQuarter, rows } = await store.restatementRanking({
    metric: metric.key,
    filedQuarter: q.quarter === undefined ? undefined : filedQuarterOf(q.quarter),
    skip: offsetOf(q),
    want: q.limit + 1,
  })
  if (filedQuarter === undefined) throw new ApiError('not_found', `No restatements of ${metric.key} in this snapshot.`)
  const page = toPage(rows, q)
  return {
    filters: { metric: metric.key, quarter: labelOfFiledQuarter(filedQuarter), unit: 'USD', limit: q.limit },
    data: page.data.map((r) => restatementOf(r, metric)),
    pagination: page.pagination,
  }
}
