/**
 * EDGAR's master index files: the quarterly `full-index/YYYY/QTRn/master.idx` for the as-of quarter and
 * the one before, and `daily-index/YYYY/QTRn/master.YYYYMMDD.idx` for the last five business days up to
 * the day after the as-of date. One row per filer of a filing, so a Form 4 appears under its reporting
 * owner and under its issuer. Rows are collected while entities stream by (only these few months are
 * kept), then sorted as EDGAR sorts them: by CIK as text, then form, date and file name. This is the
 * indexes source's part of the sample generator.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  compactDay,
  indexDate,
  isoDay,
  previousBusinessDay,
  quarterOf,
  quarterStartOf,
  yearOf,
} from '../../../sample/dates.ts'
import type { SampleWorld, SampleWriter } from '../../source.ts'

const RULE = '-'.repeat(80)

export type IndexSpan = { path: string; from: number; to: number; daily: boolean; lastReceived: number }

/** The index files to write: two quarters (the current one only up to as-of) and five daily files. */
export function indexSpans(asOf: number, lastDay: number): IndexSpan[] {
  const current = quarterStartOf(asOf)
  const previous = quarterStartOf(current - 1)
  const quarterPath = (day: number) => `${yearOf(day)}/QTR${quarterOf(day)}`
  const spans: IndexSpan[] = [
    {
      path: `full-index/${quarterPath(previous)}/master.idx`,
      from: previous,
      to: current - 1,
      daily: false,
      lastReceived: current - 1,
    },
    {
      path: `full-index/${quarterPath(current)}/master.idx`,
      from: current,
      to: asOf,
      daily: false,
      lastReceived: asOf,
    },
  ]
  const days = [lastDay]
  while (days.length < 5) days.unshift(previousBusinessDay(days[0]!))
  for (const day of days)
    spans.push({
      path: `daily-index/${quarterPath(day)}/master.${compactDay(day)}.idx`,
      from: day,
      to: day,
      daily: true,
      lastReceived: day,
    })
  return spans
}

/**
 * Rows packed as bytes in large chunks: a million row strings would cost ~250 bytes each on the JS heap
 * for the whole run; packed they cost their length, and become strings only when their file is written.
 */
class RowArena {
  private static readonly CHUNK = 4 << 20
  private readonly chunks: Buffer[] = []
  private current = Buffer.allocUnsafe(RowArena.CHUNK)
  private used = 0

  push(row: string): void {
    const line = `${row}\n`
    const size = Buffer.byteLength(line)
    if (this.used + size > this.current.length) {
      this.chunks.push(this.current.subarray(0, this.used))
      this.current = Buffer.allocUnsafe(Math.max(RowArena.CHUNK, size))
      this.used = 0
    }
    this.used += this.current.write(line, this.used)
  }

  lines(): string[] {
    const text = Buffer.concat([...this.chunks, this.current.subarray(0, this.used)]).toString('utf8')
    return text === '' ? [] : text.slice(0, -1).split('\n')
  }
}

export class IndexCollector {
  readonly spans: IndexSpan[]
  private readonly rows: RowArena[]
  private readonly first: number
  private readonly last: number

  constructor(asOf: number, lastDay: number) {
    this.spans = indexSpans(asOf, lastDay)
    this.rows = this.spans.map(() => new RowArena())
    this.first = Math.min(...this.spans.map((s) => s.from))
    this.last = Math.max(...this.spans.map((s) => s.to))
  }

  /** Whether a filing date falls in any index file (a cheap test before building the row). */
  covers(day: number): boolean {
    return day >= this.first && day <= this.last
  }

  add(cik: number, name: string, form: string, day: number, accession: string): void {
    this.spans.forEach((span, i) => {
      if (day < span.from || day > span.to) return
      const date = span.daily ? compactDay(day) : isoDay(day)
      this.rows[i]!.push(`${cik}|${name}|${form}|${date}|edgar/data/${cik}/${accession}.txt`)
    })
  }

  /** Writes every index file; returns [files, bytes, rows]. */
  write(out: string): [number, number, number] {
    let bytes = 0
    let rows = 0
    this.spans.forEach((span, i) => {
      const lines = this.rows[i]!.lines().sort()
      const text = preamble(span) + lines.map((l) => `${l}\n`).join('')
      const path = join(out, span.path)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, text)
      bytes += Buffer.byteLength(text)
      rows += lines.length
    })
    return [this.spans.length, bytes, rows]
  }
}

function preamble(span: IndexSpan): string {
  const lines = [
    `Description:           ${span.daily ? 'Daily' : 'Master'} Index of EDGAR Dissemination Feed`,
    `Last Data Received:    ${indexDate(span.lastReceived, !span.daily)}`,
    'Comments:              webmaster@sec.gov',
    'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
    // The daily files have one blank-looking line (a single space); the quarterly ones four.
    ...Array.from({ length: span.daily ? 1 : 4 }, () => ' '),
    `CIK|Company Name|Form Type|Date Filed|${span.daily ? 'File Name' : 'Filename'}`,
    RULE,
  ]
  return lines.map((l) => `${l}\n`).join('')
}

/** The indexes source's part of the sample generator: every filer's row of every filing the files cover. */
export function indexesSample(world: SampleWorld): SampleWriter {
  const index = new IndexCollector(world.asOf, world.lastDay)
  return {
    entity(e) {
      for (const f of e.all) if (index.covers(f.day)) index.add(e.cik, e.name, f.form, f.day, f.accessionNumber)
    },
    async finish() {
      const [files, bytes, rows] = index.write(world.out)
      return { files, bytes, rows }
    },
  }
}
