/**
 * The segment revenue operations (docs/api/financials.md, Segment revenue): one fiscal period (the latest fiscal year by default;
 * `period` a fiscal year, `qtrs` 1–3 a fiscal quarter, `accessionNumber` one filing) or several fiscal
 * years aligned (`compare`), each with its revenue by segment from `fin_segment_rows` (the build's rules
 * in financial-statements/segments.ts), read from its lookup file by company and fiscal quarter
 * (store/segments.ts), and its totals (segment-rules.ts). The geography and product-service variants are
 * the main operation with `segmentType` fixed.
 *
 * A fiscal period is answered by the latest filing that reports its segments asked (type, axis):
 * segment-rules.ts fromLatestFiling. An `accessionNumber` answers that filing's own period, or with `period`
 * the comparative column of that fiscal year.
 */

import { ApiError } from '../../http/errors.ts'
import { accessionKey, accessionOfKey, formatCik, normalizeAccession } from '../../lib/ids.ts'
import { knownOn } from '../../reference/point-in-time.ts'
import { easternTime } from '../common/edgar-values.ts'
import { issuerBody, knownIssuer } from './issuer.ts'
import { pointInTimeFilters, pointInTimeOf } from './point-in-time.ts'
import { fromLatestFiling, labelOf, percentOf, periodTotals } from './segment-rules.ts'
import type { SegmentRequest } from './segment-schemas.ts'
import type { FinancialsStore, SegmentRow as Row } from './store/index.ts'

/** An axis as asked (`srt:ProductOrServiceAxis`) as FSDS names it (`ProductOrService`). */
const axisName = (axis: string) => axis.replace(/^[^:]*:/, '').replace(/Axis$/, '')

export async function segments(store: FinancialsStore, identifier: string, q: SegmentRequest, compare: boolean) {
  const issuer = knownIssuer(store, await store.resolveIdentifier(identifier), identifier)
  const qtrs = q.qtrs ?? 4
  const types = q.segmentType ? [...new Set(q.segmentType.split(','))] : null
  const years = compare && q.periods ? [...new Set(q.periods.split(',').map(Number))] : null
  const accession = !compare && q.accessionNumber ? normalizeAccession(q.accessionNumber) : null
  const period = !compare && q.period ? Number(q.period) : null
  // All of the company's rows of that fiscal quarter (or of one filing, in any of the four): tens to hundreds
  // of rows, picked here.
  // As of a day: the filings known by then only (point-in-time.ts), and of each period their latest (or first).
  const at = pointInTimeOf(q)
  const all = (
    accession
      ? store.filingSegmentRows(issuer.cik, accessionKey(accession).toString())
      : store.segmentRows(issuer.cik, qtrs)
  ).filter((r) => at?.day === undefined || knownOn(r) <= at.day)
  const latestYear = Math.max(...all.map((r) => r.fy))
  const wanted = (r: Row) =>
    period !== null
      ? r.fy === period
      : accession !== null
        ? r.years_back === 0
        : years
          ? years.includes(r.fy)
          : r.fy > latestYear - (compare ? 3 : 1)
  const axis = q.axis === undefined ? null : axisName(q.axis).toLowerCase()
  const asked = all.filter(
    (r) => (!types || types.includes(r.segment_type)) && (axis === null || r.axis.toLowerCase() === axis),
  )
  const kept = fromLatestFiling(asked.filter(wanted), at?.vintage === 'first').sort(
    (a, b) => b.fy - a.fy || a.axis.localeCompare(b.axis) || b.value - a.value || a.member.localeCompare(b.member),
  )
  if (!kept.length)
    throw new ApiError(
      'not_found',
      `No segment revenue for ${formatCik(issuer.cik)}` +
        (accession
          ? ` in filing ${accession}`
          : ` for ${qtrs === 4 ? 'fiscal year' : `fiscal quarter ${qtrs} of`} ${years?.join(', ') ?? q.period ?? 'the latest period'}`) +
        (types || axis ? ' with the asked segment type or axis.' : '.'),
    )
  const byYear = Map.groupBy(kept, (r) => r.fy)
  // Compare: the same segment at the same position in every period, in the newest period's order.
  const order = new Map(kept.map((r, i) => [`${r.axis}|${r.member}`, i] as const).reverse())
  const periods = [...byYear.values()].map((rs) => {
    const first = rs[0]!
    const sorted = compare
      ? [...rs].sort((a, b) => order.get(`${a.axis}|${a.member}`)! - order.get(`${b.axis}|${b.member}`)!)
      : rs
    return {
      adsh: accessionOfKey(first.acc_key),
      form: first.form,
      fiscalYear: first.fy,
      fiscalPeriod: first.fp,
      period: first.period,
      filed: first.filed,
      accepted: easternTime(first.accepted),
      endDate: first.end_date,
      quarters: first.quarters,
      totalRevenue: first.total_revenue,
      ...periodTotals(rs, first.total_revenue),
      rows: sorted.slice(0, q.limit).map((r) => ({
        name: labelOf(r.member),
        segmentType: r.segment_type,
        axisQname: r.axis,
        axisLabel: labelOf(r.axis),
        memberQname: r.member,
        memberLabel: labelOf(r.member),
        value: r.value,
        unit: r.unit,
        percentOfRevenue: percentOf(r.value, r.total_revenue),
        sourceTag: r.tag,
        sourceVersion: r.version,
        strategy: 'segment_priority',
        ruleId: r.rule_id,
        confidence: r.confidence,
      })),
    }
  })
  return {
    issuer: issuerBody(issuer),
    filters: {
      metric: 'revenue',
      axis: q.axis ?? null,
      // The comma lists as given, without repeats: strings, as the reference declares them.
      segmentType: types?.join(',') ?? null,
      period: compare ? null : (q.period ?? null),
      periods: years?.join(',') ?? null,
      accessionNumber: accession,
      qtrs,
      limit: q.limit,
      ...pointInTimeFilters(q),
    },
    periods,
  }
}
