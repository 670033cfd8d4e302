/**
 * Turning a folder of generated text files into the ZIP a real bulk file is, without holding an entry in
 * memory: each file is deflated by a stream into a scratch file (a quarter's FSDS `num.txt` or 13F
 * INFOTABLE is hundreds of MB at full scale), then copied into the archive. Entries are dated from the
 * data, never the clock, so the archive is the same for a seed.
 */
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { crc32, createDeflateRaw } from 'node:zlib'
import { ZipWriter } from '../lib/zip.ts'
import { ZIP_LEVEL } from './output.ts'

/** A file deflated (raw, as a ZIP entry holds it) into `dest` by a stream; the CRC and size of its content. */
export async function deflateFile(src: string, dest: string, level = ZIP_LEVEL) {
  let crc = 0
  let size = 0
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc)
      size += chunk.length
      done(null, chunk)
    },
  })
  await pipeline(createReadStream(src), measure, createDeflateRaw({ level }), createWriteStream(dest))
  return { crc, size }
}

/**
 * Writes `zipPath` from the named files of `folder`, in that order, then removes the folder; the archive
 * appears under its name only once complete. Returns its size in bytes.
 */
export async function zipFolder(folder: string, names: readonly string[], zipPath: string, modified: Date) {
  const zip = new ZipWriter(`${zipPath}.partial`, ZIP_LEVEL)
  for (const name of names) {
    const file = join(folder, name)
    const meta = await deflateFile(file, `${file}.deflate`)
    zip.addDeflated(name, `${file}.deflate`, meta, modified)
    rmSync(`${file}.deflate`)
  }
  zip.close()
  renameSync(`${zipPath}.partial`, zipPath)
  rmSync(folder, { recursive: true, force: true })
  return statSync(zipPath).size
}
