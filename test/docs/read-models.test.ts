/**
 * docs/architecture.md ("Read models") has a table of the lookup files the sources' contracts declare as
 * read models (src/pipeline/read-model.ts). Its columns but the last are rendered from the declarations
 * and must be as rendered here; the last, the operations that read the file, must name every operation
 * seen reading it when each operation is called once at its example path (a file read only on a path the
 * examples do not take, a fallback, may be named without being seen).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type AnyMemo, declaredMemos } from '../../src/db/memo.ts'
import type { AnyReadModel } from '../../src/pipeline/read-model.ts'
import * as companyFacts from '../../src/pipeline/sources/company-facts/contract.ts'
import * as filingIndex from '../../src/pipeline/sources/filing-index/contract.ts'
import * as financialStatements from '../../src/pipeline/sources/financial-statements/contract.ts'
import * as form13f from '../../src/pipeline/sources/form-13f/contract.ts'
import * as insiderTransactions from '../../src/pipeline/sources/insider-transactions/contract.ts'
import * as submissions from '../../src/pipeline/sources/submissions/contract/index.ts'
import { openTestApi } from '../helpers/api.ts'
import { type Reads, readsOfEveryOperation } from '../helpers/operation-reads.ts'
import { operationsOf } from '../helpers/operations.ts'

const MODELS: AnyReadModel[] = [
  submissions,
  filingIndex,
  financialStatements,
  companyFacts,
  insiderTransactions,
  form13f,
].flatMap((c) => Object.values(c.LOOKUPS as Record<string, AnyReadModel>))

const DOC = join(resolve(import.meta.dir, '../..'), 'docs/architecture.md')

/** A model's row without its last column. */
const rendered = (m: AnyReadModel) =>
  [
    `\`${m.name}\``,
    m.keyIs,
    m.line,
    m.line === 'rendered' ? 'the API body' : Object.keys(m.fields.properties).join(', '),
    m.order,
    `${(m.frameBytes ?? 16_384) / 1024} KB${m.keyFrameAfter ? `; a key starts one past ${m.keyFrameAfter / 1024} KB` : ''}`,
  ].join(' | ')

/** A table of the page, found by its header: each row's first cells joined, and the operation ids of its last. */
function documentedTable(header: string): Map<string, { cells: string; readBy: string[] }> {
  const markdown = readFileSync(DOC, 'utf8')
  const from = markdown.indexOf(header)
  expect(from).toBeGreaterThan(0)
  const rows = markdown.slice(from).split('\n\n')[0]!.split('\n').slice(2)
  return new Map(
    rows.map((row) => {
      const cells = row.slice(2, -2).split(' | ')
      const readBy = [...cells.at(-1)!.matchAll(/`(\w+)`/g)].map((m) => m[1]!)
      return [cells[0]!.replaceAll('`', ''), { cells: cells.slice(0, -1).join(' | '), readBy }]
    }),
  )
}

const documented = () => documentedTable('| file | key | line | fields | order | frame | read by |')

let api: Awaited<ReturnType<typeof openTestApi>>
beforeAll(async () => {
  api = await openTestApi()
})
afterAll(() => api.close())

test('the read models table renders every declared model', () => {
  const table = documented()
  const expected = MODELS.map((m) => `| ${rendered(m)} | … |`).join('\n')
  expect([...table.keys()], `expected rows:\n${expected}`).toEqual(MODELS.map((m) => m.name))
  for (const m of MODELS) expect(table.get(m.name)!.cells).toBe(rendered(m))
})

/** What each operation read when called once at its example path (lookup files and memos), by operation id. */
let reads: Promise<Map<string, Reads>> | undefined
const readsOfOperations = () => {
  reads ??= readsOfEveryOperation(api, [])
  return reads
}

test('the read models table names every operation that reads each model', async () => {
  const table = documented()
  const ids = new Set(operationsOf(api.app).map((o) => o.operationId))
  for (const [name, row] of table)
    for (const id of row.readBy) expect([name, id, ids.has(id)]).toEqual([name, id, true])
  const missing: string[] = []
  for (const [id, { lookups }] of await readsOfOperations())
    for (const name of lookups) if (!table.get(name)?.readBy.includes(id)) missing.push(`${name}: ${id}`)
  expect(missing).toEqual([])
})

/**
 * docs/architecture.md ("Snapshot memos") has a table of the memos (src/db/memo.ts): name, what each reads
 * and holds, rendered from the declarations (every module of the app is loaded by now), and the operations
 * seen computing or reading each when every operation is called at its example path.
 */
const documentedMemos = () => documentedTable('| memo | reads | holds | read by |')

const renderedMemo = (m: AnyMemo) => [`\`${m.name}\``, m.from.map((f) => `\`${f}\``).join(', '), m.holds].join(' | ')

test('the memos table renders every declared memo, and names every operation that reads each', async () => {
  const memos = [...declaredMemos()].sort((a, b) => a.name.localeCompare(b.name))
  const table = documentedMemos()
  const expected = memos.map((m) => `| ${renderedMemo(m)} | … |`).join('\n')
  expect([...table.keys()], `expected rows:\n${expected}`).toEqual(memos.map((m) => m.name))
  for (const m of memos) expect(table.get(m.name)!.cells).toBe(renderedMemo(m))

  const ids = new Set(operationsOf(api.app).map((o) => o.operationId))
  for (const [name, row] of table)
    for (const id of row.readBy) expect([name, id, ids.has(id)]).toEqual([name, id, true])
  const missing: string[] = []
  for (const [id, { memos }] of await readsOfOperations())
    for (const name of memos) if (!table.get(name)?.readBy.includes(id)) missing.push(`${name}: ${id}`)
  expect(missing).toEqual([])
})
