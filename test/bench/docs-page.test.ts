/**
 * docs/benchmarks.md as the bench scripts rewrite it (scripts/bench/docs-page.ts): a full-volume run
 * replaces exactly the text between its markers, adds one row at the end of the run-history table, and
 * leaves every other line alone; a page without its markers is refused, not half-written.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { BuildBenchResult } from '../../scripts/bench/build-results.ts'
import {
  appendHistoryRow,
  buildHistoryRow,
  DOCS_PAGE,
  HISTORY_HEADER,
  loadHistoryRow,
  MARKERS,
  replaceBetween,
  updatesDocsPage,
  withBuildRun,
  withLoadRun,
  worstP99,
} from '../../scripts/bench/docs-page.ts'
import type { BenchResult, Measurement, OperationResult } from '../../scripts/bench/results.ts'
import type { WrkResult } from '../../scripts/bench/wrk.ts'

const GB = 2 ** 30

const wrk = (requestsPerSecond: number, p50Ms: number, p99Ms: number, errors = 0): WrkResult => ({
  requests: Math.round(requestsPerSecond * 6),
  seconds: 6,
  requestsPerSecond,
  p50Ms,
  p99Ms,
  non2xx: errors,
  socketErrors: { connect: 0, read: 0, write: 0, timeout: 0 },
  errors,
})
const measured = (w: WrkResult, ofDuckdbFloor: number): Measurement => ({
  ...w,
  ofElysiaFloor: ofDuckdbFloor / 8,
  ofDuckdbFloor,
})

function operation(
  name: string,
  kind: OperationResult['kind'],
  mix: OperationResult['mix'],
  c16p99: number,
): OperationResult {
  return {
    operation: name,
    kind,
    mix,
    pathsFile: `paths/${mix}/${name}.txt`,
    precheck: { checked: 50, not200: [] },
    c1: measured(wrk(5000, 0.2, 2.5), 0),
    c16: measured(wrk(8000, 1.8, c16p99), 0.75),
  }
}

function loadResult(overrides: Partial<BenchResult> = {}): BenchResult {
  return {
    date: '2026-12-01T09:30:00.000Z',
    command: 'npm run bench -- --scale 1 --duration 6',
    machine: {
      cpu: 'AMD EPYC 7B13',
      cores: 2,
      memoryBytes: 24 * GB,
      kernel: 'Linux 6.18.0',
      bun: '1.4.5 (abcdef123)',
      pinning: 'no CPU pinning',
    },
    scale: 1,
    seed: 1,
    durationSeconds: 6,
    snapshot: { id: '20261201T080000Z', rows: { entities: 950_012, filings: 23_234_571, tickers: 11_729 } },
    build: {
      seconds: 481.25,
      inputBytes: 1.96 * GB,
      inputMB: 2007,
      inputMBps: 4.17,
      peakRssBytes: 4.98 * GB,
      mirrorGenerated: false,
    },
    floors: [
      { name: 'elysia', path: '/ping', c1: wrk(26_854, 0.03, 0.1), c16: wrk(86_786, 0.15, 0.5) },
      { name: 'duckdb', path: '/duckdb', c1: wrk(6_000, 0.15, 0.4), c16: wrk(10_734, 1.4, 3.2) },
    ],
    operations: [
      operation('filings latest', 'list', 'uniform', 2.94),
      operation('filings deep page', 'list', 'uniform', 21.4),
      operation('entity by CIK', 'lookup', 'skewed', 4.62),
    ],
    server: {
      pid: 4242,
      peakRssBytes: 1.5 * GB,
      peakBeforeSwapBytes: 1.2 * GB,
      maxSampledRssBytes: 1.4 * GB,
      rssAfterBytes: 0.6 * GB,
      samples: 900,
    },
    swap: {
      oldSnapshot: '20261201T080000Z',
      newSnapshot: '20261201T090000Z',
      buildSeconds: 702.4,
      switchSeconds: 0.38,
      requests: 1_900_000,
      non200: 0,
      socketErrors: { connect: 0, read: 0, write: 0, timeout: 0 },
      lost: 0,
      statuses: { 200: 1_900_000 },
      requestsPerSecond: 2600,
      p50Ms: 1.1,
      p99Ms: 6.2,
    },
    sweep: {
      requests: 435,
      status5xx: 0,
      unanswered: 0,
      leaks: 0,
      statuses: { 400: 385, 404: 10, 200: 40 },
      problems: [],
    },
    targets: { pass: true, failures: [] },
    ...overrides,
  }
}

const buildResult: BuildBenchResult = {
  date: '2026-12-02T07:00:00.000Z',
  command: 'npm run bench:build -- --scale 1',
  machine: { cores: 2, cpu: 'AMD EPYC 7B13', memory: '23.43 GB' },
  scale: 1,
  seed: 1,
  generation: { seconds: 148.5, peakRss: '0.95 GB' },
  input: {
    bytes: 1.96 * GB,
    size: '1.96 GB',
    files: [
      { path: 'company_tickers_exchange.json', bytes: 700_000 },
      { path: 'submissions.zip', bytes: 1.91 * GB },
      { path: 'filing-index', bytes: 6_000_000, files: 1631 },
    ],
  },
  build: {
    wallSeconds: 470.2,
    inputMBps: 4.3,
    peakRssBytes: 4.9 * GB,
    peakRss: '4.90 GB',
    steps: [
      { name: 'stage submissions', seconds: 46.3, peakRssBytes: 1.25 * GB },
      { name: 'serving database', seconds: 91, peakRssBytes: 4.9 * GB },
      { name: 'lookup files', seconds: 167.5 },
    ],
  },
  output: { servingBytes: 2.2 * GB, lookupBytes: 2.48 * GB },
  tables: {
    entities: { rows: 950_012, bytes: 49.4 * 2 ** 20, size: '49.4 MB' },
    filings: { rows: 23_234_571, bytes: 640.8 * 2 ** 20, size: '640.8 MB' },
  },
}

/** A page shaped like docs/benchmarks.md: hand-written text around the markers and a history table. */
const PAGE = [
  '# Benchmarks',
  '',
  'Hand-written intro that the scripts never touch.',
  '',
  '## Latest results',
  '',
  '### Load run',
  '',
  MARKERS.latestStart,
  'OLD LOAD RESULTS',
  'second old line',
  MARKERS.latestEnd,
  '',
  '### Build alone',
  '',
  MARKERS.buildStart,
  'OLD BUILD RESULTS',
  MARKERS.buildEnd,
  '',
  '## Run history',
  '',
  MARKERS.history,
  ...HISTORY_HEADER,
  '| 2026-11-22 | bench (run 17) | 1 | 495.1 | 5.01 GB | PASS | 22.81 ms (uniform / filings deep page) | 1.64 GB |',
  '',
  '### Notes below the table',
  '',
  'Hand-written history that stays.',
  '',
].join('\n')

/** The text between two markers, without them. */
const between = (page: string, start: string, end: string) =>
  page.slice(page.indexOf(start) + start.length, page.indexOf(end)).trim()
/** Every line of `page` outside the marked section. */
const outside = (page: string, start: string, end: string) =>
  page.slice(0, page.indexOf(start)) + page.slice(page.indexOf(end))

describe('docs/benchmarks.md after a load run', () => {
  const page = withLoadRun(PAGE, loadResult())

  test('the latest results between the markers are the new run', () => {
    const latest = between(page, MARKERS.latestStart, MARKERS.latestEnd)
    expect(latest).not.toContain('OLD LOAD RESULTS')
    expect(latest).toStartWith(
      'Run of 2026-12-01: `npm run bench -- --scale 1 --duration 6`, on AMD EPYC 7B13, 2 cores, 24.00 GB, Linux 6.18.0, Bun 1.4.5 (abcdef123)',
    )
    expect(latest).toContain('Snapshot `20261201T080000Z`: 950,012 entities, 23,234,571 filings.')
    expect(latest).toContain(
      "trivial-DuckDB floor's (10,734 req/s; the bare Elysia floor: 86,786 req/s at 16 connections, 26,854 at 1).",
    )
    expect(latest).toContain(
      '**Targets: PASS.** All 3 operation × mix rows are within them; the closest is uniform / filings deep page at 21.40 ms c=16 p99 (target 25 ms).',
    )
    expect(latest).toContain('#### Uniform mix (every request a different key: nothing comes from the result cache)')
    expect(latest).toContain('#### Skewed mix (repeated keys: lists mostly from the result cache)')
    expect(latest).toContain('| filings deep page (list) | 5,000 | 0.20 | 2.50 | 8,000 | 1.80 | 21.40 | 0 | 75% |')
    expect(latest).toContain('| entity by CIK (lookup) | 5,000 | 0.20 | 2.50 | 8,000 | 1.80 | 4.62 | 0 | 75% |')
    expect(latest).toContain('- **Errors: 0** in every measurement.')
    expect(latest).toContain('- **Server peak RSS: 1.50 GB** (VmHWM; 1.20 GB before the swap), 614.4 MB at the end.')
    expect(latest).toContain(
      '1,900,000 requests, **0 lost** (all 200, no socket errors); the server answered from the new snapshot 0.38 s after `CURRENT` changed.',
    )
    expect(latest).toContain(
      '- **Bad-input sweep**: 435 requests: **0 answers ≥ 500, 0 unanswered, 0 bodies with engine text**, paths or stacks; 385 × 400, 40 × 200, 10 × 404.',
    )
    expect(latest).toContain('- **Build**: 481.3 s under the benchmark, 4.2 MB/s of input, peak RSS 4.98 GB.')
  })

  test('one history row is added at the end of the table, and nothing else changes', () => {
    expect(outside(page, MARKERS.latestStart, MARKERS.latestEnd)).toBe(
      outside(PAGE, MARKERS.latestStart, MARKERS.latestEnd).replace(
        '| 1.64 GB |\n',
        '| 1.64 GB |\n| 2026-12-01 | bench | 1 | 481.3 | 4.98 GB | PASS | 21.40 ms (uniform / filings deep page) | 1.50 GB |\n',
      ),
    )
    expect(between(page, MARKERS.buildStart, MARKERS.buildEnd)).toBe('OLD BUILD RESULTS')
  })

  test('a second run replaces the first exactly and adds its own row', () => {
    const twice = withLoadRun(page, loadResult())
    expect(twice.replace(`${loadHistoryRow(loadResult())}\n`, '')).toBe(page)
    expect(twice.split(loadHistoryRow(loadResult())).length).toBe(3)
  })

  test('a failed run says what it missed, in the section and in its history row', () => {
    const failures = ['uniform / filings deep page: c=16 p99 31.30 ms > 25 ms', 'server peak RSS 4.20 GB > 4 GB']
    const failed = loadResult({
      operations: [operation('filings deep page', 'list', 'uniform', 31.3)],
      targets: { pass: false, failures },
      swap: { ...loadResult().swap!, non200: 3, lost: 5, socketErrors: { connect: 0, read: 2, write: 0, timeout: 0 } },
    })
    const next = withLoadRun(PAGE, failed)
    const latest = between(next, MARKERS.latestStart, MARKERS.latestEnd)
    expect(latest).toContain(
      '**Targets: FAIL (2).** Missed:\n- uniform / filings deep page: c=16 p99 31.30 ms > 25 ms\n- server peak RSS 4.20 GB > 4 GB',
    )
    expect(latest).toContain('**5 lost** (3 not 200, 2 socket errors)')
    expect(latest).not.toContain('#### Skewed mix')
    expect(next).toContain(
      '| 2026-12-01 | bench | 1 | 481.3 | 4.98 GB | FAIL (2) | 31.30 ms (uniform / filings deep page) | 1.50 GB |',
    )
  })

  test('the worst c=16 p99 is the highest measured one', () => {
    expect(worstP99(loadResult())?.operation).toBe('filings deep page')
    const unmeasured = operation('filings by CIK', 'list', 'skewed', Number.NaN)
    expect(
      worstP99(loadResult({ operations: [unmeasured, operation('form types', 'list', 'skewed', 3)] }))?.operation,
    ).toBe('form types')
    expect(loadHistoryRow(loadResult({ operations: [] }))).toBe(
      '| 2026-12-01 | bench | 1 | 481.3 | 4.98 GB | PASS | - | 1.50 GB |',
    )
  })
})

describe('docs/benchmarks.md after a build run', () => {
  const page = withBuildRun(PAGE, buildResult)

  test('the build results between the markers are the new run', () => {
    expect(between(page, MARKERS.buildStart, MARKERS.buildEnd)).toBe(
      [
        'Run of 2026-12-02: `npm run bench:build -- --scale 1`, on AMD EPYC 7B13, 2 cores, 23.43 GB; scale 1 (seed 1).',
        '',
        '| measure | value |',
        '|---|---|',
        '| input | 1.96 GB: submissions.zip 1.91 GB, filing-index 5.7 MB (1,631 files), company_tickers_exchange.json 683.6 KB |',
        '| output | 950,012 entities, 23,234,571 filings; 690.2 MB of Parquet, serving database 2.20 GB, lookup files 2.48 GB |',
        '| wall time | 470.2 s |',
        '| input rate | 4.3 MB/s of files as stored |',
        '| peak RSS | 4.90 GB |',
        '| generating the input (`secds sample --scale 1`) | 148.5 s, peak RSS 0.95 GB |',
        '',
        '| step | seconds | peak RSS | | table | rows | Parquet |',
        '|---|---:|---:|---|---|---:|---:|',
        '| stage submissions | 46.3 | 1.25 GB |  | entities | 950,012 | 49.4 MB |',
        '| serving database | 91.0 | 4.90 GB |  | filings | 23,234,571 | 640.8 MB |',
        '| lookup files | 167.5 |  |  |  |  |  |',
      ].join('\n'),
    )
  })

  test('one history row is added, the load results stay', () => {
    expect(page).toContain(
      '| 1.64 GB |\n| 2026-12-02 | bench:build | 1 | 470.2 | 4.90 GB | - | - | - |\n\n### Notes below the table',
    )
    expect(buildHistoryRow(buildResult)).toBe('| 2026-12-02 | bench:build | 1 | 470.2 | 4.90 GB | - | - | - |')
    expect(between(page, MARKERS.latestStart, MARKERS.latestEnd)).toBe('OLD LOAD RESULTS\nsecond old line')
    expect(outside(page, MARKERS.buildStart, MARKERS.buildEnd).replace(/\n\| 2026-12-02 .*\|/, '')).toBe(
      outside(PAGE, MARKERS.buildStart, MARKERS.buildEnd),
    )
  })
})

describe('a page the scripts cannot update is refused', () => {
  test('a missing, doubled or reversed marker', () => {
    expect(() => replaceBetween('no markers here', MARKERS.latestStart, MARKERS.latestEnd, 'x')).toThrow(
      `marker ${MARKERS.latestStart} not found`,
    )
    const doubled = `${MARKERS.latestStart}\na\n${MARKERS.latestEnd}\n${MARKERS.latestStart}\n${MARKERS.latestEnd}`
    expect(() => replaceBetween(doubled, MARKERS.latestStart, MARKERS.latestEnd, 'x')).toThrow('occurs twice')
    expect(() =>
      replaceBetween(`${MARKERS.latestEnd}\n${MARKERS.latestStart}`, MARKERS.latestStart, MARKERS.latestEnd, 'x'),
    ).toThrow('comes before')
  })

  test('a history marker without a table after it', () => {
    expect(() => appendHistoryRow('## Run history\n', '| row |')).toThrow(`marker ${MARKERS.history} not found`)
    expect(() => appendHistoryRow(`${MARKERS.history}\n\nJust text.\n`, '| row |')).toThrow('no table')
  })

  test('only full EDGAR volume updates the page', () => {
    expect(updatesDocsPage(1)).toBe(true)
    expect(updatesDocsPage(0.01)).toBe(false)
  })
})

describe('the real docs/benchmarks.md', () => {
  const real = readFileSync(DOCS_PAGE, 'utf8')

  test('has every marker once and the history table after its marker', () => {
    for (const marker of Object.values(MARKERS)) expect(real.split(marker).length, marker).toBe(2)
    expect(real).toContain(`${MARKERS.history}\n\n${HISTORY_HEADER.join('\n')}\n`)
  })

  test('takes a load run and a build run, keeping every line outside the markers', () => {
    const next = withBuildRun(withLoadRun(real, loadResult()), buildResult)
    const rows = (page: string) => page.split('\n').filter((line) => /^\| 20\d\d-\d\d-\d\d \| bench/.test(line))
    expect(rows(next)).toEqual([...rows(real), loadHistoryRow(loadResult()), buildHistoryRow(buildResult)])
    const kept = (page: string) =>
      outside(outside(page, MARKERS.latestStart, MARKERS.latestEnd), MARKERS.buildStart, MARKERS.buildEnd)
        .split('\n')
        .filter((line) => !/^\| 2026-12-0[12] \| bench/.test(line))
        .join('\n')
    expect(kept(next)).toBe(kept(real))
  })
})
