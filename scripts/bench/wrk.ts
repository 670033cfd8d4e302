/**
 * wrk as the load generator (C, epoll: it keeps up with a fast server on the same two cores far better
 * than a load generator written in JavaScript would) and the parsing of its text summary.
 *
 * Every run is `wrk -t1 -cN -dDs --latency --timeout 10s -s <lua> <url> -- <paths file> <key>`: one thread
 * (on 2 cores the server needs the other), N connections, a Lua script picking a random path per request.
 * The timeout is raised from wrk's 2 s so a slow operation shows up as latency, not as socket timeouts.
 */
import { resolve } from 'node:path'
import { track } from './processes.ts'

export const PATHS_LUA = resolve(import.meta.dir, 'paths.lua')
export const COUNT_LUA = resolve(import.meta.dir, 'count.lua')

export type WrkResult = {
  requests: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  socketErrors: { connect: number; read: number; write: number; timeout: number }
  /** non-2xx/3xx responses plus every socket error */
  errors: number
  /** status → count, when the script counts them (count.lua) */
  statuses?: Record<string, number>
}

export type WrkRun = { url: string; connections: number; seconds: number; pathsFile: string; key: string; lua?: string }

/** Exits the whole benchmark early with the install hint when wrk is missing. */
export function requireWrk(): string {
  const wrk = Bun.which('wrk')
  if (!wrk) {
    console.error('bench: wrk not found on PATH; install wrk (Debian: apt-get install wrk)')
    process.exit(2)
  }
  return wrk
}

export const wrkCommand = (r: WrkRun) => [
  'wrk',
  '-t1',
  `-c${r.connections}`,
  `-d${r.seconds}s`,
  '--latency',
  '--timeout',
  '10s',
  '-s',
  r.lua ?? PATHS_LUA,
  r.url,
  '--',
  r.pathsFile,
  r.key,
]

/** Starts wrk; `result` resolves with the parsed summary when it ends (its duration, or SIGINT via `stop`). */
export function startWrk(r: WrkRun) {
  const p = track(Bun.spawn(wrkCommand(r), { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' }))
  const result = (async () => {
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited])
    // SIGINT is how the swap run ends wrk early; wrk catches it and still prints its summary.
    if (code !== 0 && !/Requests\/sec/.test(out)) throw new Error(`wrk exited ${code}: ${err || out}`)
    return parseWrk(out)
  })()
  return { process: p, result, stop: () => p.kill('SIGINT') }
}

export const runWrk = (r: WrkRun) => startWrk(r).result

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** "52.31us", "1.20ms", "2.00s" → milliseconds. */
export function toMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim())
  if (!m) throw new Error(`wrk: cannot read the time ${JSON.stringify(text)}`)
  return Number(m[1]) * UNIT_MS[m[2]!]!
}

/** Reads the figures out of wrk's summary (see the test run in the README of wrk for its layout). */
export function parseWrk(out: string): WrkResult {
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0)
  const total = /(\d+) requests in ([\d.]+\w+),/.exec(out)
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const socketErrors = {
    connect: Number(sockets?.[1] ?? 0),
    read: Number(sockets?.[2] ?? 0),
    write: Number(sockets?.[3] ?? 0),
    timeout: Number(sockets?.[4] ?? 0),
  }
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/)
  const percentile = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)
    return m ? toMs(m[1]!) : Number.NaN
  }
  const statuses: Record<string, number> = {}
  for (const m of out.matchAll(/^status (\d+): (\d+)$/gm)) statuses[m[1]!] = Number(m[2])
  if (!/Requests\/sec/.test(out)) throw new Error(`wrk printed no summary:\n${out}`)
  return {
    requests: Number(total?.[1] ?? 0),
    seconds: total ? toMs(total[2]!) / 1000 : 0,
    requestsPerSecond: num(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    non2xx,
    socketErrors,
    errors: non2xx + socketErrors.connect + socketErrors.read + socketErrors.write + socketErrors.timeout,
    ...(Object.keys(statuses).length ? { statuses } : {}),
  }
}
