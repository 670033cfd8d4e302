/**
 * Load benchmark over the compiled binary, as an operator runs it (issue 4):
 *
 *   npm run bench -- [--scale 1] [--seed 1] [--work .tmp/bench] [--duration 8] [--mix uniform|skewed|both] [--reuse-build] [--nightly] [--no-swap] [--skip-sources LIST] [--rows TEXT,…]
 *
 * In one run: generate bulk files at the scale (kept in `<work>/mirror-<scale>-<seed>`, reused), compile
 * dist/secds, build the snapshot with it (time, input MB/s, peak RSS), serve it, and drive every Filings
 * and Entities operation with wrk at 1 and 16 connections in a uniform and a skewed mix; measure the
 * floors (bare Elysia, trivial DuckDB) the same way; swap the snapshot under load; sweep bad inputs.
 * `--no-swap` leaves out the swap under load (a full rebuild: over an hour at full volume with every area), and
 * the run counts it as not measured. `--skip-sources` builds the mirror without those sources (`secds build
 * --skip-sources`), into a load folder of its own, and benches the operations whose tables it has: an area
 * at a time when building all of them would not fit the time at hand. `--reuse-build` benches the snapshot an earlier run built (`<load>/build.json`, scripts/bench/recorded-build.ts)
 * when it still is the one served, and reports that run's build figures; the swap is skipped, and said to
 * be, when the disk cannot hold a second snapshot. The build is a first build (its folder emptied first),
 * or with `--nightly` one onto the last run's snapshot and build cache (scripts/bench/build-kind.ts).
 * Results: `<work>/bench-<scale>.json` (everything) and `.md` (tables), and a pass/fail line against
 * the targets of scripts/bench/targets.ts; at --scale 1 (both mixes) also docs/benchmarks.md (its latest
 * results and a run-history row: scripts/bench/docs-page.ts). Every process it starts is stopped at the
 * end, also on error.
 *
 * Needs wrk on PATH (Debian: apt-get install wrk). Files: scripts/bench/ (one concern per file).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { skippedSources } from '../src/cli/source-list.ts'
import { fmtBytes } from '../src/lib/progress.ts'
import { type BuildKind, readyForBuild } from './bench/build-kind.ts'
import { DiskSampler } from './bench/disk.ts'
import { DOCS_PAGE, updateDocsPage, updatesDocsPage, withLoadRun } from './bench/docs-page.ts'
import { createBenchKey } from './bench/keys.ts'
import { machine } from './bench/machine.ts'
import { describe, measure, measureFloors, precheck } from './bench/measure.ts'
import { bytesUnder, ensureMirror, mirrorFolder, withoutSuffix } from './bench/mirror.ts'
import { MIXES, type Mix, makeDraws } from './bench/mixes.ts'
import { operationsWithout, writePaths } from './bench/operations.ts'
import { runTimed, startServer, stopAll } from './bench/processes.ts'
import { seeded } from './bench/random.ts'
import { recordBuild, recordedBuild } from './bench/recorded-build.ts'
import { markdown } from './bench/report.ts'
import type { BenchResult, FloorResult, Measurement, OperationResult } from './bench/results.ts'
import { MemorySampler } from './bench/rss.ts'
import { readSnapshotKeys } from './bench/snapshot-keys.ts'
import { type SwapResult, swapLacksRoom, swapUnderLoad } from './bench/swap.ts'
import { sweep, sweepSamples } from './bench/sweep.ts'
import { checkTargets } from './bench/targets.ts'
import { requireWrk, type WrkResult } from './bench/wrk.ts'

const { values: f } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    work: { type: 'string', default: '.tmp/bench' },
    duration: { type: 'string', default: '8' },
    mix: { type: 'string', default: 'both' },
    'reuse-build': { type: 'boolean', default: false },
    'no-swap': { type: 'boolean', default: false },
    nightly: { type: 'boolean', default: false },
    'skip-sources': { type: 'string' },
    rows: { type: 'string' },
  },
})
const usage = (problem: string): never => {
  console.error(
    `bench: ${problem}\nusage: npm run bench -- [--scale 1] [--seed 1] [--work .tmp/bench] [--duration 8] [--mix uniform|skewed|both] [--reuse-build] [--nightly] [--no-swap] [--skip-sources LIST] [--rows TEXT,…]`,
  )
  process.exit(2)
}
const mixes: Mix[] = f.mix === 'both' ? [...MIXES] : MIXES.filter((m) => m === f.mix)
if (!mixes.length) usage(`--mix must be uniform, skewed or both, got ${JSON.stringify(f.mix)}`)
const duration = Number(f.duration)
if (!Number.isInteger(duration) || duration < 1)
  usage(`--duration must be a whole number of seconds, at least 1, got ${JSON.stringify(f.duration)}`)
if (!(Number(f.scale) > 0)) usage(`--scale must be a positive number, got ${JSON.stringify(f.scale)}`)
requireWrk()

const root = resolve(import.meta.dir, '..')
const binary = join(root, 'dist', 'secds')
const work = resolve(f.work!)
/** A build's run with the disk it took at its peak (DiskSampler), sampled on the work folder's file system. */
async function buildMeasured(run: () => Promise<{ seconds: number; peakRssBytes: number }>) {
  const disk = new DiskSampler(work).start()
  let result: Awaited<ReturnType<typeof run>>
  try {
    result = await run()
  } finally {
    // Its last sample is taken as the build ends, the snapshot whole: read the peak after it.
    disk.stop()
  }
  return { ...result, peakDiskBytes: disk.peakBytes }
}
// A snapshot built without some sources is a different snapshot: a load folder of its own.
const skipSources = (() => {
  try {
    return skippedSources(f['skip-sources'])
  } catch (e) {
    return usage((e as Error).message)
  }
})()
const buildArgs = skipSources.length ? ['--skip-sources', skipSources.join(',')] : []
const mirror = mirrorFolder(work, f.scale!, f.seed!, skipSources)
const load = join(work, `load-${f.scale}${withoutSuffix(skipSources)}`)
const datasets = join(load, 'datasets')
const keysFile = join(load, 'keys.json')
const logs = join(load, 'logs')
const pathsDir = join(load, 'paths')
mkdirSync(logs, { recursive: true })
mkdirSync(pathsDir, { recursive: true })
// Uniform: as many paths as sampled keys (the cache cannot hold them); skewed: popular keys repeat anyway.
const PATHS_PER_FILE = { uniform: 200_000, skewed: 5000 } as const

// `--rows`: only the operations whose name contains one of the texts (a re-measure of some rows).
const rowTexts = f.rows
  ?.split(',')
  .map((t) => t.trim())
  .filter(Boolean)
const isAsked = (op: { name: string }) => !rowTexts || rowTexts.some((t) => op.name.includes(t))

const say = (text: string) => console.error(`bench: ${text}`)
const withRatios = (w: WrkResult, floors: FloorResult[], c: 'c1' | 'c16'): Measurement => {
  const floor = (name: FloorResult['name']) => floors.find((x) => x.name === name)![c].requestsPerSecond
  return {
    ...w,
    ofElysiaFloor: w.requestsPerSecond / floor('elysia'),
    ofDuckdbFloor: w.requestsPerSecond / floor('duckdb'),
  }
}

process.once('SIGINT', () => void stopAll().then(() => process.exit(130)))

let sampler: MemorySampler | undefined
try {
  say('compiling dist/secds')
  await runTimed([process.execPath, join(root, 'scripts', 'compile.ts')])

  say(`bulk files in ${mirror}`)
  const mirrorGenerated = ensureMirror([binary], mirror, f.scale!, f.seed!, skipSources)
  const inputBytes = bytesUnder(mirror)

  const recorded = f['reuse-build'] ? recordedBuild(load, datasets, mirror) : 'not asked to reuse it'
  // Asked to reuse a snapshot that cannot be: stop, rather than empty the folder of one that took hours.
  if (f['reuse-build'] && typeof recorded === 'string')
    usage(`--reuse-build: the snapshot in ${datasets} cannot be reused (${recorded}); leave the flag out to build it`)
  const kind: BuildKind = f.nightly ? 'nightly' : 'first'
  if (typeof recorded === 'string')
    say(
      `building the snapshot into ${datasets} (an earlier build is not reused: ${recorded}): ${readyForBuild(datasets, kind)}`,
    )
  else say(`reusing the snapshot ${recorded.snapshotId} built on ${recorded.date}`)
  const build =
    typeof recorded === 'string'
      ? await buildMeasured(() => runTimed([binary, 'build', '--from', mirror, '--datasets', datasets, ...buildArgs]))
      : { seconds: recorded.seconds, peakRssBytes: recorded.peakRssBytes, peakDiskBytes: recorded.peakDiskBytes }
  if (typeof recorded === 'string') recordBuild(load, datasets, mirror, build)
  const keys = await readSnapshotKeys(datasets, Number(f.seed))

  const key = createBenchKey(binary, keysFile)
  const server = await startServer(
    'secds serve',
    [binary, 'serve', '--datasets', datasets, '--port', '0', '--host', '127.0.0.1', '--keys', keysFile],
    { out: join(logs, 'server.out'), err: join(logs, 'server.err') },
    { ...process.env, LOG_REQUESTS: 'false' },
  )
  sampler = new MemorySampler(server.process.pid).start()
  // The banner says how many threads serve (SERVER_THREADS, one per core by default).
  const serverThreads = Number(/; (\d+) threads?\)/.exec(readFileSync(join(logs, 'server.err'), 'utf8'))?.[1] ?? 1)
  const floor = await startServer(
    'floor server',
    [process.execPath, join(import.meta.dir, 'bench', 'floor-server.ts'), '--port', '0'],
    { out: join(logs, 'floor.out'), err: join(logs, 'floor.err') },
  )
  say(`server ${server.url} (pid ${server.process.pid}, ${serverThreads} threads), floor server ${floor.url}`)

  const floors = await measureFloors(floor.url, pathsDir, duration)
  for (const x of floors) say(`floor ${x.name.padEnd(6)} c=1 ${describe(x.c1)} | c=16 ${describe(x.c16)}`)

  const operations: OperationResult[] = []
  const mixedPaths: string[] = []
  for (const mix of mixes) {
    const rnd = seeded(Number(f.seed) * 1000 + MIXES.indexOf(mix))
    const draws = makeDraws(mix, keys, rnd)
    for (const op of operationsWithout(skipSources).filter(isAsked)) {
      const written = writePaths(join(pathsDir, mix), op, draws, rnd, PATHS_PER_FILE[mix])
      if (!written) {
        say(`${mix} / ${op.name}: skipped (the snapshot lacks the keys it needs at this scale)`)
        continue
      }
      mixedPaths.push(...written.paths.slice(0, 500))
      const checked = await precheck(server.url, key, written.paths)
      for (const p of checked.not200) say(`${mix} / ${op.name}: ${p.path} answered ${p.status}: ${p.body}`)
      const m = await measure(server.url, key, written.file, duration)
      sampler.sample()
      operations.push({
        operation: op.name,
        kind: op.kind,
        ...(op.p50Ms === undefined ? {} : { p50Ms: op.p50Ms }),
        ...(op.p99MsAt16 === undefined ? {} : { p99MsAt16: op.p99MsAt16 }),
        mix,
        pathsFile: written.file,
        precheck: checked,
        c1: withRatios(m.c1, floors, 'c1'),
        c16: withRatios(m.c16, floors, 'c16'),
        serverRssBytes: sampler.lastRssBytes,
      })
      say(
        `${mix.padEnd(7)} ${op.name.padEnd(28)} c=1 ${describe(m.c1)} | c=16 ${describe(m.c16)} | server RSS ${fmtBytes(sampler.lastRssBytes)}`,
      )
    }
  }

  sampler.sample()
  const peakBeforeSwapBytes = sampler.peakBytes // the swap holds two snapshots open for a moment; keep the steady-state peak apart
  const swapSkipped = f['no-swap'] ? 'not asked to (--no-swap)' : swapLacksRoom(datasets)
  let swap: SwapResult | undefined
  if (swapSkipped) say(`swap under load: not run: ${swapSkipped}`)
  else {
    say('swap under load: rebuilding into the served datasets folder')
    const swapFile = join(pathsDir, 'swap-mixed.txt')
    writeFileSync(swapFile, `${mixedPaths.join('\n')}\n`)
    swap = await swapUnderLoad({ url: server.url, key, pathsFile: swapFile, binary, mirror, datasets, buildArgs })
    say(
      `swap: ${swap.requests} requests, ${swap.non200} not 200, lost ${swap.lost}, served the new snapshot ${swap.switchSeconds.toFixed(2)} s after publish`,
    )
  }

  say('bad-input sweep')
  const swept = await sweep(server.url, key, sweepSamples(keys))
  for (const p of swept.problems.slice(0, 20)) say(`sweep: ${p}`)
  say(
    `sweep: ${swept.operations} operations, ${swept.requests} requests, ${swept.status5xx} >= 500, ${swept.unanswered} unanswered, ${swept.leaks} leaks`,
  )

  sampler.stop()
  const server_ = {
    pid: server.process.pid,
    peakRssBytes: sampler.peakBytes,
    peakBeforeSwapBytes,
    maxSampledRssBytes: sampler.maxRssBytes,
    rssAfterBytes: sampler.lastRssBytes,
    samples: sampler.samples,
    threads: serverThreads,
  }
  const failures = [
    ...checkTargets(operations, server_.peakRssBytes),
    ...(swap?.lost ? [`swap under load: ${swap.lost} requests lost`] : []),
    ...(swapSkipped ? [`swap under load: not run (${swapSkipped})`] : []),
    ...(swept.status5xx || swept.unanswered || swept.leaks
      ? [`bad-input sweep: ${swept.status5xx} answers >= 500, ${swept.unanswered} unanswered, ${swept.leaks} leaks`]
      : []),
    ...operations
      .filter((r) => r.precheck.not200.length)
      .map(
        (r) =>
          `${r.mix} / ${r.operation}: ${r.precheck.not200.length} of ${r.precheck.checked} checked paths did not answer 200`,
      ),
  ]
  const result: BenchResult = {
    date: new Date().toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    machine: machine(),
    scale: Number(f.scale),
    seed: Number(f.seed),
    durationSeconds: duration,
    snapshot: { id: keys.snapshotId, rows: keys.rows },
    build: {
      seconds: build.seconds,
      inputBytes,
      inputMB: inputBytes / 2 ** 20,
      inputMBps: inputBytes / 2 ** 20 / build.seconds,
      peakRssBytes: build.peakRssBytes,
      ...(build.peakDiskBytes === undefined ? {} : { peakDiskBytes: build.peakDiskBytes }),
      mirrorGenerated,
      ...(typeof recorded === 'string' ? { kind } : { reusedFrom: recorded.date }),
    },
    floors,
    operations,
    server: server_,
    ...(swap ? { swap } : {}),
    ...(swapSkipped ? { swapSkipped } : {}),
    sweep: swept,
    targets: { pass: failures.length === 0, failures },
  }
  const md = markdown(result)
  writeFileSync(join(work, `bench-${f.scale}.json`), `${JSON.stringify(result, null, 2)}\n`)
  writeFileSync(join(work, `bench-${f.scale}.md`), md)
  console.log(`\n${md}`)
  console.log(
    `targets: ${failures.length ? `FAIL (${failures.length}: ${failures.slice(0, 3).join(' | ')}${failures.length > 3 ? ' | …' : ''})` : 'PASS'}`,
  )
  say(
    `server peak RSS ${fmtBytes(server_.peakRssBytes)}; results in ${join(work, `bench-${f.scale}.json`)} and .md; paths in ${pathsDir}`,
  )
  // Only a full-volume run of both mixes and every source replaces the page's latest results (a partial
  // one would hide the rest).
  if (updatesDocsPage(result.scale) && mixes.length === MIXES.length && !skipSources.length && !rowTexts) {
    try {
      updateDocsPage((page) => withLoadRun(page, result))
      say(`${DOCS_PAGE}: latest results replaced, one run-history row added`)
    } catch (e) {
      say(`${DOCS_PAGE} not updated: ${(e as Error).message}`)
      process.exitCode = 1
    }
  } else {
    say(`${DOCS_PAGE} left as it is: only a run at --scale 1 with both mixes and no --skip-sources updates it`)
  }
} finally {
  sampler?.stop()
  await stopAll()
}
