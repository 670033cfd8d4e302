/**
 * The Insiders operations as `npm run bench` drives them (src/areas/bench.ts): the feeds with and
 * without filters, the directories with `q`, the daily leaders on a drawn date, owners of the issuer
 * with the most owners, and a person's pages.
 */
import { type BenchKeys, type BenchOperation, withTargets, withTicker } from '../bench.ts'

export const INSIDERS_BENCH_KEYS: BenchKeys[] = [
  {
    name: 'insiderPerson',
    uniform: (t) => `SELECT DISTINCT owner_cik::VARCHAR AS v FROM ${t('insider_owners')}`,
    // The insiders who file most (a chief executive selling every month): the people asked about most.
    popular: (t) =>
      `SELECT owner_cik::VARCHAR AS v FROM ${t('insider_owners')} GROUP BY ALL ORDER BY count(*) DESC, v LIMIT 200`,
  },
  {
    name: 'insiderDay',
    uniform: (t) =>
      `SELECT DISTINCT transaction_date::VARCHAR AS v FROM ${t('insider_transactions')} WHERE transaction_date BETWEEN DATE '2006-01-01' AND filing_date`,
    // The latest days first: the daily leaders are asked for about the last few weeks.
    popular: (t) =>
      `SELECT DISTINCT transaction_date AS d, d::VARCHAR AS v FROM ${t('insider_transactions')} WHERE transaction_date BETWEEN DATE '2006-01-01' AND filing_date ORDER BY d DESC LIMIT 60`,
  },
  {
    name: 'insiderIssuer',
    uniform: (t) => `SELECT DISTINCT issuer_ticker AS v FROM ${t('insider_filings')} WHERE issuer_ticker IS NOT NULL`,
    popular: (t) =>
      `SELECT issuer_ticker AS v FROM ${t('insider_positions')} WHERE issuer_ticker IS NOT NULL GROUP BY ALL ORDER BY count(DISTINCT owner_cik) DESC LIMIT 200`,
  },
]

const person = (d: Parameters<BenchOperation['path']>[0], make: (cik: string) => string) => {
  const cik = d.key('insiderPerson')
  return cik ? make(cik) : undefined
}
const issuer = (d: Parameters<BenchOperation['path']>[0], make: (ticker: string) => string) => {
  const ticker = d.key('insiderIssuer')
  return ticker ? make(encodeURIComponent(ticker)) : withTicker(d, make)
}

/** Issue 17's targets: c=1 p50 at most 2 ms for each operation, c=16 p99 at most 50 ms. */
export const INSIDERS_BENCH: BenchOperation[] = withTargets({ p50Ms: 2, p99MsAt16: 50 }, [
  { name: 'insider feed', kind: 'list', path: () => '/v1/insiders/transactions' },
  {
    name: 'insider feed, filtered',
    kind: 'list',
    path: (_d, rnd) =>
      rnd() < 0.5
        ? '/v1/insiders/transactions?transactionCode=P&derivative=false&minValue=100000'
        : '/v1/insiders/transactions?acquiredDisposed=D&insiderRole=officer&limit=20',
  },
  {
    name: 'insider feed of an issuer',
    kind: 'list',
    path: (d, rnd) => issuer(d, (t) => `/v1/insiders/${t}/transactions${rnd() < 0.5 ? '?acquiredDisposed=D' : ''}`),
  },
  {
    name: 'insider companies by q',
    kind: 'list',
    path: (d) => `/v1/insiders/companies?q=${encodeURIComponent(d.nameQuery())}`,
  },
  {
    name: 'insider persons by q',
    kind: 'list',
    path: (d) => `/v1/insiders/persons?q=${encodeURIComponent(d.nameQuery())}`,
  },
  { name: 'insider statistics', kind: 'lookup', path: () => '/v1/insiders/statistics' },
  {
    name: 'insider buying window',
    kind: 'list',
    path: (d) => {
      const w = d.window()
      return `/v1/insiders/activity/buying?from=${w.startDate}&end=${w.endDate}`
    },
  },
  {
    name: 'insider selling window',
    kind: 'list',
    path: (d) => {
      const w = d.window()
      return `/v1/insiders/activity/selling?from=${w.startDate}&end=${w.endDate}`
    },
  },
  {
    name: 'insider top buyers',
    kind: 'list',
    path: (d) => {
      const day = d.key('insiderDay')
      return day ? `/v1/insiders/activity/daily/top-buyers?date=${day}` : undefined
    },
  },
  {
    name: 'insider top sellers',
    kind: 'list',
    path: (d) => {
      const day = d.key('insiderDay')
      return day ? `/v1/insiders/activity/daily/top-sellers?date=${day}` : undefined
    },
  },
  { name: 'insider owners', kind: 'list', path: (d) => issuer(d, (t) => `/v1/insiders/${t}/owners`) },
  { name: 'insider buy-sell ratio', kind: 'lookup', path: (d) => issuer(d, (t) => `/v1/insiders/${t}/buy-sell-ratio`) },
  { name: 'insider net shares', kind: 'lookup', path: (d) => issuer(d, (t) => `/v1/insiders/${t}/net-shares`) },
  { name: 'insider net value', kind: 'lookup', path: (d) => issuer(d, (t) => `/v1/insiders/${t}/net-value`) },
  { name: 'insider person', kind: 'lookup', path: (d) => person(d, (c) => `/v1/insiders/person/${c}`) },
  {
    name: 'insider person transactions',
    kind: 'list',
    path: (d) => person(d, (c) => `/v1/insiders/person/${c}/transactions`),
  },
  { name: 'insider person holdings', kind: 'list', path: (d) => person(d, (c) => `/v1/insiders/person/${c}/holdings`) },
  {
    name: 'insider person holdings summary',
    kind: 'list',
    path: (d) => person(d, (c) => `/v1/insiders/person/${c}/holdings/summary`),
  },
  {
    name: 'insider person ownership',
    kind: 'list',
    path: (d) => person(d, (c) => `/v1/insiders/person/${c}/ownership`),
  },
])
