/**
 * The company lookup and the concept search (docs/api/financials.md). The lookup reads the `finIssuers` and
 * `finCompanyFilings` lookup files, by CIK; a ticker resolves through the tickers table like everywhere
 * else (common/store/identifiers.ts), so "the latest 10-K of AAPL" is `?ticker=AAPL&limit=…`.
 */
import type { Static } from '@sinclair/typebox'
import type { Db } from '../../db/client.ts'
import { list, sql } from '../../db/sql.ts'
import { invalidParameter } from '../../http/errors.ts'
import { checkOffset, offsetOf, toPage } from '../../http/pagination.ts'
import { accessionOfKey, formatCik, normalizeTicker, parseCik } from '../../lib/ids.ts'
import { FIN_COMPANY_FILINGS } from '../../pipeline/sources/financial-statements/contract.ts'
import { easternTime } from '../common/edgar-values.ts'
import { cikForTicker } from '../common/store/identifiers.ts'
import { CONCEPT_META_COLUMNS, type ConceptMeta } from './concept-meta.ts'
import { isoOfYmd } from './format.ts'
import { financialIssuer, issuerBody } from './issuer.ts'
import type { CompanySearchQuery, ConceptQuery } from './schemas.ts'

type FilingRow = Static<typeof FIN_COMPANY_FILINGS.fields>

export async function searchCompanies(db: Db, q: CompanySearchQuery, maxOffset: number) {
  checkOffset(q, maxOffset)
  if (q.cik === undefined && q.ticker === undefined)
    throw invalidParameter('cik', 'expected a cik or a ticker (one of them is required)')
  const ticker = q.ticker === undefined ? null : normalizeTicker(q.ticker)
  const cik = q.cik !== undefined ? parseCik(q.cik) : await cikForTicker(db, ticker!)
  const filters = { ticker, cik: q.cik !== undefined ? formatCik(parseCik(q.cik)) : null }
  const none = { issuer: null, filings: [], pagination: { page: q.page, limit: q.limit, hasMoreData: false }, filters }
  if (cik === undefined) return none
  const issuer = financialIssuer(db, cik)
  if (!issuer) return none
  // The filer's filings newest accepted first, as its lookup file holds them; the page and one more.
  const rows: FilingRow[] = []
  const [from, to] = [offsetOf(q), offsetOf(q) + q.limit + 1]
  let at = 0
  for (const line of FIN_COMPANY_FILINGS.lineTextsOneByOne(db, cik)) {
    if (at >= to) break
    if (at++ >= from) rows.push(FIN_COMPANY_FILINGS.decode(line))
  }
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

type ConceptRow = { tag: string; version: string } & ConceptMeta

/** The concept search's groups, in the order its pages list them (see searchConcepts). */
const GROUPS = [
  { custom: 0, inCode: true },
  { custom: 1, inCode: true },
  { custom: 0, inCode: false },
  { custom: 1, inCode: false },
] as const

type TextRun = { first_id: number; n: number }

const CONCEPT_COLUMNS = sql`tag, version, ${CONCEPT_META_COLUMNS}`

/**
 * Concepts whose tag or label contains `q` (case-insensitive), standard tags before custom ones, then
 * those whose documentation alone does: documentation matches come only after every tag and label
 * match, so they fill a page only when codes and labels give too few. Within a group, by tag, then text
 * (label and documentation), then version.
 *
 * The search scans `fin_concept_texts`, each distinct text once (a custom tag's text repeats in every
 * filing that uses it), in stored order and without a sort, so a group's query stops once it has texts
 * enough for the page; each text stands for a run of concept ids, so the page's rows are then read by
 * their ids. A group that ends before the page does gives its whole count, and the next one starts where
 * the page continues. With `version`, whose matches are concepts, not texts, the group's concepts are
 * filtered instead. `contains`, not LIKE: a % or _ typed by the client is a character.
 */
export async function searchConcepts(db: Db, q: ConceptQuery, maxOffset: number) {
  checkOffset(q, maxOffset)
  const text = q.q.trim().toLowerCase()
  const custom = q.custom === undefined ? null : q.custom === 'true'
  const filters = { q: q.q, version: q.version ?? null, custom }
  let skip = offsetOf(q)
  let want = q.limit + 1
  const rows: ConceptRow[] = []
  for (const g of GROUPS) {
    if (custom !== null && g.custom !== (custom ? 1 : 0)) continue
    const match = g.inCode
      ? sql`contains(search_text, ${text})`
      : sql`NOT contains(search_text, ${text}) AND contains(search_doc, ${text})`
    const texts = sql`SELECT text_id FROM fin_concept_texts WHERE custom = ${g.custom} AND ${match}`
    let seen: number
    if (q.version) {
      const got = await db.all<ConceptRow>(sql`
        SELECT ${CONCEPT_COLUMNS} FROM fin_concepts
        WHERE custom = ${g.custom} AND contains(lower(version), ${q.version.toLowerCase()}) AND text_id IN (${texts})
        ORDER BY concept_id LIMIT ${skip + want}`)
      rows.push(...got.slice(skip))
      seen = got.length
    } else {
      const runs = await db.all<TextRun>(sql`
        SELECT first_id, n FROM fin_concept_texts WHERE custom = ${g.custom} AND ${match} LIMIT ${skip + want}`)
      const ids = pageIds(runs, skip, want)
      rows.push(...(await conceptsById(db, ids)))
      // Fewer texts than asked: the group is exhausted, and these are all its concepts.
      seen = runs.length < skip + want ? runs.reduce((sum, r) => sum + r.n, 0) : Number.POSITIVE_INFINITY
    }
    want = q.limit + 1 - rows.length
    if (want <= 0 || seen === Number.POSITIVE_INFINITY) break
    skip = Math.max(0, skip - seen)
  }
  const page = toPage(rows, q)
  return {
    data: page.data.map((r) => ({ ...r, custom: r.custom === 1, abstract: r.abstract === 1 })),
    pagination: page.pagination,
    filters,
  }
}

/** The concept ids at positions [skip, skip + want) of runs laid end to end. */
function pageIds(runs: TextRun[], skip: number, want: number): number[] {
  const ids: number[] = []
  let pos = 0
  for (const r of runs) {
    const from = Math.max(skip - pos, 0)
    for (let k = from; k < r.n && ids.length < want; k++) ids.push(r.first_id + k)
    pos += r.n
    if (ids.length >= want) break
  }
  return ids
}

/**
 * Concepts by id, in id order (the stored order, read without a sort). The list is padded to a power of
 * two with its first id, so a handful of statement texts serve every page size.
 */
async function conceptsById(db: Db, ids: number[]): Promise<ConceptRow[]> {
  if (!ids.length) return []
  const padded = [...ids]
  while (padded.length & (padded.length - 1)) padded.push(ids[0]!)
  return db.all<ConceptRow>(sql`SELECT ${CONCEPT_COLUMNS} FROM fin_concepts WHERE concept_id IN (${list(padded)})`)
}
