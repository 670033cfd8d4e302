/**
 * The concept search's reads (docs/api/financials.md): the concepts of `fin_concepts` whose tag or label
 * contains a text, then those whose documentation alone does, through the distinct texts of
 * `fin_concept_texts`. The operation (../lookup.ts) checks the parameters and shapes the page.
 */
import type { Db } from '../../../db/client.ts'
import { list, sql } from '../../../db/sql.ts'
import { CONCEPT_META_COLUMNS, type ConceptMeta } from './concept-meta.ts'

export type ConceptRow = { tag: string; version: string } & ConceptMeta

/** What the search looks for: `text` trimmed and lower-cased, `version` lower-cased (null: any). */
export type ConceptSearch = { text: string; custom: boolean | null; version: string | null }

/** The concept search's groups, in the order its pages list them (see conceptsMatching). */
const GROUPS = [
  { custom: 0, inCode: true },
  { custom: 1, inCode: true },
  { custom: 0, inCode: false },
  { custom: 1, inCode: false },
] as const

type TextRun = { first_id: number; n: number }

const CONCEPT_COLUMNS = sql`tag, version, ${CONCEPT_META_COLUMNS}`

/**
 * The `want` concepts after the first `skip` of those whose tag or label contains `text`
 * (case-insensitive), standard tags before custom ones, then those whose documentation alone does:
 * documentation matches come only after every tag and label match, so they fill a page only when codes
 * and labels give too few. Within a group, by tag, then text (label and documentation), then version.
 *
 * The search scans `fin_concept_texts`, each distinct text once (a custom tag's text repeats in every
 * filing that uses it), in stored order and without a sort, so a group's query stops once it has texts
 * enough for the page; each text stands for a run of concept ids, so the page's rows are then read by
 * their ids. A group that ends before the page does gives its whole count, and the next one starts where
 * the page continues. With `version`, whose matches are concepts, not texts, the group's concepts are
 * filtered instead. `contains`, not LIKE: a % or _ typed by the client is a character.
 */
export async function conceptsMatching(db: Db, s: ConceptSearch, skip: number, want: number): Promise<ConceptRow[]> {
  const { text, custom, version } = s
  const limit = want
  const rows: ConceptRow[] = []
  for (const g of GROUPS) {
    if (custom !== null && g.custom !== (custom ? 1 : 0)) continue
    const match = g.inCode
      ? sql`contains(search_text, ${text})`
      : sql`NOT contains(search_text, ${text}) AND contains(search_doc, ${text})`
    const texts = sql`SELECT text_id FROM fin_concept_texts WHERE custom = ${g.custom} AND ${match}`
    let seen: number
    if (version !== null) {
      const got = await db.all<ConceptRow>(sql`
        SELECT ${CONCEPT_COLUMNS} FROM fin_concepts
        WHERE custom = ${g.custom} AND contains(lower(version), ${version}) AND text_id IN (${texts})
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
    want = limit - rows.length
    if (want <= 0 || seen === Number.POSITIVE_INFINITY) break
    skip = Math.max(0, skip - seen)
  }
  return rows
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
