/**
 * Hostile parameter values and the texts that must never reach a client. Shared by the bad-input sweep
 * of test/http/errors.test.ts (in process) and of `npm run bench` (over HTTP against the compiled binary),
 * so both sweeps send the same values and judge answers the same way.
 */

/** Values sent in place of every path and query parameter: wrong types, number syntaxes, overflow, injection, encodings, traversal. */
export const BAD = [
  'abc',
  '1e30',
  '99999999999',
  '-1',
  '1.5',
  '',
  'true',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('1; DROP TABLE x'),
  '%00',
  '%E0%A4%A',
  encodeURIComponent('é'.repeat(1000)),
  encodeURIComponent('😀📈🚀'),
  '%25',
  encodeURIComponent('../../etc/passwd'),
  '0x1F',
  '%20%202',
  '9'.repeat(30),
]

/**
 * Values every parameter's schema is asked about, as decoded text (test/http/errors.test.ts): each one a
 * parameter's schema refuses must be a 400 naming that parameter alone. Between them every parameter
 * refuses some: wrong types, signs, fractions, number syntaxes, ranges, impossible dates, quotes and
 * separators, spaces, lengths, near-miss accession numbers.
 */
export const INVALID = [
  'abc',
  '0',
  '-1',
  '1.5',
  '0x1F',
  '1e3',
  '',
  ' 2',
  '101',
  '99999999999999999999',
  '12345678901',
  '2024-02-30',
  '2023-13-01',
  '2024/01/02',
  "10-K'",
  '10-K;8-K',
  'A B',
  'AB!',
  'robot',
  'a'.repeat(201),
  'A'.repeat(65),
  '0000320193-24-00012X',
  '0000320193-24-1',
  '123',
]

/** Texts that would mean an engine message, a file path or a stack reached the client. */
export const LEAKS = [
  /DuckDB/i,
  /Binder/,
  /Parser Error/,
  /Catalog/,
  /\/tmp/,
  /\.parquet/,
  /\bat .*:\d+:\d+/,
  /\n\s+at /,
  /node_modules/,
]

/** The LEAKS patterns found in a response body, as strings (empty when clean). */
export const leaksIn = (text: string) => LEAKS.filter((re) => re.test(text)).map(String)
