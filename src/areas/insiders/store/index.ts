/**
 * The Insiders store: the area's only way to the data. Over the serving tables and lookup files of the
 * insider source (its contract.ts), each read sorted on the key it filters by, it holds the queries, the
 * lookup files read, the snapshot memos and which of them answers when (a feed page from lookup lines
 * else a query, a person search by trigram else a scan). Its methods take checked, normalized arguments
 * and give rows and records, `undefined` for "not there"; the routes (../index.ts) shape them.
 */
import type { Db } from '../../../db/client.ts'
import { cikForTicker } from '../../common/store/identifiers.ts'
import { company, companyPage, person, personPage } from './directories.ts'
import { type FeedFilters, type FeedScope, feedRows, transactionsAt } from './feeds.ts'
import { activityDays, dailyLeaders, type LeaderType, statistics } from './figures.ts'
import { positionsOf } from './positions.ts'
import { activityWindow } from './windows.ts'

export const insidersStore = (db: Db) => ({
  /** The issuer a ticker names (its primary ticker first, docs/api/insiders.md); undefined when it names nobody. */
  issuerCik: (ticker: string) => cikForTicker(db, ticker),
  /** A page of the companies directory, latest filing first; `q` lower case, null for every issuer. */
  companyPage: (q: string | null, offset: number, take: number) => companyPage(db, q, offset, take),
  /** An issuer's directory row with its lifetime figures; undefined when it has no insider data. */
  company: (cik: number) => company(db, cik),
  /** A page of the persons directory, latest filing first; `q` lower case, null for every person. */
  personPage: (q: string | null, offset: number, take: number) => personPage(db, q, offset, take),
  /** A reporting owner's record; undefined when no ownership filing names the CIK. */
  person: (cik: number) => person(db, cik),
  /** The first `take` rows of a feed that pass the filters, in feed order (positions, a person's record). */
  feedRows: (scope: FeedScope, f: FeedFilters, take: number) => feedRows(db, scope, f, take),
  /** The transactions at feed positions, in their order. */
  transactions: (positions: number[]) => transactionsAt(db, positions),
  /**
   * Where an activity window's first `take` transactions (after the position `after`) are (windows.ts);
   * undefined when it has none.
   */
  activityWindow: (side: string, take: number, from?: string, end?: string, after?: number) =>
    activityWindow(db, side, take, from, end, after),
  /** The row of statistics over everything covered. */
  statistics: () => statistics(db),
  /** The transaction dates covered and the daily leaders' default dates. */
  activityDays: () => activityDays(db),
  /** A day's first `limit` leaders of one type and scope, in rank order. */
  dailyLeaders: (key: { date: string; openMarketOnly: boolean; type: LeaderType }, limit: number) =>
    dailyLeaders(db, key, limit),
  /** An issuer's positions, in stored order. */
  issuerPositions: (cik: number) => positionsOf(db, 'issuer', cik),
  /** An owner's positions, in stored order. */
  ownerPositions: (cik: number) => positionsOf(db, 'owner', cik),
})

export type InsidersStore = ReturnType<typeof insidersStore>

export type { CompanyRow, PersonRow } from './directories.ts'
export type { FeedRow } from './feed-lines.ts'
export type { FeedFilters, FeedScope } from './feeds.ts'
export type { LeaderRow, LeaderType, StatisticsRow } from './figures.ts'
export type { PositionRow } from './positions.ts'
