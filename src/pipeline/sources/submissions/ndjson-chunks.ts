/**
 * Turns many small JSON documents (one per ZIP entry) into a few large newline-delimited JSON files that
 * DuckDB parses in parallel. Each line gets a leading `"_file"` member naming its source entry, because
 * page files carry no CIK of their own and because an error must name the file at fault. The entry names
 * of each chunk are kept so a DuckDB error ("... in line 812") maps back to the entry.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export type Chunk = { path: string; names: string[] }

const OPEN_BRACE = 0x7b
const NEWLINE = 0x0a
const CR = 0x0d

export class ChunkWriter {
  private fd = -1
  private names: string[] = []
  private bytes = 0
  private seq = 0
  private buffer = Buffer.allocUnsafe(8 << 20)
  private used = 0

  constructor(
    private readonly dir: string,
    private readonly prefix: string,
    private readonly chunkBytes: number,
    /** Called with each finished chunk; may return a promise the writer does not wait for. */
    private readonly onChunk: (chunk: Chunk) => void,
  ) {}

  /** Adds one JSON document; returns false when it is not a JSON object. */
  add(name: string, doc: Uint8Array): boolean {
    let start = 0
    if (doc[0] === 0xef && doc[1] === 0xbb && doc[2] === 0xbf) start = 3 // UTF-8 BOM
    while (start < doc.length && doc[start] !== OPEN_BRACE) {
      if (doc[start]! > 0x20) return false
      start++
    }
    if (start >= doc.length) return false
    if (this.fd < 0) this.open()
    this.write(Buffer.from(`{"_file":${JSON.stringify(name)},`))
    let body = doc.subarray(start + 1)
    // Raw newlines can only be whitespace between tokens in valid JSON (strings must escape them), so a
    // pretty-printed document becomes one line by blanking them.
    if (body.includes(NEWLINE) || body.includes(CR)) {
      body = Buffer.from(body)
      for (let i = 0; i < body.length; i++) if (body[i] === NEWLINE || body[i] === CR) body[i] = 0x20
    }
    // `{"_file":"x",}` for an empty object: DuckDB's reader accepts the trailing comma.
    this.write(body)
    this.write(Buffer.from('\n'))
    this.names.push(name)
    if (this.bytes >= this.chunkBytes) this.finish()
    return true
  }

  /** Ends the current chunk (if any) and hands it on. */
  finish() {
    if (this.fd < 0) return
    this.flush()
    closeSync(this.fd)
    this.fd = -1
    const chunk = { path: this.currentPath(), names: this.names }
    this.names = []
    this.bytes = 0
    this.seq++
    this.onChunk(chunk)
  }

  private currentPath() {
    return join(this.dir, `${this.prefix}-${String(this.seq).padStart(5, '0')}.ndjson`)
  }

  private open() {
    this.fd = openSync(this.currentPath(), 'w')
  }

  private write(bytes: Uint8Array) {
    this.bytes += bytes.length
    if (this.used + bytes.length > this.buffer.length) this.flush()
    if (bytes.length > this.buffer.length) {
      writeSync(this.fd, bytes)
      return
    }
    this.buffer.set(bytes, this.used)
    this.used += bytes.length
  }

  private flush() {
    let done = 0
    while (done < this.used) done += writeSync(this.fd, this.buffer, done, this.used - done)
    this.used = 0
  }
}
