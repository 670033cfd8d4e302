/**
 * One entry of a quarterly zip into a file. A large one is streamed: a recent quarter's num.txt is several
 * hundred MB uncompressed, which ZipReader.read would hold in memory whole (twice, with its compressed
 * bytes). The local header is read for where the data starts; the size is checked at the end (a truncated
 * stream fails the inflate or the size). A small one is read whole by ZipReader (CRC-checked) and written at
 * once: a stream's setup (two file streams and an inflater) costs many times a small entry's inflating,
 * and the generated and older quarters' entries are all small.
 */
import { closeSync, createReadStream, createWriteStream, openSync, readSync, statSync, writeFileSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { type ZipEntry, ZipError, type ZipReader } from '../../../lib/zip.ts'

const SIG_LOCAL = 0x04034b50

/** Entries up to this size (uncompressed) are read whole: held twice at most (compressed and not), little beside a build's memory. */
const READ_WHOLE_BYTES = 16 * 2 ** 20

export async function extractEntry(zip: ZipReader, entry: ZipEntry, outPath: string): Promise<void> {
  if (entry.size <= READ_WHOLE_BYTES) {
    writeFileSync(outPath, zip.read(entry))
    return
  }
  const zipPath = zip.path
  const fd = openSync(zipPath, 'r')
  const header = Buffer.alloc(30)
  try {
    if (readSync(fd, header, 0, 30, entry.localHeaderOffset) !== 30 || header.readUInt32LE(0) !== SIG_LOCAL)
      throw new ZipError(`${zipPath}: bad local header for ${entry.name}`)
  } finally {
    closeSync(fd)
  }
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  if (entry.compressedSize === 0) {
    await Bun.write(outPath, '')
  } else {
    const raw = createReadStream(zipPath, { start, end: start + entry.compressedSize - 1 })
    if (entry.method === 0) await pipeline(raw, createWriteStream(outPath))
    else if (entry.method === 8) await pipeline(raw, createInflateRaw(), createWriteStream(outPath))
    else throw new ZipError(`${zipPath}: ${entry.name} uses unsupported compression method ${entry.method}`)
  }
  if (statSync(outPath).size !== entry.size)
    throw new ZipError(`${zipPath}: ${entry.name} is corrupt (size mismatch); the archive may be truncated`)
}
