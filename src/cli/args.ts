/**
 * Flag parsing shared by the commands. The same flags work for `npm run secds -- <command>` and for
 * the compiled binary. Numbers are checked here so a typo fails before any work starts.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util'

export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>

export function parseFlags<O extends Options>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n\n${usage}`)
  }
}

/** As parseFlags, for commands that also take operands (`secds keys revoke ID`): flags and positionals. */
export function parseFlagsAndPositionals<O extends Options>(argv: string[], options: O, usage: string) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    })
    return { flags: values, positionals }
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n\n${usage}`)
  }
}

export function numberFlag(
  name: string,
  value: string | undefined,
  fallback: number,
  { min = -Infinity, max = Infinity, integer = false } = {},
) {
  if (value === undefined) return fallback
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    const range = `${min === -Infinity ? '' : `≥ ${min}`}${max === Infinity ? '' : ` and ≤ ${max}`}`
    throw new UsageError(
      `--${name} must be ${integer ? 'an integer' : 'a number'}${range ? ` ${range.trim()}` : ''}, got ${JSON.stringify(value)}`,
    )
  }
  return n
}
