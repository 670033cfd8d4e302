/**
 * A table written in ranges of a column (TableSpec.writtenInRanges: the company facts at EDGAR's volume)
 * is a file per range, each sorted, the ranges ascending: read in name order, the files are the table in
 * its order, and no key is cut between two files. A table without ranges stays one `part-0.parquet`.
 */
import { afterAll, expect, test } from 'bun:test'
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { silentReporter } from '../../src/lib/progress.ts'
import { BuildDb } from '../../src/pipeline/duck.ts'
import type { TableSpec } from '../../src/pipeline/source.ts'
import { quote } from '../../src/pipeline/sql-text.ts'
import { writeTables } from '../../src/pipeline/write-tables.ts'
import { tempDir } from '../helpers/snapshot.ts'

const root = tempDir('write-tables')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const spec = (name: string, ranges?: TableSpec['writtenInRanges']): TableSpec => ({
  name,
  from: 't',
  orderBy: 'k, v',
  rowGroupSize: 100_000,
  ...(ranges ? { writtenInRanges: ranges } : {}),
  key: [],
  notNull: [],
  requiredBy: () => undefined,
  description: 'a test table',
  schema: { k: ['BIGINT', 'a key'], v: ['VARCHAR', 'a value'] },
  feeds: {},
})

test('a table in ranges is a sorted file per range, the ranges ascending; one without is part-0.parquet', async () => {
  const db = await BuildDb.open({ file: ':memory:', tempDir: join(root, 'spill'), threads: 1, memoryLimit: '200MB' })
  try {
    // 20 rows of 7 keys, out of order; key 3 has six of them.
    await db.run(`CREATE TABLE t AS SELECT * FROM (VALUES
      (5, 'e'), (3, 'f'), (1, 'a'), (7, 'z'), (3, 'b'), (2, 'x'), (3, 'a'), (6, 'q'), (4, 'k'), (3, 'c'),
      (1, 'b'), (7, 'y'), (5, 'd'), (2, 'w'), (6, 'p'), (3, 'e'), (4, 'j'), (3, 'd'), (5, 'c'), (6, 'o')) r(k, v)`)
    const dir = join(root, 'snapshot')
    const { tables } = await writeTables(
      db,
      [spec('ranged', { column: 'k', parts: 8, rowsPerPart: 5 }), spec('whole')],
      dir,
      silentReporter(),
    )
    expect(tables.whole!.files).toEqual(['whole/part-0.parquet'])
    const files = readdirSync(join(dir, 'ranged')).sort()
    expect(files.length).toBeGreaterThan(2)
    expect(files.every((f) => /^part-\d{4}\.parquet$/.test(f))).toBe(true)
    expect(tables.ranged!.files).toEqual(files.map((f) => `ranged/${f}`))
    const read = await db.all<{ k: number; v: string; file: string }>(
      `SELECT k::INTEGER AS k, v, parse_filename(filename) AS file
       FROM read_parquet([${files.map((f) => quote(join(dir, 'ranged', f))).join(', ')}], filename = true)`,
    )
    // In name order, the rows are the table sorted; each key in one file.
    const sorted = await db.all<{ k: number; v: string }>('SELECT k::INTEGER AS k, v FROM t ORDER BY k, v')
    expect(read.map(({ k, v }) => ({ k, v }))).toEqual(sorted)
    const filesOfKey = new Map<number, Set<string>>()
    for (const r of read) filesOfKey.set(r.k, (filesOfKey.get(r.k) ?? new Set()).add(r.file))
    expect([...filesOfKey.values()].every((s) => s.size === 1)).toBe(true)
  } finally {
    db.close()
  }
})
