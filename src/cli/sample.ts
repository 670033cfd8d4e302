import { Reporter } from '../lib/progress.ts'
import { generateSample } from '../pipeline/sample.ts'
import { SOURCES } from '../pipeline/sources/index.ts'
import { numberFlag, parseFlags, UsageError } from './args.ts'
import { skippedSources, skipSourcesHelp } from './source-list.ts'

export const sampleUsage = `usage: secds sample --out DIR [--scale N] [--seed S] [--as-of YYYY-MM-DD] [--periods-from YYYY-MM-DD] [--unzipped]

Writes fictional but realistic EDGAR bulk files in the mirror layout (docs/data.md: "Input: the mirror layout").
  --out DIR      folder to write (created if missing)
  --scale N      fraction of full EDGAR volume, at most 2: 1 = ~950,000 entities and ~23 million filings (default 0.001)
  --seed S       random seed; the same seed and scale give byte-identical files (default 1)
  --as-of DATE   the date the submissions snapshot is taken (default 2026-11-20)
  --periods-from DATE  quarterly data sets (financial statements, insider transactions, Form 13F) from the
                 quarter of DATE on, and companyfacts of the same filings (default: every quarter)
  --unzipped     write a submissions/ folder instead of submissions.zip
${skipSourcesHelp(17, ` (the others' files are the same bytes)`)}`

export async function sampleCommand(argv: string[]) {
  const f = parseFlags(
    argv,
    {
      out: { type: 'string' },
      scale: { type: 'string' },
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      'periods-from': { type: 'string' },
      unzipped: { type: 'boolean' },
      'skip-sources': { type: 'string' },
    },
    sampleUsage,
  )
  if (f.help) return console.log(sampleUsage)
  if (!f.out) throw new UsageError(`--out is required\n\n${sampleUsage}`)
  const asOf = f['as-of']
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf))
    throw new UsageError(`--as-of must be YYYY-MM-DD, got ${JSON.stringify(asOf)}`)
  const periodsFrom = f['periods-from']
  if (periodsFrom !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(periodsFrom))
    throw new UsageError(`--periods-from must be YYYY-MM-DD, got ${JSON.stringify(periodsFrom)}`)
  const skip = skippedSources(f['skip-sources'])
  const summary = await generateSample({
    out: f.out,
    scale: numberFlag('scale', f.scale, 0.001, { min: 0.000001, max: 2 }),
    seed: numberFlag('seed', f.seed, 1, { min: 0, max: 2 ** 31 - 1, integer: true }),
    asOf,
    periodsFrom,
    unzipped: f.unzipped ?? false,
    sources: SOURCES.filter((s) => !skip.includes(s.name)),
    reporter: new Reporter(),
  })
  console.log(
    `sample: ${summary.entities.toLocaleString('en-US')} entities, ${summary.filings.toLocaleString('en-US')} filings, ` +
      `${summary.files.toLocaleString('en-US')} files, ${(summary.bytes / (1 << 20)).toFixed(1)} MB in ${summary.seconds.toFixed(1)}s → ${f.out}`,
  )
}
