/**
 * The Institutions operations as `npm run bench` drives them: managers drawn from the snapshot (any
 * 13F filer, or, in the skewed mix, the largest portfolios first, whose holdings and history are the
 * heaviest pages), quarters from each manager's own.
 */
import { type BenchKeys, type BenchOperation, type Draws, withTargets } from '../bench.ts'

export const INSTITUTIONS_BENCH_KEYS: BenchKeys[] = [
  {
    name: 'manager',
    uniform: (t) => `SELECT cik::VARCHAR AS v FROM ${t('inst_managers')} WHERE latest_positions > 0`,
    popular: (t) =>
      `SELECT cik::VARCHAR AS v FROM ${t('inst_managers')} WHERE latest_positions > 0 ORDER BY latest_value DESC LIMIT 1000`,
  },
  {
    name: 'largest manager',
    uniform: (t) => `SELECT cik::VARCHAR AS v FROM ${t('inst_managers')} ORDER BY latest_positions DESC, cik LIMIT 1`,
  },
  {
    name: 'manager filing',
    uniform: (t) => `SELECT cik::VARCHAR || '/' || accession AS v FROM ${t('inst_filings')}`,
  },
  {
    name: 'manager name',
    uniform: (t) =>
      `SELECT lower(split_part(name, ' ', 1)) AS v FROM ${t('inst_managers')} WHERE length(split_part(name, ' ', 1)) >= 4`,
  },
]

const manager = (d: Draws, make: (cik: string) => string) => {
  const cik = d.key('manager')
  return cik === undefined ? undefined : make(cik)
}

/** Issue 18's targets: c=1 p50 at most 2 ms (5 ms where an operation says), c=16 p99 at most 50 ms. */
export const INSTITUTIONS_BENCH: BenchOperation[] = withTargets({ p50Ms: 2, p99MsAt16: 50 }, [
  { name: 'institutions', kind: 'list', path: () => '/v1/institutions' },
  {
    name: 'institutions by name',
    kind: 'list',
    path: (d) => {
      const q = d.key('manager name')
      return q === undefined ? undefined : `/v1/institutions?q=${encodeURIComponent(q)}`
    },
  },
  { name: 'institution', kind: 'lookup', path: (d) => manager(d, (c) => `/v1/institutions/${c}`) },
  { name: 'institution profile', kind: 'lookup', path: (d) => manager(d, (c) => `/v1/institutions/${c}/profile`) },
  { name: 'institution filings', kind: 'list', path: (d) => manager(d, (c) => `/v1/institutions/${c}/filings`) },
  {
    name: 'institution filing',
    kind: 'lookup',
    path: (d) => {
      const k = d.key('manager filing')
      return k === undefined ? undefined : `/v1/institutions/${k.replace('/', '/filings/')}`
    },
  },
  {
    name: 'institution filing periods',
    kind: 'list',
    path: (d) => manager(d, (c) => `/v1/institutions/${c}/filing-periods`),
  },
  {
    name: 'institution holdings',
    kind: 'list',
    path: (d) => manager(d, (c) => `/v1/institutions/${c}/holdings?limit=100`),
  },
  {
    name: 'institution holdings by shares',
    kind: 'list',
    path: (d) => manager(d, (c) => `/v1/institutions/${c}/holdings?sort=shares&limit=100`),
  },
  {
    name: 'institution holdings history',
    kind: 'list',
    path: (d) => manager(d, (c) => `/v1/institutions/${c}/holdings/history?limit=50`),
    p50Ms: 5,
  },
  {
    name: 'largest manager holdings',
    kind: 'list',
    path: (d) => {
      const cik = d.key('largest manager')
      return cik === undefined ? undefined : `/v1/institutions/${cik}/holdings?sort=shares&limit=100`
    },
  },
  // Issue 29's exports: the largest manager's whole quarter in one answer. Its targets are ours (the issue sets
  // none): an export is read once, not paged, so it may take what a hundred pages take.
  ...(['csv', 'arrow'] as const).map(
    (format): BenchOperation => ({
      name: `largest manager holdings, whole, as ${format}`,
      kind: 'list',
      p50Ms: 100,
      p99MsAt16: 1000,
      path: (d) => {
        const cik = d.key('largest manager')
        return cik === undefined
          ? undefined
          : `/v1/institutions/${cik}/holdings?sort=shares&limit=50000&format=${format}`
      },
    }),
  ),
  {
    name: 'largest manager holdings history',
    kind: 'list',
    path: (d) => {
      const cik = d.key('largest manager')
      return cik === undefined ? undefined : `/v1/institutions/${cik}/holdings/history?limit=100`
    },
    p50Ms: 5,
  },
  { name: 'institution changes', kind: 'lookup', path: (d) => manager(d, (c) => `/v1/institutions/${c}/changes`) },
  { name: 'institution buys', kind: 'list', path: (d) => manager(d, (c) => `/v1/institutions/${c}/buys`) },
  { name: 'institution sells', kind: 'list', path: (d) => manager(d, (c) => `/v1/institutions/${c}/sells`) },
  { name: 'institution sectors', kind: 'list', path: (d) => manager(d, (c) => `/v1/institutions/${c}/sectors`) },
  { name: 'institution industries', kind: 'list', path: (d) => manager(d, (c) => `/v1/institutions/${c}/industries`) },
  { name: 'institutions activity', kind: 'list', path: () => '/v1/institutions/activity?limit=50', p50Ms: 5 },
])
