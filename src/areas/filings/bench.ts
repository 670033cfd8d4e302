/** The Filings operations as `npm run bench` drives them (src/areas/bench.ts). */
import { type BenchOperation, cikAsSent, formList, withTicker } from '../bench.ts'

export const FILINGS_BENCH: BenchOperation[] = [
  { name: 'filings latest', kind: 'list', path: () => '/v1/filings' },
  {
    name: 'filings by form set + window',
    kind: 'list',
    path: (d) => {
      const w = d.window()
      return `/v1/filings?formTypes=${formList(d.formSet())}&startDate=${w.startDate}&endDate=${w.endDate}`
    },
  },
  {
    name: 'filings deep page',
    kind: 'list',
    path: (d) => `/v1/filings?formTypes=${formList(d.formSet())}&limit=100&page=${d.deepPage()}`,
  },
  { name: 'filings by CIK', kind: 'list', path: (d, rnd) => `/v1/filings?cik=${cikAsSent(d.cik(), rnd)}` },
  { name: 'filings by ticker', kind: 'list', path: (d) => withTicker(d, (t) => `/v1/filings?ticker=${t}`) },
  { name: 'filing by accession', kind: 'lookup', path: (d) => `/v1/filings/${d.filing().accession}` },
  {
    name: 'filing by CIK + accession',
    kind: 'lookup',
    path: (d, rnd) => {
      const f = d.filing()
      return `/v1/filings/${cikAsSent(f.cik, rnd)}/${f.accession}`
    },
  },
  {
    name: 'filing documents',
    kind: 'lookup',
    path: (d, rnd) => {
      const f = d.filing()
      return `/v1/filings/${cikAsSent(f.cik, rnd)}/${f.accession}/documents`
    },
  },
  { name: 'form types', kind: 'list', path: () => '/v1/filings/form-types' },
]
