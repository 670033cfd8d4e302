/** The Entities operations as `npm run bench` drives them (src/areas/bench.ts). */
import { type BenchOperation, cikAsSent, withTicker } from '../bench.ts'

export const ENTITIES_BENCH: BenchOperation[] = [
  { name: 'SIC codes', kind: 'list', path: (d) => `/v1/entities/sic-codes?page=${d.sicPage()}` },
  { name: 'entity by CIK', kind: 'lookup', path: (d, rnd) => `/v1/entities/${cikAsSent(d.cik(), rnd)}` },
  {
    name: 'entity by ticker',
    kind: 'lookup',
    path: (d, rnd) => withTicker(d, (t) => `/v1/entities/${rnd() < 0.3 ? t.toLowerCase() : t}`),
  },
  {
    name: 'entities by name substring',
    kind: 'list',
    path: (d) => `/v1/entities?q=${encodeURIComponent(d.nameQuery())}`,
  },
  {
    name: 'entities by type',
    kind: 'list',
    path: (d) => {
      const { type, page } = d.entityTypePage()
      return `/v1/entities?entityType=${type}&page=${page}`
    },
  },
  {
    name: 'entity filings',
    kind: 'list',
    path: (d, rnd) => {
      const ticker = rnd() < 0.5 ? d.ticker() : undefined
      return `/v1/entities/${ticker ?? cikAsSent(d.cik(), rnd)}/filings?formTypes=10-K,10-Q`
    },
  },
]
