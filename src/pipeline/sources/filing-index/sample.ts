/**
 * The filing-index source's part of the sample generator: the folder listings (`index.json`) of the
 * cast's 10-K, 10-Q and 8-K filings, and of about one generated filing in 2,000 (fewer at large scales,
 * so that at most FILING_INDEX_CAP listings are written).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { absentFrom } from '../../../sample/cast.ts'
import type { Filing } from '../../../sample/filings.ts'
import { hashText, mix32, unit } from '../../../sample/random.ts'
import type { SampleWorld, SampleWriter } from '../../source.ts'
import { filingIndexJson } from './sample-json.ts'

/** At most this many folder listings; the share of generated filings sampled aims to stay under it. */
export const FILING_INDEX_CAP = 2000
const FOLDER_FORMS = new Set(['10-K', '10-Q', '8-K'])

export function filingIndexSample(world: SampleWorld): SampleWriter {
  const dir = join(world.out, 'filing-index')
  mkdirSync(dir, { recursive: true })
  // About one generated filing in 2,000, fewer at large scales so the cap does not cut the sample short.
  const sampleRate = Math.min(1 / 2000, (FILING_INDEX_CAP * 0.9) / Math.max(1, world.pop.size * 24))
  // The cast's listings are always written; generated ones fill the rest of the cap.
  const castFolders = world.cast.reduce(
    (n, c) =>
      absentFrom('filing-index', c.cik)
        ? n
        : n + c.own.filter((f) => f.day <= world.asOf && FOLDER_FORMS.has(f.form)).length,
    0,
  )
  let generatedFolders = 0
  let files = 0
  let bytes = 0
  const sampled = (f: Filing) => unit(mix32(hashText(f.accessionNumber) ^ world.pop.seed)) < sampleRate
  return {
    entity(e) {
      if (absentFrom('filing-index', e.cik)) return
      for (const f of e.own) {
        if (f.day > world.asOf || !(e.generated ? sampled(f) : FOLDER_FORMS.has(f.form))) continue
        if (e.generated && generatedFolders++ >= FILING_INDEX_CAP - castFolders) continue
        const json = filingIndexJson(e.cik, f, e.prefix || 'doc')
        writeFileSync(join(dir, `${f.accessionNumber}-index.json`), json)
        files++
        bytes += json.length
      }
    },
    finish: async () => ({ files, bytes }),
  }
}
