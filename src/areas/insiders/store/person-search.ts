/**
 * `q` on the persons directory through a trigram index, as the entities' name search does: every person
 * whose search text (name, 10-digit CIK, latest issuer's name and ticker) holds `q` holds each of q's
 * trigrams, so the lines of its rarest trigram (lookup file, in directory order) are read and tested for
 * `q`, within a budget of frames; past it, and for a `q` the index cannot answer (shorter than three
 * characters, not printable ASCII), a scan of `insider_persons` answers (directories.ts).
 */
import type { Db } from '../../../db/client.ts'
import { defineMemo } from '../../../db/memo.ts'
import { sql } from '../../../db/sql.ts'
import { INSIDER_PERSON_GRAMS } from '../../../pipeline/sources/insider-transactions/contract.ts'
import { nameGramKey } from '../../../pipeline/sources/submissions/contract/index.ts'

const ASCII = /^[\x20-\x7e]+$/
/**
 * Frames of the trigram's run read before the scan answers instead (~16 KB, ~170 persons each): the scan
 * of every person's text costs as much as several hundred frames (docs/benchmarks.md), so reading up to
 * 512 (the run of any trigram but the commonest) is still cheaper; at 16 frames, q drawn from names missed
 * it half the time.
 */
const FRAMES = 512

const PERSON_GRAM_COUNTS = defineMemo<ReadonlyMap<bigint, number>>({
  name: 'insider-person-grams',
  from: ['insider_person_gram_counts'],
  holds: "how many persons' search texts hold each trigram",
  compute: async (db) => {
    const rows = await db.all<{ gram: string; n: number }>(
      sql`SELECT gram::VARCHAR AS gram, n::INTEGER AS n FROM insider_person_gram_counts`,
    )
    return new Map(rows.map((r) => [BigInt(r.gram), r.n]))
  },
})

const gramCounts = (db: Db) => db.memo(PERSON_GRAM_COUNTS)

/**
 * CIKs of a page of persons whose search text holds `q` (lower case), in directory order; undefined when
 * the index cannot answer (the caller scans).
 */
export async function personPageByGram(
  db: Db,
  q: string,
  w: { offset: number; take: number },
): Promise<number[] | undefined> {
  if (q.length < 3 || !ASCII.test(q)) return undefined
  const counts = await gramCounts(db)
  let best: bigint | undefined
  let bestCount = Infinity
  for (let i = 0; i + 3 <= q.length; i++) {
    const gram = nameGramKey(q, i)
    const n = counts.get(gram) ?? 0
    if (n === 0) return []
    if (n < bestCount) [best, bestCount] = [gram, n]
  }
  // The text is in its line as written, unless JSON escaped a character of `q` (a quote, a backslash).
  const quick = !/["\\]/.test(q)
  const budget = { frames: FRAMES, exhausted: false }
  const ciks: number[] = []
  let skip = w.offset
  for (const line of INSIDER_PERSON_GRAMS.lineTextsOneByOne(db, best!, budget)) {
    if (quick && !line.includes(q)) continue
    const person = INSIDER_PERSON_GRAMS.decode(line)
    if (!person.name_lower.includes(q)) continue
    if (skip > 0) skip--
    else if (ciks.push(person.cik) === w.take) return ciks
  }
  return budget.exhausted ? undefined : ciks
}
