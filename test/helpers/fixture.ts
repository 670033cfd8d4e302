/**
 * The snapshots the tests read, each generated and built at most once per `bun test` run, on first use,
 * and shared read-only by every test file that asks for it. A test that changes a snapshot (publishes
 * another, breaks one) works on a copy (copyFixture).
 *
 * `bun test --parallel` (package.json) runs the files in worker processes: a fixture is built once per
 * run across them, in a folder of the run (keyed on the `bun test` process, the workers' parent). The first
 * process to need a fixture takes its lock file and builds it; the others wait for its done marker, and
 * take over if the builder died. Within a process a fixture is also cached in memory.
 *
 * test/setup.ts, preloaded by bunfig.toml, fails the run if a test wrote into a shared fixture and removes
 * the run's folder when the run ends (in a plain `bun test`, its afterAll; under --parallel, where a
 * preload's afterAll runs after every file, a reaper process started with the folder removes it when the
 * `bun test` process exits). Building on first use keeps a run of files that need no snapshot
 * (`bun test test/lib`) as fast as before: the preload itself builds nothing.
 */
import { spawn } from 'node:child_process'
import {
  accessSync,
  appendFileSync,
  constants,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { BuildOptions } from '../../src/pipeline/index.ts'

export type Fixture = {
  /** the EDGAR bulk files the snapshot was built from (generated, or real ones laid out: laidOutFixture) */
  mirror: string
  /** the datasets folder: `CURRENT` and the snapshot's folder */
  datasets: string
  snapshotId: string
  /** the snapshot's folder, `datasets/<snapshotId>` */
  dir: string
}

type Spec = {
  scale: number
  seed: number
  lookupFrameBytes?: number
  /** Sources the build leaves out (`--skip-sources`): the mirror is the whole one, the snapshot has their tables empty. */
  skipSources?: readonly string[]
}

/**
 * The sources beyond Filings and Entities (Financials, Insiders, Institutions): most of a small build's
 * time, and nothing a test of filings and entities reads.
 */
export const BEYOND_FILINGS: readonly string[] = [
  'financial-statements',
  'company-facts',
  'insider-transactions',
  'form-13f',
]

/**
 * The fixture of the API tests: the generator's fixed cast (src/sample/cast.ts) plus ~50 random entities.
 * Every literal expectation of the tests (counts, pages, rows) is for this scale and seed.
 */
export const SAMPLE: Spec = { scale: 0.00005, seed: 1 }

/**
 * A larger mirror for the tests that check every row or compare many random pages with a plain query
 * (~960 entities, ~26,000 filings). Seed 2: at this scale its random listings include a ticker without an
 * exchange, as scale 0.01 does; test/filings/schemas-hold.test.ts checks that every field shape the
 * schemas allow and the generator makes occurs in it, so a generator change that loses one fails there.
 * Its snapshots are built with only the sources their tests read.
 */
export const LARGER: Spec = { scale: 0.001, seed: 2 }

/** The sample snapshot (SAMPLE, every source), shared read-only. */
export const sampleFixture = () => fixture(SAMPLE)
/** LARGER's filings and entities, shared read-only. */
const LARGER_FILINGS: Spec = { ...LARGER, skipSources: BEYOND_FILINGS }
export const largerFilingsFixture = () => fixture(LARGER_FILINGS)
/** LARGER's filings built with lookup files cut into frames of a line or two, so every run spans many frames. */
const LARGER_TINY_FRAMES: Spec = { ...LARGER_FILINGS, lookupFrameBytes: 64 }
export const largerTinyFramesFixture = () => fixture(LARGER_TINY_FRAMES)

/**
 * DuckDB threads of a test's own build. A test's tables are tiny, so each of a build's ~1,200 statements
 * costs mostly its fixed overhead, which a second thread adds to (work handed over and waited for) without
 * shortening it; and `bun test` runs two files at once, so a second thread has no core of its own. The
 * shared fixtures too: while one is built the other worker runs files, or builds another fixture while it
 * waits (fixture() below), so its core is not idle either, and a second thread would only add CPU.
 */
export const TEST_BUILD_THREADS = 1

/**
 * Facts per range of the companyfacts series in SAMPLE: a few companies' facts (a range never splits one),
 * some four ranges. A larger scale takes proportionally more per range, for as many ranges: each range runs
 * every series statement again, and one range per company or two cost most of a small build's time.
 */
export const SERIES_FACTS_PER_BATCH = 6000
const seriesFactsPerBatch = (scale: number) => Math.round((SERIES_FACTS_PER_BATCH * scale) / SAMPLE.scale)

/**
 * `SECDS_FIXTURE_LOG=<file> bun test …` appends a line per generated mirror and built snapshot: its key,
 * wall seconds and the process's CPU seconds meanwhile (what a run spends on fixtures, and on which), and
 * under --parallel a line per fixture a worker waited for another to build, with the wall seconds waited.
 */
async function logged<T>(what: string, make: () => Promise<T>): Promise<T> {
  const [wall, cpu] = [performance.now(), process.cpuUsage()]
  const made = await make()
  const used = process.cpuUsage(cpu)
  logLine(what, (performance.now() - wall) / 1000, (used.user + used.system) / 1e6)
  return made
}

/** The test file that asked for a fixture (from the call's stack), for the log: which file made a worker wait. */
const askingFile = () =>
  (new Error().stack ?? '')
    .split('\n')
    .find((l) => l.includes('/test/') && !l.includes('/test/helpers/'))
    ?.trim() ?? 'unknown'

function logLine(what: string, wall: number, cpu?: number) {
  const log = process.env.SECDS_FIXTURE_LOG
  const worker = inWorker ? `\tworker ${process.env.BUN_TEST_WORKER_ID}` : ''
  if (log)
    appendFileSync(
      log,
      `${what}\twall ${wall.toFixed(1)}${cpu === undefined ? '' : `\tcpu ${cpu.toFixed(1)}`}${worker}\n`,
    )
}

/**
 * Under `bun test --parallel` each file runs in a worker process (BUN_TEST_WORKER_ID is set) whose parent
 * is the `bun test` process: the run is that one, shared by all its workers. Otherwise it is this process.
 */
const inWorker = Boolean(process.env.BUN_TEST_WORKER_ID)
const runPid = inWorker ? process.ppid : process.pid
const RUN_PREFIX = `secds-fixtures-${runPid}-`

/** A RAM-backed folder at least this large holds a run's folder (which peaks near 0.6 GB); a smaller one (a container's 64 MB) does not. */
const RAM_FOLDER_MIN_BYTES = 4 * 2 ** 30

/**
 * The folder the run's folder goes in: `/dev/shm` (memory) where the machine has a large one that allows
 * running programs (the smoke test runs the compiled binary from the run's folder) and TMPDIR does not
 * name another, else the system's temporary folder. A run creates and removes tens of thousands of files
 * (each build's Parquet and DuckDB files, the copies of snapshots); on a disk's file system the kernel's
 * bookkeeping of them (allocating and freeing inodes) was about 4% of the run's CPU (docs/benchmarks.md).
 * Chosen on the folder's size, not its free space, so that every worker of a run chooses the same.
 */
function scratchBase(): string {
  if (process.env.TMPDIR) return tmpdir()
  try {
    accessSync('/dev/shm', constants.W_OK)
    const mount = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .filter((line) => line.split(' ')[1] === '/dev/shm')
      // The last mount of a folder is the one in use.
      .at(-1)
    const fs = statfsSync('/dev/shm')
    if (mount && !mount.split(' ')[3]?.split(',').includes('noexec') && fs.blocks * fs.bsize >= RAM_FOLDER_MIN_BYTES)
      return '/dev/shm'
  } catch {
    // No such folder or mount table (not Linux), or not writable: the system's.
  }
  return tmpdir()
}
const SCRATCH = scratchBase()

type State = {
  root?: string
  mirrors: Map<string, Promise<string>>
  snapshots: Map<string, Promise<Fixture>>
  /** each mirror's (`mirror <key>`) and snapshot's fingerprint when made (also in its done marker, for the other workers) */
  prints: Map<string, string>
  preloaded: boolean
  /**
   * The snapshots (their keys) and mirrors (`mirror <key>`) asked for since the last check (removeFixtures):
   * what the file that ended could change. A snapshot is checked with its mirror.
   */
  asked: Set<string>
  /** How many of the fixtures made while waiting (MADE_WHILE_WAITING) this process has taken up. */
  madeWhileWaiting: number
}
/** On globalThis, so that every importer shares it even if the module were loaded twice. */
const STATE = Symbol.for('secds.test.fixtures')
const registry = globalThis as { [STATE]?: State }
registry[STATE] ??= {
  mirrors: new Map(),
  snapshots: new Map(),
  prints: new Map(),
  preloaded: false,
  asked: new Set(),
  madeWhileWaiting: 0,
}
const state = registry[STATE]

/**
 * The run's folder. In a worker, every worker of the run finds the same one: named for the `bun test`
 * process and its start time (a pid reused by a later run names another folder). The worker that creates
 * it starts the reaper that removes it when the run ends.
 */
export function runRoot() {
  if (!state.preloaded) {
    throw new Error(
      'test/setup.ts was not preloaded (it removes the shared fixtures after the run): run `bun test` from the repository root',
    )
  }
  if (state.root) return state.root
  if (!inWorker) {
    state.root = mkdtempSync(join(SCRATCH, RUN_PREFIX))
    return state.root
  }
  const root = join(SCRATCH, `${RUN_PREFIX}${startTime(runPid)}`)
  try {
    mkdirSync(root)
    startReaper(root)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  state.root = root
  return root
}

/** A process's start time (Linux: /proc), or `run` where there is none to read. */
function startTime(pid: number) {
  try {
    // Field 22 of /proc/<pid>/stat, counted after the command's closing parenthesis.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!
  } catch {
    return 'run'
  }
}

/** A detached process that removes `root` once the `bun test` process (runPid) has exited. */
function startReaper(root: string) {
  const reaper = spawn(process.execPath, [join(import.meta.dir, 'reap-fixtures.ts'), String(runPid), root], {
    detached: true,
    stdio: 'ignore',
  })
  reaper.unref()
}

/**
 * `name` in the run's folder, made by `make` once per run across every process of it. The maker holds
 * `<name>.lock` (a file holding its pid, created atomically) and writes `<name>.done` (holding `done`'s
 * text) when it is complete; the others wait for that marker, polling the file system, as long as the
 * maker lives: no clock decides anything. A maker that died leaves its lock: the first to see that takes
 * the lock over and makes it again from scratch. A maker that fails removes its lock and throws (its
 * waiters then try themselves, and fail the same way).
 */
async function once(name: string, make: (path: string) => Promise<string>): Promise<{ path: string; done: string }> {
  const root = runRoot()
  const path = join(root, name)
  const { lock, marker } = markersOf(path)
  const started = performance.now()
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    if (existsSync(marker)) {
      // Waited for another process's build: said in the fixture log, as the builds are.
      if (wait > 10) logLine(`wait ${name}`, (performance.now() - started) / 1000)
      return { path, done: readFileSync(marker, 'utf8') }
    }
    if (takeLock(lock)) {
      try {
        // A marker written between the check above and the lock: it is made.
        if (existsSync(marker)) return { path, done: readFileSync(marker, 'utf8') }
        rmSync(path, { recursive: true, force: true }) // what a dead maker left
        const done = await make(path)
        writeFileSync(`${marker}.${process.pid}`, done)
        renameSync(`${marker}.${process.pid}`, marker)
        return { path, done }
      } finally {
        rmSync(lock, { force: true })
      }
    }
    const owner = Number(readText(lock))
    if (owner && !isAlive(owner)) takeOver(lock, owner)
    else if (inWorker && state.madeWhileWaiting < MADE_WHILE_WAITING.length) await makeOneWhileWaiting()
    else await Bun.sleep(wait)
  }
}

/** A fixture's lock file (held by the process making it) and done marker (written when it is made). */
const markersOf = (path: string) => ({ lock: `${path}.lock`, marker: `${path}.done` })

/** Creates the lock file with this process's pid in it, atomically (a hard link fails if it exists). */
function takeLock(lock: string) {
  const mine = `${lock}.${process.pid}`
  writeFileSync(mine, String(process.pid))
  try {
    linkSync(mine, lock)
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    return false
  } finally {
    rmSync(mine, { force: true })
  }
}

/**
 * Removes the lock of a dead maker: renamed away first (only one process can rename a given file), then
 * checked to be that maker's; a lock of a live maker taken in between is put back.
 */
function takeOver(lock: string, dead: number) {
  const away = `${lock}.dead-${dead}-${process.pid}`
  try {
    renameSync(lock, away)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return // another took it over first
    throw e
  }
  const owner = Number(readText(away))
  if (owner !== dead) {
    try {
      linkSync(away, lock)
    } catch {
      // A third lock exists meanwhile: its maker goes on, this one's finishes or is taken over in turn.
    }
  }
  rmSync(away, { force: true })
}

function readText(path: string) {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw e
  }
}

const mirrorKey = ({ scale, seed }: Pick<Spec, 'scale' | 'seed'>) => `${scale}-${seed}`
const mirrorName = (key: string) => `mirror-${key}`

function snapshotKey(spec: Spec) {
  const frames = spec.lookupFrameBytes ? `-frames-${spec.lookupFrameBytes}` : ''
  const without = spec.skipSources?.length ? `-without-${[...spec.skipSources].sort().join('+')}` : ''
  return `${mirrorKey(spec)}${frames}${without}`
}
const snapshotName = (key: string) => `datasets-${key}`

/**
 * What a worker makes while it waits for another's build: at the start of a run every worker's first file
 * asks for the sample snapshot, one builds it and a core would else sit idle. The snapshots most runs of the
 * whole suite need soon (a run of some files only may not: `bun test <files>` runs in one process, which
 * never waits), one at a time between looks at what it waits for, so it stops making them once that is
 * there; each unless another process is making it or its mirror (this one would then wait for that).
 */
const MADE_WHILE_WAITING: Spec[] = [LARGER_FILINGS, LARGER_TINY_FRAMES]

async function makeOneWhileWaiting() {
  const root = runRoot()
  const elsewhere = (name: string) => {
    const { lock, marker } = markersOf(join(root, name))
    return existsSync(lock) && !existsSync(marker)
  }
  while (state.madeWhileWaiting < MADE_WHILE_WAITING.length) {
    const spec = MADE_WHILE_WAITING[state.madeWhileWaiting++]!
    if (elsewhere(mirrorName(mirrorKey(spec))) || elsewhere(snapshotName(snapshotKey(spec)))) continue
    logLine(`make ${snapshotKey(spec)} while waiting`, 0)
    // A failure is for the files that ask for it to report: each makes it again (fixture).
    await fixture(spec).catch(() => undefined)
    return
  }
}

/** The generated EDGAR bulk files of `spec` alone, once per run (shared read-only, like the snapshots). */
export const fixtureMirror = ({ scale, seed }: Pick<Spec, 'scale' | 'seed'>): Promise<string> =>
  mirrorOnce(mirrorKey({ scale, seed }), async (out) => {
    const { generateSample } = await import('../../src/pipeline/sample.ts')
    await generateSample({ out, scale, seed })
  })

/** A snapshot built from the mirror of `spec`, once per run. */
export const fixture = (spec: Spec): Promise<Fixture> =>
  snapshotOnce(snapshotKey(spec), () => fixtureMirror(spec), {
    lookupFrameBytes: spec.lookupFrameBytes,
    skipSources: spec.skipSources,
    // Several ranges of CIKs even in a small snapshot, so every test reads series made in ranges
    // (test/financials/series-batches.test.ts compares them with one range).
    seriesFactsPerBatch: seriesFactsPerBatch(spec.scale),
  })

/**
 * A snapshot of bulk files that `make` lays out in the mirror folder it is given (real EDGAR files: not
 * generated), built with the build's defaults, once per run and shared read-only like the others. `key`
 * names it apart from every generated one.
 */
export const laidOutFixture = (key: string, make: (mirror: string) => Promise<void> | void): Promise<Fixture> =>
  snapshotOnce(key, () => mirrorOnce(key, make), {})

/** The bulk files `make` writes into `mirror-<key>`, once per run across its processes. */
function mirrorOnce(key: string, make: (out: string) => Promise<void> | void): Promise<string> {
  state.asked.add(`mirror ${key}`)
  let made = state.mirrors.get(key)
  if (!made) {
    made = (async () => {
      const { path, done } = await once(mirrorName(key), async (out) => {
        await logged(`generate ${key}`, async () => make(out))
        return fingerprint(out)
      })
      state.prints.set(`mirror ${key}`, done)
      return path
    })()
    made.catch(() => state.mirrors.delete(key))
    state.mirrors.set(key, made)
  }
  return made
}

/** The snapshot `key`, built from the mirror `mirrorOf` gives with `options`, once per run across its processes. */
function snapshotOnce(
  key: string,
  mirrorOf: () => Promise<string>,
  options: Pick<BuildOptions, 'lookupFrameBytes' | 'skipSources' | 'seriesFactsPerBatch'>,
): Promise<Fixture> {
  state.asked.add(key)
  let made = state.snapshots.get(key)
  if (!made) {
    logLine(`ask ${key} from ${askingFile()}`, 0)
    made = (async () => {
      const mirror = await mirrorOf()
      const { path: datasets, done } = await once(snapshotName(key), async (datasets) => {
        const [{ runBuild }, { silentReporter }] = await Promise.all([
          import('../../src/pipeline/index.ts'),
          import('../../src/lib/progress.ts'),
        ])
        const built = await logged(`build ${key}`, () =>
          runBuild({
            from: mirror,
            datasets,
            reporter: silentReporter(),
            threads: TEST_BUILD_THREADS,
            ...options,
            // Tests read the build-only tables (the metric points, their vintages) beside the snapshot.
            keepBuildDatabase: true,
          }),
        )
        return JSON.stringify({ snapshotId: built.snapshotId, print: fingerprint(datasets) })
      })
      const { snapshotId, print } = JSON.parse(done) as { snapshotId: string; print: string }
      state.prints.set(key, print)
      return { mirror, datasets, snapshotId, dir: join(datasets, snapshotId) }
    })()
    // A failed build is not cached as a failure for the next file: it builds again.
    made.catch(() => state.snapshots.delete(key))
    state.snapshots.set(key, made)
  }
  return made
}

/** A writable copy of a fixture's datasets folder in `to/datasets` (a few MB, tens of milliseconds). */
export function copyFixture(from: Fixture, to: string): Fixture {
  const datasets = join(to, 'datasets')
  cpSync(from.datasets, datasets, { recursive: true })
  return { mirror: from.mirror, datasets, snapshotId: from.snapshotId, dir: join(datasets, from.snapshotId) }
}

/** Every file under a fixture's folder with its size and modification time. */
function fingerprint(dir: string) {
  const lines: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      const s = statSync(path)
      if (s.isDirectory()) walk(path)
      else lines.push(`${relative(state.root!, path)} ${s.size} ${s.mtimeMs}`)
    }
  }
  walk(dir)
  return lines.join('\n')
}

/** Called by the preload before any test file: fixtures may be built from now on. */
export function markPreloaded() {
  state.preloaded = true
}

/**
 * Called by the preload after the test files: checks that no test changed a shared fixture this process
 * read. After the last file of a plain `bun test` it then removes the run's folder (also when the check
 * fails). Under --parallel it runs after every file of a worker and checks the fixtures that file asked
 * for; the reaper removes the folder.
 */
export async function removeFixtures() {
  const changed: string[] = []
  // Under --parallel, after every file: the snapshots that file asked for (a worker keeps the others).
  // Each folder by the key of its print: a snapshot's datasets folder, a mirror as `mirror <key>`.
  const folders = new Map<string, string>()
  const asked = (key: string) => !inWorker || state.asked.has(key)
  for (const [key, made] of state.snapshots) {
    const f = await made.catch(() => undefined)
    if (!f || !asked(key)) continue
    folders.set(key, f.datasets)
    folders.set(`mirror ${f.mirror.split('mirror-').at(-1)}`, f.mirror)
  }
  for (const [key, made] of state.mirrors) {
    const mirror = await made.catch(() => undefined)
    if (mirror && asked(`mirror ${key}`)) folders.set(`mirror ${key}`, mirror)
  }
  state.asked.clear()
  for (const [key, dir] of folders) {
    if (existsSync(dir) && state.prints.has(key) && fingerprint(dir) !== state.prints.get(key)) changed.push(key)
  }
  if (!inWorker) {
    if (state.root) rmSync(state.root, { recursive: true, force: true })
    state.root = undefined
    state.mirrors.clear()
    state.snapshots.clear()
  }
  if (changed.length) {
    throw new Error(
      `a test wrote into the shared fixture ${changed.join(', ')}: work on a copy (copyFixture, or openTestApi({ copy: true }))`,
    )
  }
}

/** Folders of earlier runs that were killed before their end (their process is gone). */
export function removeAbandonedRuns() {
  for (const name of readdirSync(SCRATCH)) {
    const pid = Number(/^secds-fixtures-(\d+)-/.exec(name)?.[1])
    if (!pid || pid === runPid || isAlive(pid)) continue
    rmSync(join(SCRATCH, name), { recursive: true, force: true })
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
