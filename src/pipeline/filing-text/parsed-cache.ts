/**
 * Parsed filing texts kept from build to build, in the build cache's folder (build-cache.ts). Parsing a
 * 13F filing's text (the XML of its information table) is most of what staging that source costs, and a
 * night adds a day's filings to thousands that stay as they were. So a text's parse is taken from the last
 * build's while the file has the size and modification time it had (the rule period files follow,
 * period-files.ts), and the cache was written by the same parse (`version`: the caller gives the package's
 * version, the schema's and its own parse's); a cache of another version is read as empty.
 *
 * The cache is a file of lines: the version, then one line per text the last build read, its key (the
 * filing and the file's size and time), a tab and its parse as JSON (`null` for a text the source does not
 * take). A build writes the lines of the texts it reads to a
 * new file, which replaces the old once every text is read (`close`). A cache is right for its own texts
 * whatever the build did after, so one kept by a build that failed later serves the next. Deleting it
 * costs the next build its parses, nothing else.
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { buildCachePath } from '../build-cache.ts'
import type { FilingTextFile } from './mirror-files.ts'

/** What a text's parse is kept under: the filing, and the file as it was. */
const keyOf = (f: FilingTextFile) => `${f.accessionNumber}|${f.cik}|${f.bytes}|${f.modifiedMs}`

/** Where a kept parse's JSON lies in the cache file: its first byte and the byte after its last. */
type Span = { from: number; to: number }

export class ParsedTexts<T> {
  /** Where the last build's parse of each key lies in its file (read only when taken: a cache of every 13F text is hundreds of MB). */
  private readonly kept = new Map<string, Span>()
  private keptFd: number | undefined
  private readonly next: string
  private fd: number | undefined
  /** Texts whose parse was taken, and texts parsed. */
  taken = 0
  parsed = 0

  private constructor(
    private readonly file: string,
    version: string,
  ) {
    if (existsSync(file)) {
      this.keptFd = openSync(file, 'r')
      if (!indexLines(this.keptFd, JSON.stringify({ version }), this.kept)) {
        closeSync(this.keptFd)
        this.keptFd = undefined
        this.kept.clear()
      }
    }
    this.next = `${file}.next`
    mkdirSync(dirname(file), { recursive: true })
    this.fd = openSync(this.next, 'w')
    writeSync(this.fd, `${JSON.stringify({ version })}\n`)
  }

  /** The cache `name` of the datasets folder `datasets`, as kept for `version` (empty if kept for another). */
  static open<T>(datasets: string, name: string, version: string): ParsedTexts<T> {
    return new ParsedTexts<T>(buildCachePath(datasets, `${name}.jsonl`), version)
  }

  /**
   * The text's parse: the last build's, else `parse()`; kept for the next build either way. A kept line
   * that does not read back (a cache cut short) is parsed again: a damaged cache costs its parses only.
   */
  parse(file: FilingTextFile, parse: () => T | null): T | null {
    const key = keyOf(file)
    const span = this.kept.get(key)
    if (span) {
      const json = Buffer.allocUnsafe(span.to - span.from)
      readSync(this.keptFd!, json, 0, json.length, span.from)
      try {
        const value = JSON.parse(json.toString('utf8')) as T | null
        this.keep(key, json)
        this.taken++
        return value
      } catch {}
    }
    const value = parse()
    this.keep(key, Buffer.from(JSON.stringify(value)))
    this.parsed++
    return value
  }

  private keep(key: string, json: Buffer) {
    writeSync(this.fd!, `${key}\t`)
    writeSync(this.fd!, json)
    writeSync(this.fd!, '\n')
  }

  /** Every text read: the new cache replaces the last build's. */
  close() {
    this.closeFiles()
    renameSync(this.next, this.file)
  }

  /** A read that failed: the last build's cache stays as it was. */
  abandon() {
    this.closeFiles()
    rmSync(this.next, { force: true })
  }

  private closeFiles() {
    if (this.fd !== undefined) closeSync(this.fd)
    if (this.keptFd !== undefined) closeSync(this.keptFd)
    this.fd = undefined
    this.keptFd = undefined
  }
}

const NEWLINE = 10
const TAB = 9

/**
 * Reads the cache file `fd` through once, putting where each line's JSON lies into `spans` by its key;
 * false when its first line is not `head` (a cache of another version).
 */
function indexLines(fd: number, head: string, spans: Map<string, Span>): boolean {
  const chunk = Buffer.allocUnsafe(1 << 20)
  let offset = 0
  let carry = Buffer.alloc(0)
  let first = true
  for (;;) {
    const n = readSync(fd, chunk, 0, chunk.length, offset)
    if (n === 0) return !first
    const bytes = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n)
    const base = offset - carry.length
    let start = 0
    for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
      if (first) {
        if (bytes.toString('utf8', start, end) !== head) return false
        first = false
      } else {
        const tab = bytes.indexOf(TAB, start)
        if (tab > start && tab < end)
          spans.set(bytes.toString('latin1', start, tab), { from: base + tab + 1, to: base + end })
      }
      start = end + 1
    }
    carry = Buffer.from(bytes.subarray(start))
    offset += n
  }
}
