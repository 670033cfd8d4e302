/**
 * `secds sample`: fictional but realistic EDGAR bulk files in the mirror layout (docs/data.md), the same
 * bytes for the same seed and scale. Scale 1 is about EDGAR's full volume (950,000 entities, 20 million
 * filing listings); a fixed cast of entities with known CIKs and accession numbers is always included.
 *
 * Two passes: the first builds the population in typed arrays and allocates every entity's accession
 * sequence numbers (src/sample/); the second streams entities in CIK order past every source's sample
 * part (SourceDefinition.sample), each writing its own files in its real format.
 */
import { mkdirSync } from 'node:fs'
import { type Reporter, silentReporter } from '../lib/progress.ts'
import { RESERVED_PREFIXES } from '../sample/agents.ts'
import { CAST_CIKS } from '../sample/cast.ts'
import { castEntities } from '../sample/cast-filings.ts'
import { dayOf, isoDay, nextBusinessDay, quarterStartOf } from '../sample/dates.ts'
import { buildPopulation } from '../sample/population.ts'
import { TickerRegistry } from '../sample/tickers.ts'
import { runPass, type SampleWorld } from '../sample/world.ts'
import type { SourceDefinition } from './source.ts'
import { SOURCES } from './sources/index.ts'

export type SampleOptions = {
  out: string
  /** Fraction of EDGAR's full volume (default 0.001). */
  scale?: number
  /** Random seed (default 1). */
  seed?: number
  /** The day the submissions snapshot is taken, YYYY-MM-DD (default 2026-11-20). */
  asOf?: string
  /**
   * Quarterly data sets only from the quarter of this day on, YYYY-MM-DD (default: every quarter since each
   * set began); see SampleWorld.periodsFrom. The other files are the same bytes.
   */
  periodsFrom?: string
  /** Write a submissions/ folder instead of submissions.zip. */
  unzipped?: boolean
  reporter?: Reporter
  /** The sources whose files to write (default all of them; `secds sample --skip-sources` leaves some out). */
  sources?: readonly SourceDefinition[]
}
export type SampleSummary = { entities: number; filings: number; files: number; bytes: number; seconds: number }

export const DEFAULT_AS_OF = '2026-11-20'

export async function generateSample(opts: SampleOptions): Promise<SampleSummary> {
  const started = performance.now()
  const scale = opts.scale ?? 0.001
  const seed = opts.seed ?? 1
  const asOfText = opts.asOf ?? DEFAULT_AS_OF
  const asOf = dayOf(asOfText)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOfText) || isoDay(asOf) !== asOfText)
    throw new Error(`asOf must be a date YYYY-MM-DD, got ${JSON.stringify(asOfText)}`)
  if (!(scale > 0)) throw new Error(`scale must be positive, got ${scale}`)
  const periodsFrom = opts.periodsFrom === undefined ? 0 : quarterStartOf(dayOf(opts.periodsFrom))
  if (opts.periodsFrom !== undefined && !(periodsFrom > 0 && isoDay(dayOf(opts.periodsFrom)) === opts.periodsFrom))
    throw new Error(`periodsFrom must be a date YYYY-MM-DD, got ${JSON.stringify(opts.periodsFrom)}`)
  const reporter = opts.reporter ?? silentReporter()
  // Filings dated the next business day exist only in that day's daily index: the "current day" case.
  const lastDay = nextBusinessDay(asOf)
  mkdirSync(opts.out, { recursive: true })

  let step = reporter.step('sample plan')
  const pop = buildPopulation(seed, scale, lastDay, new Set([...CAST_CIKS, ...RESERVED_PREFIXES]))
  step.done({ rows: pop.size, note: `${pop.agentBase.length.toLocaleString('en-US')} entity-years` })

  const world: SampleWorld = {
    out: opts.out,
    scale,
    seed,
    asOf,
    lastDay,
    periodsFrom,
    pop,
    cast: castEntities(),
    tickers: new TickerRegistry(),
    unzipped: opts.unzipped ?? false,
  }
  const parts = (opts.sources ?? SOURCES).filter((s) => s.sample)
  step = reporter.step('sample pass')
  const writers = await Promise.all(parts.map((s) => s.sample!(world)))
  const pass = await runPass(world, writers, step)
  step.done({ rows: pass.filings, note: `${pass.entities.toLocaleString('en-US')} entities` })

  let files = 0
  let bytes = 0
  for (const [i, writer] of writers.entries()) {
    step = reporter.step(`sample ${parts[i]!.name}`)
    const written = await writer.finish()
    files += written.files
    bytes += written.bytes
    step.done(written)
  }
  return { entities: pass.entities, filings: pass.filings, files, bytes, seconds: (performance.now() - started) / 1000 }
}
