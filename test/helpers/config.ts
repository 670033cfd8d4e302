/**
 * The server's configuration as a test opens it: the values given, over the defaults, but for the query
 * timeout. The server's 5 s would fail a test whose whole-table query a busy machine slows past it, and a
 * busy machine must not fail a test: a test's query may take as long as the run's guard against a hang
 * (package.json's `--timeout`). The timeout itself is tested on the pool (test/db/pool.test.ts).
 */
import { type Config, loadConfig } from '../../src/config.ts'

const QUERY_TIMEOUT_IN_TESTS = 1_800_000

export const testConfig = (values: Partial<Config> = {}): Config =>
  loadConfig({}, { QUERY_TIMEOUT_MS: QUERY_TIMEOUT_IN_TESTS, ...values })
