/**
 * Owners of an issuer and holdings of a person, from the build's positions (each owner's latest reported
 * balance of each security: title, derivative or not, direct or indirect, nature), which the store reads
 * (store/positions.ts). Only the request's filters (derivative or not, active since) are applied here,
 * over one issuer's or one person's positions, then summed per owner (or issuer) and per security title.
 */

import type { QueryConfig } from '../../config.ts'
import { accessionOfKey, formatCik } from '../../lib/ids.ts'
import { easternTime } from '../common/edgar-values.ts'
import { issuerCikOf, notFound, personOf } from './not-found.ts'
import { filingUrl, issuerOf } from './rows.ts'
import type { InsidersStore, PositionRow } from './store/index.ts'

export const METHODOLOGY =
  'Totals are heuristic sums of the latest balances reporting owners gave in their Forms 3, 4 and 5 (shares owned ' +
  'following each transaction, and holdings), per security title and ownership form. They are not SEC-certified ' +
  'beneficial ownership: the same shares can be counted twice (joint filers, trusts, indirect holdings reported by ' +
  'several owners) or missed (positions never reported again, share classes, derivatives not converted).'

export type HoldingQuery = {
  includeDerivative?: string
  includeNonDerivative?: string
  activeSince?: string
}

/** The filters as applied: derivative rows off and non-derivative on by default; active since five years ago. */
export function holdingFilters(q: HoldingQuery, now: Date) {
  const five = new Date(now)
  five.setUTCFullYear(five.getUTCFullYear() - 5)
  return {
    includeDerivative: q.includeDerivative === 'true',
    includeNonDerivative: q.includeNonDerivative !== 'false',
    activeSince: q.activeSince ?? five.toISOString().slice(0, 10),
  }
}
type Filters = ReturnType<typeof holdingFilters>

type Totals = {
  totalShares: number
  directShares: number
  indirectShares: number
  unspecifiedOwnershipShares: number
  nonDerivativeShares: number
  derivativeShares: number
  positionCount: number
}
const zero = (): Totals => ({
  totalShares: 0,
  directShares: 0,
  indirectShares: 0,
  unspecifiedOwnershipShares: 0,
  nonDerivativeShares: 0,
  derivativeShares: 0,
  positionCount: 0,
})
function add(t: Totals, p: PositionRow) {
  t.totalShares += p.shares
  if (p.direct_indirect === 'D') t.directShares += p.shares
  else if (p.direct_indirect === 'I') t.indirectShares += p.shares
  else t.unspecifiedOwnershipShares += p.shares
  if (p.derivative) t.derivativeShares += p.shares
  else t.nonDerivativeShares += p.shares
  t.positionCount++
}

/** Positions grouped by `keyOf`, each group with its totals, its security types and its latest position. */
function group(archives: string, rows: PositionRow[], keyOf: (p: PositionRow) => number) {
  const groups = new Map<
    number,
    { first: PositionRow; latest: PositionRow; totals: Totals; types: Map<string, Totals> }
  >()
  for (const p of rows) {
    const k = keyOf(p)
    let g = groups.get(k)
    if (!g) {
      g = { first: p, latest: p, totals: zero(), types: new Map() }
      groups.set(k, g)
    }
    add(g.totals, p)
    const title = p.security_title ?? ''
    if (!g.types.has(title)) g.types.set(title, zero())
    add(g.types.get(title)!, p)
    if (
      (p.position_date ?? '') > (g.latest.position_date ?? '') ||
      ((p.position_date ?? '') === (g.latest.position_date ?? '') &&
        (p.accepted_at ?? '') > (g.latest.accepted_at ?? ''))
    )
      g.latest = p
  }
  return [...groups.values()]
    .map((g) => ({
      ...g,
      latestFields: {
        latestPositionDate: g.latest.position_date,
        latestAccepted: easternTime(g.latest.accepted_at),
        latestAccessionNumber: accessionOfKey(g.latest.acc),
        latestFilingUrl: filingUrl(archives, g.latest.issuer_cik, g.latest.acc),
      },
      securityTypes: [...g.types]
        .sort((a, b) => b[1].totalShares - a[1].totalShares || (a[0] < b[0] ? -1 : 1))
        .map(([title, t]) => ({ securityType: title || null, ...t })),
    }))
    .sort((a, b) => b.totals.totalShares - a.totals.totalShares || keyOf(a.first) - keyOf(b.first))
}

export async function listOwners(
  store: InsidersStore,
  config: QueryConfig,
  ticker: string,
  q: HoldingQuery & { limit: number },
  now: Date,
) {
  const cik = await issuerCikOf(store, ticker)
  const issuerRow = await store.company(cik)
  if (!issuerRow) throw notFound('Insider transaction snapshot was not found for the ticker.')
  const f = holdingFilters(q, now)
  const rows = store.issuerPositions(cik).filter((p) => kept(f, p))
  const owners = group(config.archivesUrl, rows, (p) => p.owner_cik)
    .slice(0, q.limit)
    .map((g, i) => ({
      rank: i + 1,
      reporterCik: formatCik(g.latest.owner_cik),
      reporterName: g.latest.owner_name,
      director: g.latest.is_director,
      officer: g.latest.is_officer,
      tenPercentOwner: g.latest.is_ten_percent_owner,
      officerTitle: g.latest.officer_title,
      ...g.totals,
      ...g.latestFields,
      securityTypes: g.securityTypes,
    }))
  return {
    issuer: issuerOf({ issuer_cik: cik, issuer_ticker: issuerRow.ticker, issuer_name: issuerRow.name }),
    filters: { ...f, limit: q.limit },
    methodology: METHODOLOGY,
    owners,
  }
}

/** Whether the request's filters keep a position: its kind (derivative or not) and active since. */
const kept = (f: Filters, p: PositionRow) =>
  (p.derivative ? f.includeDerivative : f.includeNonDerivative) && (p.position_date ?? '') >= f.activeSince

/** A person's positions; 404 when no filing names the person. */
async function personPositions(store: InsidersStore, cik: number) {
  const rows = store.ownerPositions(cik)
  if (!rows.length) personOf(store, cik)
  return rows
}

/** Every position of a person (`ownership`: only those with shares left). */
export async function listHoldings(store: InsidersStore, config: QueryConfig, cik: number, onlyHeld: boolean) {
  const rows = (await personPositions(store, cik)).filter((p) => !onlyHeld || p.shares > 0)
  return {
    cik: formatCik(cik),
    holdings: rows.map((p) => {
      const form = `FORM${(p.form_type ?? '4').replace('/A', '')}`
      return {
        issuer: issuerOf(p),
        securityType: p.security_title,
        currentShares: p.shares,
        directOrIndirectOwnership: p.direct_indirect,
        natureOfOwnership: p.nature_of_ownership,
        derivative: p.derivative,
        underlyingSecurityTitle: p.underlying_title,
        underlyingSecurityShares: p.underlying_shares,
        exercisePrice: p.exercise_price,
        exerciseDate: p.exercise_date,
        expirationDate: p.expiration_date,
        latestPositionDate: p.position_date,
        latestAccepted: easternTime(p.accepted_at),
        latestSourceForm: form,
        latestSourceKind: `${form}_${p.record === 'holding' ? 'REPORTED_HOLDING' : 'REPORTED_BALANCE'}`,
        latestAccessionNumber: accessionOfKey(p.acc),
        latestFilingUrl: filingUrl(config.archivesUrl, p.issuer_cik, p.acc),
      }
    }),
  }
}

export async function holdingsSummary(
  store: InsidersStore,
  config: QueryConfig,
  cik: number,
  q: HoldingQuery,
  now: Date,
) {
  const f = holdingFilters(q, now)
  const rows = (await personPositions(store, cik)).filter((p) => kept(f, p))
  return {
    cik: formatCik(cik),
    filters: f,
    methodology: METHODOLOGY,
    issuers: group(config.archivesUrl, rows, (p) => p.issuer_cik).map((g) => ({
      issuer: issuerOf(g.latest),
      ...g.totals,
      ...g.latestFields,
      securityTypes: g.securityTypes,
    })),
  }
}
