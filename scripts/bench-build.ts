/**
 * Build benchmark: generate bulk files at a scale, run `secds build` on them as a separate process, and
 * report input size, wall time, input MB/s, peak RSS and Parquet size per table.
 *
 *   npm run bench:build -- [--scale 1] [--seed 1] [--work .tmp/bench] [--threads N] [--memory-limit 2.5GB] [--nightly] [--skip-sources LIST]
 *
 * The generated files are kept in `<work>/mirror-<scale>-<seed>` and reused by later runs (generating
 * full EDGAR volume takes minutes). Results go to `<work>/build-<scale>.json` and `.md`; at --scale 1
 * also to docs/benchmarks.md (its build results and a run-history row: scripts/bench/docs-page.ts). The
 * build is a first build (its folder emptied first), or with `--nightly` one onto the last run's snapshot
 * and build cache (scripts/bench/build-kind.ts). `--skip-sources` builds without those sources (the build's
 * own flag): a build of every area that does not fit the time at hand can be made in two runs, the second a
 * `--nightly` that adds the sources left out, and the report says what each run left out.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fmtBytes, table } from '../src/lib/progress.ts'
import { type BuildKind, readyForBuild } from './bench/build-kind.ts'
import type { BuildBenchResult } from './bench/build-results.ts'
import { DiskSampler } from './bench/disk.ts'
import { DOCS_PAGE, updateDocsPage, updatesDocsPage, withBuildRun } from './bench/docs-page.ts'
import { bytesUnder, ensureMirror, mirrorFolder } from './bench/mirror.ts'

const { values: f } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    work: { type: 'string', default: '.tmp/bench' },
    threads: { type: 'string' },
    'memory-limit': { type: 'string' },
    nightly: { type: 'boolean', default: false },
    'skip-sources': { type: 'string' },
  },
})
const cli = resolve(import.meta.dir, '../src/cli.ts')
const work = resolve(f.work!)
const mirror = mirrorFolder(work, f.scale!, f.seed!)
const datasets = join(work, `datasets-${f.scale}`)
mkdirSync(work, { recursive: true })

/** Runs the CLI (not blocking, so the disk sampler runs meanwhile): its time, peak RSS and peak disk. */
async function run(args: string[]) {
  const started = performance.now()
  const disk = new DiskSampler(work).start()
  const p = Bun.spawn([process.execPath, cli, ...args], { stdout: 'inherit', stderr: 'inherit' })
  const code = await p.exited
  disk.stop()
  if (code !== 0) throw new Error(`secds ${args[0]} exited ${code}`)
  // Bun reports maxRSS in bytes (getrusage's kilobytes, already converted).
  return {
    seconds: (performance.now() - started) / 1000,
    peakRssBytes: p.resourceUsage()?.maxRSS ?? 0,
    peakDiskBytes: disk.peakBytes,
  }
}

ensureMirror([process.execPath, cli], mirror, f.scale!, f.seed!)
const generation = JSON.parse(readFileSync(join(mirror, '.complete'), 'utf8'))
const inputBytes = bytesUnder(mirror)

const kind: BuildKind = f.nightly ? 'nightly' : 'first'
console.log(`build: ${readyForBuild(datasets, kind)}`)
const buildArgs = ['build', '--from', mirror, '--datasets', datasets]
if (f.threads) buildArgs.push('--threads', f.threads)
if (f['memory-limit']) buildArgs.push('--memory-limit', f['memory-limit'])
if (f['skip-sources']) buildArgs.push('--skip-sources', f['skip-sources'])
const b = await run(buildArgs)

const id = readFileSync(join(datasets, 'CURRENT'), 'utf8').trim()
const manifest = JSON.parse(readFileSync(join(datasets, id, 'manifest.json'), 'utf8'))
const mbps = inputBytes / (1 << 20) / b.seconds
const lookups = Object.values<{ bytes: number }>(manifest.lookups ?? {})
const result: BuildBenchResult = {
  date: new Date().toISOString(),
  command: `npm run bench:build -- ${process.argv.slice(2).join(' ')}`.trim(),
  machine: { cores: cpus().length, cpu: cpus()[0]?.model, memory: fmtBytes(totalmem()) },
  scale: Number(f.scale),
  seed: Number(f.seed),
  generation: { seconds: Number(generation.seconds.toFixed(1)), peakRss: fmtBytes(generation.peakRssBytes) },
  input: { bytes: inputBytes, size: fmtBytes(inputBytes), files: manifest.sources },
  build: {
    wallSeconds: Number(b.seconds.toFixed(1)),
    inputMBps: Number(mbps.toFixed(1)),
    peakRssBytes: b.peakRssBytes,
    peakRss: fmtBytes(b.peakRssBytes),
    peakDiskBytes: b.peakDiskBytes,
    peakDisk: fmtBytes(b.peakDiskBytes),
    kind,
    ...(f['skip-sources'] ? { skipSources: f['skip-sources'].split(',') } : {}),
    steps: manifest.steps,
  },
  output: { servingBytes: manifest.serving?.bytes ?? 0, lookupBytes: lookups.reduce((sum, l) => sum + l.bytes, 0) },
  tables: Object.fromEntries(
    Object.entries<{ rows: number; bytes: number }>(manifest.tables).map(([k, v]) => [
      k,
      { rows: v.rows, bytes: v.bytes, size: fmtBytes(v.bytes) },
    ]),
  ),
}
const md = [
  `Build of scale ${f.scale} (seed ${f.seed}) on ${result.machine.cores} cores, ${result.machine.memory}: ` +
    `input ${fmtBytes(inputBytes)}, wall ${b.seconds.toFixed(1)} s, ${mbps.toFixed(1)} MB/s, peak RSS ${fmtBytes(b.peakRssBytes)}, ` +
    `peak disk ${fmtBytes(b.peakDiskBytes)}`,
  '',
  '| table | rows | Parquet size |',
  '|---|---:|---:|',
  ...Object.entries(result.tables).map(([k, v]) => `| ${k} | ${v.rows.toLocaleString('en-US')} | ${v.size} |`),
  '',
  '| step | seconds | peak RSS |',
  '|---|---:|---:|',
  ...result.build.steps.map(
    (s) => `| ${s.name} | ${s.seconds.toFixed(1)} | ${s.peakRssBytes === undefined ? '' : fmtBytes(s.peakRssBytes)} |`,
  ),
].join('\n')
writeFileSync(join(work, `build-${f.scale}.json`), `${JSON.stringify(result, null, 2)}\n`)
writeFileSync(join(work, `build-${f.scale}.md`), `${md}\n`)
console.log(`\n${md}\n`)
console.log(
  table(
    ['measure', 'value'],
    [
      ['input', fmtBytes(inputBytes)],
      ['wall', `${b.seconds.toFixed(1)} s`],
      ['input MB/s', mbps.toFixed(1)],
      ['peak RSS', fmtBytes(b.peakRssBytes)],
      ['peak disk', fmtBytes(b.peakDiskBytes)],
    ],
  ),
)
if (updatesDocsPage(result.scale)) {
  try {
    updateDocsPage((page) => withBuildRun(page, result))
    console.log(`${DOCS_PAGE}: build results replaced, one run-history row added`)
  } catch (e) {
    console.error(`${DOCS_PAGE} not updated: ${(e as Error).message}`)
    process.exitCode = 1
  }
}
