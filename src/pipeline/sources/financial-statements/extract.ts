/**
 * One entry of a quarterly zip into a file, streamed: a recent quarter's num.txt is several hundred MB
 * uncompressed, which ZipReader.read would hold in memory whole (twice, with its compressed bytes).
 * The local header is read for where the data starts; the size is checked at the end (the CRC is
 * ZipReader's job on small entries; a truncated stream fails the inflate or the size).
 */
import { closeSync, createReadStream, createWriteStream, openSync, readSync, statSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createInflateRaw } from 'node:zlib'
import { type ZipEntry, ZipError } from '../../../lib/zip.ts'

const SIG_LOCAL = 0x04034b50

export async function extractEntry(zipPath: string, entry: ZipEntry, outPath: string): Promise<void> {
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
