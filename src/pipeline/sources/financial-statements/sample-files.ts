/**
 * Where the sample's FSDS quarters go: `financial-statement-data-sets/YYYYqN.zip` holding `sub.txt`,
 * `num.txt`, `pre.txt` and `tag.txt`, as the SEC publishes them, or with `unzipped` the folders
 * `YYYYqN/` (a mirror may hold either). Every quarter is written at once (a company's filings span them
 * all), so each is a folder until the end and then zipped (sample/zip-folder.ts): at full volume the
 * folders hold some 20 GB of text for a moment, the zips a tenth of it. Rows are appended through a small buffer
 * per file and flushed to disk as it fills, so memory stays bounded whatever the scale: at full volume
 * some 60 quarters of 3 million `num` rows each stream through 240 buffers of 64 KB.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { zipFolder } from '../../../sample/zip-folder.ts'
import { FSDS_COLUMNS, FSDS_FILES, type FsdsFile } from './files.ts'

const FLUSH_BYTES = 64 << 10

/** A field as the data sets write it: wrapped in double quotes (inner ones doubled) when it holds one. */
export const field = (v: string | number | null | undefined) => {
  if (v === null || v === undefined) return ''
  const s = String(v)
  return s.includes('"') ? `"${s.replaceAll('"', '""')}"` : s
}

class Appender {
  private readonly fd: number
  private parts: string[] = []
  private pending = 0
  bytes = 0
  rows = 0

  constructor(path: string, header: string) {
    this.fd = openSync(path, 'w')
    this.push(header)
    this.rows = 0
  }

  push(line: string) {
    this.parts.push(line, '\n')
    this.pending += line.length + 1
    this.rows++
    if (this.pending >= FLUSH_BYTES) this.flush()
  }

  private flush() {
    if (!this.parts.length) return
    const buf = Buffer.from(this.parts.join(''))
    writeSync(this.fd, buf)
    this.bytes += buf.length
    this.parts = []
    this.pending = 0
  }

  close() {
    this.flush()
    closeSync(this.fd)
  }
}

export class QuarterFiles {
  private readonly files = new Map<string, Record<FsdsFile, Appender>>()
  /** Standard (tag, version) pairs used per quarter: written to tag.txt at the end (a few hundred each). */
  private readonly standardTags = new Map<string, Set<string>>()

  constructor(
    private readonly root: string,
    private readonly zipped: boolean,
  ) {}

  private open(quarter: string) {
    let f = this.files.get(quarter)
    if (!f) {
      const dir = join(this.root, quarter)
      mkdirSync(dir, { recursive: true })
      f = Object.fromEntries(
        FSDS_FILES.map((name) => [
          name,
          new Appender(join(dir, `${name}.txt`), Object.keys(FSDS_COLUMNS[name]).join('\t')),
        ]),
      ) as Record<FsdsFile, Appender>
      this.files.set(quarter, f)
      this.standardTags.set(quarter, new Set())
    }
    return f
  }

  row(quarter: string, file: FsdsFile, values: (string | number | null | undefined)[]) {
    this.open(quarter)[file].push(values.map(field).join('\t'))
  }

  useStandardTag(quarter: string, key: string) {
    this.open(quarter)
    this.standardTags.get(quarter)!.add(key)
  }

  /** Writes each quarter's standard tags, closes every file, zips each quarter; `tagLine` renders one standard tag's row. */
  async close(tagLine: (key: string) => (string | number | null)[]) {
    let files = 0
    let bytes = 0
    let rows = 0
    for (const [quarter, f] of [...this.files.entries()].sort()) {
      for (const key of [...this.standardTags.get(quarter)!].sort()) f.tag.push(tagLine(key).map(field).join('\t'))
      for (const a of Object.values(f)) {
        a.close()
        rows += a.rows
        if (!this.zipped) {
          files++
          bytes += a.bytes
        }
      }
      if (this.zipped) {
        // Dated the day the SEC would publish it: the first day after the quarter (from the data, not the clock).
        const [year, q] = quarter.split('q').map(Number) as [number, number]
        const published = new Date(Date.UTC(q === 4 ? year + 1 : year, q === 4 ? 0 : q * 3, 1, 12))
        const names = FSDS_FILES.map((name) => `${name}.txt`)
        bytes += await zipFolder(join(this.root, quarter), names, join(this.root, `${quarter}.zip`), published)
        files++
      }
    }
    return { files, bytes, rows }
  }
}
