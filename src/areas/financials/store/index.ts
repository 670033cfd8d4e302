/**
 * The Financials store: everything the area reads, over one request's snapshot-bound db. The filing-level
 * reads are lookup files by `acc_key` (filings.ts) except a standardized statement at another period end
 * than the filing's own (standardized.ts: lookup file else query); the company and its filings are lookup
 * files by CIK (issuers.ts); the series are lookup files by company and series, through two snapshot
 * memos (series-points.ts); segments a lookup file by company and fiscal quarter (segments.ts); the
 * concept search and the rankings are queries (concepts.ts, rankings.ts). A ticker or a path identifier
 * resolves like everywhere else (common/store/identifiers.ts). Nothing is read until a method is called.
 */

import type { Db } from '../../../db/client.ts'
import type { StatementCode } from '../../../pipeline/sources/financial-statements/contract.ts'
import type { CanonicalStatement } from '../../../reference/canonical-metrics.ts'
import { cikForTicker, resolveIdentifier } from '../../common/store/identifiers.ts'
import { type ConceptSearch, conceptsMatching } from './concepts.ts'
import { filingRow, statementLines, statementRows } from './filings.ts'
import { companyFilings, financialIssuer } from './issuers.ts'
import { type MetricRanking, metricRanking, type RatioRanking, ratioRanking } from './rankings.ts'
import { type RestatedFilter, type RestatementRanking, restatedPeriods, restatementRanking } from './restatements.ts'
import { filingSegmentRows, segmentRows } from './segments.ts'
import {
  type PeriodFilter,
  type SeriesKind,
  type SeriesName,
  seriesPoints,
  seriesVintageLines,
  type VintagesWanted,
  vintageOfLine,
} from './series-points.ts'
import { standardizedValues } from './standardized.ts'

export type { ConceptMeta } from './concept-meta.ts'
export type { ConceptRow, ConceptSearch } from './concepts.ts'
export type { FilingRow, LineRow, StatementRow } from './filings.ts'
export type { CompanyFilingRow, Issuer } from './issuers.ts'
export type { FilingColumns, MetricRankRow, RankedCompany, RankingAt, RatioRankRow } from './rankings.ts'
export type { RestatedPeriodRow, RestatementRankRow } from './restatements.ts'
export type { SegmentRow } from './segments.ts'
export type { PeriodFilter, RatioVintageRow, SeriesKind, SeriesName, VintageRow } from './series-points.ts'
export { canonicalSeries, lineHoldsEveryVintage } from './series-points.ts'
export type { ValueRow } from './standardized.ts'

export const financialsStore = (db: Db) => ({
  /** The CIK whose ticker this is (primary listing first), or undefined. */
  cikForTicker: (ticker: string) => cikForTicker(db, ticker),
  /** The CIK a path identifier (a CIK or a ticker) names, or undefined. */
  resolveIdentifier: (identifier: string) => resolveIdentifier(db, identifier),
  /** The company with this CIK in the financial data, or undefined. */
  issuer: (cik: number) => financialIssuer(db, cik),
  /** The company's 10-K and 10-Q filings at positions [from, to), newest accepted first. */
  companyFilings: (cik: number, from: number, to: number) => companyFilings(db, cik, from, to),
  /** The concepts matching a search, the `want` after the first `skip`. */
  conceptsMatching: (search: ConceptSearch, skip: number, want: number) => conceptsMatching(db, search, skip, want),
  /** The filing's FSDS row by its accession key, or undefined. */
  filing: (accKey: bigint) => filingRow(db, accKey),
  /** Every presented row of the filing, in statement order. */
  statementRows: (accKey: bigint) => statementRows(db, accKey),
  /** The lines of one statement of the filing, with their tags' metadata. */
  statementLines: (accKey: bigint, stmt: StatementCode) => statementLines(db, accKey, stmt),
  /** A standardized statement's values at one period of the filing. */
  standardizedValues: (
    accKey: bigint,
    statement: CanonicalStatement,
    endDate: number,
    quarters: number,
    ownPeriod: boolean,
  ) => standardizedValues(db, accKey, statement, endDate, quarters, ownPeriod),
  /** The points of several metric or ratio series of a company in the asked periods, one list per name, latest first. */
  seriesPoints: (kind: SeriesKind, cik: number, names: readonly SeriesName[], periods: PeriodFilter) =>
    seriesPoints(db, kind, cik, names, periods),
  /** The wanted vintage lines of several metric or ratio series of a company, one list per name (series-points.ts). */
  seriesVintageLines: (
    kind: SeriesKind,
    cik: number,
    names: readonly SeriesName[],
    wanted: (name: number) => VintagesWanted,
  ) => seriesVintageLines(db, kind, cik, names, wanted),
  /** A vintage line parsed. */
  vintageOfLine,
  /** A company's restated periods, newest first: the `want` after the first `skip`. */
  restatedPeriods: (cik: number, filter: RestatedFilter, skip: number, want: number) =>
    restatedPeriods(db, cik, filter, skip, want),
  /** A page of a metric's restatements of a quarter (its latest without one), largest change first. */
  restatementRanking: (ranking: RestatementRanking) => restatementRanking(db, ranking),
  /** The top of a metric's ranking. */
  metricRanking: (ranking: MetricRanking) => metricRanking(db, ranking),
  /** The top of a ratio's ranking. */
  ratioRanking: (ranking: RatioRanking) => ratioRanking(db, ranking),
  /** The company's segment rows of one fiscal quarter (4: the year). */
  segmentRows: (cik: number, fiscalQuarter: number) => segmentRows(db, cik, fiscalQuarter),
  /** The company's segment rows of one filing. */
  filingSegmentRows: (cik: number, accKey: string) => filingSegmentRows(db, cik, accKey),
})

export type FinancialsStore = ReturnType<typeof financialsStore>
