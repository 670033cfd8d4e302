/**
 * Preloaded once per `bun test` run (bunfig.toml), before any test file. The shared fixtures
 * (test/helpers/fixture.ts) are built on first use, not here, so a run of files that need none pays
 * nothing for them; after the last file they are checked for writes and removed. Bun runs no `exit`
 * handler at the end of a test run, so the removal is a run-wide afterAll; the folders of a run that was
 * killed are removed by the next run.
 */
import { afterAll } from 'bun:test'
import { markPreloaded, removeAbandonedRuns, removeFixtures } from './helpers/fixture.ts'

markPreloaded()
removeAbandonedRuns()
afterAll(removeFixtures)
