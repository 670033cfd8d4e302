/**
 * Every process the benchmark starts (the server, the floor server, wrk, builds) goes through here, so
 * one `stopAll()` in a finally block ends them all, also when a step throws halfway or the run is
 * interrupted: a stray server or wrk left behind would skew the next measurement on a small machine.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import type { Subprocess } from 'bun'

const running = new Set<Subprocess>()

export function track<T extends Subprocess>(p: T): T {
  running.add(p)
  void p.exited.then(() => running.delete(p))
  return p
}

/** SIGTERM to everything still running (servers exit gracefully on it), SIGKILL to what is left after 5 s. */
export async function stopAll() {
  const left = [...running]
  for (const p of left) p.kill('SIGTERM')
  await Promise.race([Promise.all(left.map((p) => p.exited)), Bun.sleep(5000)])
  for (const p of running) p.kill('SIGKILL')
}

/** A command run to its end, timed, with its peak RSS (Bun gives getrusage's maxRSS already in bytes). */
export async function runTimed(cmd: string[], options: { env?: Record<string, string | undefined> } = {}) {
  const started = performance.now()
  const p = track(Bun.spawn(cmd, { stdin: 'ignore', stdout: 'inherit', stderr: 'inherit', env: options.env }))
  const code = await p.exited
  const seconds = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`${cmd.slice(0, 2).join(' ')} exited ${code}`)
  return { seconds, peakRssBytes: p.resourceUsage()?.maxRSS ?? 0 }
}

/**
 * How long a server may take to say where it serves: a guard against a hang, not a measure. A server warms
 * its snapshot before it serves, which for a full-volume snapshot on a cold page cache takes about a minute.
 */
const START_SECONDS = 600

/**
 * Starts a server with its stdout and stderr going to log files (kept for a look after the run; files
 * cannot fill up and stall the server the way an unread pipe can) and waits until stderr shows
 * `serving http://…`. Returns the process and that URL.
 */
export async function startServer(
  name: string,
  cmd: string[],
  logs: { out: string; err: string },
  env?: Record<string, string | undefined>,
) {
  // Bun does not truncate a file given as stdout: empty them first, or the last run's URL would be read.
  for (const file of [logs.out, logs.err]) writeFileSync(file, '')
  const p = track(Bun.spawn(cmd, { stdin: 'ignore', stdout: Bun.file(logs.out), stderr: Bun.file(logs.err), env }))
  const deadline = Date.now() + START_SECONDS * 1000
  while (Date.now() < deadline) {
    const text = readFileSync(logs.err, 'utf8')
    const url = /serving (http:\/\/\S+)/.exec(text)?.[1]
    if (url) return { process: p, url }
    if (p.exitCode !== null) throw new Error(`${name} exited ${p.exitCode} before serving:\n${text.slice(-2000)}`)
    await Bun.sleep(50)
  }
  throw new Error(`${name} printed no "serving http://…" within ${START_SECONDS} s (see ${logs.err})`)
}
