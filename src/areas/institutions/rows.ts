/**
 * Institutions rows: the records the store (store/index.ts) returns, and those rows into the API's shapes.
 * The store's queries cast counts and dollar values to DOUBLE (DuckDB hands BIGINTs to JavaScript as text)
 * and dates to text; these functions only rename and format.
 */
import type { Static } from 'elysia'
import { accessionKey, formatCik } from '../../lib/ids.ts'
import type {
  FilingLine,
  FlowLine,
  HoldingLine,
  QuarterLine as QuarterLineSchema,
  SectorLine,
} from '../../pipeline/sources/form-13f/contract.ts'
import { filingIndexUrl, utcTime } from '../common/edgar-values.ts'
import { quarterLabel } from './quarters.ts'
import type { Holding, InstitutionFiling, Manager } from './schemas.ts'

/** A security's shares and dollar values in a quarter, the quarter before, and the difference (flows, activity). */
export type NetChangeRecord = {
  current_shares: number
  prior_shares: number
  net_shares: number
  current_value: number
  prior_value: number
  net_value: number
}

/** A security's line of the market-wide activity of a quarter (inst_activity): one of four lists, by rank. */
export type ActivityRecord = NetChangeRecord & {
  list: string
  ticker: string | null
  cusip: string
  issuer_name: string | null
  title_of_class: string | null
  put_call: string | null
  filer_count: number
  prior_filer_count: number
}

export const netChangeOf = (r: NetChangeRecord) => ({
  currentShares: r.current_shares,
  priorShares: r.prior_shares,
  netShares: r.net_shares,
  currentValue: r.current_value,
  priorValue: r.prior_value,
  netValue: r.net_value,
})

/** A filing as the `instFilings` lookup file holds it (the 13F contract's FilingLine). */
export type FilingRecord = Static<typeof FilingLine>

/** A manager's quarter as `instQuarters` holds it. */
export type QuarterLine = Static<typeof QuarterLineSchema>

/** A buy or a sell as `instTopFlows` holds it, and as the deeper pages' query selects it from inst_flows. */
export type FlowRecord = Static<typeof FlowLine>

/** A sector's or an industry's line of a manager's quarter (`instSectors`). */
export type BreakdownRecord = Static<typeof SectorLine>

/** A manager's directory row (inst_managers). */
export type ManagerRow = {
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

/**
 * A filing's integer id, where the reference has one: its accession number's 18 digits as a number
 * (0001699243-26-000005 → 169924326000005), the same for the filing in every snapshot. Exact while the
 * filer agent's CIK (the first 10 digits) is below 90,071,992 (2^53 / 10^8); EDGAR's are below 2.1 million.
 */
export const form13fId = (accession: string) => Number(accessionKey(accession))

type ManagerOut = Static<typeof Manager>
const managerOut = (m: ManagerOut & { managerCik: unknown }): ManagerOut => ({
  ...m,
  managerCik: m.managerCik === null ? null : formatCik(String(m.managerCik)),
})

export function toFiling(archives: string, r: FilingRecord): Static<typeof InstitutionFiling> {
  const managers = (r.managers ? JSON.parse(r.managers) : []) as ManagerOut[]
  return {
    form13fId: form13fId(r.accession),
    formType: r.form,
    reportType: r.report_type,
    accessionNumber: r.accession,
    filingDate: r.filed,
    periodOfReport: r.period,
    quarter: quarterLabel(r.qend),
    receivedDate: utcTime(r.accepted_at),
    sourceUrl: filingIndexUrl(archives, r.cik, r.accession),
    isNotice: r.role === 'notice',
    isAmendment: r.is_amendment,
    amendmentType: r.amendment_type,
    hasInformationTable: r.holdings_loaded > 0,
    holdingsLoadedCount: r.holdings_loaded,
    securityCount: r.security_count,
    portfolioValue: r.value,
    otherManagerCount: r.other_manager_count,
    noticeManagerCount: r.notice_manager_count,
    holdingManagerLinkCount: r.manager_link_count,
    noticeManagers: managers.filter((m) => m.type === 'notice').map(managerOut),
    otherManagers: managers.filter((m) => m.type === 'included').map(managerOut),
  }
}

/** A holding as the holdings lookup files hold it, and as the holdings queries select it (with its quarter). */
export type HoldingRecord = Static<typeof HoldingLine> & { qend?: string }

/** The orders of a manager's holdings: by value (weight is the same order) or by shares. */
export type Sort = 'value' | 'shares' | 'weight'

/** Percent with four decimals, null without a total. */
export const percent = (part: number, total: number) =>
  total > 0 ? Math.round((part * 100 * 10_000) / total) / 10_000 : null

export const toHolding = (r: HoldingRecord, total: number): Static<typeof Holding> => ({
  ticker: r.ticker,
  issuerCik: r.issuer_cik === null ? null : formatCik(r.issuer_cik),
  issuerName: r.issuer_name,
  titleOfClass: r.title_of_class,
  cusip: r.cusip,
  putCall: r.put_call,
  shares: r.shares,
  shareType: r.share_type,
  value: r.value,
  weightPercent: r.value === null ? null : percent(r.value, total),
  investmentDiscretion: r.investment_discretion,
  votingAuthoritySole: r.voting_sole,
  votingAuthorityShared: r.voting_shared,
  votingAuthorityNone: r.voting_none,
})
