/**
 * `--skip-sources a,b`: sources a build or a sample leaves out, by their registry names
 * (src/pipeline/sources/index.ts). A build then treats their files as absent from the mirror, so one
 * full mirror can be built an area at a time (a benchmark of one area without the hour another takes).
 */
import { SOURCES } from '../pipeline/sources/index.ts'
import { UsageError } from './args.ts'

export const SOURCE_NAMES = SOURCES.map((s) => s.name)

export function skippedSources(text: string | undefined): string[] {
  if (text === undefined) return []
  const names = [...new Set(text.split(',').map((s) => s.trim()))]
  const unknown = names.filter((n) => !SOURCE_NAMES.includes(n))
  if (unknown.length)
    throw new UsageError(
      `--skip-sources takes source names separated by commas (${SOURCE_NAMES.join(', ')}); unknown: ${unknown.map((n) => JSON.stringify(n)).join(', ')}`,
    )
  return names
}

/** The flag's help line, its text starting at column `column` as the command's other flags do. */
export const skipSourcesHelp = (column: number, more = '') =>
  `  ${'--skip-sources LIST'.padEnd(column - 3)} sources to leave out, separated by commas: ${SOURCE_NAMES.join(', ')}${more}`
