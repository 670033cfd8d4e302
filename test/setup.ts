/**
 * Preloaded by bunfig.toml before the test files: once per plain `bun test` run, once per worker under
 * `bun test --parallel --no-isolate` (package.json), and once per file with --isolate. The shared fixtures
 * (test/helpers/fixture.ts) are built on first use, not here, so a run of files that need none pays
 * nothing for them. The afterAll checks them for writes; a plain run calls it once, after the last file,
 * and it then removes them (Bun runs no `exit` handler at the end of a test run); under --parallel Bun
 * calls it after every file, and the reaper fixture.ts starts removes the run's folder when `bun test`
 * exits. The folders of a run that was killed are removed by the next run.
 */
import { afterAll } from 'bun:test'
import { markPreloaded, removeAbandonedRuns, removeFixtures } from './helpers/fixture.ts'

markPreloaded()
removeAbandonedRuns()
afterAll(removeFixtures)
