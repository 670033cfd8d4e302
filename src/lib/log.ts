/**
 * Log lines are JSON, one per line: request lines on stdout (when enabled), errors on stderr. The
 * writer is swappable so tests can read what was logged.
 */
export type LogSink = { info(line: Record<string, unknown>): void; error(line: Record<string, unknown>): void }

export const consoleSink: LogSink = {
  info: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
  error: (line) => process.stderr.write(`${JSON.stringify(line)}\n`),
}

export function memorySink(): LogSink & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  return { lines, info: (l) => lines.push(l), error: (l) => lines.push(l) }
}

export function errorFields(e: unknown) {
  return e instanceof Error ? { error: e.message, stack: e.stack } : { error: String(e) }
}
