/**
 * A small ZIP reader and writer with ZIP64 support.
 *
 * Why our own: EDGAR's `submissions.zip` holds ~950,000 entries (past the 65,535 limit of classic ZIP, so
 * ZIP64 end records are mandatory), and the build reads it entry by entry at hundreds of MB/s. Reading the
 * central directory once and inflating each entry synchronously from a large sequential read window is
 * both simpler and faster than a stream-per-entry library. DuckDB cannot read ZIP archives itself.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'
import { deflateRawSync, inflateRawSync } from 'node:zlib'

const SIG_LOCAL = 0x04034b50
const SIG_CENTRAL = 0x02014b50
const SIG_EOCD = 0x06054b50
const SIG_EOCD64 = 0x06064b50
const SIG_LOCATOR64 = 0x07064b50
const MAX16 = 0xffff
const MAX32 = 0xffffffff
const FLAG_UTF8 = 1 << 11

export type ZipEntry = {
  name: string
  method: number
  compressedSize: number
  size: number
  crc32: number
  localHeaderOffset: number
  modified: Date
}

export class ZipError extends Error {}

const crc32 = (data: Uint8Array) => Bun.hash.crc32(data) >>> 0

function dosDateTime(d: Date) {
  const year = Math.max(1980, d.getUTCFullYear())
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  }
}

function fromDos(date: number, time: number) {
  return new Date(
    Date.UTC((date >> 9) + 1980, ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2),
  )
}

/** Reads a ZIP file: the central directory up front, entry data through one large sequential window. */
export class ZipReader {
  readonly entries: ZipEntry[]
  private window = Buffer.alloc(0)
  private windowStart = 0

  private constructor(
    readonly path: string,
    private readonly fd: number,
    readonly fileSize: number,
  ) {
    this.entries = this.readCentralDirectory()
  }

  static open(path: string): ZipReader {
    const fd = openSync(path, 'r')
    try {
      return new ZipReader(path, fd, fstatSync(fd).size)
    } catch (e) {
      closeSync(fd)
      throw e
    }
  }

  close() {
    closeSync(this.fd)
  }

  /** The entry's uncompressed bytes, CRC-checked. */
  read(entry: ZipEntry): Buffer {
    const header = this.bytes(entry.localHeaderOffset, 30)
    if (header.readUInt32LE(0) !== SIG_LOCAL) throw new ZipError(`${this.path}: bad local header for ${entry.name}`)
    const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    const raw = this.bytes(dataStart, entry.compressedSize)
    let data: Buffer
    if (entry.method === 0) data = Buffer.from(raw)
    else if (entry.method === 8) data = inflateRawSync(raw)
    else throw new ZipError(`${this.path}: ${entry.name} uses unsupported compression method ${entry.method}`)
    if (data.length !== entry.size || crc32(data) !== entry.crc32) {
      throw new ZipError(`${this.path}: ${entry.name} is corrupt (size or CRC mismatch); the archive may be truncated`)
    }
    return data
  }

  /** Entries in file order (sequential reads), optionally filtered by name. */
  *iterate(filter: (name: string) => boolean = () => true): Generator<[ZipEntry, Buffer]> {
    const ordered = this.entries.filter((e) => filter(e.name)).sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)
    for (const entry of ordered) yield [entry, this.read(entry)]
  }

  private bytes(pos: number, length: number): Buffer {
    const end = this.windowStart + this.window.length
    if (pos < this.windowStart || pos + length > end) {
      const size = Math.min(Math.max(length, 16 << 20), this.fileSize - pos)
      if (size < length) throw new ZipError(`${this.path}: unexpected end of file (truncated archive?)`)
      const buf = Buffer.allocUnsafe(size)
      let got = 0
      while (got < size) {
        const n = readSync(this.fd, buf, got, size - got, pos + got)
        if (n === 0) throw new ZipError(`${this.path}: unexpected end of file (truncated archive?)`)
        got += n
      }
      this.window = buf
      this.windowStart = pos
    }
    const offset = pos - this.windowStart
    return this.window.subarray(offset, offset + length)
  }

  private readCentralDirectory(): ZipEntry[] {
    const tailSize = Math.min(this.fileSize, 22 + MAX16 + 20)
    const tail = Buffer.from(this.bytes(this.fileSize - tailSize, tailSize))
    let eocd = -1
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === SIG_EOCD) {
        eocd = i
        break
      }
    }
    if (eocd < 0) throw new ZipError(`${this.path}: not a ZIP file (no end of central directory; truncated download?)`)
    let count = tail.readUInt16LE(eocd + 10)
    let cdSize = tail.readUInt32LE(eocd + 12)
    let cdOffset = tail.readUInt32LE(eocd + 16)
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === SIG_LOCATOR64) {
      const at = Number(tail.readBigUInt64LE(eocd - 20 + 8))
      const rec = this.bytes(at, 56)
      if (rec.readUInt32LE(0) !== SIG_EOCD64) throw new ZipError(`${this.path}: bad ZIP64 end record`)
      count = Number(rec.readBigUInt64LE(32))
      cdSize = Number(rec.readBigUInt64LE(40))
      cdOffset = Number(rec.readBigUInt64LE(48))
    }
    const cd = Buffer.from(this.bytes(cdOffset, cdSize))
    const entries: ZipEntry[] = new Array(count)
    let p = 0
    for (let i = 0; i < count; i++) {
      if (cd.readUInt32LE(p) !== SIG_CENTRAL) throw new ZipError(`${this.path}: bad central directory entry ${i}`)
      const flags = cd.readUInt16LE(p + 8)
      const nameLen = cd.readUInt16LE(p + 28)
      const extraLen = cd.readUInt16LE(p + 30)
      const commentLen = cd.readUInt16LE(p + 32)
      let compressedSize = cd.readUInt32LE(p + 20)
      let size = cd.readUInt32LE(p + 24)
      let localHeaderOffset = cd.readUInt32LE(p + 42)
      const name = cd.toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen)
      // ZIP64 extra field: only the fields saturated in the fixed header are present, in this order.
      let x = p + 46 + nameLen
      const xEnd = x + extraLen
      while (x + 4 <= xEnd) {
        const tag = cd.readUInt16LE(x)
        const len = cd.readUInt16LE(x + 2)
        if (tag === 0x0001) {
          let q = x + 4
          if (size === MAX32) {
            size = Number(cd.readBigUInt64LE(q))
            q += 8
          }
          if (compressedSize === MAX32) {
            compressedSize = Number(cd.readBigUInt64LE(q))
            q += 8
          }
          if (localHeaderOffset === MAX32) localHeaderOffset = Number(cd.readBigUInt64LE(q))
        }
        x += 4 + len
      }
      entries[i] = {
        name,
        method: cd.readUInt16LE(p + 10),
        compressedSize,
        size,
        crc32: cd.readUInt32LE(p + 16),
        localHeaderOffset,
        modified: fromDos(cd.readUInt16LE(p + 14), cd.readUInt16LE(p + 12)),
      }
      p += 46 + nameLen + extraLen + commentLen
    }
    return entries
  }
}

/**
 * Writes a ZIP file entry by entry with bounded memory; ZIP64 records are added when counts or offsets
 * need them. Central directory records are encoded as each entry is added and kept as packed bytes
 * (~50 bytes an entry, not an object each: a million entries at full EDGAR scale).
 */
export class ZipWriter {
  private readonly fd: number
  private readonly central: Buffer[] = []
  private centralChunk = Buffer.allocUnsafe(1 << 20)
  private centralUsed = 0
  private count = 0
  private offset = 0
  private buffer = Buffer.allocUnsafe(4 << 20)
  private used = 0

  constructor(
    readonly path: string,
    private readonly level = 6,
  ) {
    this.fd = openSync(path, 'w')
  }

  add(name: string, content: string | Uint8Array, modified = new Date()) {
    const data = typeof content === 'string' ? Buffer.from(content) : content
    const compressed = deflateRawSync(data, { level: this.level })
    // Tiny or incompressible entries are stored, as zip tools do.
    const stored = compressed.length >= data.length
    const body = stored ? data : compressed
    this.entry(name, { crc: crc32(data), csize: body.length, usize: data.length, method: stored ? 0 : 8 }, modified)
    this.write(body)
  }

  /**
   * An entry of raw deflate data already in a file (compressed by a stream, so that an entry larger than
   * memory is never held whole), copied in chunks. `crc` and `size` are the uncompressed data's.
   */
  addDeflated(name: string, deflatedPath: string, meta: { crc: number; size: number }, modified = new Date()) {
    const fd = openSync(deflatedPath, 'r')
    try {
      const csize = fstatSync(fd).size
      this.entry(name, { crc: meta.crc >>> 0, csize, usize: meta.size, method: 8 }, modified)
      const chunk = Buffer.allocUnsafe(4 << 20)
      for (let pos = 0; pos < csize; ) {
        const n = readSync(fd, chunk, 0, chunk.length, pos)
        if (n === 0) throw new ZipError(`${deflatedPath}: shorter than its size`)
        this.write(chunk.subarray(0, n))
        pos += n
      }
    } finally {
      closeSync(fd)
    }
  }

  /** An entry's local header and its central directory record; its data follows. */
  private entry(name: string, e: { crc: number; csize: number; usize: number; method: number }, modified: Date) {
    const nameBytes = Buffer.from(name)
    const { time, date } = dosDateTime(modified)
    const { crc, method } = e
    if (e.csize >= MAX32 || e.usize >= MAX32) throw new ZipError(`${name}: entries of 4 GiB or more are not supported`)
    const h = Buffer.alloc(30)
    h.writeUInt32LE(SIG_LOCAL, 0)
    h.writeUInt16LE(20, 4)
    h.writeUInt16LE(FLAG_UTF8, 6)
    h.writeUInt16LE(method, 8)
    h.writeUInt16LE(time, 10)
    h.writeUInt16LE(date, 12)
    h.writeUInt32LE(crc, 14)
    h.writeUInt32LE(e.csize, 18)
    h.writeUInt32LE(e.usize, 22)
    h.writeUInt16LE(nameBytes.length, 26)
    this.addCentral(nameBytes, { crc, csize: e.csize, usize: e.usize, offset: this.offset, time, date, method })
    this.write(h)
    this.write(nameBytes)
  }

  close() {
    const cdOffset = this.offset
    for (const chunk of this.central) this.write(chunk)
    this.write(this.centralChunk.subarray(0, this.centralUsed))
    const cdSize = this.offset - cdOffset
    const count = this.count
    if (count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32) {
      const eocd64At = this.offset
      const r = Buffer.alloc(56)
      r.writeUInt32LE(SIG_EOCD64, 0)
      r.writeBigUInt64LE(44n, 4)
      r.writeUInt16LE((3 << 8) | 45, 12)
      r.writeUInt16LE(45, 14)
      r.writeBigUInt64LE(BigInt(count), 24)
      r.writeBigUInt64LE(BigInt(count), 32)
      r.writeBigUInt64LE(BigInt(cdSize), 40)
      r.writeBigUInt64LE(BigInt(cdOffset), 48)
      this.write(r)
      const l = Buffer.alloc(20)
      l.writeUInt32LE(SIG_LOCATOR64, 0)
      l.writeBigUInt64LE(BigInt(eocd64At), 8)
      l.writeUInt32LE(1, 16)
      this.write(l)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(SIG_EOCD, 0)
    end.writeUInt16LE(Math.min(count, MAX16), 8)
    end.writeUInt16LE(Math.min(count, MAX16), 10)
    end.writeUInt32LE(Math.min(cdSize, MAX32), 12)
    end.writeUInt32LE(Math.min(cdOffset, MAX32), 16)
    this.write(end)
    this.flush()
    closeSync(this.fd)
  }

  /** The entry's central directory record, with a ZIP64 offset when the entry starts past 4 GiB. */
  private addCentral(
    name: Buffer,
    e: { crc: number; csize: number; usize: number; offset: number; time: number; date: number; method: number },
  ) {
    const big = e.offset >= MAX32
    const size = 46 + name.length + (big ? 12 : 0)
    if (this.centralUsed + size > this.centralChunk.length) {
      this.central.push(this.centralChunk.subarray(0, this.centralUsed))
      this.centralChunk = Buffer.allocUnsafe(Math.max(1 << 20, size))
      this.centralUsed = 0
    }
    const h = this.centralChunk.subarray(this.centralUsed, this.centralUsed + size).fill(0)
    h.writeUInt32LE(SIG_CENTRAL, 0)
    h.writeUInt16LE((3 << 8) | 45, 4) // made by: unix, spec 4.5
    h.writeUInt16LE(big ? 45 : 20, 6)
    h.writeUInt16LE(FLAG_UTF8, 8)
    h.writeUInt16LE(e.method, 10)
    h.writeUInt16LE(e.time, 12)
    h.writeUInt16LE(e.date, 14)
    h.writeUInt32LE(e.crc, 16)
    h.writeUInt32LE(e.csize, 20)
    h.writeUInt32LE(e.usize, 24)
    h.writeUInt16LE(name.length, 28)
    h.writeUInt16LE(big ? 12 : 0, 30)
    h.writeUInt32LE((0o100644 << 16) >>> 0, 38)
    h.writeUInt32LE(big ? MAX32 : e.offset, 42)
    name.copy(h, 46)
    if (big) {
      h.writeUInt16LE(0x0001, 46 + name.length)
      h.writeUInt16LE(8, 48 + name.length)
      h.writeBigUInt64LE(BigInt(e.offset), 50 + name.length)
    }
    this.centralUsed += size
    this.count++
  }

  private write(bytes: Uint8Array) {
    if (this.used + bytes.length > this.buffer.length) this.flush()
    if (bytes.length > this.buffer.length) writeSync(this.fd, bytes)
    else {
      this.buffer.set(bytes, this.used)
      this.used += bytes.length
    }
    this.offset += bytes.length
  }

  private flush() {
    let done = 0
    while (done < this.used) done += writeSync(this.fd, this.buffer, done, this.used - done)
    this.used = 0
  }
}
