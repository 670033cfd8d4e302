/**
 * The Institutions store: everything the area reads, and how. Its SQL reads the serving tables of the
 * 13F source (src/pipeline/sources/form-13f/contract.ts), each sorted on the manager's CIK and quarter;
 * the operations on one manager start from its line of quarters in the `instQuarters` lookup file, and a
 * list's first page is in a lookup file where the build wrote one (lookups.ts), a deeper page a query.
 * What the operations send was computed by the build. Arguments come checked and normalized (a CIK as a
 * number, a quarter as its last day); "not there" is `undefined`.
 */
import type { Db } from '../../../db/client.ts'
import type { Sort } from '../rows.ts'
import { activityOf, DEFAULT_QUARTER } from './activity.ts'
import { flowsOf } from './flows.ts'
import { holdingsOf, holdingsOfQuarters } from './holdings.ts'
import { breakdownOf, filingOf, filingsOf, quarterOf, quartersOf } from './lookups.ts'
import { MANAGERS_BY_CIK, type ManagerSearch, managerPage } from './managers.ts'

export type { ManagerSearch } from './managers.ts'

export const institutionsStore = (db: Db) => ({
  /** Rows [offset, offset + count) of the managers' directory, largest latest portfolio first. */
  managerPage: (search: ManagerSearch | undefined, offset: number, count: number) =>
    managerPage(db, search, offset, count),
  /** A manager's directory row; undefined for a CIK that filed no 13F. */
  manager: async (cik: number) => (await db.memo(MANAGERS_BY_CIK)).get(cik),
  /** A manager's quarters, newest first; none for a CIK that filed no 13F. */
  quarters: (cik: number) => quartersOf(db, cik),
  /** A manager's quarter `qend` (default: its latest with holdings); `known` false for a CIK that filed no 13F. */
  quarter: (cik: number, qend: string | undefined) => quarterOf(db, cik, qend),
  /** A manager's filings, newest quarter first and within a quarter the latest filing first. */
  filings: (cik: number) => filingsOf(db, cik),
  /** A manager's filing of that accession number. */
  filing: (cik: number, accession: string) => filingOf(db, cik, accession),
  /** `count` holdings of a manager's quarter by `sort`, from the `offset`th. */
  holdings: (cik: number, qend: string, sort: Sort, offset: number, count: number) =>
    holdingsOf(db, cik, qend, sort, offset, count),
  /** Each quarter's first `limit` holdings by `sort`, by quarter end. */
  holdingsOfQuarters: (cik: number, ends: string[], sort: Sort, limit: number) =>
    holdingsOfQuarters(db, cik, ends, sort, limit),
  /** Rows [offset, offset + count) of a manager's buys or sells in a quarter (only new or sold out positions with `only`). */
  flows: (cik: number, qend: string, kind: 'buy' | 'sell', only: boolean, offset: number, count: number) =>
    flowsOf(db, cik, qend, kind, only, offset, count),
  /** A manager's quarter by sector or by industry, in rank order. */
  breakdown: (cik: number, qend: string, level: 'sector' | 'industry') => breakdownOf(db, cik, qend, level),
  /** The activity's default quarter (of `year`, when given): the latest complete one, else the latest; null when none. */
  activityQuarter: (year: number | undefined) => db.memo(DEFAULT_QUARTER, year === undefined ? undefined : `${year}`),
  /** The first `limit` securities of each of the quarter's activity lists, by list and rank. */
  activity: (qend: string, limit: number) => activityOf(db, qend, limit),
})

export type InstitutionsStore = ReturnType<typeof institutionsStore>
