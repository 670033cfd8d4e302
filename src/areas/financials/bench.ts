/**
 * The Financials operations as `npm run bench` drives them (src/areas/bench.ts): each filing-level
 * operation over an FSDS filing, drawn uniformly over all of them (uniform mix) or from the filers with
 * the most FSDS filings, newest first (skewed mix); the company lookup over tickers and CIKs; the
 * concept search over common words. Targets are the issue's: p50 ≤ 2 ms for the company lookup and the
 * standardized statements, ≤ 5 ms for concepts and the as-reported statements, ≤ 10 ms for the XBRL
 * block; ≤ 2 ms for the metric and ratio series, rankings and segments (issue 16: series over the companies with
 * balance-sheet facts, rankings over metrics and ratios every filer reports); issue 30's point-in-time series
 * (`asOf` a uniform random day, `vintage=first`, TTM) ≤ 2 ms and its restatement ledger ≤ 5 ms; at 16
 * connections p99 ≤ 50 ms. A snapshot without financial statements has no FSDS filing:
 * those operations are then skipped (path undefined).
 */
import { type BenchKeys, type BenchOperation, cikAsSent, type Draws, mcpToolCall, withTargets } from '../bench.ts'
import { labelOfQuarter, quarterOfMonth } from '../common/quarters.ts'

/**
 * The equity facts of the companies with series: each such company is an issuer of the financial data
 * whether or not the data sets hold a filing of it (financial-statements/issuers.ts), so a snapshot built
 * without the data sets (--skip-sources financial-statements) still draws them.
 */
const SERIES_FACTS = (t: (table: string) => string) =>
  `(SELECT cik, filed FROM ${t('company_facts')} WHERE tag = 'StockholdersEquity' AND unit = 'USD')`

export const FINANCIALS_BENCH_KEYS: BenchKeys[] = [
  {
    name: 'fsdsAccession',
    // Filings that present statements: the data sets hold some without `pre` rows (as real ones do), whose
    // statements and XBRL block are rightly a 404, which measures nothing of these operations.
    uniform: (t) => `SELECT adsh AS v FROM ${t('fsds_sub')} WHERE adsh IN (SELECT adsh FROM ${t('fsds_pre')})`,
    popular: (t) => `
      SELECT s.adsh AS v FROM ${t('fsds_sub')} s JOIN (SELECT cik, count(*) AS n FROM ${t('fsds_sub')} GROUP BY cik) c USING (cik)
      WHERE s.adsh IN (SELECT adsh FROM ${t('fsds_pre')})
      ORDER BY c.n DESC, s.accepted DESC, s.adsh`,
  },
  {
    name: 'fsdsCik',
    uniform: (t) => `SELECT DISTINCT cik AS v FROM ${t('fsds_sub')} WHERE form IN ('10-K', '10-Q', '10-K/A', '10-Q/A')`,
  },
  {
    name: 'fsdsTicker',
    uniform: (t) =>
      `SELECT DISTINCT k.ticker AS v FROM ${t('tickers')} k JOIN ${t('fsds_sub')} s USING (cik) WHERE s.form IN ('10-K', '10-Q')`,
  },
  {
    // Companies with series and ratios: balance-sheet facts in companyfacts (SERIES_FACTS).
    name: 'seriesCik',
    uniform: (t) => `SELECT DISTINCT cik AS v FROM ${SERIES_FACTS(t)}`,
    popular: (t) => `SELECT cik AS v FROM ${SERIES_FACTS(t)} GROUP BY cik ORDER BY count(*) DESC, cik`,
  },
  {
    // A company of the series and a day it filed its equity (a point-in-time request of a day it knew something).
    name: 'seriesCikDay',
    uniform: (t) => `SELECT DISTINCT cik::VARCHAR || '|' || strftime(filed, '%Y-%m-%d') AS v FROM ${SERIES_FACTS(t)}`,
  },
  {
    // Companies with a fiscal year of three 10-Qs and its 10-K: four quarters in a row (the fourth derived), so a
    // trailing sum.
    name: 'quarterlyCik',
    uniform: (t) => `
      SELECT DISTINCT cik AS v FROM (
        SELECT cik FROM ${t('fsds_sub')} WHERE form IN ('10-K', '10-Q') AND fp IN ('Q1', 'Q2', 'Q3', 'FY')
        GROUP BY cik, fy HAVING count(DISTINCT fp) = 4)`,
  },
  {
    // Companies whose annual reports split revenue by product and by geography (the latest one included).
    name: 'segmentCik',
    uniform: (t) => `
      SELECT DISTINCT s.cik AS v FROM ${t('fsds_num')} n JOIN ${t('fsds_sub')} s ON s.adsh = n.adsh
      WHERE n.segments LIKE 'StatementGeographical=%' AND s.fp = 'FY' AND s.form = '10-K'`,
  },
  {
    name: 'conceptWord',
    // Words of standard tags' labels, the way people look tags up; popular: the most frequent.
    uniform: (t) =>
      `SELECT DISTINCT lower(w) AS v FROM (SELECT unnest(string_split(tlabel, ' ')) AS w FROM ${t('fsds_tag')} WHERE custom = 0) WHERE length(w) >= 4`,
    popular: (
      t,
    ) => `SELECT lower(w) AS v FROM (SELECT unnest(string_split(tlabel, ' ')) AS w FROM ${t('fsds_tag')} WHERE custom = 0)
      WHERE length(w) >= 4 GROUP BY 1 ORDER BY count(*) DESC, 1`,
  },
]

const filing =
  (make: (accession: string) => string) =>
  (d: Draws): string | undefined => {
    const accession = d.key('fsdsAccession')
    return accession === undefined ? undefined : make(accession)
  }

const series =
  (make: (cik: string, rnd: () => number) => string) =>
  (d: Draws, rnd: () => number): string | undefined => {
    const cik = d.key('seriesCik')
    return cik === undefined ? undefined : make(cik, rnd)
  }
const pick = <T>(list: readonly T[], rnd: () => number) => list[Math.floor(rnd() * list.length)]!

const DAY_MS = 86_400_000

/**
 * A point-in-time series request: a company of the series and a day from one it filed to a year after it,
 * uniform over companies and their years (so the day knew something of it).
 */
const asOfADay =
  (make: (cik: string, day: string, rnd: () => number) => string) =>
  (d: Draws, rnd: () => number): string | undefined => {
    const drawn = d.key('seriesCikDay')
    if (drawn === undefined) return undefined
    const [cik, filed] = drawn.split('|') as [string, string]
    const day = dayBetween(Date.parse(filed), Date.parse(filed) + 365 * DAY_MS, rnd)
    return make(cikAsSent(cik, rnd), day, rnd)
  }
/** A day in [from, to) (epoch milliseconds), uniformly, as YYYY-MM-DD. */
const dayBetween = (from: number, to: number, rnd: () => number) =>
  new Date(from + Math.floor((rnd() * (to - from)) / DAY_MS) * DAY_MS).toISOString().slice(0, 10)

/** Metrics and ratios every filer of the sample reports (real filers too, mostly). */
const RANKED_METRICS = ['revenue', 'net_income_loss', 'total_assets', 'stockholders_equity'] as const
const RANKED_RATIOS = ['current_ratio', 'debt_to_equity', 'net_margin', 'roe', 'asset_turnover'] as const

const STATEMENTS = ['income-statement', 'balance-sheet', 'cash-flow', 'stockholders-equity', 'comprehensive-income']
const STANDARDIZED = ['income-statement', 'balance-sheet', 'cash-flow']

/** Issue 15's targets: each operation's own c=1 p50, and c=16 p99 at most 50 ms. */
export const FINANCIALS_BENCH: BenchOperation[] = withTargets({ p99MsAt16: 50 }, [
  {
    name: 'financial company by ticker',
    kind: 'lookup',
    p50Ms: 2,
    path: (d) => {
      const ticker = d.key('fsdsTicker')
      return ticker === undefined ? undefined : `/v1/financials/companies/search?ticker=${ticker}`
    },
  },
  {
    name: 'financial company by CIK',
    kind: 'lookup',
    p50Ms: 2,
    path: (d, rnd) => {
      const cik = d.key('fsdsCik')
      return cik === undefined ? undefined : `/v1/financials/companies/search?cik=${cikAsSent(cik, rnd)}&limit=10`
    },
  },
  {
    name: 'concepts search',
    kind: 'list',
    p50Ms: 5,
    path: (d) => {
      const word = d.key('conceptWord')
      return word === undefined ? undefined : `/v1/financials/concepts/search?q=${encodeURIComponent(word)}`
    },
  },
  { name: 'filing XBRL block', kind: 'list', p50Ms: 10, path: filing((a) => `/v1/financials/filings/${a}/xbrl`) },
  ...STATEMENTS.map(
    (s): BenchOperation => ({
      name: `as-reported ${s}`,
      kind: 'list',
      p50Ms: 5,
      path: filing((a) => `/v1/financials/filings/${a}/statements/${s}`),
    }),
  ),
  {
    name: 'metric series',
    kind: 'list',
    p50Ms: 2,
    path: series(
      (cik, rnd) =>
        `/v1/financials/metrics?cik=${cikAsSent(cik, rnd)}&symbols=revenue,net_income_loss,total_assets,StockholdersEquity`,
    ),
  },
  // Issue 29's MCP endpoint: the same request as one tool call (a POST to /mcp, its answer the JSON body as text).
  {
    name: 'metric series as an MCP tool call',
    kind: 'list',
    p50Ms: 2,
    path: series((cik) =>
      mcpToolCall('getFinancialMetrics', {
        cik,
        symbols: 'revenue,net_income_loss,total_assets,StockholdersEquity',
      }),
    ),
  },
  // Issue 29's exports: whole series (every period) as CSV and as Arrow, beside the JSON row above.
  ...(['csv', 'arrow'] as const).map(
    (format): BenchOperation => ({
      name: `metric series, whole, as ${format}`,
      kind: 'list',
      p50Ms: 5,
      path: series(
        (cik, rnd) =>
          `/v1/financials/metrics?cik=${cikAsSent(cik, rnd)}&symbols=revenue,net_income_loss,total_assets,StockholdersEquity&limit=1000&format=${format}`,
      ),
    }),
  ),
  {
    name: 'metric series as of a day',
    kind: 'list',
    p50Ms: 2,
    path: asOfADay(
      (cik, day) =>
        `/v1/financials/metrics?cik=${cik}&symbols=revenue,net_income_loss,total_assets,StockholdersEquity&asOf=${day}`,
    ),
  },
  {
    name: 'ratio series as of a day',
    kind: 'list',
    p50Ms: 2,
    path: asOfADay(
      (cik, day, rnd) => `/v1/financials/ratios?cik=${cik}&group=${pick(['all', 'leverage'], rnd)}&limit=8&asOf=${day}`,
    ),
  },
  {
    name: 'metric ranking as of a day',
    kind: 'list',
    p50Ms: 2,
    path: (_d, rnd) =>
      `/v1/financials/metrics/top?metric=${pick(RANKED_METRICS, rnd)}&limit=25&asOf=${dayBetween(Date.UTC(2011, 0, 1), Date.UTC(2026, 10, 1), rnd)}`,
  },
  {
    name: 'ratio ranking as of a day',
    kind: 'list',
    p50Ms: 2,
    path: (_d, rnd) =>
      `/v1/financials/ratios/top?ratio=${pick(RANKED_RATIOS, rnd)}&limit=25&asOf=${dayBetween(Date.UTC(2011, 0, 1), Date.UTC(2026, 10, 1), rnd)}`,
  },
  {
    name: 'metric series as first reported',
    kind: 'list',
    p50Ms: 2,
    path: series(
      (cik, rnd) =>
        `/v1/financials/metrics?cik=${cikAsSent(cik, rnd)}&symbols=revenue,net_income_loss,total_assets,StockholdersEquity&vintage=first`,
    ),
  },
  {
    name: 'metric series, trailing twelve months',
    kind: 'list',
    p50Ms: 2,
    path: (d, rnd) => {
      const cik = d.key('quarterlyCik')
      return cik === undefined
        ? undefined
        : `/v1/financials/metrics?cik=${cikAsSent(cik, rnd)}&symbols=net_income_loss&ttm=true`
    },
  },
  {
    name: 'restatement ledger',
    kind: 'list',
    p50Ms: 5,
    path: series((cik) => `/v1/financials/${cik}/restatements`),
  },
  {
    name: "market's restatements of a quarter",
    kind: 'list',
    p50Ms: 2,
    path: (_d, rnd) => {
      const day = dayBetween(Date.UTC(2010, 0, 1), Date.UTC(2026, 10, 1), rnd)
      const quarter = labelOfQuarter(Number(day.slice(0, 4)), quarterOfMonth(Number(day.slice(5, 7))))
      return `/v1/financials/restatements/top?metric=${pick(RANKED_METRICS, rnd)}&quarter=${quarter}&limit=25`
    },
  },
  {
    name: 'ratio series',
    kind: 'list',
    p50Ms: 2,
    path: series(
      (cik, rnd) => `/v1/financials/ratios?cik=${cikAsSent(cik, rnd)}&group=${pick(['all', 'leverage'], rnd)}&limit=8`,
    ),
  },
  {
    name: 'metric ranking',
    kind: 'list',
    p50Ms: 2,
    path: (_d, rnd) => {
      const metric = pick(RANKED_METRICS, rnd)
      return rnd() < 0.5
        ? `/v1/financials/metrics/top?metric=${metric}&limit=25`
        : `/v1/financials/metrics/top?metric=${metric}&quarterly=true&quarter=${pick(['1', '2', '3', '4'], rnd)}&limit=25`
    },
  },
  {
    name: 'ratio ranking',
    kind: 'list',
    p50Ms: 2,
    path: (_d, rnd) => `/v1/financials/ratios/top?ratio=${pick(RANKED_RATIOS, rnd)}&limit=25`,
  },
  {
    name: 'segments',
    kind: 'list',
    p50Ms: 2,
    path: (d, rnd) => {
      const cik = d.key('segmentCik')
      const variant = pick(['', '/geography', '/product-service'], rnd)
      return cik === undefined ? undefined : `/v1/financials/${cik}/segments${variant}`
    },
  },
  {
    name: 'segments compare',
    kind: 'list',
    p50Ms: 2,
    path: (d) => {
      const cik = d.key('segmentCik')
      return cik === undefined ? undefined : `/v1/financials/${cik}/segments/compare`
    },
  },
  ...STANDARDIZED.map(
    (s): BenchOperation => ({
      name: `standardized ${s}`,
      kind: 'lookup',
      p50Ms: 2,
      path: filing((a) => `/v1/financials/filings/${a}/statements/${s}/standardized`),
    }),
  ),
])
