/**
 * The benchmark's API key (ENTERPRISE with the SEC_API_ENDPOINTS feature, so every operation is open to
 * it), made the way an operator makes one (`secds keys create`), in a fresh keys
 * file. The file then gets the operator override `plans.ENTERPRISE` with limits of a billion per
 * minute, hour and day: the benchmark measures the server, and a 429 from the rate limiter would only
 * measure the limiter (and count as errors).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'

const UNLIMITED = { perMinute: 1_000_000_000, perHour: 1_000_000_000, perDay: 1_000_000_000 }

export function createBenchKey(binary: string, keysFile: string): string {
  rmSync(keysFile, { force: true }) // a fresh file: the name "bench" must not be taken by an earlier run's key
  // SEC_API_ENDPOINTS too: the standardized statements, the metric and ratio series and rankings, and the
  // insiders' daily leaders and lifetime figures need it (a key without it gets their 403s).
  const args = ['--plan', 'ENTERPRISE', '--feature', 'SEC_API_ENDPOINTS', '--name', 'bench', '--keys', keysFile]
  const p = Bun.spawnSync([binary, 'keys', 'create', ...args], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  if (p.exitCode !== 0) throw new Error(`secds keys create exited ${p.exitCode}: ${p.stderr.toString()}`)
  const key = p.stdout.toString().trim().split('\n').at(-1)?.trim() ?? ''
  if (!/^secds_\S+$/.test(key))
    throw new Error(`secds keys create printed no key as its last line:\n${p.stdout.toString()}`)
  const file = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, unknown>
  writeFileSync(keysFile, `${JSON.stringify({ ...file, plans: { ENTERPRISE: UNLIMITED } }, null, 2)}\n`, {
    mode: 0o600,
  })
  return key
}
