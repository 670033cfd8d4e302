/**
 * The snapshots the tests read, each generated and built at most once per `bun test` run, on first use,
 * and shared read-only by every test file that asks for it (bun runs all files in one process, one module
 * registry). A test that changes a snapshot (publishes another, breaks one) works on a copy (copyFixture).
 *
 * test/setup.ts, preloaded by bunfig.toml, removes the run's folder when the run ends and fails the run if
 * a test wrote into a shared fixture. Building on first use keeps a run of files that need no snapshot
 * (`bun test test/lib`) as fast as before: the preload itself builds nothing.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

export type Fixture = {
  /** the generated EDGAR bulk files the snapshot was built from */
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
export const largerFilingsFixture = () => fixture({ ...LARGER, skipSources: BEYOND_FILINGS })
/** LARGER's filings built with lookup files cut into frames of a line or two, so every run spans many frames. */
export const largerTinyFramesFixture = () => fixture({ ...LARGER, skipSources: BEYOND_FILINGS, lookupFrameBytes: 64 })
/**
 * LARGER's filings and companyfacts: its filing-fee-only filers (the sample has none) as the Financials
 * API serves them. Without the financial statements: those filers have none, and their conversion and
 * series are most of a financial build.
 */
export const largerCompanyFactsFixture = () =>
  fixture({ ...LARGER, skipSources: ['financial-statements', 'insider-transactions', 'form-13f'] })

/**
 * Facts per range of the companyfacts series in SAMPLE: a few hundred, several ranges. A larger scale
 * takes proportionally more per range, for as many ranges: hundreds of ranges would cost most of its build.
 */
export const SERIES_FACTS_PER_BATCH = 400
const seriesFactsPerBatch = (scale: number) => Math.round((SERIES_FACTS_PER_BATCH * scale) / SAMPLE.scale)

/**
 * `SECDS_FIXTURE_LOG=<file> bun test …` appends a line per generated mirror and built snapshot: its key,
 * wall seconds and the process's CPU seconds meanwhile (what a run spends on fixtures, and on which).
 */
async function logged<T>(what: string, make: () => Promise<T>): Promise<T> {
  const log = process.env.SECDS_FIXTURE_LOG
  const [wall, cpu] = [performance.now(), process.cpuUsage()]
  const made = await make()
  const used = process.cpuUsage(cpu)
  const seconds = (n: number) => n.toFixed(1)
  if (log)
    appendFileSync(
      log,
      `${what}\twall ${seconds((performance.now() - wall) / 1000)}\tcpu ${seconds((used.user + used.system) / 1e6)}\n`,
    )
  return made
}

const RUN_PREFIX = `secds-fixtures-${process.pid}-`

type State = {
  root?: string
  mirrors: Map<string, Promise<string>>
  snapshots: Map<string, Promise<Fixture>>
  prints: Map<string, string>
  preloaded: boolean
}
/** On globalThis, so that every importer shares it even if the module were loaded twice. */
const STATE = Symbol.for('secds.test.fixtures')
const registry = globalThis as { [STATE]?: State }
registry[STATE] ??= { mirrors: new Map(), snapshots: new Map(), prints: new Map(), preloaded: false }
const state = registry[STATE]

function runRoot() {
  if (!state.preloaded) {
    throw new Error(
      'test/setup.ts was not preloaded (it removes the shared fixtures after the run): run `bun test` from the repository root',
    )
  }
  state.root ??= mkdtempSync(join(tmpdir(), RUN_PREFIX))
  return state.root
}

/** The generated EDGAR bulk files of `spec` alone, once per run (shared read-only, like the snapshots). */
export function fixtureMirror({ scale, seed }: Pick<Spec, 'scale' | 'seed'>): Promise<string> {
  const key = `${scale}-${seed}`
  let made = state.mirrors.get(key)
  if (!made) {
    made = (async () => {
      const { generateSample } = await import('../../src/pipeline/sample.ts')
      const out = join(runRoot(), `mirror-${key}`)
      await logged(`generate ${key}`, () => generateSample({ out, scale, seed }))
      return out
    })()
    made.catch(() => state.mirrors.delete(key))
    state.mirrors.set(key, made)
  }
  return made
}

/** A snapshot built from the mirror of `spec`, once per run. */
export function fixture(spec: Spec): Promise<Fixture> {
  const frames = spec.lookupFrameBytes ? `-frames-${spec.lookupFrameBytes}` : ''
  const without = spec.skipSources?.length ? `-without-${[...spec.skipSources].sort().join('+')}` : ''
  const key = `${spec.scale}-${spec.seed}${frames}${without}`
  let made = state.snapshots.get(key)
  if (!made) {
    made = (async () => {
      const [{ runBuild }, { silentReporter }] = await Promise.all([
        import('../../src/pipeline/index.ts'),
        import('../../src/lib/progress.ts'),
      ])
      const mirror = await fixtureMirror(spec)
      const datasets = join(runRoot(), `datasets-${key}`)
      const built = await logged(`build ${key}`, () =>
        runBuild({
          from: mirror,
          datasets,
          reporter: silentReporter(),
          threads: 2,
          lookupFrameBytes: spec.lookupFrameBytes,
          skipSources: spec.skipSources,
          // Several ranges of CIKs even in a small snapshot, so every test reads series made in ranges
          // (test/financials/series-batches.test.ts compares them with one range).
          seriesFactsPerBatch: seriesFactsPerBatch(spec.scale),
        }),
      )
      const f: Fixture = { mirror, datasets, snapshotId: built.snapshotId, dir: built.dir }
      state.prints.set(key, fingerprint(f))
      return f
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

/** Every file under the fixture's folders with its size and modification time. */
function fingerprint(f: Fixture) {
  const lines: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      const s = statSync(path)
      if (s.isDirectory()) walk(path)
      else lines.push(`${relative(state.root!, path)} ${s.size} ${s.mtimeMs}`)
    }
  }
  walk(f.mirror)
  walk(f.datasets)
  return lines.join('\n')
}

/** Called by the preload before any test file: fixtures may be built from now on. */
export function markPreloaded() {
  state.preloaded = true
}

/**
 * Called by the preload after the last test file: checks that no test changed a shared fixture, then
 * removes the run's folder (also when the check fails).
 */
export async function removeFixtures() {
  const changed: string[] = []
  for (const [key, made] of state.snapshots) {
    const f = await made.catch(() => undefined)
    if (f && existsSync(f.datasets) && fingerprint(f) !== state.prints.get(key)) changed.push(key)
  }
  if (state.root) rmSync(state.root, { recursive: true, force: true })
  state.root = undefined
  state.mirrors.clear()
  state.snapshots.clear()
  if (changed.length) {
    throw new Error(
      `a test wrote into the shared fixture ${changed.join(', ')}: work on a copy (copyFixture, or openTestApi({ copy: true }))`,
    )
  }
}

/** Folders of earlier runs that were killed before their end (their process is gone). */
export function removeAbandonedRuns() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^secds-fixtures-(\d+)-/.exec(name)?.[1])
    if (!pid || pid === process.pid || isAlive(pid)) continue
    rmSync(join(tmpdir(), name), { recursive: true, force: true })
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
