/**
 * The restatement ledger (docs/api/financials.md, Restatements; beyond the reference): each period of a
 * company's metrics that a later filing reported with another value, every value in filing order with its
 * filing, and the change from the one before; the period's change is from the first-reported value to the
 * latest. The vintages are the build's (company-facts vintages.ts); reads in store/restatements.ts.
 */
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import { accessionOfKey } from '../../lib/ids.ts'
import { easternTime } from '../common/edgar-values.ts'
import { issuerBody, knownIssuer } from './issuer.ts'
import { checkQtrs, parseSymbols, windowOf } from './series.ts'
import type { RestatementsQuery } from './series-schemas.ts'
import type { FinancialsStore } from './store/index.ts'

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
          adsh: accessionOfKey(v.acc_key),
          form: v.form,
          filed: v.filed,
          accepted: easternTime(v.accepted),
          tag: v.tag,
        })),
      }
    }),
    pagination: page.pagination,
  }
}
