/** Settings: parsed once with defaults, bad values named, and every one documented in docs/operating.md. */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, ConfigSchema, loadConfig } from '../src/config.ts'

const operating = readFileSync(resolve(import.meta.dir, '../docs/operating.md'), 'utf8')

/** The rows of the configuration table: from its header line to the first line that is not a table row. */
function configurationRows(page: string): string[] {
  const lines = page.split('\n')
  const header = lines.indexOf('| variable | default | meaning |')
  if (header < 0) return []
  const rows: string[] = []
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break
    rows.push(line)
  }
  return rows
}

describe('configuration', () => {
  test('defaults apply and strings from the environment become typed values', () => {
    const config = loadConfig({ PORT: '9090', WATCH_SNAPSHOTS: 'false', DB_CONNECTIONS: '8', UNRELATED: 'x' })
    expect(config.PORT).toBe(9090)
    expect(config.WATCH_SNAPSHOTS).toBe(false)
    expect(config.DB_CONNECTIONS).toBe(8)
    expect(config.MAX_LIMIT).toBe(100)
    expect(config.DATASETS_DIR).toBe('./datasets')
    expect(Object.keys(config).sort()).toEqual(Object.keys(ConfigSchema.properties).sort())
  })

  test('a bad value stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DB_CONNECTIONS: '0' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty', DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow('PORT="eighty"')
    expect(() => loadConfig({ PORT: 'eighty', DUCKDB_MEMORY_LIMIT: 'lots' })).toThrow('DUCKDB_MEMORY_LIMIT="lots"')
  })

  test('flags override the environment', () => {
    expect(loadConfig({ PORT: '9090' }, { PORT: 0 }).PORT).toBe(0)
  })

  test('docs/operating.md lists every setting with its default, and nothing else', () => {
    const rows = configurationRows(operating)
    const documented = rows.map((row) => row.split('|')[1]!.trim())
    expect(documented.sort(), 'variables of the configuration table').toEqual(
      Object.keys(ConfigSchema.properties)
        .map((key) => `\`${key}\``)
        .sort(),
    )
    for (const [key, schema] of Object.entries(ConfigSchema.properties)) {
      const row = rows.find((line) => line.startsWith(`| \`${key}\` |`))
      expect(row, `docs/operating.md row for ${key}`).toBeDefined()
      const shown = String((schema as { default: unknown }).default)
      expect(row!.split('|')[2]!.trim(), key).toBe(shown === '' ? '(empty)' : `\`${shown}\``)
      expect(row!.split('|')[3]!.trim(), `${key} has a meaning`).not.toBe('')
    }
  })
})
