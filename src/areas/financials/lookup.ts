/**
 * The company lookup and the concept search (docs/api/financials.md): their parameters and their pages.
 * The lookup reads the company and its filings by CIK (store/issuers.ts); a ticker resolves through the
 * tickers table like everywhere else (common/store/identifiers.ts), so "the latest 10-K of AAPL" is
 * `?ticker=AAPL&limit=…`. The concept search's reads are store/concepts.ts.
 */
import { invalidParameter } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import { accessionOfKey, formatCik, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { easternTime } from '../common/edgar-values.ts'
import { isoOfYmd } from './format.ts'
import { issuerBody } from './issuer.ts'
import type { CompanySearchQuery, ConceptQuery } from './schemas.ts'
import type { FinancialsStore } from './store/index.ts'

export async function searchCompanies(store: FinancialsStore, q: CompanySearchQuery, maxOffset: number) {
  checkOffset(q, maxOffset)
  if (q.cik === undefined && q.ticker === undefined)
    throw invalidParameter('cik', 'expected a cik or a ticker (one of them is required)')
  const ticker = q.ticker === undefined ? null : normalizeTicker(q.ticker)
  const cik = q.cik !== undefined ? parseCik(q.cik) : await store.cikForTicker(ticker!)
  const filters = { ticker, cik: q.cik !== undefined ? formatCik(parseCik(q.cik)) : null }
  const none = { issuer: null, filings: [], pagination: { page: q.page, limit: q.limit, hasMoreData: false }, filters }
  if (cik === undefined) return none
  const issuer = store.issuer(cik)
  if (!issuer) return none
  // The filer's filings newest accepted first, as its lookup file holds them; the page and one more.
  const rows = store.companyFilings(cik, offsetOf(q), offsetOf(q) + q.limit + 1)
  const page = toPage(rows, q)
  return {
    issuer: issuerBody(issuer),
    filings: page.data.map((r) => ({
      accessionNumber: accessionOfKey(r.acc_key),
      form: r.form,
      fiscalYear: r.fy,
      fiscalPeriod: r.fp,
      periodEnd: isoOfYmd(r.end_date),
      filed: isoOfYmd(r.filed)!,
      accepted: easternTime(r.accepted),
    })),
    pagination: page.pagination,
    filters,
  }
}

/**
 * Concepts whose tag or label contains `q` (case-insensitive), standard tags before custom ones, then
 * those whose documentation alone does (store/concepts.ts says in what order and how they are read):
 * the page and one more, to tell whether there are more.
 */
export async function searchConcepts(store: FinancialsStore, q: ConceptQuery, maxOffset: number) {
  checkOffset(q, maxOffset)
  const text = q.q.trim().toLowerCase()
  const custom = q.custom === undefined ? null : q.custom === 'true'
  const filters = { q: q.q, version: q.version ?? null, custom }
  const version = q.version ? q.version.toLowerCase() : null
  const rows = await store.conceptsMatching({ text, custom, version }, offsetOf(q), q.limit + 1)
  const page = toPage(rows, q)
  return {
    data: page.data.map((r) => ({ ...r, custom: r.custom === 1, abstract: r.abstract === 1 })),
    pagination: page.pagination,
    filters,
  }
}
