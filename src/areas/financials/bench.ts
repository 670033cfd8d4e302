/**
 * The Financials operations as `npm run bench` drives them (src/areas/bench.ts): each filing-level
 * operation over an FSDS filing drawn uniformly (uniform mix) or by popularity (skewed mix), the company
 * lookup over tickers and CIKs, the concept search over common words. A snapshot without financial
 * statements has no such filing: those operations are then skipped (path undefined).
 */
import { type BenchOperation, cikAsSent, withTicker } from '../bench.ts'

const filing =
  (make: (accession: string) => string): BenchOperation['path'] =>
  (d) => {
    const accession = d.fsdsFiling?.()
    return accession === undefined ? undefined : make(accession)
  }

const STATEMENTS = ['income-statement', 'balance-sheet', 'cash-flow', 'stockholders-equity', 'comprehensive-income']
const STANDARDIZED = ['income-statement', 'balance-sheet', 'cash-flow']

export const FINANCIALS_BENCH: BenchOperation[] = [
  {
    name: 'financial company by ticker',
    kind: 'lookup',
    path: (d) => withTicker(d, (t) => `/v1/financials/companies/search?ticker=${t}`),
  },
  {
    name: 'financial company by CIK',
    kind: 'lookup',
    path: (d, rnd) => `/v1/financials/companies/search?cik=${cikAsSent(d.cik(), rnd)}&limit=10`,
  },
  {
    name: 'concepts search',
    kind: 'list',
    path: (d) => `/v1/financials/concepts/search?q=${encodeURIComponent(d.conceptQuery?.() ?? 'revenue')}`,
  },
  { name: 'filing XBRL block', kind: 'list', path: filing((a) => `/v1/financials/filings/${a}/xbrl`) },
  ...STATEMENTS.map(
    (s): BenchOperation => ({
      name: `as-reported ${s}`,
      kind: 'list',
      path: filing((a) => `/v1/financials/filings/${a}/statements/${s}`),
    }),
  ),
  ...STANDARDIZED.map(
    (s): BenchOperation => ({
      name: `standardized ${s}`,
      kind: 'lookup',
      path: filing((a) => `/v1/financials/filings/${a}/statements/${s}/standardized`),
    }),
  ),
]
