/**
 * `secds sample`: fictional but realistic EDGAR bulk files in the mirror layout (DESIGN.md §2), the same
 * bytes for the same seed and scale. Scale 1 is about EDGAR's full volume (950,000 entities, 20 million
 * filing listings); a fixed cast of entities with known CIKs and accession numbers is always included.
 *
 * Two passes: the first builds the population in typed arrays and allocates every entity's accession
 * sequence numbers; the second streams entities in CIK order and writes their files (write-entities.ts).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { silentReporter, type Reporter } from '../lib/progress.ts'
import { RESERVED_PREFIXES } from './agents.ts'
import { CAST_CIKS } from './cast.ts'
import { castEntities } from './cast-filings.ts'
import { dayOf, isoDay, nextBusinessDay } from './dates.ts'
import { IndexCollector } from './index-files.ts'
import { FolderSink, openZipSink } from './output.ts'
import { buildPopulation } from './population.ts'
import { TickerRegistry, writeSicCodes } from './tickers.ts'
import { writeEntities } from './write-entities.ts'

export type SampleOptions = {
  out: string
  /** Fraction of EDGAR's full volume (default 0.001). */
  scale?: number
  /** Random seed (default 1). */
  seed?: number
  /** The day the submissions snapshot is taken, YYYY-MM-DD (default 2026-11-20). */
  asOf?: string
  /** Write a submissions/ folder instead of submissions.zip. */
  unzipped?: boolean
  reporter?: Reporter
}
export type SampleSummary = { entities: number; filings: number; files: number; bytes: number; seconds: number }

export const DEFAULT_AS_OF = '2026-11-20'

export async function generateSample(opts: SampleOptions): Promise<SampleSummary> {
  const started = performance.now()
  const scale = opts.scale ?? 0.001
  const seed = opts.seed ?? 1
  const asOfText = opts.asOf ?? DEFAULT_AS_OF
  const asOf = dayOf(asOfText)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOfText) || isoDay(asOf) !== asOfText) throw new Error(`asOf must be a date YYYY-MM-DD, got ${JSON.stringify(asOfText)}`)
  if (!(scale > 0)) throw new Error(`scale must be positive, got ${scale}`)
  const reporter = opts.reporter ?? silentReporter()
  // Filings dated the next business day exist only in that day's daily index: the "current day" case.
  const lastDay = nextBusinessDay(asOf)
  mkdirSync(opts.out, { recursive: true })

  let step = reporter.step('sample plan')
  const pop = buildPopulation(seed, scale, lastDay, new Set([...CAST_CIKS, ...RESERVED_PREFIXES]))
  step.done({ rows: pop.size, note: `${pop.agentBase.length.toLocaleString('en-US')} entity-years` })

  step = reporter.step('sample submissions')
  const sink = opts.unzipped ? new FolderSink(join(opts.out, 'submissions')) : await openZipSink(join(opts.out, 'submissions.zip'))
  const index = new IndexCollector(asOf, lastDay)
  const tickers = new TickerRegistry()
  const counts = await writeEntities({ pop, cast: castEntities(), asOf, out: opts.out, sink, index, tickers, step })
  let bytes = await sink.close()
  step.done({ files: counts.files, rows: counts.filings, bytes })

  step = reporter.step('sample indexes')
  const [indexFiles, indexBytes, indexRows] = index.write(opts.out)
  bytes += indexBytes + counts.filingIndexBytes
  bytes += tickers.writeExchangeFile(join(opts.out, 'company_tickers_exchange.json'))
  bytes += writeSicCodes(join(opts.out, 'sic_codes.csv'))
  step.done({ files: indexFiles + counts.filingIndexFiles + 2, rows: indexRows })

  return {
    entities: counts.entities,
    filings: counts.filings,
    files: counts.files + indexFiles + counts.filingIndexFiles + 2,
    bytes,
    seconds: (performance.now() - started) / 1000,
  }
}
