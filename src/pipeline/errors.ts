/**
 * A build failure that a person can act on: which source file, which record in it, and what is wrong.
 * The CLI prints it and exits non-zero; nothing is published.
 */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly record?: string,
  ) {
    super([file, record, message].filter(Boolean).join(': '))
  }
}

/** DuckDB's own text ("Invalid Input Error: Malformed JSON in file "/x/y", at byte 3 in line 4: ...") without the noise. */
export const duckMessage = (e: unknown) =>
  String(e instanceof Error ? e.message : e)
    .replace(/^[A-Za-z ]+ Error: /, '')
    .replace(/\n?Try setting .*$/s, '')
    .trim()
