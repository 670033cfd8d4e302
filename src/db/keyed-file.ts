/**
 * Keyed files: the snapshot's point-lookup path (README, "Lookups without a query"). A point query
 * through DuckDB costs 0.5-1.4 ms however the table is laid out, because DuckDB plans a prepared
 * statement again for each set of values (by design, duckdb PR #20885); reading a record here costs a
 * binary search, one read of a few kilobytes from the page cache and one decompression (~0.02 ms).
 *
 * A keyed file is two files the build writes side by side:
 *   <name>.blocks   zstd frames, one after the other; each holds lines `<key>\t<payload>\n`, keys ascending,
 *                   all the lines of one key in the same frame (a key's run is never cut);
 *   <name>.index    per frame three little-endian 64-bit integers: its first key, byte offset and length.
 * Keys are non-negative integers (a CIK, an accession number's 18 digits); a payload is one line of text
 * (the build writes JSON, which never holds a raw newline). The server reads the index into memory
 * (24 bytes a frame: 0.4 MB per million lines of 16 KB frames) and the frames with pread, so the data
 * itself stays in the page cache, shared, outside the server's RSS.
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs'

/** The two files of a keyed file called `base` (a path without extension). */
export const keyedFileParts = (base: string) => ({ blocks: `${base}.blocks`, index: `${base}.index` })

/**
 * Writes a keyed file. Lines must come in ascending key order (equal keys together); a frame is closed at
 * the first new key once it holds `frameBytes` of text. 16 KB frames: a lookup decompresses ~16 KB
 * (~0.02 ms), and the index stays small.
 */
export class KeyedFileWriter {
  private readonly blocksFd: number
  private readonly index: bigint[] = []
  private lines: string[] = []
  private frameBytes = 0
  private frameFirst = -1n
  private last = -1n
  private offset = 0
  lineCount = 0

  constructor(private readonly base: string, private readonly options: { frameBytes?: number; level?: number } = {}) {
    this.blocksFd = openSync(keyedFileParts(base).blocks, 'w')
  }

  add(key: bigint, payload: string) {
    if (key < this.last) throw new Error(`keyed file ${this.base}: key ${key} after ${this.last}`)
    if (key !== this.last && this.frameBytes >= (this.options.frameBytes ?? 16_384)) this.flush()
    if (!this.lines.length) this.frameFirst = key
    const line = `${key}\t${payload}\n`
    this.lines.push(line)
    this.frameBytes += line.length
    this.last = key
    this.lineCount++
  }

  private flush() {
    if (!this.lines.length) return
    const frame = Bun.zstdCompressSync(Buffer.from(this.lines.join('')), { level: this.options.level ?? 3 })
    writeSync(this.blocksFd, frame)
    this.index.push(this.frameFirst, BigInt(this.offset), BigInt(frame.length))
    this.offset += frame.length
    this.lines = []
    this.frameBytes = 0
  }

  /** Writes the last frame and the index. */
  close() {
    this.flush()
    closeSync(this.blocksFd)
    const index = BigInt64Array.from(this.index)
    const fd = openSync(keyedFileParts(this.base).index, 'w')
    try {
      writeSync(fd, new Uint8Array(index.buffer))
    } finally {
      closeSync(fd)
    }
    return { lines: this.lineCount, frames: index.length / 3, bytes: this.offset }
  }
}

/** Reads a keyed file: the index in memory, the frames from the file on demand. */
export class KeyedFile {
  private constructor(
    private readonly fd: number,
    /** first key, offset, length per frame */
    private readonly index: BigInt64Array,
    private readonly frames: number,
  ) {}

  static open(base: string): KeyedFile {
    const { blocks, index } = keyedFileParts(base)
    const bytes = readFileSync(index)
    if (bytes.byteLength % 24) throw new Error(`${index}: not a keyed-file index (${bytes.byteLength} bytes)`)
    // Copied into its own buffer: a BigInt64Array needs 8-byte alignment, which a file buffer may lack.
    const entries = new BigInt64Array(bytes.byteLength / 8)
    new Uint8Array(entries.buffer).set(bytes)
    return new KeyedFile(openSync(blocks, 'r'), entries, entries.length / 3)
  }

  /** The payloads stored under `key`, in stored order; none when it is absent. */
  get(key: bigint): string[] {
    const frame = this.frameOf(key)
    return frame < 0 ? [] : payloadsIn(this.read(frame), key)
  }

  /**
   * The payloads of several keys, ascending (as a page of CIKs is), each frame read once: the keys of a
   * page usually share one or two frames.
   */
  getMany(keys: readonly bigint[]): string[][] {
    let frame = -1
    let text = ''
    return keys.map((key) => {
      const f = this.frameOf(key)
      if (f < 0) return []
      if (f !== frame) {
        frame = f
        text = this.read(f)
      }
      return payloadsIn(text, key)
    })
  }

  close() {
    closeSync(this.fd)
  }

  /** The last frame whose first key is <= key (a key's lines are all in one frame), or -1. */
  private frameOf(key: bigint): number {
    let lo = 0
    let hi = this.frames
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.index[mid * 3]! <= key) lo = mid + 1
      else hi = mid
    }
    return lo - 1
  }

  private read(frame: number): string {
    const offset = Number(this.index[frame * 3 + 1])
    const length = Number(this.index[frame * 3 + 2])
    const buffer = Buffer.allocUnsafe(length)
    let done = 0
    while (done < length) {
      const n = readSync(this.fd, buffer, done, length - done, offset + done)
      if (n === 0) throw new Error(`keyed file: frame ${frame} ends early`)
      done += n
    }
    return Buffer.from(Bun.zstdDecompressSync(buffer)).toString('utf8')
  }
}

/** The payloads of `key`'s lines in a frame's text. */
function payloadsIn(text: string, key: bigint): string[] {
  const prefix = `${key}\t`
  const out: string[] = []
  // Lines start at 0 or after a newline; a key's lines are consecutive.
  let at = text.startsWith(prefix) ? 0 : text.indexOf(`\n${prefix}`) + 1
  if (at === 0 && !text.startsWith(prefix)) return out
  while (at < text.length && text.startsWith(prefix, at)) {
    const end = text.indexOf('\n', at)
    out.push(text.slice(at + prefix.length, end))
    at = end + 1
  }
  return out
}
