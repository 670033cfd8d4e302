/**
 * A body cut to fit one MCP result. An agent reads a result whole into its context, where a 100-row page
 * of filings or a manager's holdings is tens of thousands of tokens; past the budget, the result keeps the
 * first rows of its lists, stays valid JSON of the operation's shape, and says what was cut (call.ts adds
 * how to read the rest).
 *
 * What is cut: the largest list first, from its end, and only as far as needed; a list is kept to one row
 * while another can be cut (a series keeps its first series, then loses points from it), and emptied only
 * when nothing else is left to cut.
 */

/** A list that lost rows: where it is (`data`, `series[0].points`), and how many rows it kept of how many. */
export type Cut = { path: string; kept: number; total: number }

type List = { path: string; rows: unknown[]; sizes: number[]; size: number }

/** Whether JSON writes `text` as it is: no quote, backslash, control character or surrogate to escape. */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false
  }
  return true
}

/** The length of a string, number, boolean or null as JSON text, without writing it where it can be told. */
function leafLength(value: unknown): number {
  if (typeof value === 'string') return isPlain(value) ? value.length + 2 : JSON.stringify(value).length
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4
  if (typeof value === 'boolean') return value ? 4 : 5
  return JSON.stringify(value)?.length ?? 4
}

/** The length of `value` as compact JSON text, and every list in it with the length of each of its rows. */
function measure(value: unknown, path: string, lists: List[]): number {
  if (Array.isArray(value)) {
    const sizes = value.map((row, i) => measure(row, `${path}[${i}]`, lists))
    const size = 2 + sizes.reduce((sum, s) => sum + s, 0) + Math.max(0, value.length - 1)
    lists.push({ path, rows: value, sizes, size })
    return size
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    let size = 2 + Math.max(0, entries.length - 1)
    for (const [key, v] of entries) size += leafLength(key) + 1 + measure(v, path ? `${path}.${key}` : key, lists)
    return size
  }
  return leafLength(value)
}

/**
 * Cuts `body` (parsed JSON, changed in place) until its JSON text is at most `budget` characters, or
 * nothing is left to cut; returns the cuts, largest list first, none when it fitted as it was.
 */
export function fit(body: unknown, budget: number): Cut[] {
  const cuts = new Map<unknown[], Cut>()
  for (const floor of [1, 0]) {
    for (;;) {
      const lists: List[] = []
      let size = measure(body, '', lists)
      if (size <= budget) return [...cuts.values()]
      const largest = lists.filter((l) => l.rows.length > floor).sort((a, b) => b.size - a.size)[0]
      if (!largest) break
      const cut = cuts.get(largest.rows) ?? { path: largest.path, kept: 0, total: largest.rows.length }
      while (size > budget && largest.rows.length > floor) {
        const last = largest.rows.length - 1
        size -= largest.sizes[last]! + (last > 0 ? 1 : 0)
        largest.rows.pop()
      }
      cut.kept = largest.rows.length
      cuts.set(largest.rows, cut)
    }
  }
  return [...cuts.values()]
}
