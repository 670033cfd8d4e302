/** The companies and persons directories, and one person. */

import type { Static } from '@sinclair/typebox'
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { INSIDER_PERSONS } from '../../../pipeline/sources/insider-transactions/contract.ts'
import { personPageByGram } from './person-search.ts'

export type CompanyRow = {
  issuer_cik: number
  ticker: string | null
  name: string | null
  filing_count: number
  transaction_count: number
  reporter_count: number
  buy_count: number
  sell_count: number
  buy_shares: number
  sell_shares: number
  buy_value: number
  sell_value: number
  net_value: number
  latest_acc: string | null
  latest_accepted: string | null
  latest_transaction_date: string | null
}

const COMPANY_SELECT = sql`issuer_cik::DOUBLE AS issuer_cik, ticker, name, filing_count::DOUBLE AS filing_count,
  transaction_count::DOUBLE AS transaction_count, reporter_count::DOUBLE AS reporter_count, buy_count::DOUBLE AS buy_count,
  sell_count::DOUBLE AS sell_count, buy_shares, sell_shares, buy_value, sell_value, net_value, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date`

type Companies = { rows: readonly (CompanyRow & { search_text: string })[]; byCik: ReadonlyMap<number, CompanyRow> }

/**
 * The companies directory (13,000 issuers at full volume, a few MB), held per snapshot in its order
 * (latest filing first): a page, a `q` match and an issuer's figures then cost no query. As a query, a
 * `q` scan of every search text was over a page's target, and an issuer's row on cold blocks half of it.
 */
const INSIDER_COMPANIES = defineMemo<Companies>({
  name: 'insider-companies',
  from: ['insider_companies'],
  holds: 'the issuer directory, latest filing first, and each issuer by CIK',
  compute: async (db) => {
    const rows = await db.all<CompanyRow & { search_text: string }>(
      sql`SELECT ${COMPANY_SELECT}, search_text FROM insider_companies`,
    )
    return { rows, byCik: new Map(rows.map((r) => [r.issuer_cik, r])) }
  },
})

const insiderCompanies = (db: Db): Promise<Companies> => db.memo(INSIDER_COMPANIES)

/** `take` companies from `offset` of those whose search text holds `q` (lower case; null: all), in order. */
export async function companyPage(db: Db, q: string | null, offset: number, take: number): Promise<CompanyRow[]> {
  const { rows: all } = await insiderCompanies(db)
  const matching = q ? all.filter((r) => r.search_text.includes(q)) : all
  return matching.slice(offset, offset + take)
}

/** An issuer's directory row (its lifetime figures); undefined when it has no insider data. */
export const company = async (db: Db, cik: number): Promise<CompanyRow | undefined> =>
  (await insiderCompanies(db)).byCik.get(cik)

export type PersonRow = Static<typeof INSIDER_PERSONS.fields>

const PERSON_SELECT = sql`cik::DOUBLE AS cik, name, is_director, is_officer, is_ten_percent_owner, latest_officer_title,
  latest_issuer_cik::DOUBLE AS latest_issuer_cik, latest_issuer_ticker, latest_issuer_name, latest_acc_key::VARCHAR AS latest_acc,
  latest_accepted::VARCHAR AS latest_accepted, latest_transaction_date::VARCHAR AS latest_transaction_date,
  filing_count::DOUBLE AS filing_count, transaction_count::DOUBLE AS transaction_count, issuer_count::DOUBLE AS issuer_count`

/**
 * `take` persons from `offset` of those whose search text holds `q` (lower case; null: all), in directory
 * order: by the trigram index (person-search.ts) when it answers, else by a scan of `insider_persons`.
 */
export async function personPage(db: Db, q: string | null, offset: number, take: number): Promise<PersonRow[]> {
  const ciks = q ? await personPageByGram(db, q, { offset, take }) : undefined
  return ciks !== undefined
    ? personsByCik(db, ciks)
    : await db.all<PersonRow>(
        q
          ? sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE contains(name_lower, ${q}) LIMIT ${take} OFFSET ${offset}`
          : sql`SELECT ${PERSON_SELECT} FROM insider_persons WHERE position >= ${offset} AND position < ${offset + take}`,
      )
}

/**
 * The persons of `ciks`, in that order: lines of the `insiderPersons` lookup file (contract INSIDER_PERSONS),
 * not a query (serving.ts insiderLookups says why).
 */
function personsByCik(db: Db, ciks: number[]): PersonRow[] {
  return ciks.flatMap((cik) => INSIDER_PERSONS.get(db, cik))
}

/** A person's record; undefined when no ownership filing names the CIK. */
export const person = (db: Db, cik: number): PersonRow | undefined => personsByCik(db, [cik])[0]
