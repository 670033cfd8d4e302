/**
 * The real EDGAR samples (SAMPLES) laid out as a mirror (docs/data.md) and built by the real build, once
 * per run and shared read-only by the test files that check the build against them. The files are copied
 * into the run's folder, never into the project. Ask for it only where `hasSamples`.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { laidOutFixture } from './fixture.ts'
import { SAMPLES } from './snapshot.ts'

function layOutSamples(mirror: string) {
  const copy = (from: string, to: string) => {
    mkdirSync(join(mirror, to, '..'), { recursive: true })
    copyFileSync(join(SAMPLES, from), join(mirror, to))
  }
  for (const f of readdirSync(join(SAMPLES, 'submissions'))) copy(`submissions/${f}`, `submissions/${f}`)
  for (const f of readdirSync(join(SAMPLES, 'companyfacts'))) copy(`companyfacts/${f}`, `companyfacts/${f}`)
  copy('reference/company_tickers_exchange.json', 'company_tickers_exchange.json')
  copy('reference/sic_codes.csv', 'sic_codes.csv')
  copy('index/daily/master.20200103.idx', 'daily-index/2020/QTR1/master.20200103.idx')
  // Same pipe layout as master.idx, with a longer preamble, a `Filename` header and bare-CR line endings.
  copy('index/full-index-partial/xbrl.2014QTR4.partial.idx', 'full-index/2014/QTR4/master.idx')
  copy('xbrl/filing-index/0001213900-24-004875-index.json', 'filing-index/0001213900-24-004875-index.json')
  copy('fsds/2009q3.zip', 'financial-statement-data-sets/2009q3.zip')
}

/** The snapshot of the real samples. */
export const realSamplesFixture = () => laidOutFixture('real-samples', layOutSamples)
