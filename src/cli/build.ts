import { isMemorySize } from '../lib/memory-size.ts'
import { Reporter } from '../lib/progress.ts'
import { downloadFlags, downloadMirror } from '../pipeline/download/mirror-download.ts'
import { maxRequestsPerSecondFor } from '../pipeline/download/rate-limit.ts'
import { runBuild } from '../pipeline/index.ts'
import { numberFlag, parseFlags, UsageError } from './args.ts'
import { skippedSources, skipSourcesHelp } from './source-list.ts'

/** The sources' own download flags (SourceDefinition.download.flags), e.g. --index-quarters. */
const SOURCE_FLAGS = downloadFlags()

export const buildUsage = `usage: secds build (--from DIR | --download) [--datasets OUT] [options]

Builds a Parquet snapshot from EDGAR bulk files and publishes it as OUT/CURRENT.
  --from DIR             a folder in the mirror layout (docs/data.md: "Input: the mirror layout")
  --download             fetch the files from the SEC into --cache first, then build from it
  --datasets OUT         snapshot folder (default $DATASETS_DIR or ./datasets)
  --threads N            DuckDB threads (default: all cores)
  --memory-limit SIZE    DuckDB memory limit, e.g. 4GB; past it the build spills to disk (default 4GB)
  --keep N               snapshots to keep, the served one included (default 2)
  --allow-partial-sets   build a quarterly data set that lacks some of its tables (a truncated download)
                         instead of failing; the summary and the manifest say which (docs/operating.md)
  --keep-build-database  keep the build's own tables (the metric points and their vintages, which the server
                         reads from lookup files) as build.duckdb in the snapshot folder too; the build always
                         keeps them in OUT/.build-cache for the next build (docs/operating.md)
${skipSourcesHelp(25)}
download options:
  --cache DIR            download cache, itself a mirror folder (default $SECDS_CACHE_DIR or ./.cache/edgar)
  --user-agent TEXT      "Name contact@example.com", required by the SEC (default $SEC_USER_AGENT)
  --sec-url URL          base URL (default $SEC_BASE_URL or https://www.sec.gov)
  --max-rps N            requests per second (default 10); at most 10 towards the SEC, 1000 towards a mirror elsewhere
${SOURCE_FLAGS.map((f) => `  --${`${f.name} N`.padEnd(21)}${f.help} (default ${f.fallback})`).join('\n')}`

export async function buildCommand(argv: string[], env = process.env) {
  const f = parseFlags(
    argv,
    {
      from: { type: 'string' },
      download: { type: 'boolean' },
      datasets: { type: 'string' },
      threads: { type: 'string' },
      'memory-limit': { type: 'string' },
      keep: { type: 'string' },
      'skip-sources': { type: 'string' },
      'allow-partial-sets': { type: 'boolean' },
      'keep-build-database': { type: 'boolean' },
      cache: { type: 'string' },
      'user-agent': { type: 'string' },
      'sec-url': { type: 'string' },
      'max-rps': { type: 'string' },
      ...Object.fromEntries(SOURCE_FLAGS.map((flag) => [flag.name, { type: 'string' as const }])),
    },
    buildUsage,
  )
  if (f.help) return console.log(buildUsage)
  if (!f.from && !f.download) throw new UsageError(`give --from DIR or --download\n\n${buildUsage}`)
  if (f.from && f.download) throw new UsageError('give either --from or --download, not both')
  const memoryLimit = f['memory-limit']
  if (memoryLimit !== undefined && !isMemorySize(memoryLimit)) {
    throw new UsageError(`--memory-limit must look like 3GB or 512MB, got ${JSON.stringify(memoryLimit)}`)
  }
  const skipSources = skippedSources(f['skip-sources'])
  const reporter = new Reporter()
  let from = f.from
  if (f.download) {
    const step = reporter.step('download')
    const baseUrl = f['sec-url'] ?? env.SEC_BASE_URL ?? 'https://www.sec.gov'
    const result = await downloadMirror({
      cacheDir: f.cache ?? env.SECDS_CACHE_DIR ?? '.cache/edgar',
      userAgent: f['user-agent'] ?? env.SEC_USER_AGENT ?? '',
      baseUrl,
      maxRequestsPerSecond: numberFlag('max-rps', f['max-rps'], 10, {
        min: 0.1,
        max: maxRequestsPerSecondFor(baseUrl),
      }),
      flags: Object.fromEntries(
        SOURCE_FLAGS.map((flag) => [
          flag.name,
          numberFlag(flag.name, (f as Record<string, string | undefined>)[flag.name], flag.fallback, {
            min: flag.min,
            max: flag.max,
            integer: true,
          }),
        ]),
      ),
      log: (line) => reporter.line(line),
    })
    const fetched = result.files.filter((x) => x.status === 'downloaded')
    step.done({
      files: result.files.length,
      bytes: fetched.reduce((s, x) => s + x.bytes, 0),
      note: `${result.requests} requests, ${fetched.length} changed`,
    })
    from = result.dir
  }
  await runBuild({
    from: from!,
    datasets: f.datasets ?? env.DATASETS_DIR ?? 'datasets',
    threads: numberFlag('threads', f.threads, navigator.hardwareConcurrency, { min: 1, max: 256, integer: true }),
    memoryLimit,
    keep: numberFlag('keep', f.keep, 2, { min: 1, max: 100, integer: true }),
    skipSources,
    allowPartialSets: f['allow-partial-sets'] ?? false,
    keepBuildDatabase: f['keep-build-database'] ?? false,
    reporter,
  })
}
