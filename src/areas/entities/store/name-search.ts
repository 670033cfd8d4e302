/**
 * `q`, a case-insensitive substring of the name, through a trigram index: `entity_name_grams` holds one
 * row per distinct three-character piece of each lower-cased name (src/pipeline/sources/submissions/serving.ts), sorted by piece
 * then CIK. Every match of `q` contains each of q's pieces, so reading the rows of its rarest piece and
 * keeping those whose name contains `q` finds every match, in CIK order, without reading the other
 * names, where a rare substring scanned all of them (docs/architecture.md, The serving database).
 *
 * How many names hold each piece is held in memory per snapshot, to pick the rarest; a piece no name
 * holds means no match, with no query. Only for printable ASCII `q` of three characters or more, where
 * JavaScript's and DuckDB's lower-casing and character counting agree; other `q` scan the names.
 *
 * The same rows are in a lookup file keyed by piece (lib/keyed-file.ts), read first: a page costs no query
 * unless the piece's run holds too few matches within `frames` frames (a common piece, a rare match).
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { nameGramKey } from '../../../pipeline/sources/submissions/contract/index.ts'
import { NAME_GRAMS } from '../../../pipeline/sources/submissions/contract/lookup-lines.ts'

const ASCII = /^[\x20-\x7e]+$/

export type GramFilters = { q: string; ticker: string | null; typeCode: number | null }

/**
 * CIKs of a page of names holding `q` (and the other filters), from the lines of its rarest trigram; or
 * undefined when the page is not complete within `frames` frames (~400 names each).
 */
export function pageOfGramFromLookup(
  db: Db,
  gram: bigint,
  f: GramFilters,
  w: { offset: number; take: number },
  frames: number,
): number[] | undefined {
  const needle = f.q.toLowerCase()
  // The name is in its line as written, unless JSON escaped a character of `q` (a quote, a backslash).
  const quick = !/["\\]/.test(needle)
  const budget = { frames, exhausted: false }
  const ciks: number[] = []
  let skip = w.offset
  for (const line of NAME_GRAMS.lineTextsOneByOne(db, gram, budget)) {
    if (quick && !line.includes(needle)) continue
    const name = NAME_GRAMS.decode(line)
    if (
      !name.name_lower.includes(needle) ||
      (f.ticker !== null && name.ticker !== f.ticker) ||
      (f.typeCode !== null && name.type_code !== f.typeCode)
    )
      continue
    if (skip > 0) skip--
    else if (ciks.push(name.cik) === w.take) return ciks
  }
  return budget.exhausted ? undefined : ciks
}

/** Trigram key → how many names hold it; keys as the submissions contract's nameGramKey makes them. */
type GramCounts = ReadonlyMap<bigint, number>

const NAME_GRAM_COUNTS = defineMemo<GramCounts>({
  name: 'entity-name-grams',
  from: ['entity_name_grams'],
  holds: 'how many entity names hold each trigram',
  compute: async (db) => {
    const rows = await db.all<{ gram: string; n: number }>(
      sql`SELECT gram::VARCHAR AS gram, count(*)::INTEGER AS n FROM entity_name_grams GROUP BY gram`,
    )
    return new Map(rows.map((r) => [BigInt(r.gram), r.n]))
  },
})

const gramCounts = (db: Db) => db.memo(NAME_GRAM_COUNTS)

/**
 * The rarest trigram of `q` (lower-cased), `null` when some trigram occurs in no name (nothing can
 * match), or undefined when the index cannot answer for this `q`.
 */
export async function rarestGram(db: Db, q: string): Promise<bigint | null | undefined> {
  const text = q.toLowerCase()
  if (text.length < 3 || !ASCII.test(text)) return undefined
  const counts = await gramCounts(db)
  let best: bigint | null = null
  let bestCount = Infinity
  for (let i = 0; i + 3 <= text.length; i++) {
    const gram = nameGramKey(text, i)
    const n = counts.get(gram) ?? 0
    if (n === 0) return null
    if (n < bestCount) [best, bestCount] = [gram, n]
  }
  return best
}
