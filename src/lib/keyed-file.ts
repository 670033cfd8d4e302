/**
 * Keyed files: the snapshot's point-lookup path (docs/architecture.md, Lookup files). A point query
 * through DuckDB pays a fixed cost however the table is laid out, because DuckDB plans a prepared
 * statement again for each set of values (by design, duckdb PR #20885); reading a record here costs a
 * binary search, one read of a few kilobytes from the page cache and one decompression, a small fraction of
 * that (docs/architecture.md has the figures).
 *
 * A keyed file is two files the build writes side by side:
 *   <name>.blocks   zstd frames, one after the other; each holds lines `<key>\t<payload>\n`, keys ascending;
 *                   a key with many lines (a big filer's filings) runs on over as many frames as it needs;
 *   <name>.index    per frame four little-endian 64-bit integers: its first key, byte offset, length, and
 *                   1 when its first line continues the previous frame's last key (else 0);
 *   <name>.heads    (optional) per frame one 64-bit integer the writer took from its first line's payload:
 *                   where payloads are in an order of their own within a run of keys (a day's filings by
 *                   accession number), a search can jump over frames instead of decompressing them.
 * Keys are non-negative integers (a CIK, an accession number's 18 digits); a payload is one line of text
 * (the build writes JSON, which never holds a raw newline). The server reads the index into memory
 * (17 bytes a frame: its first key, offset and continuation flag; a length is the next offset minus its
 * own) and the frames with pread, so the data itself stays in the page cache, shared, outside the
 * server's RSS.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, writeSync } from 'node:fs'

/** The files of a keyed file called `base` (a path without extension); `heads` only where the writer kept heads. */
export const keyedFileParts = (base: string) => ({
  blocks: `${base}.blocks`,
  index: `${base}.index`,
  heads: `${base}.heads`,
})

const ENTRY = 4
const TAB = 9
const NEWLINE = 10
/** Keys up to this are exact as doubles. */
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
/** Frames kept decompressed per file (KeyedFile.read). */
const RECENT_FRAMES = 4

/** How many more frames a read may decompress; set `exhausted` when it needed more. */
export type FrameBudget = { frames: number; exhausted: boolean }

/**
 * Writes a keyed file. Lines must come in ascending key order (equal keys together, in the order they
 * are to be read). 16 KB frames: a lookup decompresses little, and the index stays small. zstd level 1:
 * faster to write than level 3 for about the same size (docs/benchmarks.md).
 */
export class KeyedFileWriter {
  private readonly blocksFd: number
  private readonly index: bigint[] = []
  private readonly heads: bigint[] = []
  /** The frame being filled: its lines' bytes, `used` of them. */
  private frame = Buffer.allocUnsafe(1 << 16)
  private used = 0
  private last = -1n
  private offset = 0
  lineCount = 0

  /**
   * `frameBytes`: uncompressed bytes per frame (16 KB unless given); `head`: what to keep of each frame's
   * first payload in `<base>.heads` (no heads file without it); `keyFrameAfter`: a new key starts a new
   * frame once the frame being filled holds this many bytes (by default only a full frame ends one). A key
   * read alone then decompresses at most that many bytes of the keys before it, where a key starting late
   * in a frame costs a whole frame of other keys' lines; keys smaller than it still share frames, so the
   * index does not grow a frame per key.
   */
  constructor(
    private readonly base: string,
    private readonly options: {
      frameBytes?: number
      level?: number
      head?: (payload: string) => bigint
      keyFrameAfter?: number
    } = {},
  ) {
    this.blocksFd = openSync(keyedFileParts(base).blocks, 'w')
  }

  /**
   * A line of `key`: its payload as text, or as the UTF-8 bytes of it (what the build reads from DuckDB,
   * copied into the frame with no string made of it).
   */
  add(key: bigint, payload: string | Uint8Array) {
    if (key < this.last) throw new Error(`keyed file ${this.base}: key ${key} after ${this.last}`)
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload
    if (
      this.used >= (this.options.frameBytes ?? 16_384) ||
      (key !== this.last && this.used >= (this.options.keyFrameAfter ?? Infinity))
    )
      this.flush()
    if (!this.used) {
      this.index.push(key, 0n, 0n, key === this.last ? 1n : 0n)
      if (this.options.head) this.heads.push(this.options.head(Buffer.from(bytes).toString()))
    }
    // The key's digits (at most 20), a tab, the payload, a newline.
    if (this.used + 22 + bytes.length > this.frame.length) this.grow(22 + bytes.length)
    this.used += this.frame.write(key.toString(), this.used, 'latin1')
    this.frame[this.used++] = TAB
    this.frame.set(bytes, this.used)
    this.used += bytes.length
    this.frame[this.used++] = NEWLINE
    this.last = key
    this.lineCount++
  }

  /**
   * A frame another keyed file stored, copied as it is (its compressed bytes): the frame being filled is
   * written first. `first` is its first key; `last`, its last key or a bound no lower than it and below any
   * key added after (the ordering check and the next frame's continuation flag compare with it); `head` its
   * head, where this file keeps heads. Its lines are not read: `countCopied` adds them to the count.
   */
  addFrame(frame: { compressed: Uint8Array; first: bigint; last: bigint; head: bigint | undefined }) {
    if (frame.first < this.last) throw new Error(`keyed file ${this.base}: key ${frame.first} after ${this.last}`)
    this.flush()
    this.index.push(
      frame.first,
      BigInt(this.offset),
      BigInt(frame.compressed.length),
      frame.first === this.last ? 1n : 0n,
    )
    if (this.options.head) {
      if (frame.head === undefined) throw new Error(`keyed file ${this.base}: a frame copied without its head`)
      this.heads.push(frame.head)
    }
    writeSync(this.blocksFd, frame.compressed)
    this.offset += frame.compressed.length
    this.last = frame.last
  }

  /** The lines of the frames copied (addFrame), counted by the caller. */
  countCopied(lines: number) {
    this.lineCount += lines
  }

  private grow(room: number) {
    const bigger = Buffer.allocUnsafe(Math.max(this.frame.length * 2, this.used + room))
    this.frame.copy(bigger, 0, 0, this.used)
    this.frame = bigger
  }

  private flush() {
    if (!this.used) return
    const frame = Bun.zstdCompressSync(this.frame.subarray(0, this.used), { level: this.options.level ?? 1 })
    writeSync(this.blocksFd, frame)
    const at = this.index.length - ENTRY
    this.index[at + 1] = BigInt(this.offset)
    this.index[at + 2] = BigInt(frame.length)
    this.offset += frame.length
    this.used = 0
  }

  /** Writes the last frame and the index. Also called when writing failed, to release the file (the build then discards the folder). */
  close() {
    this.flush()
    closeSync(this.blocksFd)
    const index = BigInt64Array.from(this.index)
    writeWhole(keyedFileParts(this.base).index, index)
    if (this.options.head) writeWhole(keyedFileParts(this.base).heads, BigInt64Array.from(this.heads))
    return { lines: this.lineCount, frames: index.length / ENTRY, bytes: this.offset }
  }
}

function writeWhole(path: string, values: BigInt64Array) {
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, new Uint8Array(values.buffer))
  } finally {
    closeSync(fd)
  }
}

/** A file of 64-bit integers, copied into its own buffer: a BigInt64Array needs 8-byte alignment, which a file buffer may lack. */
function readIntegers(path: string, per: number): BigInt64Array {
  const bytes = readFileSync(path)
  if (bytes.byteLength % (per * 8))
    throw new Error(
      `${path}: not a keyed-file index or heads file (${bytes.byteLength} bytes, not a whole number of ${per * 8}-byte entries)`,
    )
  const values = new BigInt64Array(bytes.byteLength / 8)
  new Uint8Array(values.buffer).set(bytes)
  return values
}

/** Reads a keyed file: the index in memory, the frames from the file on demand. */
export class KeyedFile {
  private constructor(
    private readonly fd: number,
    /** Each frame's first key. */
    private readonly keys: BigInt64Array,
    /** Each frame's byte offset, and the end of the last frame: frames lie end to end, so a length is a difference. */
    private readonly offsets: Float64Array,
    /** 1 where a frame's first line continues the previous frame's last key. */
    private readonly continues: Uint8Array,
    private readonly heads: BigInt64Array | undefined,
  ) {}

  get frames(): number {
    return this.keys.length
  }

  /**
   * Opens the file. The index is kept in memory as 17 bytes a frame, not the file's 32 (a snapshot's
   * indexes are a few hundred megabytes on disk, all of it resident in the server).
   */
  static open(base: string): KeyedFile {
    const { blocks, index, heads } = keyedFileParts(base)
    const entries = readIntegers(index, ENTRY)
    const frames = entries.length / ENTRY
    const keys = new BigInt64Array(frames)
    const offsets = new Float64Array(frames + 1)
    const continues = new Uint8Array(frames)
    // Read as 32-bit halves (little-endian), in doubles: BigInt arithmetic per frame made opening a
    // snapshot's millions of frames take seconds.
    const words = new Uint32Array(entries.buffer)
    const keyWords = new Uint32Array(keys.buffer)
    const wide = (at: number) => words[at]! + words[at + 1]! * 2 ** 32
    for (let frame = 0; frame < frames; frame++) {
      const at = frame * ENTRY * 2
      keyWords[frame * 2] = words[at]!
      keyWords[frame * 2 + 1] = words[at + 1]!
      offsets[frame] = wide(at + 2)
      continues[frame] = words[at + 6]! | words[at + 7]! ? 1 : 0
      const end = offsets[frame]! + wide(at + 4)
      if (frame + 1 < frames && wide(at + ENTRY * 2 + 2) !== end)
        throw new Error(`${index}: frame ${frame + 1} does not start where frame ${frame} ends`)
      offsets[frame + 1] = end
    }
    const frameHeads = existsSync(heads) ? readIntegers(heads, 1) : undefined
    if (frameHeads && frameHeads.length !== frames)
      throw new Error(`${heads}: ${frameHeads.length} heads for ${frames} frames`)
    return new KeyedFile(openSync(blocks, 'r'), keys, offsets, continues, frameHeads)
  }

  /** Whether the file has frame heads (its writer was given `head`). */
  get hasHeads(): boolean {
    return this.heads !== undefined
  }

  /**
   * The frames whose first key lies strictly between `from` and `to`, as [first key, head]: where, inside
   * that run of keys, a frame starts and what its first payload held. Needs heads (hasHeads).
   */
  headsWithin(from: bigint, to: bigint): [key: bigint, head: bigint][] {
    if (!this.heads) throw new Error('keyed file: no heads')
    const out: [bigint, bigint][] = []
    for (let frame = Math.max(0, this.startFrame(from)); frame < this.frames && this.firstKey(frame) < to; frame++) {
      if (this.firstKey(frame) > from) out.push([this.firstKey(frame), this.heads[frame]!])
    }
    return out
  }

  /** The payloads stored under `key`, in stored order; none when it is absent. */
  get(key: bigint): string[] {
    return [...this.lines(key)]
  }

  /**
   * The payloads of `key` one by one, reading each frame only when the one before is used up: the first
   * page of a key with thousands of lines reads one or two frames. With a budget, at most that many
   * frames are read; `exhausted` then says whether lines were left unread.
   */
  lines(key: bigint, budget?: FrameBudget): Generator<string> {
    return this.linesVia(key, (frame) => this.read(frame), budget)
  }

  /**
   * The payloads of `key` as `lines` reads them, from the last of its frames whose head `passes`: the frames
   * before it are passed over unread. The heads of a key's frames (past its first, whose first line may be
   * another key's) must pass and then fail, as a running minimum compared with a bound does. Without
   * heads, or when none passes, every frame of the key is read.
   */
  *linesPassing(key: bigint, passes: (head: bigint) => boolean): Generator<string> {
    let frame = this.startFrame(key)
    if (frame < 0) return
    frame = this.lastPassing(frame, key, passes)
    do yield* payloadsIn(this.read(frame), key)
    while (++frame < this.frames && this.firstKey(frame) === key)
  }

  /**
   * From `frame`, where `key`'s lines start, the last of its frames whose next frame (still the key's) has a
   * head that `passes`: the lines before it all come before that head's. `frame` itself without heads.
   */
  private lastPassing(frame: number, key: bigint, passes: (head: bigint) => boolean): number {
    if (!this.heads) return frame
    while (frame + 1 < this.frames && this.firstKey(frame + 1) === key && passes(this.heads[frame + 1]!)) frame++
    return frame
  }

  private *linesVia(
    key: bigint,
    read: (frame: number) => string,
    budget: FrameBudget = { frames: Infinity, exhausted: false },
  ): Generator<string> {
    let frame = this.startFrame(key)
    if (frame < 0) return
    do {
      if (budget.frames <= 0) {
        budget.exhausted = true
        return
      }
      budget.frames--
      yield* payloadsIn(read(frame), key)
    } while (++frame < this.frames && this.firstKey(frame) === key)
  }

  /**
   * The payloads of the keys in [from, to), in key order, reading frames as they are used up: for a file
   * whose keys are positions (one line each), a slice of positions.
   */
  *range(from: bigint, to: bigint): Generator<string> {
    let frame = Math.max(0, this.startFrame(from))
    const small = to <= MAX_SAFE
    const [fromN, toN] = [Number(from), Number(to)]
    for (; frame < this.frames && this.firstKey(frame) < to; frame++) {
      const text = this.read(frame)
      let at = 0
      while (at < text.length) {
        const tab = text.indexOf('\t', at)
        const end = text.indexOf('\n', tab)
        // Keys of up to 15 digits compare as doubles, exactly: a BigInt made per line was 3% of a deep page.
        const short = tab - at <= 15 && small
        const key = short ? Number(text.slice(at, tab)) : BigInt(text.slice(at, tab))
        if (short ? key >= toN : key >= to) return
        if (short ? key >= fromN : key >= from) yield text.slice(tab + 1, end)
        at = end + 1
      }
    }
  }

  /**
   * The payloads of several keys, in the order asked (a key may come twice), each frame read once: the
   * keys of a page (ascending CIKs) usually share one or two frames.
   */
  getMany(keys: readonly bigint[]): string[][] {
    // Read as eachAscending reads: the keys in order, each once, then given back in the order asked.
    const ascending = keys.every((key, i) => i === 0 || key > keys[i - 1]!)
    const sorted = ascending ? keys : [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const lines = sorted.map((): string[] => [])
    this.eachAscending(sorted, (place, payload) => lines[place]!.push(payload) > 0)
    if (ascending) return lines
    const placeOf = new Map(sorted.map((key, place) => [key, place]))
    return keys.map((key) => [...lines[placeOf.get(key)!]!])
  }

  /**
   * The payloads of several keys given in ascending order (each once), one by one to `take` with the key's
   * place among them, in one pass forward: each frame read at most once and each of its lines looked at
   * once, frames before a key's passed over. `take` returning false ends its key's lines there: the frames
   * they run on over are not read. For many keys close together, most of them absent (a company's every
   * series): a search and a scan of the frame for each key were most of such a read. With `passes`, and
   * in a file with heads, a key's lines are read from the last of its frames whose next frame's head
   * `passes` (as linesPassing): its lines before that frame are not looked at.
   */
  eachAscending(
    keys: readonly bigint[],
    take: (place: number, payload: string) => boolean,
    passes?: (place: number, head: bigint) => boolean,
  ): void {
    let frame = -1
    let text = ''
    // Where the lines not looked at yet start in `text`.
    let at = 0
    keys.forEach((key, place) => {
      if (place > 0 && key <= keys[place - 1]!) throw new Error(`keyed file: key ${key} not above the one before`)
      let start = this.startFrame(key)
      if (start < 0) return
      if (passes) start = this.lastPassing(start, key, (head) => passes(place, head))
      if (start > frame) {
        frame = start
        text = this.read(frame)
        at = 0
      }
      const digits = String(key)
      for (;;) {
        let ended = false
        while (at < text.length) {
          const tab = text.indexOf('\t', at)
          const order = compareDigits(text, at, tab, digits)
          if (order > 0) {
            ended = true
            break
          }
          const end = text.indexOf('\n', tab)
          if (order === 0 && !take(place, text.slice(tab + 1, end))) ended = true
          at = end + 1
          if (ended) break
        }
        // The frame used up: the key's lines go on only in a next frame that continues them.
        if (ended || frame + 1 >= this.frames || this.firstKey(frame + 1) !== key) return
        frame++
        text = this.read(frame)
        at = 0
      }
    })
  }

  /**
   * A frame as it is stored, for a build that copies the last snapshot's file in part
   * (pipeline/lookup-files.ts): its first key, whether it continues the frame before's last key, its head,
   * its compressed bytes, and its lines' bytes.
   */
  frameAt(frame: number): StoredFrame {
    return {
      first: this.firstKey(frame),
      next: frame + 1 < this.frames ? this.firstKey(frame + 1) : undefined,
      nextContinues: frame + 1 < this.frames && this.continues[frame + 1] === 1,
      head: this.heads?.[frame],
      compressed: () => Buffer.from(this.readCompressed(frame)),
      bytes: () => this.decompressBytes(frame),
    }
  }

  close() {
    closeSync(this.fd)
  }

  /** The compressed frame being read, reused: a fresh buffer per frame was 4% of a deep page's time. */
  private scratch = Buffer.allocUnsafe(1 << 16)

  private firstKey = (frame: number) => this.keys[frame]!

  /**
   * The frame where `key`'s lines start, if it has any, or -1. Below the first frame that starts with a key
   * >= `key`, unless that frame starts with `key` itself and does not continue the previous frame's run.
   */
  private startFrame(key: bigint): number {
    let lo = 0
    let hi = this.frames
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.firstKey(mid) < key) lo = mid + 1
      else hi = mid
    }
    if (lo < this.frames && this.firstKey(lo) === key && this.continues[lo] === 0) return lo
    return lo - 1
  }

  /**
   * The last frames read, by frame number: a merge of several forms reads a frame to find where its page
   * starts, then again to read the page from there (page-skip.ts).
   */
  private readonly recent: { frame: number; text: string }[] = []

  private read(frame: number): string {
    const hit = this.recent.find((r) => r.frame === frame)
    if (hit) return hit.text
    const text = this.decompress(frame)
    if (this.recent.unshift({ frame, text }) > RECENT_FRAMES) this.recent.pop()
    return text
  }

  private decompress(frame: number): string {
    return this.decompressBytes(frame).toString('utf8')
  }

  private decompressBytes(frame: number): Buffer {
    const text = Bun.zstdDecompressSync(this.readCompressed(frame))
    return Buffer.from(text.buffer, text.byteOffset, text.byteLength)
  }

  /** The frame's compressed bytes, in the scratch buffer (valid until the next read). */
  private readCompressed(frame: number): Buffer {
    const offset = this.offsets[frame]!
    const length = this.offsets[frame + 1]! - offset
    if (this.scratch.byteLength < length) this.scratch = Buffer.allocUnsafe(length * 2)
    const buffer = this.scratch.subarray(0, length)
    let done = 0
    while (done < length) {
      const n = readSync(this.fd, buffer, done, length - done, offset + done)
      if (n === 0) throw new Error(`keyed file: frame ${frame} ends early`)
      done += n
    }
    return buffer
  }
}

/** A frame of a keyed file as stored (KeyedFile.frameAt). */
export type StoredFrame = {
  first: bigint
  /** The next frame's first key (none for the last frame), and whether that frame continues this one's last key. */
  next: bigint | undefined
  nextContinues: boolean
  head: bigint | undefined
  compressed(): Buffer
  /** Its lines' bytes, decompressed (linesOf reads them). */
  bytes(): Buffer
}

/** A frame's lines (StoredFrame.bytes), as their keys and their payloads' bytes. */
export function* linesOf(bytes: Buffer): Generator<[key: bigint, payload: Uint8Array]> {
  let at = 0
  while (at < bytes.length) {
    const tab = bytes.indexOf(TAB, at)
    const end = bytes.indexOf(NEWLINE, tab)
    yield [BigInt(bytes.toString('latin1', at, tab)), bytes.subarray(tab + 1, end)]
    at = end + 1
  }
}

/**
 * A line's key (the text from `at` to `tab`) against a key's digits, as numbers: both are written without
 * leading zeros, so the shorter is the smaller, and digits of the same length compare as text. No number is
 * made of the line's key (a BigInt per line would be most of a walk over a frame).
 */
function compareDigits(text: string, at: number, tab: number, digits: string): number {
  if (tab - at !== digits.length) return tab - at - digits.length
  for (let i = 0; i < digits.length; i++) {
    const d = text.charCodeAt(at + i) - digits.charCodeAt(i)
    if (d !== 0) return d
  }
  return 0
}

/** The payloads of `key`'s lines in a frame's text (consecutive lines: keys are sorted). */
function payloadsIn(text: string, key: bigint): string[] {
  const prefix = `${key}\t`
  const out: string[] = []
  let at = text.startsWith(prefix) ? 0 : text.indexOf(`\n${prefix}`) + 1
  if (at === 0 && !text.startsWith(prefix)) return out
  while (at < text.length && text.startsWith(prefix, at)) {
    const end = text.indexOf('\n', at)
    out.push(text.slice(at + prefix.length, end))
    at = end + 1
  }
  return out
}
