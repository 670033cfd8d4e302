/**
 * A body cut to fit one MCP result. An agent reads a result whole into its context, where a 100-row page
 * of filings or a manager's holdings is tens of thousands of tokens; past the budget, the result keeps the
 * first rows of its lists, stays valid JSON of the operation's shape, and says what was cut (call.ts adds
 * how to read the rest).
 *
 * What is cut: the largest list first, from its end, and only as far as needed; a list is kept to one row
 * while another can be cut (a series keeps its first series, then loses points from it), and emptied only
 * when nothing else is left to cut.
 *
 * The cut is made on the body's text, not on a parsed copy: one pass finds every list and where each of
 * its rows begins, a row's length is then the distance between two of them, and the result is the body
 * with the dropped rows' text left out. Parsing a large answer, walking it to measure every value and
 * writing it out again cost an MCP call several times what the API spends on the answer itself. The
 * bodies are compact JSON as JSON.stringify writes them (src/areas/operation.ts, src/http/raw-json.ts),
 * so the cut text is what writing the cut value would give; a body with whitespace is made compact first.
 */

/** A list that lost rows: where it is (`data`, `series[0].points`), and how many rows it kept of how many. */
export type Cut = { path: string; kept: number; total: number }

/** A list of the body's text and its rows, as the cut goes on. */
type List = {
  path: string
  /** The list one of whose rows holds this one (a cut here shortens that row), and which row. */
  parent: List | undefined
  row: number
  /** Where each row's text begins. */
  starts: number[]
  /** Each row's length as JSON text, less what cuts inside it removed. */
  sizes: number[]
  size: number
  /** Where its closing bracket is. */
  end: number
  /** The rows kept: its first `kept`. */
  kept: number
}

/** A container of the text being read: a list, or an object; and its path. */
type Frame = { list: List | undefined; path: string }

const [QUOTE, COMMA, BACKSLASH] = [0x22, 0x2c, 0x5c]
const [OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT, SPACE] = [0x5b, 0x5d, 0x7b, 0x7d, 0x20]

/** The path of what opens in `frame`: its row of a list, or, in an object, the value of the key just read. */
function childPath(frame: Frame | undefined, key: string): string {
  if (!frame) return ''
  if (frame.list) return `${frame.path}[${frame.list.starts.length - 1}]`
  const name = key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1)
  return frame.path ? `${frame.path}.${name}` : name
}

const ENCODER = new TextEncoder()

/**
 * Every list of compact JSON `text`, inner ones before the list holding them, each with its rows' starts
 * and lengths; undefined when the text has whitespace between its values (or is not whole JSON), so the
 * distances between rows would not be the lengths JSON.stringify writes.
 *
 * Read as UTF-8 bytes, which a loop reads faster than a string's characters; where a string holds other
 * than ASCII, `shift` counts the bytes more than the UTF-16 units they are (a text's length and positions
 * are in those units): a continuation byte is one more, and a 4-byte sequence's lead one less (it is two units).
 */
function listsOf(text: string): List[] | undefined {
  const bytes = ENCODER.encode(text)
  const lists: List[] = []
  const open: Frame[] = []
  let frame: Frame | undefined
  let shift = 0
  // The last string read: in an object, a list or object opening is the value of that key.
  let [stringFrom, stringTo] = [0, 0]
  // One byte at a time: strings are short (keys, names, dates), too short for indexOf to save time.
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!
    if (c === QUOTE) {
      stringFrom = i - shift
      for (i++; i < bytes.length; i++) {
        const b = bytes[i]!
        if (b === QUOTE) break
        if (b === BACKSLASH) i++
        else if (b >= 0x80) shift += b < 0xc0 ? 1 : b >= 0xf0 ? -1 : 0
      }
      stringTo = i + 1 - shift
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      const path = childPath(frame, frame && !frame.list ? text.slice(stringFrom, stringTo) : '')
      let list: List | undefined
      if (c === OPEN_LIST) {
        // In the row being read of the innermost list around it, if any (objects between them are in that row).
        const holder = innermostList(open)
        const row = holder ? holder.starts.length - 1 : 0
        list = { path, parent: holder, row, starts: [], sizes: [], size: 0, end: 0, kept: 0 }
        if (bytes[i + 1] !== CLOSE_LIST) list.starts.push(i + 1 - shift)
      }
      frame = { list, path }
      open.push(frame)
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      const list = open.pop()?.list
      frame = open.at(-1)
      if (list) lists.push(closed(list, i - shift))
    } else if (c === COMMA) {
      frame?.list?.starts.push(i + 1 - shift)
    } else if (c <= SPACE) {
      return undefined
    }
  }
  return open.length === 0 ? lists : undefined
}

/** A list whose closing bracket is at `end`, with its rows' lengths: up to the next row's comma, or to the bracket. */
function closed(list: List, end: number): List {
  const { starts, sizes } = list
  for (let r = 0; r < starts.length; r++) sizes.push((r + 1 < starts.length ? starts[r + 1]! - 1 : end) - starts[r]!)
  list.end = end
  list.kept = starts.length
  list.size = end + 1 - (starts.length ? starts[0]! - 1 : end - 1)
  return list
}

/** The innermost list among the open containers. */
function innermostList(open: Frame[]): List | undefined {
  for (let f = open.length - 1; f >= 0; f--) if (open[f]!.list) return open[f]!.list
  return undefined
}

/** Whether a list is still in the body: every list holding it kept the row it is in. */
function isKept(list: List): boolean {
  for (let l = list; l.parent; l = l.parent) if (l.row >= l.parent.kept) return false
  return true
}

/** Drops rows of `list` from its end while the body is over `budget`; returns the characters removed. */
function cutRows(list: List, size: number, budget: number, floor: number): number {
  let removed = 0
  while (size - removed > budget && list.kept > floor) {
    const last = list.kept - 1
    removed += list.sizes[last]! + (last > 0 ? 1 : 0)
    list.kept = last
  }
  // The lists holding this one are shorter by as much, in the row that holds it.
  list.size -= removed
  for (let l = list; l.parent; l = l.parent) {
    l.parent.sizes[l.row]! -= removed
    l.parent.size -= removed
  }
  return removed
}

/** The text without the rows its lists dropped. */
function keptText(text: string, lists: List[]): string {
  const dropped = lists
    .filter((l) => l.kept < l.starts.length && isKept(l))
    // After its last kept row (and the comma before the first dropped one), up to its closing bracket.
    .map((l) => [l.kept > 0 ? l.starts[l.kept]! - 1 : l.starts[0]!, l.end] as const)
    .sort((a, b) => a[0] - b[0])
  let kept = ''
  let from = 0
  for (const [start, end] of dropped) {
    kept += text.slice(from, start)
    from = end
  }
  return kept + text.slice(from)
}

/**
 * `body` (JSON text) cut until it is at most `budget` characters, or nothing is left to cut, with the
 * cuts, largest list first; no cuts, and the body as it is, when it fits already or nothing could be cut.
 */
export function fit(body: string, budget: number): { text: string; cuts: Cut[] } {
  if (body.length <= budget) return { text: body, cuts: [] }
  let text = body
  let lists = listsOf(text)
  if (!lists) {
    // Not compact: cut what JSON.stringify writes for it (an invalid body throws here).
    text = JSON.stringify(JSON.parse(body))
    lists = listsOf(text)!
  }
  let size = text.length
  const cuts = new Map<List, Cut>()
  for (const floor of [1, 0]) {
    while (size > budget) {
      // The largest list still in the body that can lose a row; the first of equals.
      let largest: List | undefined
      for (const list of lists)
        if (list.kept > floor && (!largest || list.size > largest.size) && isKept(list)) largest = list
      if (!largest) break
      const cut = cuts.get(largest) ?? { path: largest.path, kept: 0, total: largest.starts.length }
      size -= cutRows(largest, size, budget, floor)
      cut.kept = largest.kept
      cuts.set(largest, cut)
    }
  }
  return cuts.size === 0 ? { text: body, cuts: [] } : { text: keptText(text, lists), cuts: [...cuts.values()] }
}
