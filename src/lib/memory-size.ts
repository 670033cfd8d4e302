/**
 * A memory size as DuckDB's `memory_limit` takes it and as our settings and flags are given: a number and a
 * unit, decimal (KB–TB) or binary (KiB–TiB). One pattern for the server's setting, the build's flag and the
 * server threads' shares of it.
 */
export const MEMORY_SIZE_PATTERN = '^(\\d+(?:\\.\\d+)?)\\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$'

const UNIT_BYTES: Record<string, number> = {
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  KIB: 2 ** 10,
  MIB: 2 ** 20,
  GIB: 2 ** 30,
  TIB: 2 ** 40,
}

const SIZE = new RegExp(MEMORY_SIZE_PATTERN, 'i')

export const isMemorySize = (text: string) => SIZE.test(text)

/** The bytes a size names; throws on a text that is not one (check it with isMemorySize first). */
export function memorySizeBytes(text: string): number {
  const match = SIZE.exec(text)
  if (!match) throw new Error(`not a memory size: ${JSON.stringify(text)}`)
  return Number(match[1]) * UNIT_BYTES[match[2]!.toUpperCase()]!
}
